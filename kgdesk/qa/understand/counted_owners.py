"""2月收款的项目数 / 1月开过票的项目有几个: the number of the related things (projects) whose records
have a non-zero amount in the time asked — never the amount summed (it answered 894,875 for a
number of projects). The summed records' plan is turned around: the things counted once each, their
records (with the same time and conditions) required to hold a non-zero amount."""

from __future__ import annotations

from kgdesk.qa.dsl import AggFn, Aggregate, AnswerContract, Filter, Hop, Op, QueryPlan, QueryType, ValueSource
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView

_SWAP = {"n0": "n1", "n1": "n0"}


def _label_counted(p: _Parsed, label: str) -> bool:
    """A word of `label` followed by 数 (项目数) or, past fillers only, by a count cue (项目有几个)."""
    for m in p.lex("label"):
        ls = m.sense("label")
        if ls is None or ls.get("label") != label:
            continue
        if p.qn.startswith("数", m.e):
            return True
        nxt = p.next_after(m)
        if (
            nxt is not None
            and nxt.kind == "lex"
            and any(s.kind == "cue" and s.name == "count" for s in nxt.senses)
        ):
            return True
    return False


def counted_owners(plan: QueryPlan, schema: SchemaView, p: _Parsed) -> QueryPlan | None:
    """The count of the hop's things with a non-zero amount, when a sum was planned but they were counted."""
    agg = plan.aggregate
    if plan.query_type is not QueryType.AGGREGATE or agg is None or agg.fn is not AggFn.SUM:
        return None
    if len(plan.steps) != 1 or plan.group_by or plan.having is not None or agg.node != "n0" or not agg.field:
        return None
    step = plan.steps[0]
    if len(step.hops) != 1 or step.hops[0].negate or step.derived:
        return None
    hop = step.hops[0]
    prop = schema.prop(step.entity, agg.field)
    if prop is None or prop.type not in ("小数", "整数") or not _label_counted(p, hop.target):
        return None
    back = Hop(
        source="n0", rel=hop.rel, direction="out" if hop.direction == "in" else "in", target=step.entity
    )
    filters = [f.model_copy(update={"node": _SWAP.get(f.node, f.node)}) for f in step.filters]
    filters.append(
        Filter(
            node="n1",
            field=agg.field,
            op=Op.GT,
            value=0,
            value_source=ValueSource.DERIVED,
            text=f"{agg.field}不为0",
        )
    )
    times = [t.model_copy(update={"node": _SWAP.get(t.node, t.node)}) for t in step.time]
    if any(f.node not in ("n0", "n1") for f in filters) or any(t.node not in ("n0", "n1") for t in times):
        return None
    new = step.model_copy(
        update={
            "entity": hop.target,
            "hops": [back],
            "filters": filters,
            "time": times,
            "description": f"查找{hop.target}",
        }
    )
    return plan.model_copy(
        update={
            "query_type": QueryType.COUNT,
            "answer_contract": AnswerContract.COUNT,
            "steps": [new],
            "aggregate": Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key"),
        }
    )
