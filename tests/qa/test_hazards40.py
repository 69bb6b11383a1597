"""Judge-35 classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards40_graph.py)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from kgdesk.qa.dsl import AggFn, Aggregate, FieldRef, QueryPlan, QueryType, Step
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- A: 相差 / 差多少 between two totals is |A − B|


@pytest.mark.parametrize(
    "q",
    [
        "2月考勤里加班超时费合计和国定加班费合计相差多少",
        "2月考勤中加班超时费合计跟国定加班费合计差多少元",
        "2026年3月开票总额和收款总额差多少",
        "3月开票金额和收款金额差了多少钱",
    ],
)
def test_a_an_unsigned_difference_of_two_totals_is_absolute(q: str) -> None:
    agg = planned(q).aggregate
    assert agg is not None and agg.fn is AggFn.SUM and agg.absolute, agg


@pytest.mark.parametrize("q", ["2月考勤里加班超时费比国定加班费多多少", "3月收款金额比开票金额少多少"])
def test_a_a_signed_difference_keeps_its_sign(q: str) -> None:
    agg = planned(q).aggregate
    assert agg is not None and not agg.absolute


def test_a_absolute_is_only_one_sum() -> None:
    with pytest.raises(ValidationError):
        Aggregate(fn=AggFn.AVG, field="金额", absolute=True)
    step = Step(entity="财务")
    with pytest.raises(ValidationError):
        QueryPlan(
            query_type=QueryType.AGGREGATE,
            steps=[step],
            group_by=[FieldRef(field="年月")],
            aggregate=Aggregate(fn=AggFn.SUM, field="开票金额", absolute=True),
        )


# ---------------------------------------------------------------- B: a number in a bracket explaining a term


@pytest.mark.parametrize(
    "q",
    [
        "3月XMSQ0150有没有人排过值班（24小时那种）",
        "XMSQ0150三月份有人上过值班(24小时)吗",
        "3月份XMSQ0150排了值班（24小时）的人有哪些",
    ],
)
def test_b_a_bracketed_number_restating_a_term_is_no_condition(q: str) -> None:
    u = understand(q)
    if u.status is not UnderstandingStatus.PLAN:
        return  # a refusal is acceptable; a confident 没有 is not
    assert u.plan is not None
    duty = [f for s in u.plan.steps for f in s.filters if f.field == "值班天数"]
    assert duty and all(f.value == 0 and f.op.value == "gt" for f in duty), duty


def test_b_the_plain_restating_bracket_is_planned() -> None:
    assert understand("3月XMSQ0150有没有人排过值班（24小时那种）").status is UnderstandingStatus.PLAN


@pytest.mark.parametrize(
    "q",
    ["负责5个以上项目的负责人有几个（大约5个）", "3月XMSQ0150排过值班的有几人（估计3人左右）", "值班的人有多少（约10人）"],
)
def test_b_a_bracket_guessing_the_answer_is_never_dropped(q: str) -> None:
    # after the question word, or with a hedge, the number is the asker's guess, not a definition of a term
    assert understand(q).status is not UnderstandingStatus.PLAN


def test_b_a_bound_said_outside_the_bracket_stays() -> None:
    plan = planned("3月XMSQ0150值班超过3天的人有几个")
    duty = [f for s in plan.steps for f in s.filters if f.field == "值班天数"]
    assert [(f.op.value, f.value) for f in duty] == [("gt", 3)]


# ---------------------------------------------------------------- C: values listed, then 各 / 分别 + an aggregate


@pytest.mark.parametrize(
    "q, field",
    [
        ("完好和停用的设备原值各合计多少", "完好状况"),
        ("完好、停用两种设备的原值分别汇总一下", "完好状况"),
        ("2026年1月和2月的开票金额各合计多少", "年月"),
        ("1月、2月、3月的开票金额各算一下总数", "年月"),
        ("中标和未中标的投标金额各一个合计", "中标结果"),
    ],
)
def test_c_listed_values_asked_apart_are_grouped(q: str, field: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or (
        u.plan is not None and [g.field for g in u.plan.group_by] == [field]
    ), (q, u.plan)


@pytest.mark.parametrize("q", ["完好和停用的设备原值一共多少", "2026年1月和2月的开票金额合计多少"])
def test_c_listed_values_without_an_each_word_are_one_total(q: str) -> None:
    plan = planned(q)
    assert plan.group_by == [] and plan.aggregate is not None and plan.aggregate.fn is AggFn.SUM


def test_c_two_listed_fields_asked_apart_are_refused() -> None:
    u = understand("完好和停用的设备里，电梯和消防的原值各合计多少")
    assert u.status is not UnderstandingStatus.PLAN or (u.plan is not None and u.plan.group_by), u.plan


# ---------------------------------------------------------------- D–L: text rules on their own


@pytest.mark.parametrize(
    "q, want",
    [
        ("哪个项目的年化合同额是最高的", "哪个项目的年化合同额最高的"),
        ("哪台设备原值为最低", "哪台设备原值最低"),
        ("XMSQ0301的年化合同额是最高的吗", "XMSQ0301的年化合同额是最高的吗"),
    ],
)
def test_d_is_before_a_superlative_is_a_copula(q: str, want: str) -> None:
    from kgdesk.qa.understand.copula_extreme import copula_before_extreme

    assert copula_before_extreme(q) == want


@pytest.mark.parametrize(
    "q, want",
    [
        ("客户满意度没填的项目有几个", "客户满意度为空的项目有几个"),
        ("离职日期还没有登记的员工", "离职日期为空的员工"),
        ("没有填客户满意度的项目", "客户满意度为空的项目"),
    ],
)
def test_e_a_field_before_an_unfilled_verb_is_empty(q: str, want: str) -> None:
    from kgdesk.qa.understand.record_verbs import record_verbs

    assert record_verbs(q) == want


@pytest.mark.parametrize(
    "q, want",
    [
        ("有效期至在今天之后且不晚于2027年12月31日的证书", "有效期至在今天之后且有效期至不晚于2027年12月31日的证书"),
        ("结束日期晚于今天并且早于2027年1月1日的合同", "结束日期晚于今天并且结束日期早于2027年1月1日的合同"),
        ("有效期至在今天之后且专业类别是电工的证书", "有效期至在今天之后且专业类别是电工的证书"),
    ],
)
def test_g_a_second_date_bound_is_on_the_same_field(q: str, want: str) -> None:
    from kgdesk.qa.understand.date_bounds_joined import date_bounds_joined

    assert date_bounds_joined(q) == want


@pytest.mark.parametrize(
    "q, want",
    [
        ("按区统计一下项目个数", "按市（区）统计一下项目个数"),
        ("每个区各有几个项目", "每个市（区）各有几个项目"),
        ("按片区统计项目个数", "按片区统计项目个数"),
        ("区图书馆有几个人", "区图书馆有几个人"),
        ("青浦区有几个项目", "青浦区有几个项目"),
    ],
)
def test_j_the_word_in_a_bracketed_field_name_after_a_group_word(q: str, want: str) -> None:
    from kgdesk.qa.understand.field_alias_bracket import bracket_field_alias

    assert bracket_field_alias(q) == want


@pytest.mark.parametrize(
    "q, want",
    [
        ("每种检查类型各自的最高得分", "每种检查类型的最高得分"),
        ("各片区分别有几个项目", "各片区有几个项目"),
        ("每个项目开票和收款分别多少", "每个项目开票和收款分别多少"),
        ("清洁耗材、工程耗材各自的金额", "清洁耗材、工程耗材各自的金额"),
    ],
)
def test_k_each_after_a_grouping_restates_it(q: str, want: str) -> None:
    from kgdesk.qa.understand.each_restated import each_restated

    assert each_restated(q) == want


def test_f_a_code_after_a_code_fields_name_is_its_value() -> None:
    plan = planned("出厂编号2019115515的设备完好状况怎么样")
    assert any(f.field == "出厂编号" and f.value == "2019115515" for s in plan.steps for f in s.filters), plan


@pytest.mark.parametrize("q", ["员工司马光是哪天入职的", "同事欧阳娜娜在哪个项目", "人员王小二是什么岗位"])
def test_l_a_name_after_the_word_for_people_is_missing(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "no_such_entity", (u.status, u.message)


def test_l_a_field_of_each_person_is_no_name() -> None:
    assert understand("每个员工车牌号是多少").reason != "no_such_entity"


def test_l_small_talk_after_a_greeting() -> None:
    assert understand("下午好，今天也辛苦了").status is not UnderstandingStatus.NEEDS_LLM


# ---------------------------------------------------------------- found by the judge: 是谁 answered by the project


@pytest.mark.parametrize(
    "q", ["3月XMSQ0150排过值班的是谁", "2026年3月在XMSQ0150上过夜班的是谁", "3月份XMSQ0150请过病假的是谁"]
)
def test_who_is_never_answered_by_the_project_named(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or (u.plan is not None and u.plan.output_step.entity == "人员")


@pytest.mark.parametrize("q", ["XMSQ0150的项目经理是谁", "最早入职的是谁", "区图书馆是谁检查的"])
def test_who_questions_that_list_people_stay_planned(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.PLAN
