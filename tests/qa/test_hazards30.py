"""Judge-25 classes at the plan (no graph; own wording besides the judge's probes). P0 a name after a naming
word (叫X / 名叫X / 名字是X) is the name X itself: names that only contain it are offered as a choice that says
no one is called X — never a yes — and a name no one holds is an exact condition (a plain no)."""

from __future__ import annotations

import dataclasses

import pytest

from kgdesk.qa.dsl import Op
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import context, planned, understand

# ---------------------------------------------------------------- P0: 叫X is the name X


@pytest.mark.parametrize(
    "q, shown",
    [
        ("有叫德胜的人吗", "赵德胜"),
        ("人员信息里名叫德胜的有几个", "赵德胜"),
        ("叫德胜的员工是谁", "赵德胜"),
        ("名字是德胜的人有吗", "赵德胜"),
        ("花名册里有没有一个叫德胜的", "赵德胜"),
        ("有没有叫赵巷的项目", "青浦-赵巷公园"),
    ],
)
def test_a_part_of_a_name_is_a_choice_that_says_no_one_is_called_so(q: str, shown: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.CLARIFY, (q, u.status, u.message)
    assert u.message.startswith("数据中没有叫") and shown in u.message, u.message
    assert u.choices and all(shown in o.label for o in u.choices[0].options)


@pytest.mark.parametrize("q", ["有叫李强的人吗", "有没有叫李强的员工", "名叫李强的员工有几个"])
def test_a_name_no_one_holds_is_an_exact_condition(q: str) -> None:
    p = planned(q)
    fs = [f for s in p.steps for f in s.filters if f.field == "姓名"]
    assert [(f.op, f.value) for f in fs] == [(Op.EQ, "李强")], fs


def test_the_whole_name_is_that_person() -> None:
    p = planned("有没有叫赵德胜的")
    assert any(f.value == "KWL2307024" for s in p.steps for f in s.filters)


def test_the_name_picked_from_the_choice_is_that_person() -> None:
    ctx = dataclasses.replace(context(), choices={"德胜": ["KWL2307024"]})
    u = DeterministicPlanner().understand_sync("有叫德胜的人吗", ctx)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    assert any(f.value == "KWL2307024" for s in u.plan.steps for f in s.filters)


def test_a_name_said_to_contain_the_words_still_contains_them() -> None:
    p = planned("名字里带德胜的员工有几个")
    assert any(f.op is Op.CONTAINS and f.value == "德胜" for s in p.steps for f in s.filters)


# ---------------------------------------------------------------- P1: verbs of a job, a status, the staffing ledger


@pytest.mark.parametrize(
    "q, value",
    [
        ("花名册上干保安_普保的有多少号人", "保安_普保"),
        ("干保洁员的有几个人", "保洁员"),
        ("当项目经理的有多少人", "项目经理"),
        ("担任保洁员的员工有几位", "保洁员"),
        ("花名册里干保洁员的有几号人", "保洁员"),
    ],
)
def test_a_job_verb_before_a_job_is_that_job(q: str, value: str) -> None:
    p = planned(q)
    assert [(f.field, f.value) for s in p.steps for f in s.filters] == [("岗位名称", value)]


def test_a_job_verb_elsewhere_keeps_its_reading() -> None:
    p = planned("当前在职的保洁员有几个")
    assert {f.field for s in p.steps for f in s.filters} == {"岗位名称", "按参考日在职"}


@pytest.mark.parametrize(
    "q, field, value",
    [
        ("采购单状态还停在已到货的有几笔", "状态", "已到货"),
        ("服务状态仍是服务中的项目有几个", "服务状态", "服务中"),
        ("设备完好状况还处于停用的有几台", "完好状况", "停用"),
        ("完好状况依然是带病运行的设备有哪些", "完好状况", "带病运行"),
    ],
)
def test_a_state_verb_after_a_field_is_its_value(q: str, field: str, value: str) -> None:
    p = planned(q)
    assert (field, Op.EQ, value) in [(f.field, f.op, f.value) for s in p.steps for f in s.filters]


def test_the_state_and_staffing_words_are_in_the_lexicon() -> None:
    from kgdesk.qa.lexicon import load_lexicon

    raw = load_lexicon().raw
    assert {"还停在", "仍是", "还处于"} <= set(raw["state_verbs"]["words"])
    assert {"设了", "配了", "设置了"} <= set(raw["staffing_verbs"]["verbs"])
    assert {"干", "当", "担任"} <= set(raw["job_verbs"]["verbs"])


# ---------------------------------------------------------------- P1: a score word after a field, bottom-N words


@pytest.mark.parametrize(
    "q, direction, limit",
    [
        ("客户满意度分数最低的项目是哪一个", "asc", 1),
        ("客户满意度得分最低的项目", "asc", 1),
        ("客户满意度分最高的3个项目", "desc", 3),
        ("客户满意度评分最高的项目是哪个", "desc", 1),
    ],
)
def test_a_score_word_after_a_scored_field_restates_it(q: str, direction: str, limit: int) -> None:
    p = planned(q)
    assert [(s.field, s.direction.value if hasattr(s.direction, "value") else s.direction) for s in p.sort] == [
        ("客户满意度", direction)
    ] and p.limit == limit


@pytest.mark.parametrize(
    "q, limit",
    [
        ("实际毛利率垫底的3个项目分别是", 3),
        ("合同金额倒数3个的项目", 3),
        ("合同金额排最后的两个项目", 2),
        ("客户满意度排名垫底的两个项目", 2),
        ("合同金额垫底的项目是哪个", 1),
    ],
)
def test_bottom_words_are_the_lowest_n(q: str, limit: int) -> None:
    p = planned(q)
    assert [str(getattr(s.direction, "value", s.direction)) for s in p.sort] == ["asc"] and p.limit == limit


@pytest.mark.parametrize("q", ["合同金额倒数第2的项目", "倒数3个月的开票金额"])
def test_a_position_or_a_stretch_of_time_is_not_a_bottom_n(q: str) -> None:
    from kgdesk.qa.understand.bottom_words import bottom_words

    assert bottom_words(q) == q


# ---------------------------------------------------------------- P1: a clause that restates the time said


@pytest.mark.parametrize(
    "q, month",
    [
        ("今天是2026年3月20日。这个月，也就是3月份登记的排班记录有几条", "2026-03"),
        ("上个月，即3月份的开票金额合计", "2026-03"),
        ("2026年4月，也就是这个月的考勤记录有几条", "2026-04"),
        ("这个月，就是4月份，考勤记录有几条", "2026-04"),
    ],
)
def test_a_time_restated_adds_nothing(q: str, month: str) -> None:
    p = planned(q)
    times = [(t.start, t.end) for s in p.steps for t in s.time]
    assert times == [(month, month)], times


@pytest.mark.parametrize(
    "q",
    [
        "今天是2026年3月20日。这个月，也就是4月份登记的排班记录有几条",
        "上个月，即2月份的开票金额合计",
        "2026年3月，也就是这个月的考勤记录有几条",
    ],
)
def test_a_restatement_that_disagrees_is_refused(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- P1: a bracket naming the value's field


@pytest.mark.parametrize(
    "q, field, value",
    [
        ("保洁员（岗位名称字段）有几个人", "岗位名称", "保洁员"),
        ("保洁员（按岗位名称）的员工有几位", "岗位名称", "保洁员"),
        ("服务中（服务状态字段）的项目有几个", "服务状态", "服务中"),
        ("停用（完好状况一栏）的设备有几台", "完好状况", "停用"),
    ],
)
def test_a_bracket_binds_the_value_to_its_field(q: str, field: str, value: str) -> None:
    p = planned(q)
    assert [(f.field, f.value) for s in p.steps for f in s.filters] == [(field, value)]


def test_a_bracket_whose_field_lacks_the_value_is_not_read() -> None:
    assert understand("青浦（岗位名称字段）有几个人").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- P3: a project name not in the data, greetings, changes


@pytest.mark.parametrize(
    "q, name",
    [
        ("奉贤-海湾养老院 的服务状态", "奉贤-海湾养老院"),
        ("奉贤-海湾养老院的服务状态", "奉贤-海湾养老院"),
        ("闵行-阳光幼儿园有几台设备", "闵行-阳光幼儿园"),
    ],
)
def test_a_whole_project_name_not_in_the_data_is_said_missing(q: str, name: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "no_such_entity" and u.missing == name, u.message


@pytest.mark.parametrize("q", ["hi～在吗", "哈喽～在吗", "hello~在吗"])
def test_a_wave_mark_between_greetings_is_a_pause(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.EXPLAIN


@pytest.mark.parametrize(
    "q",
    ["麻烦把XMSQ0102 1月份的开票金额更新成40万", "把区图书馆的服务状态调成已结束", "请将赵德胜的岗位变更为保洁员"],
)
def test_a_change_in_other_words_is_answered_read_only(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.EXPLAIN and "只读取" in u.explain_text, u.explain_text


@pytest.mark.parametrize("q", ["1~3月的开票金额合计", "一月～三月的开票金额合计"])
def test_a_wave_mark_between_numbers_stays_a_range(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.PLAN


# ---------------------------------------------------------------- P2: a day, or a range of days, on the field a verb names


@pytest.mark.parametrize(
    "q, conds",
    [
        ("花名册里2026年1月1日及以后入职的都是谁", [("入职日期距2026-01-01天数", Op.GTE)]),
        ("2026年1月1日以后入职的员工有哪些", [("入职日期距2026-01-01天数", Op.GT)]),
        ("2026年1月1日及以前入职的员工有几个", [("入职日期距2026-01-01天数", Op.LTE)]),
        ("2026年2月1日到2026年2月28日之间一共做了几次检查", [("检查日期距2026-02-01天数", Op.GTE), ("检查日期距2026-02-28天数", Op.LTE)]),
        ("2026年1月1日到2026年3月31日之间入职的有几个人", [("入职日期距2026-01-01天数", Op.GTE), ("入职日期距2026-03-31天数", Op.LTE)]),
    ],
)
def test_the_verb_names_the_date_field_of_a_day(q: str, conds: list[tuple[str, Op]]) -> None:
    p = planned(q)
    assert [(f.field, f.op) for s in p.steps for f in s.filters if "天数" in f.field] == conds


def test_a_verb_of_two_date_fields_is_not_guessed() -> None:
    from kgdesk.qa.understand.day_verbs import day_verbs

    assert day_verbs("2026年6月30日及以前到期的有几个") == "2026年6月30日及以前到期的有几个"


# ---------------------------------------------------------------- P1: 从 before a supplier, the whole of a share said with 总


@pytest.mark.parametrize(
    "q, said",
    [
        ("XMSQ0150 的采购都是从哪些供应商买的", "XMSQ0150的采购记录都是哪些供应商"),
        ("从哪家供应商采购的金额最多", "哪家供应商的采购金额最多"),
        ("区图书馆的采购都是从哪几家供应商进货的？", "区图书馆的采购记录都是哪几家供应商？"),
        ("从3月开始的项目", "从3月开始的项目"),
    ],
)
def test_from_a_supplier_names_the_supplier_of_the_records(q: str, said: str) -> None:
    from kgdesk.qa.understand.source_verbs import source_verbs

    assert source_verbs(q) == said


@pytest.mark.parametrize(
    "q, said",
    [
        ("耗材采购金额占采购总金额的比重", "耗材采购金额占全部采购金额的比重"),
        ("耗材采购的金额占采购的总金额的比例", "耗材采购的金额占全部采购金额的比例"),
        ("开票金额占全部开票金额的比例", "开票金额占全部开票金额的比例"),
    ],
)
def test_the_whole_said_with_total_is_every_records_sum(q: str, said: str) -> None:
    from kgdesk.qa.understand.whole_total import whole_total

    assert whole_total(q) == said
