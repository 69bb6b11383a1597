"""A quantity field asked by its own name (耗材采购里清洁耗材的数量一共买了多少 / 一共买了多少数量): the record type counted
has a numeric field whose name is the word the scan read as a count (数量), so the question asks that field summed over
the records — 120 + 5,000 + 30 bought, not 3 purchases. A count word with a unit of records (几条 / 多少笔 / 几行)
beside it still counts the records and is left alone; a bare 多少 / 几 does not decide it."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, Aggregate, QueryPlan, QueryType
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView

_BARE = re.compile(r"^(?:多少|几|一共|总共|有多少)$")


def quantity_field(plan: QueryPlan, schema: SchemaView, p: _Parsed) -> QueryPlan | None:
    """The plan summing the named quantity field, or None when it does not apply."""
    if plan.query_type is not QueryType.COUNT or plan.group_by or len(plan.steps) != 1 or plan.comparison is not None:
        return None
    agg = plan.aggregate
    if agg is not None and not (agg.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT) and agg.field in (None, "_key")):
        return None  # a count of the records themselves, nothing else
    entity = plan.steps[0].entity
    said = [m.text for m in p.cue("count")]
    fields = [w for w in said if (info := schema.prop(entity, w)) is not None and info.numeric]
    if len(set(fields)) != 1 or any(w not in fields and not _BARE.match(w) for w in said):
        return None
    doc = plan.model_dump(mode="json")
    doc.update(
        query_type=QueryType.AGGREGATE.value,
        answer_contract=None,
        projection=[],
        aggregate=Aggregate(fn=AggFn.SUM, node="n0", field=fields[0]).model_dump(mode="json"),
    )
    return QueryPlan.model_validate(doc)
