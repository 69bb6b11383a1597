"""人次 as the asked unit is person-days (or shift rows), never distinct people (red team 2, class 3).

2026年3月一共出勤了多少人次 planned as "count distinct 人员 with a 考勤 row" answers the headcount; by the data's own
definition (月度快照.出勤人次 = the person-days of 考勤) 人次 counts attendances. A plan that reads no 人次 field
(出勤人次 of 月度快照) while 人次 is asked is refused, naming 人次."""

from __future__ import annotations

from kgdesk.qa.dsl import QueryPlan


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
    return "人次"
