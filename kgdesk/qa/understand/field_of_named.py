"""A field the question asks of a record type it names (哪个供应商的维保合同结束得最晚: 维保合同.结束日期) was read on a
related record the question never names (项目.结束日期, the lexicon's default owner of 结束日期), so the answer ranked
projects' end dates (red team 9, BB). When exactly one node of the plan has a label the question says and holds the
field, and the aggregated node's label is not said, the extreme (最早 / 最晚 / 最高: max or min) and its sort move to
that node; a count is never moved (同一人只算一次 counts people, whatever record is named)."""

from __future__ import annotations

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.schema import SchemaView


def field_on_named_record(text: str, plan: QueryPlan, schema: SchemaView) -> QueryPlan | None:
    """The plan with its aggregate read on the named record's own field, or None when nothing moves."""
    agg = plan.aggregate
    if agg is None or agg.fn not in (AggFn.MAX, AggFn.MIN) or agg.field is None or len(plan.steps) != 1:
        return None
    aliases = {a: lab for a, lab in plan.steps[0].aliases().items() if a.startswith("n")}
    own = aliases.get(agg.node)
    if own is None or own in text or any(d.name == agg.field for d in plan.steps[0].derived):
        return None
    grouped = {g.node for g in plan.group_by}  # the listed node (供应商) is what is ranked, never what is measured
    named = [
        a
        for a, lab in aliases.items()
        if a != agg.node and a not in grouped and lab in text and schema.has_property(lab, agg.field)
    ]
    if len(named) != 1:
        return None
    to = named[0]
    sort = [s.model_copy(update={"node": to}) if s.by == "value" and s.node == agg.node else s for s in plan.sort]
    return plan.model_copy(update={"aggregate": agg.model_copy(update={"node": to}), "sort": sort})
