"""The base of a month's absence when the question names the schedule (3月份排了班、但3月份考勤表里没有记录的人有几个): the
people with a schedule record (排班月报) that month, not those whose service period overlaps it — the set difference of
two monthly ledgers over people. The month may be said once per ledger (3月份…3月份): one month said again is one."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import TimeFilter
from kgdesk.qa.plan_builder import _StepBuilder
from kgdesk.qa.plan_mentions import _M

_SCHEDULE = "排班月报"


def one_month(times: list[_M]) -> bool:
    """The times said are one single month, however often it is said."""
    spans = {(t.data.start, t.data.end) for t in times}
    return len(spans) == 1 and all(t.data.is_single_month for t in times)


def scheduled_base(itp: Any, month: str) -> tuple[_StepBuilder, str | None]:
    """People on the month's schedule when the schedule is named (its label word used), else people whose service
    period overlaps the month; with the words that say which (None for the service period)."""
    named = [m for m in itp.p.lex("label") if (ls := m.sense("label")) is not None and ls.get("label") == _SCHEDULE]
    b = _StepBuilder(itp.ctx, itp.lx, "人员")
    if named and itp.ctx.schema.has_label(_SCHEDULE):
        b.add_path("n0", _SCHEDULE)
        b.time.append(TimeFilter(kind="month_eq", node="n1", field="年月", start=month, end=month))
        for m in named:
            itp.use(m)
        return b, "有排班"
    b.add_path("n0", "项目")
    b.time.append(
        TimeFilter(kind="period_overlap", node="r1", start_field="开始", end_field="结束", start=month, end=month)
    )
    return b, None
