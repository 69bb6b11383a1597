"""人次 as the asked unit is person-days (or shift rows), never distinct people (red team 2, class 3).

2026年3月一共出勤了多少人次 planned as "count distinct 人员 with a 考勤 row" answers the headcount; by the data's own
definition (月度快照.出勤人次 = the person-days of 考勤) 人次 counts attendances. A plan that reads no 人次 field
(出勤人次 of 月度快照) while 人次 is asked is refused, naming 人次; a count of the people with a 考勤 row asked as 出勤人次
is read as the person-days (Σ 上班天数 of those rows, person_days)."""

from __future__ import annotations

import dataclasses

from kgdesk.qa.dsl import CONTRACT_FOR, AggFn, Aggregate, QueryPlan, QueryType
from kgdesk.qa.understanding import Understanding


def _fields(plan: QueryPlan) -> list[str]:
    out = [f.field or "" for f in plan.projection]
    if plan.aggregate is not None:
        out.append(plan.aggregate.field or "")
    for step in plan.steps:
        out.extend(f.field or "" for f in step.filters)
    return out


def person_times_counted(text: str, plan: QueryPlan) -> str | None:
    """「人次」 when it is asked and the plan reads no 人次 field (it counts people or rows instead), else None."""
    if "人次" not in text:
        return None
    if any("人次" in f for f in _fields(plan)):
        return None  # XMSQ0110 1月出勤人次是多少: the snapshot's own field
    agg = plan.aggregate
    if agg is not None and agg.fn is AggFn.SUM and agg.field == "上班天数":
        return None  # person-days: Σ 上班天数 (person_days below)
    return "人次"


def person_days(text: str, und: Understanding) -> Understanding:
    """多少人次出勤 planned as a count of the people with a 考勤 row: rebuilt as Σ 上班天数 of those 考勤 rows (the
    person-days, the 月度快照's own 出勤人次 口径), with a note; any other plan is left to the guard above."""
    plan = und.plan
    if plan is None or "人次" not in text or "出勤" not in text or person_times_counted(text, plan) is None:
        return und
    agg = plan.aggregate
    if plan.query_type is not QueryType.COUNT or agg is None or agg.fn is not AggFn.COUNT_DISTINCT:
        return und
    if len(plan.steps) != 1 or plan.combine or plan.group_by or plan.comparison is not None or plan.share is not None:
        return und
    step = plan.steps[0]
    if step.entity != "人员" or len(step.hops) != 1 or step.hops[0].target != "考勤" or step.hops[0].negate:
        return und
    if any(f.node != "n1" for f in step.filters) or any(t.node != "n1" for t in step.time) or step.derived:
        return und  # 孙国庆…: a filter on the person is left to the guard
    rows = step.model_copy(
        update={
            "entity": "考勤",
            "hops": [],
            "filters": [f.model_copy(update={"node": "n0"}) for f in step.filters],
            "time": [t.model_copy(update={"node": "n0"}) for t in step.time],
            "description": "考勤记录的上班天数（人次 = 人天）",
        }
    )
    summed = plan.model_copy(
        update={
            "query_type": QueryType.AGGREGATE,
            "answer_contract": CONTRACT_FOR[QueryType.AGGREGATE],
            "steps": [rows],
            "aggregate": Aggregate(fn=AggFn.SUM, node="n0", field="上班天数"),
            "projection": [],
        }
    )
    note = "口径：人次按考勤记录的上班天数合计（一人上班一天算一人次）"
    return dataclasses.replace(und, plan=summed, notes=[*und.notes, note])
