"""Planner pass 54 (judge 46 W1–W2 and judge 43's classes), our own wordings on the in-memory dev schema: a money total
(总额 / 总金额) of two compared values is the sum of the record type's money field, never a count of records, and a
counting plan of two compared groups is refused when the question says money; 相差 / 差多少 / 差了多少 / 差距 is |A − B|
on every path (a "跟 B 比" frame never makes it signed), only 比…多 / 少 / 高 / 低 / 大 / 小 多少 is signed."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa.dsl import AggFn, QueryPlan
from tests.qa.helpers import UnderstandingStatus, planned, understand

TODAY = date(2026, 4, 20)


def _plan(q: str) -> QueryPlan:
    return planned(q, TODAY)


# ---------------------------------------------------------------- W2: the sign of a difference


@pytest.mark.parametrize(
    "q, signed",
    [
        ("2月的开票金额同4月比起来相差多少", False),
        ("3月份值班费合计和1月份比差多少钱", False),
        ("XMSQ0102的合同面积跟XMSQ0150比差了多少", False),
        ("两个项目的合同面积跟对方比差距有多大", False),
        ("3月比1月多了多少", True),
        ("1月的值班费比2月少多少钱", True),
        ("XMSQ0102的面积比XMSQ0150大多少", True),
        ("XMSQ0102和XMSQ0150相比哪个多，多多少", False),
        ("XMSQ0102比XMSQ0150差几个", False),
    ],
)
def test_only_a_direction_word_after_bi_makes_a_difference_signed(q: str, signed: bool) -> None:
    from kgdesk.qa.understand.signed_words import signed_difference

    assert signed_difference(q) is signed


@pytest.mark.parametrize("q", ["3月份值班费合计和1月份比，差多少钱", "2月的值班费跟4月比差了多少", "1月和3月的值班费比一比相差多少"])
def test_two_months_compared_in_a_frame_are_an_absolute_difference(q: str) -> None:
    u = understand(q, TODAY)
    if u.status is not UnderstandingStatus.PLAN or u.plan is None:
        return  # a refusal is acceptable, a signed difference is not
    assert u.plan.comparison is not None and u.plan.comparison.measure == "abs_difference", u.plan.comparison


@pytest.mark.parametrize("q, left", [("3月的值班费比1月多多少", "2026-03"), ("3月的值班费比1月少多少", "2026-01")])
def test_a_direction_after_bi_stays_signed(q: str, left: str) -> None:
    c = _plan(q).comparison
    assert c is not None and c.measure == "difference" and c.left == left, c


def test_a_signed_plan_asked_as_xiangcha_is_made_absolute_on_every_path() -> None:
    from kgdesk.qa.understand.signed_words import unsigned_compare

    plan = _plan("3月的值班费比1月多多少")
    assert unsigned_compare("3月的值班费比1月多多少", plan) is None
    done = unsigned_compare("3月的值班费跟1月比，相差多少", plan)
    assert done is not None and done[0].comparison is not None and done[0].comparison.measure == "abs_difference"
    assert unsigned_compare("对比3月和1月的值班费", plan) is None  # cli.md: no difference word, A − B as named


# ---------------------------------------------------------------- W1: a money total of two compared values


@pytest.mark.parametrize("q", ["报废设备的总额比停用设备的高吗", "停用的设备总金额有没有超过报废的", "报废和停用的设备总额相差多少"])
def test_a_money_total_of_two_values_sums_the_money_field(q: str) -> None:
    u = understand(q, TODAY)
    if u.status is not UnderstandingStatus.PLAN or u.plan is None:
        return  # a refusal is acceptable, a count is not
    agg = u.plan.aggregate
    assert agg is not None and agg.fn is AggFn.SUM and agg.field == "原值", u.plan


def test_a_count_of_two_compared_groups_is_refused_when_money_is_said() -> None:
    from kgdesk.qa.money_counted import money_counted

    plan = _plan("报废设备比停用设备多几台")
    agg = plan.aggregate
    assert agg is not None and agg.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT), plan
    assert money_counted("报废设备比停用设备多几台", plan) is None
    assert money_counted("报废设备的总额是不是超过了停用设备的", plan) is not None
    assert money_counted("报废设备一共花的钱比停用的多吗", plan) is not None
    assert money_counted("报废设备值多少元，比停用的多吗", plan) is not None
    assert money_counted("报废设备的份额比停用的多吗", plan) is None


# ---------------------------------------------------------------- judge 43 K3: a category value is no part of a name


@pytest.mark.parametrize("q", ["报废那些设备有哪些", "停用那几台设备一共几台", "带病运行那些设备原值加起来多少"])
def test_a_whole_category_value_before_a_demonstrative_is_the_category(q: str) -> None:
    plan = _plan(q)
    filters = [(f.field, f.op.value) for s in plan.steps for f in s.filters]
    assert ("完好状况", "eq") in filters and not any(f == "设备名称" for f, _ in filters), filters


# ---------------------------------------------------------------- times asked, money summed; K4 the repeated verb


@pytest.mark.parametrize("q", ["总共收款了几次", "开票一共有多少次", "收款的次数一共是多少"])
def test_times_asked_of_a_money_measure_count_the_records_with_money(q: str) -> None:
    u = understand(q, TODAY)
    if u.status is not UnderstandingStatus.PLAN or u.plan is None:
        return  # a refusal is acceptable, a sum of money is not
    agg = u.plan.aggregate
    assert agg is not None and agg.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT), u.plan
    assert any(f.op.value == "gt" and f.field in ("收款金额", "开票金额") for s in u.plan.steps for f in s.filters), u.plan


def test_a_mean_per_time_is_no_count() -> None:
    from kgdesk.qa.understand.times_counted import times_counted

    plan = _plan("收款金额一共多少")
    assert times_counted("收款金额一共多少", plan) is None
    assert times_counted("平均每次收款多少钱", plan) is None
    done = times_counted("收款一共几次", plan)
    assert done is not None and done[0].aggregate is not None and done[0].aggregate.field == "_key"


@pytest.mark.parametrize(
    "q, want",
    [("4月开票总共开了多少钱", "4月开票总共多少钱"), ("XMSQ0102回款一共回了多少", "XMSQ0102回款一共多少"), ("收款收过几次", "收款几次")],
)
def test_a_measures_verb_said_again_is_dropped(q: str, want: str) -> None:
    from kgdesk.qa.understand.repeated_verb import repeated_verb

    assert repeated_verb(q) == want


def test_a_measures_verb_said_again_reads_the_measure() -> None:
    agg = _plan("4月开票总共开了多少钱").aggregate
    assert agg is not None and agg.fn is AggFn.SUM and agg.field == "开票金额", agg


# ---------------------------------------------------------------- judge 43 K2: 续签 asked through its verb


@pytest.mark.parametrize("q", ["XMSQ0102是由哪个项目续签而来的", "XMSQ0102是从哪一个项目续签过来的", "XMSQ0102续签自哪个项目"])
def test_renewed_from_is_the_project_before_renewal(q: str) -> None:
    from kgdesk.qa.understand.renewed_from import renewed_from

    assert renewed_from(q) == "XMSQ0102续签前是哪个项目"


# ---------------------------------------------------------------- judge 43 K7: 同月 names the month already said


@pytest.mark.parametrize(
    "q, want",
    [
        ("2月的收款金额占同月开票金额的比例", "2月的收款金额占开票金额的比例"),
        ("2026年4月收款金额占当月的开票金额多少", "2026年4月收款金额占开票金额多少"),
        ("收款金额占同月开票金额的比例", "收款金额占同月开票金额的比例"),  # no month said: nothing to name
    ],
)
def test_same_month_names_the_month_already_said(q: str, want: str) -> None:
    from kgdesk.qa.understand.same_month import same_month

    assert same_month(q) == want


# ---------------------------------------------------------------- judge 43 K5: 作为 + role around a group-having


@pytest.mark.parametrize(
    "q, want",
    [
        ("作为项目负责人负责着3个及以上项目的有几人", "负责3个及以上项目的项目负责人有几人"),
        ("作为负责人，管了2个项目的有哪些人", "负责2个项目的项目负责人有哪些人"),
    ],
)
def test_as_a_role_is_the_role_of_the_counted_people(q: str, want: str) -> None:
    from kgdesk.qa.understand.as_role import as_role

    assert as_role(q) == want
