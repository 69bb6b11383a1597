"""青浦片区的项目3月总共多少人出勤: the projects of a named region, when people are counted, are only the
way from the region to its people (片区 → 项目 → 考勤) — the same question as 青浦片区3月有多少人出勤.
The label word 项目 right after 「<片区>的」 is then ignored (and listed); a count of projects, or any
other wording, is left as it is."""

from __future__ import annotations

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _Parsed

_PEOPLE_COUNTS = ("多少人", "几人", "几个人", "多少个人", "人数", "几位", "多少位", "多少名", "几名")


_PER_PROJECT = ("各", "每", "分别", "哪", "最", "平均", "人均", "超过", "以上", "以下", "排", "前")
_PER_PROJECT_CUES = ("group", "which", "max", "min", "avg", "top", "list", "compare")


def region_projects_as_path(p: _Parsed) -> None:
    """Only for one total of people: any word asking per project (各 / 每 / 分别 / 哪个 / 最 / 平均 / a
    threshold) keeps the projects (青浦片区的项目各有多少人 is one number per project)."""
    if not any(w in p.qn for w in _PEOPLE_COUNTS) or any(w in p.qn for w in _PER_PROJECT):
        return
    if any(p.cue(c) for c in _PER_PROJECT_CUES) or p.of("num") or p.of("top"):
        return
    ordered = sorted(p.mentions, key=lambda m: m.s)
    for a, de, lab in zip(ordered, ordered[1:], ordered[2:], strict=False):
        g = a.data if a.kind == "entity" and isinstance(a.data, Grounding) else None
        if g is None or g.chosen is None or g.chosen.entry.label != "片区":
            continue
        ls = lab.sense("label") if lab.kind == "lex" else None
        if de.kind != "lex" or de.text != "的" or ls is None or ls.get("label") != "项目" or de.e != lab.s:
            continue
        if len(lab.senses) == 1 and lab.text in ("项目", "各项目", "所有项目", "下面的项目", "旗下项目"):
            lab.senses = [Sense("filler", {"ignored": True}, "")]
            p.ignored.append(lab.text)
