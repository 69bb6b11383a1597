"""Judge-22 classes at the plan (no graph; own wording besides the judge's probes). 0 a field that holds
another record's key, said with its own name before that record's code; 1 a ledger named by its template
name with a 表 / 台账 suffix; 2 a month in Chinese numerals right after a code; 4 today said without 是."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa.timeparse import reference_date
from kgdesk.qa.understand.asker import asker_opener
from kgdesk.qa.understand.compare_forms import compare_forms
from kgdesk.qa.understand.month_count import restated_months
from kgdesk.qa.understand.none_at_all import none_at_all
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- 0: a key-holding field before a code


@pytest.mark.parametrize(
    "q",
    [
        "花名册里当前服务项目编号是XMSQ0102的都是谁",
        "花名册里当前服务项目编号填的是XMSQ0102的，都是谁",
        "人员信息表中当前服务项目编号填的XMSQ0150的有哪些人",
        "当前服务项目编号写的是XMSQ0150的有几个人",
        "当前服务项目编号登记的是XMSQ0102的都有谁",
        "当前服务项目编号为XMSQ0102的员工是谁",
    ],
)
def test_the_current_project_field_asks_the_people(q: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == "人员", p
    assert [(h.rel, h.target) for h in step.hops] == [("服务于", "项目")], p
    assert any(f.field == "依据" and f.value == "人员信息" for f in step.filters), p  # the field's own basis


@pytest.mark.parametrize(
    "q, owner",
    [
        ("片区负责人工号是KWL2307024的是哪个片区", "片区"),
        ("片区负责人工号填的KWL2307024的有哪些", "片区"),
        ("项目负责人工号填的是KWL2307024的项目", "项目"),
        ("项目负责人工号为KWL2307024的有几个", "项目"),
        ("检查人工号是KWL2307024的有几条", "检查记录"),
        ("设备责任人工号写的是KWL2307024的设备", "设备"),
    ],
)
def test_a_head_field_asks_its_owner_through_its_relationship(q: str, owner: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == owner, p
    assert len(step.hops) == 1 and step.hops[0].target == "人员" and step.hops[0].direction == "out", p
    assert step.hops[0].rel in ("负责人", "检查人", "责任人"), p


@pytest.mark.parametrize(
    "q", ["经办人工号是KWL2307024的维保合同有几份", "经办人工号填的是KWL2307024的采购记录有几条"]
)
def test_a_field_of_two_types_takes_the_type_named(q: str) -> None:
    p = planned(q)
    assert p.steps[0].entity in ("维保合同", "采购记录") and p.steps[0].hops[0].rel == "经办人", p


@pytest.mark.parametrize("q", ["经办人工号是KWL2307024的有几条", "负责人工号是KWL2307024的有哪些"])
def test_an_ambiguous_owner_is_refused(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- 1: a template name with 表 / 台账 confirms the source


@pytest.mark.parametrize(
    "q, label",
    [
        ("维保合同的金额一共多少（采购与维保表）", "维保合同"),
        ("采购与维保台账里维保合同的金额一共多少", "维保合同"),
        ("采购与维保表格中采购记录的金额合计是多少", "采购记录"),
        ("采购记录的金额一共多少（采购与维保台账）", "采购记录"),
    ],
)
def test_the_ledger_name_never_hides_the_asked_types_field(q: str, label: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == label and p.aggregate is not None and p.aggregate.field == "金额", p


@pytest.mark.parametrize(
    "q, label",
    [
        ("项目月度财务表里XMSQ0102的开票金额合计多少", "财务"),
        ("岗位编制表里XMSQ0102的在岗人数合计", "岗位编制"),
        ("设备信息台账里有几台设备", "设备"),
    ],
)
def test_every_template_name_is_a_ledger(q: str, label: str) -> None:
    assert planned(q).steps[0].entity == label


def test_a_type_the_ledger_lacks_is_not_read_through_it() -> None:
    assert understand("采购与维保表里有几个项目").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- 2: a month in Chinese numerals after a code


@pytest.mark.parametrize(
    "q, month, field",
    [
        ("XMSQ0102三月份的开票金额是多少", "2026-03", "开票金额"),
        ("XMSQ0102二月的收款金额", "2026-02", "收款金额"),
        ("XMSQ0150一月开了多少票", "2026-01", "开票金额"),
        ("XMSQ0150四月份的收款金额合计", "2026-04", "收款金额"),
    ],
)
def test_a_chinese_month_after_a_code_is_a_month(q: str, month: str, field: str) -> None:
    p = planned(q)
    t = p.steps[0].time
    assert [(x.start, x.end) for x in t] == [(month, month)], p
    assert (p.aggregate.field if p.aggregate else p.projection[0].field) == field, p


def test_a_chinese_month_range_after_a_code() -> None:
    t = planned("XMSQ0102一月到三月的开票金额合计").steps[0].time
    assert [(x.start, x.end) for x in t] == [("2026-01", "2026-03")]


def test_open_without_invoice_stays_refused() -> None:
    assert understand("XMSQ0150一月开了多少").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- 4: today said without 是 / as M月D日 / D号


@pytest.mark.parametrize(
    "text, day",
    [
        ("今天11月30日，结束日期早于今天的维保合同有几份", date(2026, 11, 30)),
        ("今天11月30号，x", date(2026, 11, 30)),
        ("今天30号，x", date(2026, 11, 30)),
        ("今天是28号，x", date(2026, 11, 28)),
        ("今天2026年11月29日，x", date(2026, 11, 29)),
        ("今日十一月三十日，x", date(2026, 11, 30)),
    ],
)
def test_today_said_without_a_copula(text: str, day: date) -> None:
    ref = reference_date(text, date(2026, 11, 30))
    assert ref is not None and ref.day == day


@pytest.mark.parametrize("text", ["今天3号楼的设备有几台", "今天的开票金额", "今天30号楼有几台设备"])
def test_a_number_with_hao_that_is_no_day_is_not_today(text: str) -> None:
    assert reference_date(text, date(2026, 11, 30)) is None


# ---------------------------------------------------------------- 5: two conditions joined by 、


@pytest.mark.parametrize(
    "q, want",
    [
        ("服务状态为服务中、汇总业态为园区的项目有几个", {("服务状态", "服务中"), ("汇总业态", "园区")}),
        ("委托方式为全委、计费方式为包干制的项目有几个", {("委托方式", "全委"), ("计费方式", "包干制")}),
        ("服务状态是服务中、委托方式是全委的项目有哪些", {("服务状态", "服务中"), ("委托方式", "全委")}),
    ],
)
def test_the_enumeration_comma_ends_a_stated_value(q: str, want: set[tuple[str, str]]) -> None:
    p = planned(q)
    assert {(f.field, f.value) for f in p.steps[0].filters} == want, p


def test_a_joining_word_after_the_comma_starts_the_second_condition() -> None:
    p = planned("服务状态是服务中、却没有检查记录的项目有哪些")
    step = p.steps[0]
    assert [(f.field, f.value) for f in step.filters] == [("服务状态", "服务中")], p
    assert [(h.target, h.negate) for h in step.hops] == [("检查记录", True)], p


@pytest.mark.parametrize("q", ["岗位为保洁员、保安的人有几个"])
def test_a_list_of_values_of_one_field_is_not_cut(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or all(
        "、" in str(f.value) for f in u.plan.steps[0].filters
    )  # type: ignore[union-attr]


# ---------------------------------------------------------------- 6: none found in a named ledger


@pytest.mark.parametrize(
    "q, out",
    [
        ("服务中的项目里，在检查记录里一条都查不到的有几个", "服务中的项目里，没有检查记录的有几个"),
        ("在检查台账里一条也找不到的项目有哪些", "没有检查记录的项目有哪些"),
        ("设备台账里一台都没有的项目有几个", "没有设备记录的项目有几个"),
        ("在证书台账里一张都查不到的员工", "没有证书记录的员工"),
    ],
)
def test_none_found_in_a_ledger_is_the_anti_join(q: str, out: str) -> None:
    assert none_at_all(q) == out


def test_a_month_keeps_none_found_as_written() -> None:
    assert none_at_all("3月在检查记录里一条都查不到的项目") == "3月在检查记录里一条都查不到的项目"


def test_none_found_plans_the_anti_join() -> None:
    step = planned("服务中的项目里，在检查记录里一条都查不到的有几个").steps[0]
    assert step.entity == "项目" and [(h.target, h.negate) for h in step.hops] == [("检查记录", True)]


# ---------------------------------------------------------------- 3: N个月 restating a stated range


@pytest.mark.parametrize(
    "q, out",
    [
        ("考勤表里1~4月四个月都有记录的员工有几个", "考勤表里1~4月每个月都有记录的员工有几个"),
        ("一月到三月三个月都有考勤的员工", "一月到三月每个月都有考勤的员工"),
        ("1到2月两个月累计收款金额超过20万的项目", "1到2月累计收款金额超过20万的项目"),
        ("1到3月的三个月收款金额合计", "1到3月收款金额合计"),
    ],
)
def test_n_months_restating_the_range_adds_nothing(q: str, out: str) -> None:
    assert restated_months(q) == out


@pytest.mark.parametrize(
    "q",
    ["1到3月两个月都有记录的员工", "项目月度财务里各项目两个月累计收款超过20万的有哪些", "1到3月三个月内"],
)
def test_n_months_that_is_not_the_range_is_left(q: str) -> None:
    assert restated_months(q) == q


def test_months_that_are_not_the_coverage_are_refused() -> None:
    assert (
        understand("项目月度财务里各项目两个月累计收款超过20万的有哪些").status
        is not UnderstandingStatus.PLAN
    )


# ---------------------------------------------------------------- 7: when + a date verb of the asked record


def test_a_key_field_restated_after_the_code_is_not_asked() -> None:
    p = planned("KWL2307024这个工号哪天入职的")
    assert p.steps[0].entity == "人员" and [f.field for f in p.projection] == ["入职日期"], p


@pytest.mark.parametrize("q", ["KWL2307024这个工号什么时候离职的", "KWL2307024这个工号是什么岗位"])
def test_a_key_field_restated_after_the_code_other_fields(q: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == "人员" and "工号" not in [f.field for f in p.projection], p


# ---------------------------------------------------------------- 8: 叫啥 / 叫什么名字 after a field


@pytest.mark.parametrize(
    "q",
    ["XMSQ0102的甲方叫啥名字", "区图书馆的甲方名字叫什么", "XMSQ0102的甲方叫什么", "区图书馆甲方叫啥"],
)
def test_a_name_word_after_a_field_asks_the_field(q: str) -> None:
    p = planned(q)
    assert [f.field for f in p.projection] == ["甲方名称"], p


def test_a_name_word_after_a_relationship_keeps_the_related_name() -> None:
    p = planned("区图书馆的项目负责人叫什么")
    assert p.steps[0].entity == "人员", p


def test_a_name_word_after_the_record_asks_its_name() -> None:
    assert [f.field for f in planned("XMSQ0102叫什么名字").projection] == ["项目名称"]


# ---------------------------------------------------------------- 9: ranking words and per-record fillers


@pytest.mark.parametrize(
    "q, desc",
    [
        ("客户满意度垫底的项目是哪个", False),
        ("哪个项目的客户满意度排最后", False),
        ("客户满意度拔尖的项目是哪个", True),
        ("合同面积打头的项目是哪个", True),
    ],
)
def test_ranking_words(q: str, desc: bool) -> None:
    p = planned(q)
    assert p.sort and p.sort[0].direction == ("desc" if desc else "asc") and p.limit == 1, p


@pytest.mark.parametrize(
    "q, fn", [("维保合同单笔金额最低的那一笔多少钱", "min"), ("维保合同里单笔金额最高的那一份是多少", "max")]
)
def test_a_single_record_measure_with_fillers(q: str, fn: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and (p.aggregate.fn.value, p.aggregate.field) == (fn, "金额"), p


# ---------------------------------------------------------------- 14 / 15 / 16 / 11: openers, 填的, 平均每份, 多出来


@pytest.mark.parametrize(
    "q, rest",
    [
        ("人事想了解下：花名册上有多少男员工", "花名册上有多少男员工"),
        ("我们财务问一下，1月收款多少", "1月收款多少"),
        ("运营这边想问下：花名册上有多少男员工", "花名册上有多少男员工"),
        ("采购想知道，维保合同有几份", "维保合同有几份"),
    ],
)
def test_a_department_opener_is_dropped(q: str, rest: str) -> None:
    assert asker_opener(q)[0] == rest


@pytest.mark.parametrize("q", ["人事问题有几个", "财务问一下1月收款多少"])
def test_a_department_word_without_its_punctuation_stays(q: str) -> None:
    assert asker_opener(q) == (q, [])


@pytest.mark.parametrize(
    "q, field, value",
    [
        ("岗位名称写的保洁员的人有几个", "岗位名称", "保洁员"),
        ("性别填的男的员工有几个", "性别", "男"),
        ("性别记的是女的员工有几个", "性别", "女"),
    ],
)
def test_a_field_filled_with_a_value(q: str, field: str, value: str) -> None:
    assert [(f.field, f.value) for f in planned(q).steps[0].filters] == [(field, value)]


@pytest.mark.parametrize("q", ["投标记录里年份填的2026年的有几条", "投标记录里年份写的是2026年的有几条"])
def test_a_year_field_filled_with_a_year(q: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == "投标记录" and any(f.field == "年份" for f in p.steps[0].filters), p


@pytest.mark.parametrize(
    "q, label, field",
    [("维保合同平均每份金额多少", "维保合同", "金额"), ("维保合同平均一份金额是多少", "维保合同", "金额")],
)
def test_average_per_record_classifier(q: str, label: str, field: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == label and p.aggregate is not None, p
    assert (p.aggregate.fn.value, p.aggregate.field) == ("avg", field), p


def test_average_per_company_is_not_a_record_average() -> None:
    u = understand("供应商平均每家采购金额多少")
    assert u.status is not UnderstandingStatus.PLAN, u.plan


def test_duo_chu_lai_is_a_difference() -> None:
    assert understand("3月的开票金额合计比1月多出来多少").status is UnderstandingStatus.PLAN


# ---------------------------------------------------------------- 10 / 11 / 13: ranked sums, two values apart, a hint


@pytest.mark.parametrize(
    "q, measure, n",
    [
        ("按岗位编制里的在岗人数合计，排前两名的岗位", "在岗人数", 2),
        ("按岗位编制的预算编制合计，排前3名的岗位是哪些", "预算编制", 3),
    ],
)
def test_ranked_sums_through_the_ledger(q: str, measure: str, n: int) -> None:
    p = planned(q)
    assert p.steps[0].entity == "岗位编制" and [g.field for g in p.group_by] == ["岗位"], p
    assert p.aggregate is not None and (p.aggregate.fn.value, p.aggregate.field) == ("sum", measure), p
    assert p.limit == n and p.with_ties, p


@pytest.mark.parametrize(
    "q, out",
    [
        ("保洁员、客服专员这两个岗位在花名册上差几个人", "花名册保洁员和客服专员哪个岗位的人多，多多少"),
        ("保洁员和客服专员这两个岗位差几个人", "保洁员和客服专员哪个岗位的人多，多多少"),
        ("保洁员、客服专员这两个岗位相差多少人？", "保洁员和客服专员哪个岗位的人多，多多少？"),
    ],
)
def test_two_values_apart_is_which_is_more_and_by_how_much(q: str, out: str) -> None:
    assert compare_forms(q) == out


@pytest.mark.parametrize("q", ["保洁员比客服专员多几个人", "保洁员和客服专员相差几个人"])
def test_other_comparisons_are_left(q: str) -> None:
    assert compare_forms(q) == q


@pytest.mark.parametrize(
    "q",
    [
        "今天是2026-11-30，人员证书里已经过期的有几张（按有效期至）",
        "人员证书里已经过期的有几张（看有效期至）",
        "人员证书里已经过期的有几张（以有效期至为准）",
    ],
)
def test_a_bracket_naming_the_conditions_date_is_a_hint(q: str) -> None:
    p = planned(q)
    assert not p.group_by and p.query_type.value == "count", p


def test_grouping_by_a_date_without_a_condition_stays() -> None:
    assert [g.field for g in planned("人员证书按有效期至统计有几张").group_by] == ["有效期至"]


# ---------------------------------------------------------------- 17: a quoted value its field lacks


@pytest.mark.parametrize("q", ["花名册里“水电工”这个岗位有几个人", '花名册里"水电工"这个岗位的人是谁'])
def test_a_quoted_value_the_field_lacks_is_not_in_the_data(q: str) -> None:
    u = understand(q)
    assert (
        u.status is UnderstandingStatus.INSUFFICIENT
        and u.reason == "no_such_entity"
        and u.missing == "水电工"
    ), u


@pytest.mark.parametrize("q", ['花名册里"保洁员"这个岗位有几个人', "花名册里“保洁阿姨”这个岗位有几个人"])
def test_a_quoted_value_the_field_holds_is_read_as_usual(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.PLAN


@pytest.mark.parametrize("q", ["设备台账里报废的比例", "花名册里女的占比", "投标记录表里中标的比例"])
def test_a_one_type_ledger_still_names_the_whole_of_a_share(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.PLAN
