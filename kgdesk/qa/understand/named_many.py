"""Whether anyone of a name exists (人员信息表里有没有叫王建华的 / 有没有叫王建华的人) when the name is held by
several records of one type: existence needs no choice between them — the answer is 有, with all of them
(N 位). The name, matched exactly by every candidate of one record type, then stands for all of them;
any other question about the name (王建华的岗位是什么 / 王建华在不在职) still asks which one is meant.
Only for a name after a naming word (叫 / 名叫) or right after the existence words (人员信息里有没有王建华), with
nothing asked but whether one exists — said with an existence word, or as 有…吗 (有叫王建华的人吗). A ledger said
as its type and 信息 (人员信息里) only says where to look."""

from __future__ import annotations

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.plan_mentions import _M, _Parsed

_YES_NO_ENDS = ("吗", "么", "嘛")


def _asks_existence(p: _Parsed, marker: _M) -> bool:
    """有没有 / 是否有 …, or 有叫…吗: the question asks whether something exists."""
    if p.cue("existence"):
        return True
    before = p.prev_before(marker, skip_fillers=False)
    said = before is not None and before.e == marker.s and before.text == "有" and before.is_filler()
    return said and p.qn.rstrip("?？。!！ ").endswith(_YES_NO_ENDS)


def _only_where(p: _Parsed, x: _M) -> bool:
    """人员|信息|里: the detail word right after a type's word names the ledger, not a detail asked."""
    prev = p.prev_before(x, skip_fillers=False)
    return x.has("cue") and x.text == "信息" and prev is not None and prev.e == x.s and prev.has("label")


def named_many(p: _Parsed) -> None:
    if p.cue("count") or len([m for m in p.mentions if m.kind == "entity"]) != 1:
        return
    m = next(m for m in p.mentions if m.kind == "entity")
    marker = p.prev_before(m, skip_fillers=False)
    if marker is None or marker.e != m.s or not (marker.has("name_marker") or marker in p.cue("existence")):
        return  # 王建华在不在职: about one of them, which one is asked
    if not _asks_existence(p, marker):
        return
    g = m.data if isinstance(m.data, Grounding) else None
    if g is None or g.chosen is not None or g.attribute is not None or len(g.candidates) < 2:
        return
    entries = [c.entry for c in g.candidates]
    if any(c.method != "exact" for c in g.candidates) or len({e.label for e in entries}) != 1:
        return
    own = entries[0].label
    if any(
        x is not m
        and not (
            x.is_filler()
            or (x.has("label") and x.sense("label").get("label") == own)  # type: ignore[union-attr]
            or x.has("name_marker")
            or x in p.cue("existence")
            or _only_where(p, x)
        )
        for x in p.mentions
    ):
        return  # only whether someone of that name exists (有没有王建华的证书: whose, is asked)
    m.kind, m.data = "entity_multi", {"keys": sorted({e.key for e in entries}), "entries": entries}
