"""Two values of one field left as two conditions on the same record (LED灯管和干粉灭火器的采购金额合计: 名称 =
LED灯管 and 名称 = 干粉灭火器): one record holds one value of its own field, so the two at once match nothing
and the answer would be "没有可计算的数值" — a false "not in the data". Values grounded apart from the
question's other conditions (a record's name) reach the plan this way, past the either-reading of
interpret_words._merge_alternative. Read as that rule reads them: a total, a count or a listing of records
over either value (one condition, "A或B"); asked apart (分别 / 各) or in any other shape — refused, never
answered with an empty result."""

from __future__ import annotations

from collections.abc import Callable

from kgdesk.qa.dsl import Filter, Op, QueryPlan, QueryType
from kgdesk.qa.plan_mentions import _M, _needs_llm, _Parsed
from kgdesk.qa.understand.either import _APART

_TOGETHER = (QueryType.COUNT, QueryType.LIST, QueryType.AGGREGATE)


def _values(f: Filter) -> list[object]:
    return list(f.value) if isinstance(f.value, list) else [f.value]


def both_values(plan: QueryPlan, p: _Parsed, use: Callable[[_M], None]) -> QueryPlan | None:
    """The plan with two values of one field made one either-condition, None when there are none."""
    new = plan.model_copy(deep=True)
    changed = False
    for step in new.steps:
        kept: list[Filter] = []
        for f in step.filters:
            same = next(
                (
                    k
                    for k in kept
                    if (k.node, k.field) == (f.node, f.field)
                    and k.op in (Op.EQ, Op.IN)
                    and f.op in (Op.EQ, Op.IN)
                    and not (k.assumption or f.assumption)
                    and not set(map(str, _values(k))) & set(map(str, _values(f)))
                ),
                None,
            )
            if same is None:
                kept.append(f)
                continue
            if any(w in p.qn for w in _APART) or plan.query_type not in _TOGETHER or plan.group_by:
                raise _needs_llm(f"「{same.text}」和「{f.text}」是同一字段（{f.field}）的两个取值，无法确定是“或”还是“且”")
            values = list(dict.fromkeys([*_values(same), *_values(f)]))
            kept[kept.index(same)] = same.model_copy(update={"op": Op.IN, "value": values, "text": f"{same.text}或{f.text}"})
            changed = True
        step.filters = kept
    if not changed:
        return None
    for m in p.mentions:
        if m.kind == "lex" and any(s.kind == "cue" and s.name == "disjunction" for s in m.senses):
            use(m)  # 或 / 或者 between the two values: said, and read
    return new
