"""Correct answers that passes 52–53's guards turned into refusals, read right again (our own wordings on the dev
schema): a working verb after "which project" with a now-word is the project now (the 服务于 relation at the
reference month, never attendance over every month); 新 before 入职 with a window is that window's hires; a
year-month written 2026-04 after 在 is a month, never a number range."""

from __future__ import annotations

from datetime import date

import pytest

from tests.qa.helpers import filter_set, planned

TODAY = date(2026, 2, 16)


@pytest.mark.parametrize("q", ["赵德胜目前在哪个项目工作", "赵德胜现在是在哪个项目上班的"])
def test_a_working_verb_with_a_now_word_is_the_project_now(q: str) -> None:
    plan = planned(q, TODAY)
    step = plan.steps[0]
    assert step.entity == "项目" and [h.rel for h in step.hops] == ["服务于"], plan
    assert [(t.start, t.end, t.prefer_value) for t in step.time] == [("2026-02", "2026-02", "人员信息")], plan


def test_a_working_verb_with_a_month_stays_on_attendance() -> None:
    plan = planned("赵德胜3月在哪个项目上班", TODAY)
    assert any(t.field == "年月" and t.start == "2026-03" for s in plan.steps for t in s.time), plan


@pytest.mark.parametrize("q, start", [("本月新入职的有几个人", "2026-02"), ("今年以来新入职的员工有哪些", "2026-01")])
def test_new_hires_in_a_window_are_the_windows_hires(q: str, start: str) -> None:
    plan = planned(q, TODAY)
    times = [t for s in plan.steps for t in s.time if t.field == "入职日期"]
    assert times and times[0].start == start and times[0].end == "2026-02", plan


def test_a_year_month_after_zai_is_a_month_not_a_range() -> None:
    plan = planned("XMSQ0102在2026-03的在岗人数（月度快照）", TODAY)
    assert not any(f.op.value in ("gte", "lte", "range") for f in (s.filters[0] for s in plan.steps if s.filters)), plan
    assert not {x for x in filter_set(plan) if x[0] == "在岗人数"}, plan
    assert any("2026-03" in (t.start, t.end) for s in plan.steps for t in s.time) or ("年月", "eq", "2026-03") in filter_set(plan), plan
