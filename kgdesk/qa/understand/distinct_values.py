"""The distinct values of a field over the records asked (区图书馆的检查涉及哪些检查类型 / XMSQ0150的设备涵盖
哪几种设备类型): when the list word asks the field itself (哪些 + field), the answer is its values, each
once — the records grouped by the field — never each record listed with the field beside it."""

from __future__ import annotations

from kgdesk.qa.dsl import AggFn, Aggregate, FieldRef, QueryPlan, QueryType, Sort
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView


def _asks_the_field(p: _Parsed, field: str) -> bool:
    for c in p.mentions:
        if c.kind != "lex" or not any(s.kind == "cue" and s.name in ("list", "which") for s in c.senses):
            continue
        nxt = p.next_after(c)
        fs = nxt.sense("field") if nxt is not None and nxt.kind == "lex" else None
        if fs is not None and fs.get("field") == field:
            return True
    return False


def distinct_values(plan: QueryPlan, schema: SchemaView, p: _Parsed) -> QueryPlan | None:
    if plan.query_type is not QueryType.LIST or len(plan.steps) != 1 or plan.group_by or plan.aggregate is not None:
        return None
    if len(plan.projection) != 1 or plan.projection[0].node != "n0" or plan.projection[0].field is None:
        return None
    step, field = plan.steps[0], plan.projection[0].field
    info = schema.prop(step.entity, field)
    if info is None or info.numeric or schema.key_fields(step.entity) == (field,) or field == schema.display_field(step.entity):
        return None
    if not _asks_the_field(p, field):
        return None
    return plan.model_copy(
        update={
            "group_by": [FieldRef(node="n0", field=field)],
            "aggregate": Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key"),
            "sort": [Sort(by="group", node="n0", direction="asc")],
        }
    )
