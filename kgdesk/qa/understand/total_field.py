"""青浦片区2026年4月的加班小时合计 — a field whose own name is a total (月度快照.加班小时合计),
asked over the records of a region or a month (not of one named record, not per group), is one total of
that field: the 合计 the question says is the field's name and the answer it asks. A list of the
records' values is no answer to 合计."""

from __future__ import annotations

from kgdesk.qa.dsl import AggFn, Aggregate, QueryPlan, QueryType

_TOTAL_ENDS = ("合计", "总计", "总额")
_APART = ("各", "每", "分别", "逐")


def field_total(plan: QueryPlan, additive: frozenset[str] | set[str], qn: str) -> QueryPlan | None:
    if plan.query_type is not QueryType.STATUS or plan.group_by or len(plan.steps) != 1 or len(plan.projection) != 1:
        return None
    ref = plan.projection[0]
    field = ref.field or ""
    if not field.endswith(_TOTAL_ENDS) or field not in additive or any(w in qn for w in _APART):
        return None
    step = plan.steps[0]
    if any(f.node == ref.node and f.field == "_key" for f in step.filters):
        return None  # one named record: its own value
    if not qn.rstrip("?？。!！吗呢 ").endswith(field):
        return None  # 加班小时合计最高的… / 加班小时合计是多少 per record: not settled here
    doc = plan.model_dump(mode="json")
    doc.update(
        query_type=QueryType.AGGREGATE.value,
        answer_contract=None,
        projection=[],
        aggregate=Aggregate(fn=AggFn.SUM, node=ref.node, field=field).model_dump(mode="json"),
    )
    return QueryPlan.model_validate(doc)
