"""没有考勤记录的员工 with no month said: people with no 考勤 record at all (an anti-join), read as
没有任何考勤记录 already is. The absence analysis (on a project's staff that month, but no record of
it) needs a month; without one the words still mean what they say, they are not a missing month.
缺勤 / 没出勤 keep asking for the month: they are about days, not about having a record."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed

_SPLIT = {"没有考勤": 2, "没考勤": 1, "无考勤": 1, "没有考勤记录": 2}
"""The analysis words that are a negation and the record type (where the record type starts)."""


def no_records_ever(p: _Parsed) -> None:
    """Read the absence words as 没有 + 考勤 when the question names no time at all, or when the things
    asked about are projects (2026年2月没有考勤记录的项目有几个: the projects with no 考勤 row of the
    month — an anti-join placed in the month by negated_time, never the people's absence)."""
    if p.of("time") and not _projects_asked(p):
        return
    for m in list(p.mentions):
        a = m.sense("analysis") if m.kind == "lex" else None
        cut = _SPLIT.get(m.text)
        if a is None or a.name != "absence" or cut is None:
            continue
        i = p.mentions.index(m)
        neg = _M("lex", m.s, m.s + cut, m.text[:cut], senses=[Sense("cue", {"cue": "negation"}, "negation")])
        rec = _M("lex", m.s + cut, m.e, m.text[cut:], senses=[Sense("label", {"label": "考勤"}, "考勤")])
        p.mentions[i : i + 1] = [neg, rec]


def _projects_asked(p: _Parsed) -> bool:
    """Only 项目 is named, and nothing says people (人 / 员工 / 谁)."""
    named = {str(s.get("label")) for m in p.mentions if m.kind == "lex" for s in m.senses if s.kind == "label"}
    return named == {"项目"} and not any(w in p.qn for w in ("人", "员工", "谁"))
