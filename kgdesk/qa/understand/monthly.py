"""People of each project in a month are counted from the month's fact rows (考勤, 排班月报): each
row's own 项目编号 and 年月, distinct 工号 — never the people whose *current* project (人员信息,
服务于) it is, which would count someone who moved in later for an earlier month."""

from __future__ import annotations

from kgdesk.qa.dsl import AggFn, Aggregate, FieldRef, Filter, Hop, QueryPlan, Step
from kgdesk.qa.plan_mentions import _needs_llm
from kgdesk.qa.schema import SchemaView

_FACT_REL = {"考勤": "有考勤", "排班月报": "有排班"}


def headcount_from_fact_rows(plan: QueryPlan, schema: SchemaView) -> tuple[QueryPlan, str] | None:
    """The plan rewritten onto the fact rows and its 口径 note, or None when it does not apply:
    people (n0) grouped by the project reached through 服务于, counted, with a month on their
    fact rows and no condition on the people themselves."""
    if len(plan.steps) != 1 or plan.combine or plan.share is not None or len(plan.group_by) != 1:
        return None
    step = plan.steps[0]
    agg = plan.aggregate
    if step.entity != "人员" or agg is None or (agg.fn, agg.node, agg.field) not in (
        (AggFn.COUNT_DISTINCT, "n0", "_key"),
        (AggFn.COUNT, "n0", "_key"),
        (AggFn.COUNT, "n0", None),
    ):
        return None
    found = _fact_and_project(step)
    if found is None:
        return None
    fact_alias, fact, project_alias = found
    g = plan.group_by[0]
    by_month = g.node == fact_alias and g.field == "年月"  # 某项目每个月的考勤人数
    if not by_month and (g.node != project_alias or g.field is not None):
        return None
    if not by_month and not any(t.node == fact_alias and t.kind in ("month_eq", "month_range") for t in step.time):
        return None
    if schema.rel("所属项目", fact, "项目") is None or not schema.has_property(fact, "工号"):
        return None
    moved = {fact_alias: "n0", project_alias: "n1"}
    filters: list[Filter] = []
    for f in step.filters:
        if f.node in moved:
            filters.append(f.model_copy(update={"node": moved[f.node]}))
        elif not (f.node.startswith("r") and f.field == "依据"):
            return None  # a condition on the people themselves or on 服务于: not on the rows
    time = []
    for t in step.time:
        if t.node not in moved:
            return None
        time.append(t.model_copy(update={"node": moved[t.node]}))
    new = Step(
        id=step.id,
        entity=fact,
        hops=[Hop(source="n0", rel="所属项目", direction="out", target="项目")],
        filters=filters,
        time=time,
        description=f"该月的{fact}记录（按记录自身的项目）",
    )
    update = {
        "steps": [new],
        "group_by": [FieldRef(node="n0", field="年月") if by_month else FieldRef(node="n1", field=None)],
        "aggregate": Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="工号"),
        "notes": [n for n in plan.notes if "依据" not in n and "当前服务项目" not in n],
    }
    note = f"口径：按{fact}记录自身的项目编号和年月统计（该月在该项目有{fact}记录的不同工号）"
    return plan.model_copy(update=update), note


def _fact_and_project(step: Step) -> tuple[str, str, str] | None:
    """(fact alias, fact label, project alias) of a step 人员 -有考勤-> 考勤, 人员 -服务于-> 项目."""
    fact_alias = project_alias = None
    fact = ""
    for i, h in enumerate(step.hops, start=1):
        if h.source != "n0" or h.negate or h.max_hops != 1 or h.direction != "out":
            return None
        if _FACT_REL.get(h.target) == h.rel:
            fact_alias, fact = f"n{i}", h.target
        elif h.rel == "服务于" and h.target == "项目":
            project_alias = f"n{i}"
        else:
            return None
    if fact_alias is None or project_alias is None:
        return None
    return fact_alias, fact, project_alias


def summed_headcount(plan: QueryPlan, schema: SchemaView) -> None:
    """在岗人数 of several months added up is person-months, not people (the same person counts in
    every month): such a total is not given; one month, a per-month breakdown or an average is."""
    agg = plan.aggregate
    if agg is None or agg.fn is not AggFn.SUM or not agg.field or not agg.field.endswith("人数"):
        return
    if len(plan.steps) != 1:
        return
    step = plan.steps[0]
    label = step.aliases().get(agg.node, "")
    if not schema.has_property(label, "年月") or any(g.field == "年月" for g in plan.group_by):
        return
    months = [t for t in step.time if t.node == agg.node]
    if months and all(t.start == t.end for t in months):
        return
    raise _needs_llm(f"「{agg.field}」按月统计，几个月相加是人次（同一人每月都计一次），不是人数")
