"""Planner pass 49 (judge 40 W1, judge 41 W6): 截至 + a month on a monthly ledger — an event counted (旷工 / 请假 / 加班
happened, the ledger's own records) is every month up to the cut; a headcount at the cut is that month; a state on a
record's own date field relative to the reference date (结束日期还没到 / 已过期) takes no 年月 cut at all."""

from __future__ import annotations

from datetime import date

import pytest

from tests.qa.helpers import UnderstandingStatus, understand

TODAY = date(2026, 11, 30)


@pytest.mark.parametrize(
    "q, end",
    [
        ("截至2026年3月，旷工过的员工一共几个", "2026-03"),
        ("到3月为止，考勤里请过假的人有多少", "2026-03"),
        ("截至3月，考勤表里旷工的记录有几条", "2026-03"),
        ("截止到2026年2月，有过加班的人有哪些", "2026-02"),
    ],
)
def test_an_event_up_to_the_cut_is_every_month_to_it(q: str, end: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    ts = [t for s in u.plan.steps for t in s.time]
    assert [(t.start, t.end) for t in ts] == [("2026-01", end)], ts


@pytest.mark.parametrize(
    "q",
    [
        "截至2026-04-29，结束日期还没到的维保合同有几份",
        "截止2026-02-28，结束日期已经过了的维保合同有多少份",
    ],
)
def test_a_state_on_a_date_field_takes_no_month_cut(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    assert not [t for s in u.plan.steps for t in s.time], u.plan.steps[0].time
    assert u.plan.reference_date is not None


def test_a_headcount_at_the_cut_stays_that_month() -> None:
    u = understand("截至2026年3月，青浦-区图书馆一共有几个人", TODAY)
    assert u.plan is not None, u.message
    assert [(t.start, t.end) for t in u.plan.steps[0].time] == [("2026-03", "2026-03")]


# ---------------------------------------------------------------- red team C1–C3: the counted thing is the one asked


@pytest.mark.parametrize(
    "q",
    [
        "赵德胜的项目一共几个员工",
        "赵德胜项目上有多少个保洁员",
        "赵德胜负责的项目一共有几台设备",
        "赵德胜负责的项目有多少条考勤记录",
        "赵德胜3月份请了几次病假",
        "赵德胜的项目经理是谁",
    ],
)
def test_a_count_of_another_thing_than_asked_is_refused(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is not UnderstandingStatus.PLAN, (q, u.plan)


@pytest.mark.parametrize("q", ["赵德胜有几张证书", "青浦-区图书馆有几台设备", "3月旷工的有几个人", "赵德胜3月份请了几天病假"])
def test_a_count_of_the_asked_thing_stays(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN, (q, u.message)


# ---------------------------------------------------------------- red team C4–C5: a derived value from the asked record


@pytest.mark.parametrize(
    "q",
    [
        "青浦-区图书馆的维保合同还剩多少个月到期",
        "剩余月数不到4个月的维保合同有哪些",
        "赵德胜的证书还剩几年有效",
        "赵德胜的保安员证还有几年有效",
    ],
)
def test_a_remaining_time_from_another_record_is_refused(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is not UnderstandingStatus.PLAN, (q, u.plan)


@pytest.mark.parametrize("q", ["青浦-区图书馆还剩几个月到期", "赵德胜的司龄是多少"])
def test_a_remaining_time_on_the_asked_record_stays(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN, (q, u.message)


# ---------------------------------------------------------------- red team C6: a role verb names its own relation


@pytest.mark.parametrize(
    "q",
    ["赵德胜名下一共几台设备", "赵德胜名下设备的原值合计是多少", "赵德胜检查的项目平均得分是多少", "赵德胜名下的项目有几条投标记录"],
)
def test_a_role_verb_routed_through_service_is_refused(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is not UnderstandingStatus.PLAN, (q, u.plan)


@pytest.mark.parametrize("q", ["赵德胜所在项目有几台设备", "赵德胜名下有几张证书"])
def test_a_service_said_or_an_own_record_stays(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN, (q, u.message)


# ---------------------------------------------------------------- judge 41 W5: 谁 about the top record is a person


@pytest.mark.parametrize("q", ["得分最高的那次检查是谁检查的", "检查得分最低的检查记录是哪个人做的"])
def test_who_answered_with_a_record_is_refused(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is not UnderstandingStatus.PLAN, (q, u.plan)


def test_who_heads_a_named_project_stays() -> None:
    u = understand("青浦-区图书馆的项目负责人是谁", TODAY)
    assert u.status is UnderstandingStatus.PLAN, u.message


@pytest.mark.parametrize("q", ["青浦-区图书馆的甲方是谁", "已到期的项目里有几份维保合同"])
def test_a_field_asked_by_who_or_a_condition_said_on_the_project_stays(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN, (q, u.message)


def test_a_checked_project_with_no_person_named_keeps_its_path() -> None:
    u = understand("有保洁员的项目一共被检查了几次", TODAY)
    assert u.status is UnderstandingStatus.PLAN, u.message
