"""A value matched by part of its text, joined to another value (耗材+固定资产 / 耗材和固定资产 / 耗材加固定资产):
the two are values of one field, so the partial one is read in the field its partner names (记录类型:
耗材采购 with 固定资产), never in another type's field that happens to contain the words (供应商.类别
清洁耗材) — which would make the pair two unrelated conditions. Nothing changes when the partner names
no field the partial value could be in."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.understand.spans import fields_of

_JOINERS = frozenset({"+", "＋", "加", "和", "与", "及", "或", "或者"})


def _partner(p: _Parsed, m: _M) -> _M | None:
    for step in (p.next_after, p.prev_before):
        j = step(m, skip_fillers=False)
        if j is None or j.kind != "lex" or j.text not in _JOINERS:
            continue
        other = step(j, skip_fillers=False)
        if other is not None and other.kind in ("lex", "cvalue") and fields_of(other):
            return other
    return None


def partner_field(p: _Parsed, m: _M, matches: list[Any]) -> list[Any]:
    """The matches of cvalue `m` in its joined partner's field, or all of them."""
    other = _partner(p, m)
    if other is None:
        return matches
    fields = {f for f in fields_of(other) if f[1]}
    same = [v for v in matches if (v.label, v.field) in fields]
    return same or matches
