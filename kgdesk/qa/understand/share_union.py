"""A share whose whole is a union of values of one single-valued field and whose part is one of them:
「耗材采购+固定资产的总金额里，固定资产的金额占比」. A record holds one 记录类型, so the whole is the records of
either value and the part those of the value the part names. The part reading otherwise keeps the whole's
values too and joins all three into one either-condition (耗材采购 ∈ … ∪ 固定资产 = the whole again: 100%);
here the whole's values of a field the part itself gives a value for are dropped from the part reading,
with the joiner between them (和 / + / 加上 …). The whole keeps its union; `validate_plan.share_errors`
accepts the part's single value as lying within it."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed

Span = tuple[int, int]


def value_fields(m: _M) -> set[tuple[str, str]]:
    """(label, field) pairs a data-value mention may be a value of."""
    out: set[tuple[str, str]] = set()
    for s in m.senses if m.kind == "lex" else []:
        if s.kind == "svalue":
            out.update((str(v[0]), str(v[1])) for v in s.get("values", []) if len(v) >= 2)
        elif s.kind == "value":
            out.update((str(c.get("label")), str(c.get("field"))) for c in s.get("candidates", []))
    return out


def narrow_part(part: _Parsed, in_part: list[_M], whole_span: Span | None) -> None:
    """The part reading without the whole's values of a field the part restates with one of its own."""
    if whole_span is None:
        return
    own = set().union(*(value_fields(m) for m in in_part)) if in_part else set()
    if not own:
        return
    inside = sorted(
        (m for m in part.mentions if whole_span[0] <= m.s and m.e <= whole_span[1]), key=lambda x: x.s
    )
    values = [m for m in inside if value_fields(m) & own]
    if len(values) < 2:
        return  # not a union said in the whole
    first, last = values[0].s, values[-1].e
    for m in inside:
        if first <= m.s and m.e <= last:  # the values and the joiners between them
            m.kind, m.senses, m.data = "lex", [Sense("filler", {}, "")], None
