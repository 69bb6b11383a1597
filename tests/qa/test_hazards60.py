"""Planner pass 60 (red team 9's classes U, X, BB, W, Y, Z, AA, H′), our own wordings on the in-memory dev schema:
each wording is refused naming what it would misread, rewritten, or ranked by its date."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import Op
from kgdesk.qa.results import _sort_num
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.test_hazards59 import _plan, _understand


@pytest.mark.parametrize(
    ("q", "word"),
    [
        ("2026年3月检查得分全都高于88分的项目有多少个？", "全都"),  # U: a count
        ("设备都是完好的项目有哪些？", "都"),  # U: a list
        ("设备全是完好的项目在所有项目中占多少？", "全是"),  # U: a share
        ("哪些项目的设备全部完好？", "全部"),  # U: the group first, the condition at the end
        ("2026年3月每个人的上班天数都不少于22天的项目是哪些？", "都"),  # H′: projects asked, never people
    ],
)
def test_u_a_universal_condition_over_a_groups_records_is_never_at_least_one(q: str, word: str | None) -> None:
    u = _understand(q)
    if word is None:
        return
    assert u.status is not UnderstandingStatus.PLAN, (q, u.plan)
    assert f"「{word}」" in u.message


@pytest.mark.parametrize(
    "q",
    [
        "2026年2月和3月都请过假的人有哪些？",
        "全部项目的合同金额合计是多少？",
        "把有中标记录的项目编号都列出来",  # 都 + a request verb: every one of the list, no condition
        "有报废设备的项目都给我列一下",
    ],
)
def test_u_listed_months_and_a_whole_stay_planned(q: str) -> None:
    assert _plan(q) is not None


@pytest.mark.parametrize(
    "q", ["2026年2月在岗人数为3的项目有几个？", "在岗人数超过1人的项目2026年1月有哪些？"]
)
def test_x_a_monthly_headcount_filter_is_never_read_off_the_staffing_ledger(q: str) -> None:
    plan = _plan(q)
    step = plan.steps[0]
    assert [h.target for h in step.hops] == ["月度快照"], plan
    assert [(t.kind, t.field) for t in step.time] == [("month_eq", "年月")], plan
    assert not any("合同期" in n for n in plan.notes), plan.notes


@pytest.mark.parametrize("q", ["证书有效期还剩不到30天的人有哪些？", "有效期剩不到45天的证书有几本？"])
def test_y_days_left_is_never_the_date_against_a_number(q: str) -> None:
    u = _understand(q)
    if u.plan is not None:
        assert not any(
            isinstance(f.value, (int, float)) and f.field == "有效期至" for s in u.plan.steps for f in s.filters
        ), u.plan
    else:
        assert u.status is not UnderstandingStatus.PLAN


def test_w_what_stands_before_the_rate_narrows_the_whole_too() -> None:
    plan = _plan("电梯设备的完好率是多少？")
    assert plan.share is not None
    whole = next(s for s in plan.steps if s.id == plan.share.whole)
    assert any(f.field == "设备名称" and f.op is Op.CONTAINS and f.value == "电梯" for f in whole.filters), whole
    part = next(s for s in plan.steps if s.id == plan.share.part)
    assert any(f.field == "完好状况" for f in part.filters) and not any(f.field == "完好状况" for f in whole.filters)


def test_w_a_rate_of_the_whole_keeps_its_whole() -> None:
    plan = _plan("完好的设备占全部设备的比例是多少？")
    assert plan.share is not None
    whole = next(s for s in plan.steps if s.id == plan.share.whole)
    assert not any(f.field == "完好状况" for f in whole.filters)


def test_aa_each_projects_months_compared_is_never_the_totals_difference() -> None:
    u = _understand("2026年3月在岗人数比2月多的项目有几个？")
    assert u.status is not UnderstandingStatus.PLAN, u.plan
    assert "逐个比较" in u.message


def test_z_which_days_is_never_answered_with_the_person() -> None:
    u = _understand("赵德胜2026年1月哪几天请了事假？")
    assert u.status is not UnderstandingStatus.PLAN, u.plan


def test_bb_dates_rank_groups_by_their_day() -> None:
    assert _sort_num("2019-05-04", "asc") < _sort_num("2020-02-23", "asc") < _sort_num("2027-05-13", "asc")
    assert _sort_num("2027-05-13", "desc") < _sort_num("2019-05-04", "desc")
    assert _sort_num(3, "desc") == -3.0 and _sort_num(None, "asc") == 0.0


@pytest.mark.parametrize("q", ["谁的证书最晚到期？", "证书到期最早的是哪位员工？"])
def test_g_an_expiry_is_never_ranked_by_the_holders_project(q: str) -> None:
    u = _understand(q)
    if u.plan is not None:
        assert not any(s.field == "剩余服务月数" for s in u.plan.sort), u.plan
    else:
        assert u.status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize("q", ["2023年没有中标的投标记录是哪几个项目的？", "有哪些项目的投标没有中标？"])
def test_v_a_bids_own_loss_is_never_the_projects_without_a_win(q: str) -> None:
    u = _understand(q)
    if u.plan is not None:
        assert not any(h.negate for s in u.plan.steps for h in s.hops), u.plan
    else:
        assert u.status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize("q", ["哪些项目没有投标？", "2020年投标未中标的项目有哪些？"])
def test_v_no_bid_at_all_and_a_named_loss_stay_planned(q: str) -> None:
    assert _plan(q) is not None


def test_w_a_named_projects_rate_divides_by_its_own_records() -> None:
    plan = _plan("XMSQ0102的设备完好率是多少？")
    assert plan.share is not None
    whole = next(s for s in plan.steps if s.id == plan.share.whole)
    assert any(f.field == "项目编号" and f.value == "XMSQ0102" for f in whole.filters), whole


@pytest.mark.parametrize("q", ["赵德胜2026年1月12日出勤了吗？", "2026年1月12日XMSQ0102有几个人出勤？"])
def test_fd_a_day_of_the_attendance_ledger_is_never_not_in_the_data(q: str) -> None:
    u = _understand(q)
    assert u.status is not UnderstandingStatus.INSUFFICIENT, u.message
    assert u.status is not UnderstandingStatus.PLAN or u.plan is not None


def test_fd_a_day_of_a_monthly_fact_without_day_columns_stays_not_in_the_data() -> None:
    u = _understand("2026年1月15日XMSQ0102的开票金额是多少？")
    assert u.status is UnderstandingStatus.INSUFFICIENT, u.message


@pytest.mark.parametrize("q", ["连续两个月都有加班的人有几个？", "每个月都有请假的人有哪些？"])
def test_u_each_month_is_not_a_groups_records(q: str) -> None:
    u = _understand(q)
    assert "要求该组的每一条记录" not in (u.message or ""), u.message


def test_u_an_average_is_no_universal_word() -> None:
    assert _plan("平均检查得分最高的片区是哪个？") is not None


def test_bb_the_earliest_is_never_the_fewest() -> None:
    u = _understand("2026年2月最早做检查的项目是哪个？")
    if u.plan is not None:
        assert u.plan.aggregate is None or u.plan.aggregate.fn.value not in ("count", "count_distinct"), u.plan
    else:
        assert u.status is not UnderstandingStatus.PLAN


def test_bb_a_count_rank_stays() -> None:
    assert _plan("检查次数最多的项目是哪个？") is not None
