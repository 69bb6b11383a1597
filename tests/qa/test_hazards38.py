"""Judge-33 classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards38_graph.py)."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import Filter, Op, ValueSource
from kgdesk.qa.schema import PropertyInfo
from kgdesk.qa.understand.also_joiner import also_joiner
from kgdesk.qa.understand.by_field_view import by_field_view
from kgdesk.qa.understand.colloquial_verbs import colloquial_verbs
from kgdesk.qa.understand.exceeds_other import exceeds_other
from kgdesk.qa.understand.found_words import found_words
from kgdesk.qa.understand.per_record import per_record
from kgdesk.qa.understand.scan_rules import is_time_value
from kgdesk.qa.value_shape import value_shape_errors

# ---------------------------------------------------------------- A: a value never compared as text on a date


def _eq(field: str, value: object, op: Op = Op.EQ) -> Filter:
    return Filter(node="n0", field=field, op=op, value=value, value_source=ValueSource.USER_TEXT, text=str(value))


@pytest.mark.parametrize(
    "typ, value",
    [
        ("日期", "在2029年1月1日之后"),
        ("日期", "2029年1月1日以后"),
        ("年月", "3月以前"),
        ("日期", "明年"),
        ("文本", "50000以上"),
        ("文本", "不到三年"),
    ],
)
def test_a_shapeless_or_comparing_value_is_refused(typ: str, value: str) -> None:
    assert value_shape_errors(_eq("f", value), PropertyInfo(name="f", type=typ)), value


@pytest.mark.parametrize(
    "typ, value",
    [("日期", "2029-01-01"), ("年月", "2026-03"), ("文本", "保安_普保"), ("枚举", "服务中")],
)
def test_a_shaped_value_passes(typ: str, value: str) -> None:
    assert value_shape_errors(_eq("f", value), PropertyInfo(name="f", type=typ)) == []


def test_a_value_the_data_holds_passes_even_with_a_comparison_word() -> None:
    info = PropertyInfo(name="f", type="文本", values=("三年以上",))
    assert value_shape_errors(_eq("f", "三年以上"), info) == []


def test_an_in_list_is_checked_value_by_value() -> None:
    assert value_shape_errors(_eq("f", ["2026-03-01", "3月之后"], Op.IN), PropertyInfo(name="f", type="日期"))


@pytest.mark.parametrize("v", ["在2029年1月1日之后", "于2026年3月20日以后", "2018年", "在3月之前"])
def test_a_time_after_a_copula_is_a_time(v: str) -> None:
    assert is_time_value(v)


# ---------------------------------------------------------------- C: two totals asked yes or no


@pytest.mark.parametrize(
    "q, out",
    [
        ("耗材采购的总金额有没有超过固定资产的总金额", "耗材采购的总金额比固定资产的总金额多吗"),
        ("固定资产的总金额是不是高于耗材采购的总金额", "固定资产的总金额比耗材采购的总金额多吗"),
        ("固定资产的总金额超没超过耗材采购的总金额", "固定资产的总金额比耗材采购的总金额多吗"),
        ("耗材采购的总金额有没有低于固定资产的总金额", "耗材采购的总金额比固定资产的总金额少吗"),
        ("2026年2月的收款总额有没有超过开票总额", "2026年2月的收款总额比开票总额多吗"),
    ],
)
def test_two_totals_asked_yes_or_no(q: str, out: str) -> None:
    assert exceeds_other(q) == out


@pytest.mark.parametrize("q", ["耗材采购的总金额有没有超过10000", "耗材采购的金额有没有超过固定资产"])
def test_a_threshold_or_no_total_is_left_alone(q: str) -> None:
    assert exceeds_other(q) == q


# ---------------------------------------------------------------- E: a per-record word


@pytest.mark.parametrize(
    "q, out",
    [
        ("电梯类设备的原值平均下来一台多少钱", "电梯类设备的原值平均下来多少钱"),
        ("耗材采购平均一笔多少钱", "耗材采购平均多少钱"),
        ("所有检查记录里最低的一次检查得分是多少分", "所有检查记录里最低的检查得分是多少分"),
        ("平均一个项目有几台设备", "平均一个项目有几台设备"),  # a per-project average: left alone
        ("开票金额最高的一个月是哪个月", "开票金额最高的一个月是哪个月"),  # a month, not a record
    ],
)
def test_a_per_record_word(q: str, out: str) -> None:
    assert per_record(q) == out


# ---------------------------------------------------------------- G / H / K: colloquial verbs, 、也, 按<field>看


@pytest.mark.parametrize(
    "q, out",
    [
        ("XMSQ0150一共被查过几回", "XMSQ0150一共被检查过几回"),
        ("宋志刚是干什么岗位的", "宋志刚是什么岗位的"),
        ("查一下XMSQ0150的合同金额", "查一下XMSQ0150的合同金额"),
        ("你能干什么", "你能干什么"),
    ],
)
def test_colloquial_verbs(q: str, out: str) -> None:
    assert colloquial_verbs(q) == out


def test_also_after_the_enumeration_comma() -> None:
    assert also_joiner("合同面积不低于20000、也不高于50000的项目") == "合同面积不低于20000、不高于50000的项目"
    assert also_joiner("XMSQ0150、也是青浦的") == "XMSQ0150、也是青浦的"


@pytest.mark.parametrize(
    "q, out",
    [
        ("耗材采购按类别看各花了多少钱", "耗材采购按类别各花了多少钱"),
        ("设备按设备类型来看原值各是多少", "设备按设备类型原值各是多少"),
        ("看看每个类别的金额", "看看每个类别的金额"),
    ],
)
def test_by_a_field_looked_at(q: str, out: str) -> None:
    assert by_field_view(q) == out


# ---------------------------------------------------------------- D: never seen in a ledger, 在 unsaid


@pytest.mark.parametrize(
    "q, out",
    [
        ("服务中的项目里，检查记录中一次都没出现过的有几个", "服务中的项目里，没有检查记录的有几个"),
        ("服务中的项目，投标记录里从来没出现过的有哪些", "服务中的项目，没有投标记录的有哪些"),
        ("项目检查记录中没出现过的有几个", "项目检查记录中没出现过的有几个"),  # not opening a clause: left alone
    ],
)
def test_never_seen_in_a_ledger(q: str, out: str) -> None:
    assert found_words(q) == out


@pytest.mark.parametrize(
    "q", ["投标金额最大的一条投标记录，金额是多少", "投标金额最低的一次投标，金额是多少", "投标金额最高的一次是哪个项目"]
)
def test_a_per_record_word_before_a_record_type_stays(q: str) -> None:
    assert per_record(q) == q
