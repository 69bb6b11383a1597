"""Planner pass 53 (red team 5's classes C–E), our own wordings on the in-memory dev schema: people and equipment "now"
decided at the reference date T (started by T, not ended by T) — never by whether a date field is empty; 已离职 is
离职日期 ≤ T; so-far words cut the records' own day date at T."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.expressions import evaluate
from tests.qa.helpers import UnderstandingStatus, filter_set, planned, understand

TODAY = date(2026, 2, 19)


def _plan(q: str) -> QueryPlan:
    return planned(q, TODAY)


_filters = filter_set


def test_held_at_is_started_and_not_ended_by_the_day() -> None:
    e = "held_at(入职日期, 离职日期, today)"
    assert evaluate(e, {"入职日期": "2020-01-01", "离职日期": "2026-02-28"}, TODAY) == 1  # leaves later
    assert evaluate(e, {"入职日期": "2026-03-06", "离职日期": None}, TODAY) == 0  # not hired yet
    assert evaluate(e, {"入职日期": "2020-01-01", "离职日期": "2026-02-19"}, TODAY) == 0  # left today
    assert evaluate(e, {"入职日期": None, "离职日期": None}, TODAY) == 1


@pytest.mark.parametrize("q", ["现在在职的保安有几个", "目前还在职的保洁员有多少人", "截至今天在册员工一共几位"])
def test_people_now_are_decided_at_the_reference_date(q: str) -> None:
    f = _filters(_plan(q))
    assert ("按参考日在职", "gt", 0) in f and not any(x[0] == "离职日期" for x in f), f


@pytest.mark.parametrize("q", ["已经离职的保洁员有哪些", "离职了的员工一共几位"])
def test_left_is_a_departure_on_or_before_the_reference_date(q: str) -> None:
    f = _filters(_plan(q))
    assert ("按参考日未离职", "lt", 1) in f and ("离职日期", "not_null", None) not in f, f


@pytest.mark.parametrize("q", ["目前仍在项目上的设备有多少台", "现在还有几台设备在用"])
def test_equipment_now_is_decided_at_the_reference_date(q: str) -> None:
    u = understand(q, TODAY)
    if u.status is UnderstandingStatus.PLAN and u.plan is not None:
        assert not any(f[0] == "退项目日期" and f[1] == "is_null" for f in _filters(u.plan)), u.plan


@pytest.mark.parametrize("q", ["到现在为止总共做过几次检查", "今年以来一共检查了多少回", "这个月截至今天做了几次检查"])
def test_so_far_cuts_the_inspection_day_at_the_reference_date(q: str) -> None:
    f = _filters(_plan(q))
    assert ("检查日期", "lte", TODAY.isoformat()) in f, f


@pytest.mark.parametrize("q", ["XMSQ0150的区域负责人是哪位", "XMSQ0150归哪个片区经理管，是谁"])
def test_a_projects_region_head_goes_through_its_regions(q: str) -> None:
    u = understand(q, TODAY)
    if u.status is not UnderstandingStatus.PLAN or u.plan is None:
        return  # a refusal is acceptable, a plan through the service project is not
    hops = [(h.source, h.rel, h.target) for s in u.plan.steps for h in s.hops]
    assert ("n0", "服务于", "项目") not in hops, hops


def test_the_region_head_of_a_named_project_is_the_regions_registered_head() -> None:
    hops = [(h.source, h.rel, h.direction, h.target) for s in _plan("XMSQ0150的片区负责人是哪一位").steps for h in s.hops]
    assert hops == [("n0", "负责人", "in", "片区"), ("n1", "属于片区", "in", "项目")], hops


@pytest.mark.parametrize(
    "q, want",
    [
        ("数量最多的耗材采购是啥", "数量最多的耗材采购是哪个"),
        ("原值最高的是什么设备？", "原值最高的设备是哪个？"),
        ("金额最低的固定资产叫啥", "金额最低的固定资产是哪个"),
        ("单价最高的固定资产单价是多少", "单价最高的固定资产单价是多少"),
    ],
)
def test_what_record_after_a_superlative_asks_for_the_record(q: str, want: str) -> None:
    from kgdesk.qa.understand.copula_extreme import what_record_after_extreme

    assert what_record_after_extreme(q) == want


def test_what_record_after_a_superlative_is_a_ranking_not_a_number() -> None:
    plan = _plan("原值最低的是什么设备")
    assert plan.aggregate is None and plan.limit == 1 and plan.sort and plan.sort[0].field == "原值", plan


@pytest.mark.parametrize("q", ["XMSQ0150和XMSQ0102哪个项目的设备多一些", "XMSQ0102的设备原值加起来比XMSQ0150高吗"])
def test_a_compared_side_with_no_records_counts_zero(q: str) -> None:
    from kgdesk.qa.named_groups import missing_named_groups

    plan = _plan(q)
    assert plan.comparison is not None, plan
    assert missing_named_groups(plan, {"XMSQ0102"}) == ["XMSQ0150"], plan


def test_a_negative_remaining_time_is_said_to_have_passed() -> None:
    from kgdesk.qa.dsl import Derived, QueryType, Step
    from kgdesk.qa.render import _already_over

    plan = QueryPlan(query_type=QueryType.STATUS, steps=[Step(entity="项目", derived=[
        Derived(name="剩余服务月数", expression="months_between(today, 结束日期)", unit="个月")])])
    assert _already_over(plan, "剩余服务月数", 3.5, "3.5 个月") == []
    said = _already_over(plan, "剩余服务月数", -16.65, "-16.65 个月")
    assert said and "结束日期早于今天" in said[0] and "16.65 个月" in said[0], said
