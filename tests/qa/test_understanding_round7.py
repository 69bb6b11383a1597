"""Round-7 classes on the in-memory schema (invented wording): courtesy clauses around a question,
a listed-values word after a value (报废状态), and a date field with has-it-passed words."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import Op, QueryType
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand


@pytest.mark.parametrize("q", ["好的，明白了，多谢", "收到 辛苦你了！", "嗯嗯，知道了"])
def test_only_courtesy_is_small_talk_not_a_missing_field(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.EXPLAIN, (q, u.status, u.message)


@pytest.mark.parametrize("q", ["您好，停用的设备有几台", "停用的设备有几台？谢谢您", "麻烦了，停用的设备有几台，多谢"])
def test_courtesy_clause_around_a_question_is_ignored(q: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.COUNT
    assert [(f.field, f.value) for f in p.steps[0].filters] == [("完好状况", "停用")]


@pytest.mark.parametrize(("q", "field", "value"), [("停用状态的设备有哪些", "完好状况", "停用"), ("未中标状态的投标记录有几条", "中标结果", "未中标")])
def test_state_word_after_a_listed_value_keeps_the_value(q: str, field: str, value: str) -> None:
    p = planned(q)
    assert [(f.field, f.value) for f in p.steps[0].filters] == [(field, value)], p.steps[0].filters


def test_unknown_measure_after_a_value_is_still_missing() -> None:
    """绿化面积 stays a field no template has: only a listed-values word after a listed value is a state."""
    u = understand("报废面积是多少")
    assert u.reason == "no_such_field" and u.missing == "报废面积"
    assert u.status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize(
    ("q", "label", "op"),
    [
        ("结束日期已经过了的项目有几个", "项目", Op.LT),
        ("哪些证书的有效期至还没到", "证书", Op.GT),
        ("有效期截止已过的证书列一下", "证书", Op.LT),
        ("出厂日期过去了的设备有几台", "设备", Op.LT),
    ],
)
def test_date_field_passed_is_a_day_count_condition(q: str, label: str, op: Op) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == label
    (cond,) = [f for f in step.filters if f.value_source.value == "derived"]
    assert cond.op is op and cond.value == 0
    (d,) = step.derived
    assert d.expression.startswith("days_between(today, ") and d.name == cond.field
    if "几" in q:
        assert p.query_type is QueryType.COUNT


def test_date_field_passed_of_the_named_record_type() -> None:
    """结束日期 of 维保合同 when the question names 维保合同 only, not the project's."""
    p = planned("结束日期已经过了的维保合同有几条")
    assert p.steps[0].entity == "维保合同"
    assert p.steps[0].derived[0].expression == "days_between(today, 结束日期)"


def _conditions(q: str) -> set[tuple[str, str, object]]:
    return {(f.field, f.op.value, f.value) for f in planned(q).steps[0].filters}


def test_exclusion_closed_by_a_single_wai_excludes_only_its_value() -> None:
    """除保安外的一线员工: 除…外 excludes 保安; 一线员工 after it is a plain condition."""
    got = _conditions("除保安外的一线员工有多少个")
    assert ("员工层级", "eq", "一线员工") in got
    assert {("岗位名称", "ne", "保安_领班"), ("岗位名称", "ne", "保安_普保")} <= got


def test_two_excluded_values_closed_by_yiwai() -> None:
    """除了保洁员和保安以外: 以外 closes both values; both are excluded, nothing else is asked."""
    got = _conditions("除了保洁员和保安以外一共多少人")
    assert ("岗位名称", "ne", "保洁员") in got and ("岗位名称", "ne", "保安_普保") in got, got


def test_a_leftover_wai_without_chu_is_not_an_exclusion() -> None:
    u = understand("外面的设备有几台")
    assert u.status is not UnderstandingStatus.PLAN or not any(
        f.op is Op.NE for f in (u.plan.steps[0].filters if u.plan else [])
    )


@pytest.mark.parametrize("q", ["老是出故障的设备（带病运行的）有几台", "不太灵光的设备(带病运行)一共几台"])
def test_parenthesis_value_glosses_the_unknown_description_before_it(q: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.COUNT and p.steps[0].entity == "设备"
    assert [(f.field, f.op.value, f.value) for f in p.steps[0].filters] == [("完好状况", "eq", "带病运行")]


def test_unknown_name_before_a_parenthesis_is_still_missing() -> None:
    u = understand("王二麻（保安）有几张证书")
    assert u.status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize(("q", "fn"), [("检查的最低分是多少", "min"), ("检查平均分多少", "avg"), ("各项目检查的平均分", "avg")])
def test_score_unit_after_an_aggregate_is_the_score_field(q: str, fn: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn.value == fn and p.aggregate.field == "检查得分", p.aggregate


def test_single_month_ranking_of_groups_uses_their_best_record() -> None:
    """哪个项目单月…最高: 财务 is keyed 项目编号 + 年月, so one project's single month is one record:
    projects rank by their highest record, never by their total."""
    p = planned("单月收款金额最高的是哪个项目")
    assert p.aggregate is not None and p.aggregate.fn.value == "max" and p.aggregate.field == "收款金额"
    assert p.group_by and p.limit == 1


def test_single_month_of_a_person_is_not_one_attendance_record() -> None:
    """考勤 is keyed 工号 + 项目编号 + 年月: a person's single month may be several records — refused."""
    assert understand("哪位员工单月平时加班小时最多").status is not UnderstandingStatus.PLAN


def test_sum_word_inside_a_property_name_stays_a_sum() -> None:
    """平时加班小时合计: 合计 ends the property name 加班小时合计 — the cue is not cut, it stays a sum."""
    p = planned("2026年3月各项目的平时加班小时合计是多少")
    assert p.aggregate is not None and p.aggregate.fn.value == "sum" and p.aggregate.field == "平时加班小时"


@pytest.mark.parametrize(
    ("q", "field"),
    [("4月份到账一共多少", "收款金额"), ("2026年3月进账多少钱", "收款金额")],
)
def test_colloquial_money_received(q: str, field: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.field == field


def test_split_attendance_verb() -> None:
    """出了几天勤 is 出勤 with a quantity between verb and object (a separable verb)."""
    p = planned("赵德胜4月出了几天勤")
    assert p.aggregate is not None and p.aggregate.field == "上班天数"


def test_who_is_in_charge_colloquial() -> None:
    p = planned("青浦片区归谁管")
    assert p.steps[0].hops and p.steps[0].hops[0].rel == "负责人"


def test_number_with_a_unit_of_another_kind_is_never_a_field_value() -> None:
    """一年的合同额: 1 年 is not 合同金额 = 1 (a money field): refused, never a filter."""
    u = understand("北斗园区一年的合同额是多少")
    assert u.status is not UnderstandingStatus.PLAN or not any(
        f.field == "合同金额" for s in (u.plan.steps if u.plan else []) for f in s.filters
    )


def test_role_of_one_pair_of_record_types_needs_no_record_type_named() -> None:
    """检查人 joins only 检查记录 → 人员: the people who are some check's 检查人."""
    p = planned("担任过检查人的有几位")
    hop = p.steps[0].hops[0]
    assert p.steps[0].entity == "人员" and hop.rel == "检查人" and hop.target == "检查记录"


def test_role_of_several_record_types_still_needs_one() -> None:
    assert understand("经办人一共有几位").status is not UnderstandingStatus.PLAN


def test_person_condition_on_a_record_with_a_direct_role_is_not_walked_through_projects() -> None:
    """品质督导检查了几次: the check's 检查人, or people serving the checked project — never the second
    silently; naming the project (有保安的项目…) says the path."""
    assert understand("项目经理一共检查了几次").status is not UnderstandingStatus.PLAN
    p = planned("有保安的项目一共被检查了几次")
    assert [h.target for h in p.steps[0].hops] == ["项目", "人员"]


@pytest.mark.parametrize(("q", "field"), [("青浦-区图书馆属于什么汇总业态", "汇总业态"), ("区图书馆现在啥服务状态", "服务状态")])
def test_what_word_before_a_field_asks_it(q: str, field: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.STATUS and [r.field for r in p.projection] == [field]


def test_a_size_word_never_answers_with_the_entity_itself() -> None:
    """区图书馆有多大: a number is asked; with no field it is refused, never a one-name list."""
    u = understand("区图书馆有多大")
    assert u.status is not UnderstandingStatus.PLAN or (u.plan is not None and u.plan.query_type is not QueryType.LIST)


@pytest.mark.parametrize("text", ["2016年到2018年入职的员工", "2016-2018年入职的员工", "2016至2018年"])
def test_a_range_of_whole_years(text: str) -> None:
    from datetime import date

    from kgdesk.qa.timeparse import TimeParser

    (tm,) = TimeParser(date(2026, 4, 20), ["2026-01", "2026-04"]).parse(text).mentions
    assert (tm.start, tm.end) == ("2016-01", "2018-12")


def test_two_times_with_a_date_verb_are_never_one_range() -> None:
    """2019年入职的员工在2026年4月…: never 入职日期 from 2019-01 to 2026-04."""
    u = understand("2019年入职的员工在2026年4月有几个有考勤")
    assert u.status is not UnderstandingStatus.PLAN or not any(
        t.field == "入职日期" and t.start != t.end[:4] + "-01" for s in (u.plan.steps if u.plan else []) for t in s.time
    )


@pytest.mark.parametrize("q", ["赵德胜在不在职", "区图书馆4月开没开票"])
def test_a_not_a_is_a_yes_no_question(q: str) -> None:
    assert planned(q).query_type is QueryType.EXISTENCE


@pytest.mark.parametrize(("q", "field", "start", "end"), [
    ("入职日期在2017年的人员有多少个", "入职日期", "2017-01", "2017-12"),
    ("入职日期是2019年5月的员工有哪些", "入职日期", "2019-05", "2019-05"),
    ("整改完成日期在2026年1月的检查记录有几条", "整改完成日期", "2026-01", "2026-01"),
])
def test_named_date_field_takes_the_time_without_month_coverage(q: str, field: str, start: str, end: str) -> None:
    """A date attribute is no monthly fact: 2017 outside the data's months is still a condition."""
    p = planned(q)
    assert [(t.field, t.start, t.end) for t in p.steps[0].time] == [(field, start, end)]
    assert not p.steps[0].filters
    if "几" in q or "多少" in q:
        assert p.query_type is QueryType.COUNT


def test_what_ending_is_never_a_yes_no_particle() -> None:
    """…有限公司的类别是什么: 什么 ends with 么, but it asks a value, not 有…吗."""
    u = understand("青浦-区图书馆有限公司的服务状态是什么")
    assert u.plan is None or u.plan.query_type is not QueryType.EXISTENCE


def test_partial_repeat_of_the_named_entity_is_an_unknown_attribute() -> None:
    u = understand("青浦-区图书馆的图书册数是多少")
    assert u.status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize("q", ["XMSQ0102现在怎么样了", "XMSQ0102属于哪一类"])
def test_listing_the_named_entity_itself_never_answers_an_attribute_question(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or (
        u.plan is not None and (u.plan.projection or u.plan.query_type is not QueryType.LIST)
    )


def test_collective_word_is_no_name() -> None:
    p = planned("3月全员的餐费合计")
    assert p.aggregate is not None and p.aggregate.field == "餐费" and not p.steps[0].filters
