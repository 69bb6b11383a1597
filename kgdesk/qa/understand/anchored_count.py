"""A count per value of a related record's field, taken of the one named record (XMSQ0150每种检查类型各有多少次 /
有哪些检查类型，分别多少次): the plan started from the project, grouped by its inspections' 检查类型 and counted
the project itself — every group then holds that one project, so each count is 1 whatever the data says (a
wrong answer). What is counted per value is the records that hold the value: the count moves to the grouped
node. Only a count of a node fixed to one key (`_key` equal to one value) whose groups are a field of another
node; anything else is left as it is."""

from __future__ import annotations

from kgdesk.qa.dsl import AggFn, Op, QueryPlan


def anchored_count(plan: QueryPlan) -> QueryPlan | None:
    """The plan counting the grouped records instead of the named one, or None."""
    a = plan.aggregate
    if a is None or a.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT) or a.field not in (None, "_key"):
        return None
    out = plan.output_step
    named = any(f.node == a.node and f.field == "_key" and f.op is Op.EQ for f in out.filters)
    grouped = {g.node for g in plan.group_by if g.field not in (None, "_key", "_display")}
    if not named or len(grouped) != 1 or a.node in grouped or not plan.group_by:
        return None
    node = next(iter(grouped))
    if node not in out.aliases():
        return None
    new = plan.model_copy(deep=True)
    assert new.aggregate is not None
    new.aggregate.node = node
    for s in new.sort:
        if s.by == "value":
            s.node = node
    return new
