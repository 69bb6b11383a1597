"""Planner pass 52 (judge 42's classes J1–J8), our own wordings on the in-memory dev schema: closed ranges on a date field
or a number count both ends unless 不含; a week with its dates in brackets is those dates; one-sided bounds with a
marker; closings and data-change verbs answered as such; two values of a field compared by count; suppliers counted by
purchases; a share of one of two values; ordinary words beside a stated condition. What cannot be made exact stays refused."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

import tests.qa.helpers as helpers
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.understand.day_bounds import day_bounds
from kgdesk.qa.understand.range_words import range_words
from tests.qa.helpers import UnderstandingStatus, filter_set, planned, understand

TODAY = date(2026, 11, 30)


def _plan(q: str) -> QueryPlan:
    return planned(q, TODAY)


_filters = filter_set


def _refused(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is not UnderstandingStatus.PLAN, (q, u.plan)


# ---------------------------------------------------------------- J1: closed ranges


@pytest.mark.parametrize(
    "q, field, lo, hi",
    [
        ("有效期至在2027年2月1日到2027年8月31日之间的证书有几张", "有效期至", "2027-02-01", "2027-08-31"),
        ("有效期至从2027年4月1日至5月15日的证书有哪些", "有效期至", "2027-04-01", "2027-05-15"),
        ("2026年2月3日至14日的检查有哪些", "检查日期", "2026-02-03", "2026-02-14"),
        ("维保合同开始日期在2025年3月1日—2025年9月30日的有几份", "开始日期", "2025-03-01", "2025-09-30"),
    ],
)
def test_a_day_range_on_a_date_field_counts_both_ends(q: str, field: str, lo: str, hi: str) -> None:
    f = _filters(_plan(q))
    assert (f"{field}距{lo}天数", "gte", 0) in f and (f"{field}距{hi}天数", "lte", 0) in f, f


def test_a_day_range_said_not_to_count_its_ends_is_strict() -> None:
    f = _filters(_plan("检查日期在2026年1月12日到3月2日之间（两头都不算）的检查有多少条"))
    assert f == {("检查日期距2026-01-12天数", "gt", 0), ("检查日期距2026-03-02天数", "lt", 0)}, f


@pytest.mark.parametrize(
    "q, field, lo, hi",
    [
        ("实际毛利率从7%到12%的项目有哪些", "实际毛利率", 0.07, 0.12),
        ("合同金额在150万至250万的项目有几个", "合同金额", 1_500_000, 2_500_000),
        ("合同金额80万~400万的项目", "合同金额", 800_000, 4_000_000),
        ("合同金额介于120万和260万之间的项目有几个", "合同金额", 1_200_000, 2_600_000),
        ("采购金额在2000到4000元之间的采购有几条", "金额", 2000, 4000),
    ],
)
def test_a_number_range_counts_both_ends(q: str, field: str, lo: float, hi: float) -> None:
    f = _filters(_plan(q))
    assert (field, "gte", lo) in f and (field, "lte", hi) in f, f


def test_a_number_range_said_not_to_count_its_ends_is_strict() -> None:
    assert range_words("合同金额在150万到250万之间（不含）的项目") == "合同金额高于150万且低于250万的项目"


@pytest.mark.parametrize("q", ["从2024到2025入职的员工", "1月到3月的开票金额", "3-5的项目", "编号3到5号", "排名第3到5的项目", "合同年限在2到3个月之间的"])
def test_years_months_and_days_are_no_number_range(q: str) -> None:
    assert range_words(q) == q


def test_a_month_range_over_monthly_facts_stays_the_month_window() -> None:
    plan = _plan("2026年2月到4月的收款合计是多少")
    assert [(t.kind, t.start, t.end) for s in plan.steps for t in s.time] == [("month_range", "2026-02", "2026-04")]


@pytest.mark.parametrize(
    "q, lo, hi",
    [
        ("上周（11月9日—11月15日）检查了几次", "2026-11-09", "2026-11-15"),
        ("一周（11月2日至8日）里做的检查有多少条", "2026-11-02", "2026-11-08"),
    ],
)
def test_a_week_with_its_dates_in_brackets_uses_them(q: str, lo: str, hi: str) -> None:
    u = understand(q, TODAY)
    assert u.plan is not None, u.message
    f = _filters(u.plan)
    assert (f"检查日期距{lo}天数", "gte", 0) in f and (f"检查日期距{hi}天数", "lte", 0) in f, f
    assert any("括号里的日期" in n for n in u.plan.notes), u.plan.notes


def test_a_week_with_dates_on_monthly_records_stays_refused() -> None:
    _refused("上周（11月9日—11月15日）登记的采购有几条")


# ---------------------------------------------------------------- J2: one-sided bounds with a marker


@pytest.mark.parametrize(
    "q, op",
    [
        ("2026年2月1日（含）之后的检查有几次", "gte"),
        ("2023年9月1日（含）以前入职的员工有几个", "lte"),
        ("2023年9月1日以后（包括当天）入职的人有哪些", "gte"),
        ("2023年9月1日之后入职的员工有几个？当天也算", "gte"),
        ("2023年9月1日之后（不含当天）入职的员工有几个", "gt"),
        ("2023年9月1日之前入职的有几个人，当天不算", "lt"),
    ],
)
def test_a_one_sided_bound_with_its_marker(q: str, op: str) -> None:
    ops = {o for _f, o, _v in _filters(_plan(q))}
    assert ops == {op}, (q, _filters(_plan(q)))


def test_a_clause_marker_with_two_bounds_is_not_read() -> None:
    q = "2023年9月1日之后、2025年1月1日之前入职的员工有几个，当天也算"
    assert "当天也算" in day_bounds(q)


# ---------------------------------------------------------------- J3: closings and data-change verbs


@pytest.mark.parametrize("q", ["好了今天先到这吧，谢谢", "那就先这样，辛苦大家", "今天到此为止，辛苦你"])
def test_a_closing_is_answered_as_smalltalk(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.EXPLAIN and "问答助手" in (u.explain_text or ""), u


@pytest.mark.parametrize("q", ["把XMSQ0102的合同金额归零", "帮我把KWL2307024的离职日期置为空", "XMSQ0150的开票金额清零一下"])
def test_a_data_change_verb_is_answered_read_only(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.EXPLAIN and "只读取台账" in (u.explain_text or ""), u


# ---------------------------------------------------------------- J6: two values compared by count


@pytest.mark.parametrize(
    "q", ["保洁员和保安_普保这两个岗位谁的人更多", "保安_领班、项目经理两个岗位哪个的人数多", "项目经理和保洁员这两个职位哪个人多"]
)
def test_two_values_of_a_field_are_compared_by_count(q: str) -> None:
    plan = _plan(q)
    assert plan.query_type.value == "compare", plan
    assert any(f == "岗位名称" and op == "in" for f, op, _v in _filters(plan)), plan


# ---------------------------------------------------------------- J8 and J5 (the dev values of 岗位大类 and 记录类型)


@pytest.fixture
def dev_values() -> Iterator[None]:
    added = {("岗位", "岗位大类"): ["采购", "安保", "保洁", "工程"], ("采购记录", "记录类型"): ["耗材采购", "固定资产"]}
    helpers.VALUES.update(added)
    yield
    for k in added:
        helpers.VALUES.pop(k)


@pytest.mark.parametrize(
    "q, op, n, kind",
    [
        ("被采购过3次及以上的供应商有哪些", "gte", 3, None),
        ("采购次数超过1次的供应商有几家", "gt", 1, None),
        ("固定资产被采购过至少1次的供应商有哪些", "gte", 1, "固定资产"),
    ],
)
@pytest.mark.usefixtures("dev_values")
def test_suppliers_counted_by_purchases(q: str, op: str, n: int, kind: str | None) -> None:
    plan = _plan(q)
    assert [(h.rel, h.target) for s in plan.steps for h in s.hops] == [("供应商", "采购记录")], plan
    assert plan.having is not None and (str(getattr(plan.having.op, "value", plan.having.op)), plan.having.value) == (op, n), plan.having
    assert ("记录类型", "eq", kind) in _filters(plan) if kind else not _filters(plan)


@pytest.mark.parametrize(
    "q, field, whole, part",
    [
        ("保洁员和保安_普保里保安_普保占几成", "岗位名称", ("保洁员", "保安_普保"), "保安_普保"),
        ("项目经理在保洁员、项目经理中的占比", "岗位名称", ("保洁员", "项目经理"), "项目经理"),
        ("固定资产和耗材采购的金额里耗材采购占多少", "记录类型", ("固定资产", "耗材采购"), "耗材采购"),
    ],
)
@pytest.mark.usefixtures("dev_values")
def test_a_share_of_one_of_two_values(q: str, field: str, whole: tuple[str, ...], part: str) -> None:
    plan = _plan(q)
    assert plan.share is not None, plan
    f = _filters(plan)
    assert (field, "eq", part) in f and any(x == field and op == "in" and set(v) == set(whole) for x, op, v in f), f  # type: ignore[arg-type]


def test_a_share_of_a_third_value_is_not_the_union_share() -> None:
    from kgdesk.qa.understand.union_share import union_share

    assert union_share("保洁员和保安_普保里项目经理占几成") == "保洁员和保安_普保里项目经理占几成"


# ---------------------------------------------------------------- J7: words beside a stated condition


@pytest.mark.parametrize(
    "q, op",
    [("2019年6月1日之前入职的老员工有哪些", "lt"), ("早于2019年6月1日入职的老同事有几个", "lt"), ("2025年3月1日之后入职的新员工有几个", "gt")],
)
def test_an_adjective_restating_the_bound_is_dropped(q: str, op: str) -> None:
    assert {o for _f, o, _v in _filters(_plan(q))} == {op}


def test_an_adjective_against_the_bound_stays_refused() -> None:
    _refused("2025年3月1日之后入职的老员工有几个")


@pytest.mark.parametrize("q", ["2月加过班的员工有几个，哪怕只有一次", "2月哪怕一次加班也算，加过班的人有哪些"])
def test_at_least_once_is_the_presence(q: str) -> None:
    assert ("平时加班小时", "gt", 0) in _filters(_plan(q))


@pytest.mark.parametrize(
    "q, field",
    [
        ("今天是2026年11月30日，结束日期排在今天之后的维保合同有哪些", "结束日期距今天数"),
        ("今天是2026年11月30日，还没到期的维保合同有几份", "结束日期距今天数"),
        ("今天是2026年11月30日，尚未到期的证书有几张", "有效期至距今天数"),
    ],
)
def test_not_yet_and_placed_after_today(q: str, field: str) -> None:
    assert (field, "gt", 0) in _filters(_plan(q))


def test_not_yet_without_today_stated_stays_as_it_was() -> None:
    _refused("还没到期的维保合同有几份")


@pytest.mark.parametrize("q", ["2019年6月1日之前入职的新员工有几个", "新员工有几个", "新同事都有谁"])
def test_new_without_a_time_of_joining_it_restates_is_refused(q: str) -> None:
    """新 is no neutral word: against a before-bound or alone it was dropped silently (every person counted)."""
    _refused(q)


def test_new_restating_the_time_of_joining_is_dropped() -> None:
    plan = _plan("2026年5月入职的新同事有哪些")
    assert [(t.field, t.start, t.end) for s in plan.steps for t in s.time] == [("入职日期", "2026-05", "2026-05")]


# ---------------------------------------------------------------- more wordings of the same classes


@pytest.mark.parametrize(
    "q, field, lo, hi",
    [
        ("2026年1月20日到2月6日期间做了几次检查", "检查日期", "2026-01-20", "2026-02-06"),
        ("入职时间在2023年3月1日至2023年10月31日之间的员工有几人", "入职日期", "2023-03-01", "2023-10-31"),
        ("2026年1月20日至2月6日完成的检查有多少次", "检查日期", "2026-01-20", "2026-02-06"),
    ],
)
def test_more_day_ranges(q: str, field: str, lo: str, hi: str) -> None:
    f = _filters(_plan(q))
    assert (f"{field}距{lo}天数", "gte", 0) in f and (f"{field}距{hi}天数", "lte", 0) in f, f


@pytest.mark.parametrize(
    "q, field, lo, hi",
    [("实际毛利率介于7%到9.5%之间的项目有几个", "实际毛利率", 0.07, 0.095), ("合同金额在90万和210万之间的项目", "合同金额", 900_000, 2_100_000)],
)
def test_more_number_ranges(q: str, field: str, lo: float, hi: float) -> None:
    f = _filters(_plan(q))
    assert (field, "gte", lo) in f and (field, "lte", hi) in f, f


@pytest.mark.parametrize("q", ["2026年2月5日以后（含2月5日）的检查有几次", "2026年2月5日后（含当天）做的检查有几次"])
def test_more_inclusive_bounds(q: str) -> None:
    assert _filters(_plan(q)) == {("检查日期距2026-02-05天数", "gte", 0)}


def test_a_restated_day_that_is_another_day_is_not_read() -> None:
    q = "2026年2月5日以后（含2月6日）的检查有几次"
    assert "（含2月6日）" in day_bounds(q)


def test_a_deletion_said_briefly_is_answered_read_only() -> None:
    u = understand("帮我把这条检查记录删一下", TODAY)
    assert u.status is UnderstandingStatus.EXPLAIN and "只读取台账" in (u.explain_text or ""), u


@pytest.mark.usefixtures("dev_values")
def test_purchases_without_the_suppliers_asked_are_left() -> None:
    from kgdesk.qa.understand.purchase_times import purchase_times

    q = "供应商里被采购过至少两次的有哪些"
    assert purchase_times(q) == q
    assert purchase_times("采购过3次以上的供应商") == "采购记录3条以上的供应商"


@pytest.mark.parametrize(
    "q, fn",
    [
        ("耗材采购与固定资产中，固定资产的金额占多少", "sum"),
        ("固定资产在耗材采购和固定资产的总金额中占比多少", "sum"),
        ("保洁员占保洁员、保安_普保两个岗位人数的比重", "count_distinct"),
    ],
)
@pytest.mark.usefixtures("dev_values")
def test_the_share_keeps_its_measure(q: str, fn: str) -> None:
    plan = _plan(q)
    assert plan.share is not None and plan.aggregate is not None and plan.aggregate.fn.value == fn, plan
    assert not any(isinstance(v, tuple) and any(not isinstance(x, str) for x in v) for _f, _o, v in _filters(plan)), plan


def test_a_bare_number_range_keeps_what_follows() -> None:
    assert range_words("合同金额90万~210万的项目") == "合同金额不低于90万且不高于210万的项目"


@pytest.mark.parametrize(
    "q", ["入职日期晚于2023年1月1日且入职日期早于2024年7月1日的员工有几个", "检查日期晚于2026年1月8日且检查日期早于2026年3月1日的检查有几条"]
)
def test_a_count_over_two_day_bounds_on_one_field_is_a_count(q: str) -> None:
    """The date field said twice was read as the asked value (a status table) for a question asking how many."""
    plan = _plan(q)
    assert plan.query_type.value == "count", plan
    assert {o for _f, o, _v in _filters(plan)} == {"gt", "lt"}


@pytest.mark.parametrize(
    "q, cond",
    [
        ("以岗位字典的岗位大类为准，工程类的岗位有几个", ("岗位大类", "eq", "工程")),
        ("以项目信息的服务状态为准，已结束的项目有几个", ("服务状态", "eq", "已结束")),
    ],
)
@pytest.mark.usefixtures("dev_values")
def test_the_source_of_a_classification_named(q: str, cond: tuple[str, str, str]) -> None:
    assert cond in _filters(_plan(q))


@pytest.mark.parametrize("q", ["以岗位字典的岗位大类为准，保安有几个人", "以花名册的岗位名称为准，XMSQ0150有几台设备"])
@pytest.mark.usefixtures("dev_values")
def test_a_source_the_plan_does_not_use_is_refused(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is not UnderstandingStatus.PLAN and "为准" in (u.message or ""), (q, u.message)


@pytest.mark.parametrize("q", ["行，今天就先问到这吧，谢了", "没什么了，谢谢您的帮忙", "OK，今天到这里吧"])
def test_more_closings(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.EXPLAIN and "问答助手" in (u.explain_text or ""), u


def test_a_number_range_with_a_bracket_of_another_shape_is_left_to_its_rules() -> None:
    q = "检查得分在86分到93分之间（86和93都算）的有几次"
    assert range_words(q) == q
