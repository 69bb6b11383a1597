"""P的比例 with no whole named and no record type word in the question (男员工的比例有多高 / 党员比例 / 未中标的比例有多大):
the whole is every record of the part's own kind — the part's one step with its value conditions taken away. Only for a
part of one step, no hops, no time and no derived measure, whose conditions are all equalities on values of that
record type (a time frame or a path would leave the whole unclear: refused as before)."""

from __future__ import annotations

from kgdesk.qa.dsl import Op, QueryPlan

NO_TARGET = "无法确定要查询的对象"


def whole_of_part(part: QueryPlan) -> QueryPlan | None:
    """The whole (every record of the part's kind) for a part of one plain step, else None."""
    if len(part.steps) != 1 or part.group_by or part.having or part.share is not None:
        return None
    step = part.steps[0]
    if step.hops or step.time or step.derived or not step.filters:
        return None
    if any(f.node != "n0" or f.op not in (Op.EQ, Op.IN) or f.assumption for f in step.filters):
        return None
    whole_step = step.model_copy(update={"filters": []})
    return part.model_copy(update={"steps": [whole_step], "notes": []})
