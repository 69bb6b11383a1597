"""The top record of a ranking with related records shown beside it (合同金额最大的项目，项目经理是谁): the
hop to the shown records (the 项目经理) is a join, so a project without one drops out of the ranking and
a lower project would be shown as the top one. The ranking is checked over every record of the type
(the same plan without the shown hop): when its top records differ, the answer names the true top
records and says the shown records are not registered for them — never a different record."""

from __future__ import annotations

from kgdesk.qa.dsl import FieldRef, QueryPlan
from kgdesk.qa.results import Outcome
from kgdesk.qa.schema import SchemaView


def ranked_alone(plan: QueryPlan, schema: SchemaView) -> QueryPlan | None:
    """The plan ranked over every record of its type (the hops whose records are only shown left out),
    or None when the plan is no such ranking."""
    if (
        len(plan.steps) != 1
        or plan.combine
        or plan.group_by
        or plan.aggregate is not None
        or plan.share is not None
    ):
        return None
    if plan.limit is None or not plan.sort or any(s.by != "field" or s.node != "n0" for s in plan.sort):
        return None
    step = plan.steps[0]
    shown = {f.node for f in plan.projection if f.node != "n0"}
    roles = {
        f.node for f in step.filters if f.node != "n0"
    }  # 合同金额最大的3个项目的项目经理: the role holders
    hops = [
        (i, h)
        for i, h in enumerate(step.hops, start=1)
        if f"n{i}" in shown or (h.target == "人员" and f"n{i}" in roles)
    ]
    if not hops or len(hops) != len(step.hops) or any(h.source != "n0" or h.negate for _, h in hops):
        return None
    for f in step.filters:
        label = step.aliases().get(f.node, "")
        info = schema.labels.get(label)
        if (
            f.node.startswith("n")
            and f.node != "n0"
            and info is not None
            and f.field in ("_key", *info.key, schema.display_field(label))
        ):
            return None  # 王海涛管的项目里合同金额最大的 / 张丽负责的项目中…最…: a named person restricts the ranking
    kept = [f for f in step.filters if f.node == "n0"]
    alone = step.model_copy(
        update={"hops": [], "filters": kept, "time": [t for t in step.time if t.node == "n0"]}
    )
    projection = [f for f in plan.projection if f.node == "n0"] or [
        FieldRef(node="n0", field=plan.sort[0].field)
    ]
    return plan.model_copy(update={"steps": [alone], "projection": projection, "notes": []})


def another_top(plan: QueryPlan, out: Outcome, alone: Outcome) -> str | None:
    """The answer when the true top records are not the ones shown: they are named, and what the
    question asks of them is said to be not registered; None when the tops agree."""
    if {f.key for f in out.facts} == {f.key for f in alone.facts} or not alone.facts:
        return None
    step = plan.steps[0]
    asked = [
        f.text or str(f.value)
        for f in step.filters
        if f.node != "n0" and not f.assumption and f.value is not None
    ]
    what = "、".join(asked) or "、".join(
        dict.fromkeys(step.aliases()[f.node] for f in plan.projection if f.node != "n0")
    )
    field = plan.sort[0].field or ""
    order = "从高到低" if plan.sort[0].direction == "desc" else "从低到高"
    tops = "、".join(
        f"{f.display}（{field} {_shown(f.values.get(field))}）" if field else f.display for f in alone.facts
    )
    shown = {f.key for f in out.facts}
    lacking = [f.display for f in alone.facts if f.key not in shown]
    whose = "它" if len(alone.facts) == 1 else "、".join(lacking)
    return f"按{field}{order}排在最前的{step.entity}是{tops}，数据中没有登记{whose}的{what}。"


def _shown(v: object) -> str:
    if isinstance(v, float) and v.is_integer():
        return f"{int(v):,}"
    return f"{v:,}" if isinstance(v, (int, float)) else str(v)
