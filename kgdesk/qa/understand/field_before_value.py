"""「耗材采购中类别为清洁耗材或绿化耗材的」: a field name that several record types share (类别: 供应商 and 采购记录) is
left over by the scan, though the values said right after it (为 / 是 then the value) belong to that field of
one record type the question pins: the type every value said in the question can belong to (耗材采购 is a
采购记录's 记录类型, 清洁耗材 a 类别 of both). With exactly one such type the word is that type's field; with
none or several it stays left over (and the question is refused)."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed

_COPULAS = frozenset({"为", "是", "等于"})


def _value_fields(m: _M) -> set[tuple[str, str]]:
    return {(str(v[0]), str(v[1])) for s in m.senses if s.kind == "svalue" for v in s.get("values", [])}


def field_before_value(p: _Parsed, m: _M) -> bool:
    """Settle leftover `m` as a field named before its value; True when settled."""
    nxt = p.next_after(m, skip_fillers=False)
    if nxt is not None and nxt.kind == "lex" and nxt.text in _COPULAS and nxt.is_filler():
        nxt = p.next_after(nxt, skip_fillers=False)
    if nxt is None or nxt.kind != "lex" or not nxt.has("svalue"):
        return False
    owners = {lab for lab, fld in _value_fields(nxt) if fld == m.text}
    for x in p.mentions:
        if x is not nxt and x.kind == "lex" and x.has("svalue"):
            owners &= {lab for lab, _ in _value_fields(x)}
    if len(owners) != 1:
        return False
    label = owners.pop()
    m.kind, m.senses = "lex", [Sense("field", {"label": label, "field": m.text}, m.text)]
    return True
