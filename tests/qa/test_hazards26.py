"""Judge-21 classes at the plan (no graph; own wording besides the judge's probes). W14a a kind word
with a record type asks the distinct values of its kind field, also after 这个<label> restating the named
record, and with 种类 said (哪些种类的 / 什么种类的); W14b a yes/no question stays one with a bracket after it."""

from __future__ import annotations

import pytest

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.scan_rules import parentheticals
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- W14a: the kinds of a record type


@pytest.mark.parametrize(
    "q",
    [
        "XMSQ0150这个项目都有哪几类设备",
        "XMSQ0150这个项目有哪几种设备",
        "区图书馆这个项目都有哪几类设备",
        "XMSQ0150有哪些种类的设备",
        "XMSQ0150有什么种类的设备",
        "区图书馆都有哪几种类的设备",
    ],
)
def test_the_kinds_are_the_kind_field(q: str) -> None:
    p = planned(q)
    assert [(g.node, g.field) for g in p.group_by] == [("n0", "设备类型")], p
    assert [(f.node, f.field) for f in p.projection] == [("n0", "设备类型")], p
    assert p.steps[0].entity == "设备" and any(f.value in ("XMSQ0150", "XMSQ0102") for f in p.steps[0].filters), p


@pytest.mark.parametrize("q", ["有什么种类的证书", "赵德胜有哪些种类的证书"])
def test_two_kind_fields_are_not_guessed(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- W14b: 吗（…） stays a yes/no question


@pytest.mark.parametrize(
    "q, moved",
    [
        ("上海安泰电梯工程有限公司 做过维保单位吗（维保合同）", "上海安泰电梯工程有限公司 做过维保单位（维保合同）吗"),
        ("区图书馆有报废的设备吗？（设备信息）", "区图书馆有报废的设备（设备信息）吗？"),
        ("赵德胜是保安吗 (花名册)", "赵德胜是保安(花名册)吗"),
        ("赵德胜有证书没有（证书台账）", "赵德胜有证书（证书台账）没有"),
    ],
)
def test_a_bracket_after_the_particle_is_read_before_it(q: str, moved: str) -> None:
    assert parentheticals(q) == moved


@pytest.mark.parametrize("q", ["三月份开票多少（2026年）", "在10%到12%之间（含）的项目有几个"])
def test_other_brackets_stay(q: str) -> None:
    assert "吗" not in parentheticals(q)


def test_done_maintenance_is_the_company_verb() -> None:
    fillers = load_lexicon().raw["company_verbs"]["fillers"]
    assert {"做过", "承接过", "负责过"} <= set(fillers)


# ---------------------------------------------------------------- 1–3: recording verbs, 存在, 前N大


@pytest.mark.parametrize(
    "q, plain",
    [
        ("供应商名录一共收录了多少家供应商", "供应商名录一共有多少家供应商"),
        ("供应商名录里登记了几家供应商", "供应商名录里有几家供应商"),
        ("XMSQ0150的合同状况现在登记的是啥", "XMSQ0150的合同状况现在是啥"),
        ("区图书馆4月份的考勤表上登了几个人", "区图书馆4月份的考勤表上有几个人"),
        ("花名册中没有填当前服务项目编号的人有几个", "花名册中当前服务项目编号为空的人有几个"),
        ("花名册里没登记当前服务项目编号的有几个人", "花名册里当前服务项目编号为空的有几个人"),
        ("投标记录里存在年份为2027的记录吗", "投标记录里有年份为2027的记录吗"),
        ("合同面积前三大的项目有哪些", "合同面积前三的项目有哪些"),
        ("年化合同收入前5大的项目是哪几个", "年化合同收入前5的项目是哪几个"),
    ],
)
def test_recording_words_change_nothing(q: str, plain: str) -> None:
    a, b = planned(q), planned(plain)
    assert a.steps == b.steps and a.limit == b.limit and a.sort == b.sort and a.query_type == b.query_type, (a, b)


@pytest.mark.parametrize(
    "q", ["登记日期是哪天", "录入一条记录", "存在问题的项目有哪些", "检查记录的是哪些项目", "赵德胜记录了几次"]
)
def test_other_uses_are_left(q: str) -> None:
    assert parentheticals(q) == q


def test_an_unknown_field_after_an_unfilled_verb_is_no_field() -> None:
    assert understand("花名册中没有填血型的人有几个").status is UnderstandingStatus.INSUFFICIENT


# ---------------------------------------------------------------- 4: the grouping said twice in a bracket


@pytest.mark.parametrize("q", ["2026年各月的开票金额汇总（按年月）", "每个月的开票金额（按月份统计）"])
def test_a_month_bracket_after_each_month(q: str) -> None:
    p = planned(q)
    assert [(g.node, g.field) for g in p.group_by] == [("n0", "年月")], p


# ---------------------------------------------------------------- 26b: 没登记 + a record type is an anti-join


@pytest.mark.parametrize(
    "q, plain",
    [
        ("一台设备都没有登记的项目有几个", "没有设备的项目有几个"),
        ("没有登记设备的项目有几个", "没有设备的项目有几个"),
        ("未登记设备的项目有几个", "没有设备的项目有几个"),
        ("没有登记任何设备的项目有几个", "没有设备的项目有几个"),
        ("没有登记设备信息的项目有几个", "没有设备的项目有几个"),
        ("一张证书也没登记过的员工有哪些", "没有证书的员工有哪些"),
        ("没登记过证书的员工有哪些", "没有证书的员工有哪些"),
        ("没有登记过证的员工有哪些", "没有证书的员工有哪些"),
        ("没有登记过检查记录的项目是哪些", "没有检查记录的项目是哪些"),
        ("没登记考勤的员工有哪些", "没有考勤的员工有哪些"),
        ("没有登记投标的项目有几个", "没有投标记录的项目有几个"),
        ("没有登记采购记录的项目有哪些", "没有采购记录的项目有哪些"),
        ("没有登记排班的项目有几个", "没有排班的项目有几个"),
        ("没有记录考勤的人有哪些", "没有考勤的人有哪些"),
    ],
)
def test_an_unregistered_record_type_is_an_anti_join(q: str, plain: str) -> None:
    assert "为空" not in parentheticals(q)
    a, b = planned(q), planned(plain)
    assert a.steps[0].hops and a.steps[0].hops[0].negate, a
    assert a.steps == b.steps and a.query_type == b.query_type, (a, b)


@pytest.mark.parametrize(
    "q, emptied",
    [
        ("没有填上班天数的考勤有几条", "上班天数为空的考勤有几条"),
        ("没有填身份证号的员工有几个", "身份证号为空的员工有几个"),
        ("花名册中没有填当前服务项目编号的人有几个", "花名册中当前服务项目编号为空的人有几个"),
    ],
)
def test_an_unfilled_field_is_still_empty(q: str, emptied: str) -> None:
    assert parentheticals(q) == emptied


@pytest.mark.parametrize("q", ["没有登记设备的项目有几个", "没有填写考勤记录的人有哪些", "没有填血型的人有几个"])
def test_no_field_is_never_emptied(q: str) -> None:
    assert parentheticals(q) == q
