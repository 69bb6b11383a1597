"""A question of two clauses about one named record (姜佳怡在哪个项目服务，岗位是什么) answers both or is refused
(red team 7, seen but not counted): the plan counted the one named person per project, grouped by project, and showed
only the project in a "按人员数量排序" table, the 岗位 clause silently dropped. One named record (n0 by its key) counted
per group of another node answers no count that was asked: refused, naming the clauses."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, Op, QueryPlan

_COUNT_WORDS = re.compile(r"几|多少|数量|人数|总数|个数")


def one_named_counted_per_group(text: str, plan: QueryPlan) -> str | None:
    """The clauses (as said) when one named record is counted per group of another node and no count is asked."""
    agg = plan.aggregate
    if (
        agg is None
        or agg.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT)
        or not plan.group_by
        or len(plan.steps) != 1
    ):
        return None
    if _COUNT_WORDS.search(text) is not None:
        return None
    step = plan.steps[0]
    named = any(f.node in (None, "n0") and f.field == "_key" and f.op is Op.EQ for f in step.filters)
    if not named or all(g.node in (None, "n0") for g in plan.group_by):
        return None
    return "、".join(c for c in re.split(r"[，,；;。？?]", text) if c.strip()) or text
