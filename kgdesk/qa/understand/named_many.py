"""Whether anyone of a name exists (人员信息表里有没有叫王建华的 / 有没有叫王建华的人) when the name is held by
several records of one type: existence needs no choice between them — the answer is 有, with all of them
(N 位). The name, matched exactly by every candidate of one record type, then stands for all of them;
any other question about the name (王建华的岗位是什么 / 王建华在不在职) still asks which one is meant.
Only for a name after a naming word (叫 / 名叫), with nothing asked but whether one exists."""

from __future__ import annotations

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.plan_mentions import _Parsed


def named_many(p: _Parsed) -> None:
    if not p.cue("existence") or p.cue("count") or len([m for m in p.mentions if m.kind == "entity"]) != 1:
        return
    m = next(m for m in p.mentions if m.kind == "entity")
    marker = p.prev_before(m, skip_fillers=False)
    if marker is None or marker.e != m.s or not marker.has("name_marker"):
        return  # 王建华在不在职: about one of them, which one is asked
    if any(x is not m and not (x.is_filler() or x.has("label") or x.has("name_marker") or x in p.cue("existence"))
           for x in p.mentions):
        return  # only whether someone of that name exists
    g = m.data if isinstance(m.data, Grounding) else None
    if g is None or g.chosen is not None or g.attribute is not None or len(g.candidates) < 2:
        return
    entries = [c.entry for c in g.candidates]
    if any(c.method != "exact" for c in g.candidates) or len({e.label for e in entries}) != 1:
        return
    m.kind, m.data = "entity_multi", {"keys": sorted({e.key for e in entries}), "entries": entries}
