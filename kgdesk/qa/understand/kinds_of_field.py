"""The number of kinds of a text field (XMSQ0150有几种设备类型 / 的设备一共有几种类型 / 有多少种完好状况 /
岗位编制里XMSQ0150一共列了几个岗位): a count word (几种 / 几类 / 多少种 / 几个 …) right before a text field asks
how many distinct values the field takes over the records — never the records listed with their field (it
answered "共找到 10 条记录" with no number). The plan keeps its records and conditions and counts the field's distinct
values; only when the plan read the field as the one value asked (a snapshot or a list of that field alone)."""

from __future__ import annotations

from kgdesk.qa.dsl import CONTRACT_FOR, AggFn, Aggregate, QueryPlan, QueryType
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView


def kinds_of_field(plan: QueryPlan, schema: SchemaView, p: _Parsed) -> QueryPlan | None:
    """The plan counting the distinct values of the field after 几种, or None."""
    if plan.aggregate is not None or plan.group_by or len(plan.projection) != 1:
        return None
    if plan.query_type not in (QueryType.STATUS, QueryType.LIST):
        return None
    ref = plan.projection[0]
    label = plan.output_step.aliases().get(ref.node, "")
    info = schema.prop(label, ref.field) if ref.field else None
    if info is None or info.numeric or info.is_date or info.is_month:
        return None
    for c in p.cue("count"):
        nxt = p.next_after(c)
        fs = nxt.sense("field") if nxt is not None and nxt.kind == "lex" else None
        if fs is None or nxt is None or p.qn[c.e : nxt.s].strip("的"):
            continue
        if fs.get("label") == label and fs.get("field") == ref.field:
            return plan.model_copy(
                update={
                    "query_type": QueryType.COUNT,
                    "answer_contract": CONTRACT_FOR[QueryType.COUNT],
                    "projection": [],
                    "sort": [],
                    "aggregate": Aggregate(fn=AggFn.COUNT_DISTINCT, node=ref.node, field=ref.field),
                }
            )
    return None
