"""Planner pass 51 (red teams 3 and 4), our own wordings on the in-memory dev schema: the existence of a measured
activity is the measure > 0; a stated day-code condition joined to another is a condition; a window on 中标 is on
中标日期; a shift is read from the 排班月报 rows' own project and month; 项目经理 of a project is its 项目负责人; 所在项目
is the current one; 没发现问题 is an empty 问题描述; the oldest is by birth date; the other wrong readings are refused."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa.dsl import Op, QueryPlan
from tests.qa.helpers import UnderstandingStatus, filter_set, planned, understand

TODAY = date(2026, 11, 30)


def _plan(q: str) -> QueryPlan:
    return planned(q, TODAY)


_filters = filter_set


@pytest.mark.parametrize(
    "q, field",
    [
        ("XMSQ0150 4月有没有收款？", "收款金额"),
        ("XMSQ0150 2月开票了没有", "开票金额"),
        ("KWL2307024 1月有没有值班费", "值班费"),
        ("KWL2307024 2月有没有加班", "平时加班小时"),
        ("KWL2307024 2月有没有国定加班费", "国定加班费"),
    ],
)
def test_existence_of_a_measured_activity_is_the_measure_above_zero(q: str, field: str) -> None:
    plan = _plan(q)
    assert (field, "gt", 0) in _filters(plan), plan
    assert any(field in n and "> 0" in n for n in plan.notes), plan.notes


@pytest.mark.parametrize(
    "q, name",
    [
        ("4月上班天数不少于20天而且请过事假的员工有哪些", "事假天数"),
        ("2月加班超过8小时并且旷工过的有几个人", "旷工天数"),
        ("1月上班天数少于22天同时请过病假的人是谁", "病假天数"),
    ],
)
def test_a_stated_day_code_condition_joined_to_a_threshold_is_a_condition(q: str, name: str) -> None:
    assert (name, "gt", 0) in _filters(_plan(q))


@pytest.mark.parametrize(
    "q, start, end",
    [("2026年上半年中标的项目有哪些", "2026-01", "2026-06"), ("去年下半年中标的项目有几个", "2025-07", "2025-12"), ("2025年6月中标的项目是哪个", "2025-06", "2025-06")],
)
def test_a_window_on_winning_a_bid_is_on_the_bid_date(q: str, start: str, end: str) -> None:
    plan = _plan(q)
    times = [(t.kind, t.field, t.start, t.end) for s in plan.steps for t in s.time]
    assert times == [("month_range", "中标日期", start, end)], plan
    assert ("中标结果", "eq", "中标") in _filters(plan)


@pytest.mark.parametrize(
    "q",
    [
        "2026年3月有采购的项目有哪些",
        "3月份中标的是哪个项目",
        "哪些项目3月开票比2月多",
        "哪些人4月工资比2月高",
        "持证的保安_领班有几个",
        "3月8日KWL2307024有没有上班",
    ],
)
def test_the_wrong_readings_are_refused(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is not UnderstandingStatus.PLAN, (q, u.plan)


def test_no_problem_found_is_an_empty_description_not_no_inspection() -> None:
    plan = _plan("检查中没发现问题的项目有哪些")
    assert ("问题描述", "is_null", None) in _filters(plan)
    assert not any(h.negate for s in plan.steps for h in s.hops), plan


def test_a_shift_is_read_from_the_schedule_rows_own_project_and_month() -> None:
    plan = _plan("XMSQ0150 3月排了夜班的人有几个")
    step = plan.steps[0]
    assert [h.target for h in step.hops] == ["排班月报"], step
    assert ("项目编号", "eq", "XMSQ0150") in _filters(plan)
    assert [(t.node, t.field) for t in step.time] == [("n1", "年月")]


def test_the_project_manager_of_a_project_is_its_person_in_charge() -> None:
    plan = _plan("XMSQ0150的项目经理是谁")
    assert [h.rel for h in plan.steps[0].hops] == ["负责人"]
    assert not any(f.field == "岗位名称" for f in plan.steps[0].filters)


def test_the_project_someone_is_in_is_the_current_one() -> None:
    plan = _plan("KWL2307024所在的项目有几台设备")
    assert any(f.node.startswith("r") and f.field == "依据" and f.op is Op.EQ and f.value == "人员信息" for f in plan.steps[0].filters)


def test_the_oldest_is_by_birth_date() -> None:
    plan = _plan("年纪最大的保洁员是谁")
    assert [(s.field, s.direction) for s in plan.sort] == [("出生日期", "asc")]


@pytest.mark.parametrize("q, result", [("中标项目有哪些", "中标"), ("未中标项目的合同金额是多少", "未中标"), ("没中标项目有几个", "未中标")])
def test_a_compact_bid_noun_is_the_bid_result_not_a_name(q: str, result: str) -> None:
    plan = _plan(q)
    assert ("中标结果", "eq", result) in _filters(plan)
    assert not any(f.field == "项目名称" for s in plan.steps for f in s.filters)


@pytest.mark.parametrize("q", ["谁是XMSQ0150的项目经理", "XMSQ0102项目经理叫什么名字"])
def test_the_project_manager_wordings_are_the_person_in_charge(q: str) -> None:
    plan = _plan(q)
    assert [h.rel for h in plan.steps[0].hops] == ["负责人"], plan


@pytest.mark.parametrize(
    "q, name",
    [("3月上班天数不足20天，还请过病假的人有哪些", "病假天数"), ("2月加班超过10小时且出过差的人有几个", "出差天数")],
)
def test_a_day_code_condition_after_a_joiner_is_kept(q: str, name: str) -> None:
    assert (name, "gt", 0) in _filters(_plan(q))


@pytest.mark.parametrize("q", ["哪个月请病假的人数最多", "哪个项目旷工的人最多"])
def test_people_most_for_a_day_code_counts_people(q: str) -> None:
    plan = _plan(q)
    assert plan.aggregate is not None and plan.aggregate.fn.value == "count_distinct", plan
    assert any(f.op is Op.GT and f.field.endswith("天数") for f in plan.steps[0].filters), plan


@pytest.mark.parametrize("q", ["2026年1到3月累计开票超过100万的项目有几个", "今年累计加班超过30小时的人有几个"])
def test_cumulative_before_the_measure_bounds_the_sum(q: str) -> None:
    plan = _plan(q)
    assert plan.having is not None, plan
    assert not any(f.op is Op.GT for s in plan.steps for f in s.filters), plan


@pytest.mark.parametrize(
    "q, col, value",
    [("2026年3月10日旷工的有几个人", "10日", "旷"), ("2026年2月3日请病假的人有哪些", "3日", "病")],
)
def test_one_day_of_a_monthly_record_with_day_columns_is_that_column(q: str, col: str, value: str) -> None:
    plan = _plan(q)
    assert (col, "eq", value) in _filters(plan), plan
    assert not any(f.field.endswith("假天数") or f.field == "旷工天数" for f in plan.steps[0].filters), plan
