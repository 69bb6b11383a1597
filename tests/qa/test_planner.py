"""The deterministic planner on an in-memory schema and index: shapes it handles, and the ones it
must refuse instead of guessing."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa.dsl import AggFn, Op, QueryPlan, QueryType, ValueSource
from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.understanding import Understanding, UnderstandingStatus
from kgdesk.qa.validate_plan import validate_plan
from tests.qa.helpers import context, schema


def understand(q: str, today: date = date(2026, 4, 20)) -> Understanding:
    return DeterministicPlanner().understand_sync(q, context(today))


def planned(q: str) -> QueryPlan:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN, (u.status, u.message)
    assert u.plan is not None
    validate_plan(u.plan, schema())
    return u.plan


def test_lexicon_is_data() -> None:
    lx = load_lexicon()
    phrases = lx.phrases()
    assert any(s.kind == "label" and s.get("label") == "人员" for s in phrases["员工"])
    assert any(s.kind == "field" and s.get("field") == "司龄" for s in phrases["在职年限"])
    assert any(s.kind == "cue" and s.name == "existence" for s in phrases["有没有"])
    assert normalize("青浦-区 图书馆") == "青浦区图书馆"


def test_count_all() -> None:
    p = planned("一共有多少个项目")
    assert p.query_type is QueryType.COUNT and p.steps[0].entity == "项目" and not p.steps[0].filters
    assert p.aggregate is not None and p.aggregate.fn is AggFn.COUNT_DISTINCT


def test_list_with_grounded_value() -> None:
    p = planned("服务中的项目有哪些")
    f = p.steps[0].filters[0]
    assert p.query_type is QueryType.LIST and (f.field, f.op, f.value, f.value_source) == (
        "服务状态",
        Op.EQ,
        "服务中",
        ValueSource.GROUNDED,
    )


def test_existence_is_not_a_count() -> None:
    p = planned("有没有报废的设备")
    assert p.query_type is QueryType.EXISTENCE and p.aggregate is None
    assert p.steps[0].entity == "设备" and p.steps[0].filters[0].value == "报废"


def test_people_of_a_project_now_and_in_a_month() -> None:
    p = planned("青浦-区图书馆有多少人")
    s = p.steps[0]
    assert s.entity == "人员" and s.hops[0].rel == "服务于" and s.hops[0].target == "项目"
    assert {(f.node, f.field) for f in s.filters} == {("n1", "_key"), ("r1", "依据")}
    assert any("当前服务项目" in n for n in p.notes)
    # a headcount in a month: the attendance rows' own project and month (issue 18 class 4)
    p = planned("3月青浦-区图书馆有多少人")
    s = p.steps[0]
    assert s.hops[0].target == "考勤" and {(f.node, f.field) for f in s.filters} == {("n1", "项目编号")}
    assert s.time[0].kind == "month_eq" and s.time[0].node == "n1" and s.time[0].start == "2026-03"
    assert not any("未指定时间" in n for n in p.notes)
    # serving there in a month: the service period (服务于), as before
    p = planned("3月在青浦-区图书馆服务的有多少人")
    s = p.steps[0]
    assert {(f.node, f.field) for f in s.filters} == {("n1", "_key")}
    assert s.time[0].kind == "period_overlap" and (s.time[0].start, s.time[0].end) == ("2026-03", "2026-03")


def test_month_outside_coverage_is_honest() -> None:
    u = understand("2026年6月青浦-区图书馆有多少人")
    assert u.status is UnderstandingStatus.INSUFFICIENT and "2026-06" in u.message


def test_ambiguous_names_ask_the_user() -> None:
    u = understand("张伟的岗位是什么")
    assert u.status is UnderstandingStatus.CLARIFY and u.plan is None
    assert {o.id for o in u.choices[0].options} == {"KWL0000001", "KWL0000002"}
    u = understand("青浦有多少人")
    assert u.status is UnderstandingStatus.CLARIFY


def test_a_name_split_by_a_filler_character_is_joined_back() -> None:
    # 中 is a filler word: 中心 used to leave 「心」 not understood; it names two projects
    u = understand("中心有多少人")
    assert u.status is UnderstandingStatus.CLARIFY, (u.status, u.message)
    assert {"XMSQ0202", "XMSQ0205"} <= {o.id for o in u.choices[0].options}
    u = understand("外滩中心有多少人")  # names nothing: the whole phrase is what is not understood
    assert u.status is not UnderstandingStatus.PLAN and "「外滩中心」" in u.message


def test_attendance_days_are_a_sum_not_a_count_of_people() -> None:
    for q in ("赵德胜3月出勤多少天", "赵德胜3月出勤了几天"):
        p = planned(q)
        assert p.query_type is QueryType.AGGREGATE and p.steps[0].entity == "考勤", q
        assert p.aggregate is not None and (p.aggregate.fn, p.aggregate.field) == (AggFn.SUM, "上班天数"), q
    p = planned("3月有多少人出勤")  # a head count stays a count
    assert p.aggregate is not None and p.aggregate.fn is AggFn.COUNT_DISTINCT


@pytest.mark.parametrize(
    "q", ["火星基地有多少人", "帮我订一张明天去北京的机票", "项目经理的老婆叫什么", "张伟张伟张伟"]
)
def test_not_understood_is_never_guessed(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN and u.plan is None


def test_status_lookup() -> None:
    p = planned("赵德胜的岗位是什么")
    assert p.query_type is QueryType.STATUS
    assert p.steps[0].filters[0].value == "KWL2307024" and p.projection[0].field == "岗位名称"


def test_sum_over_months() -> None:
    p = planned("1到3月青浦-工业园区的收款金额合计")
    s = p.steps[0]
    assert p.query_type is QueryType.AGGREGATE and s.entity == "财务"
    assert p.aggregate is not None and (p.aggregate.fn, p.aggregate.field) == (AggFn.SUM, "收款金额")
    assert s.time[0].kind == "month_range" and (s.time[0].start, s.time[0].end) == ("2026-01", "2026-03")
    assert s.filters[0].field == "项目编号" and s.filters[0].value == "XMSQ0150"


def test_average_per_person() -> None:
    p = planned("3月平均每人加班多少小时")
    assert p.aggregate is not None and p.aggregate.fn is AggFn.AVG and p.aggregate.per is not None
    assert p.aggregate.per.field == "工号"


def test_value_grounding_through_the_lexicon() -> None:
    p = planned("保安有多少人")
    f = p.steps[0].filters[0]
    assert f.field == "岗位名称" and f.op is Op.IN and set(f.value) == {"保安_领班", "保安_普保"}  # type: ignore[arg-type]
    p = planned("管理岗有哪些人")
    f = p.steps[0].filters[0]
    assert f.field == "员工层级" and set(f.value) == {"项目管理人员", "职能管理人员"}  # type: ignore[arg-type]


def test_consecutive_months_is_an_intersection_of_steps() -> None:
    p = planned("连续三个月都有加班的人")
    assert len(p.steps) == 4 and all(s.entity == "人员" for s in p.steps)
    assert [c.op for c in p.combine] == ["intersection", "intersection", "union"]
    assert p.combine[0].steps == ["s1", "s2", "s3"] and p.combine[1].steps == ["s2", "s3", "s4"]
    assert all(any(f.field == "平时加班小时" and f.op is Op.GT for f in s.filters) for s in p.steps)
    u = understand("连续五个月都有加班的人")
    assert u.status is UnderstandingStatus.INSUFFICIENT


def test_absence_and_projects_without_staff() -> None:
    p = planned("3月哪些人缺勤")
    assert [c.op for c in p.combine] == ["difference"] and len(p.steps) == 2
    p = planned("哪些服务中的项目没有人员")
    assert p.steps[0].hops[0].negate and p.steps[0].hops[0].rel == "服务于"


def test_derived_attribute_filter() -> None:
    p = planned("年龄超过50岁的员工有哪些")
    s = p.steps[0]
    assert s.derived[0].name == "年龄" and s.derived[0].expression == "years_between(出生日期, today)"
    assert any(f.field == "年龄" and f.op is Op.GT and f.value == 50 for f in s.filters)
    p = planned("3个月内到期的项目有哪些")
    ops = {(f.field, f.op, f.value) for f in p.steps[0].filters}
    assert ("剩余服务月数", Op.LTE, 3) in ops and ("剩余服务月数", Op.GTE, 0) in ops


def test_superlative_keeps_ties() -> None:
    p = planned("哪个项目3月开票金额最高")
    assert p.query_type is QueryType.LIST and p.limit == 1 and p.with_ties
    assert p.steps[0].entity == "财务" and p.group_by[0].node == "n1"


def test_explain_comes_from_the_templates() -> None:
    u = understand("上班天数是什么意思")
    assert u.status is UnderstandingStatus.EXPLAIN and "上班天数" in u.explain_text
    u = understand("考勤里的调是什么意思")
    assert u.status is UnderstandingStatus.EXPLAIN and "调休" in u.explain_text


def test_yes_no_questions_end_with_ma() -> None:
    p = planned("赵德胜有消防证书吗")
    assert p.query_type is QueryType.EXISTENCE
    p = planned("赵德胜2026年1月有考勤记录吗")
    s = p.steps[0]
    assert p.query_type is QueryType.EXISTENCE and [h.target for h in s.hops] == ["考勤"]
    assert s.time[0].node == "n1" and s.time[0].start == "2026-01"


@pytest.mark.parametrize(
    "q",
    [
        "3月平均每人加班多少小时的趋势有没有",  # several question words that cannot all hold
        "北斗园区前三个项目",  # 前三 with nothing to rank by
    ],
)
def test_question_words_must_be_reflected_in_the_plan(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN, u.plan


def test_not_in_a_region_is_a_negated_hop_to_it() -> None:
    """哪些项目不在青浦片区 (round 8): no 属于片区 link to that region — NOT EXISTS, with its key."""
    u = understand("哪些项目不在青浦片区")
    if u.status is UnderstandingStatus.PLAN:
        assert u.plan is not None
        (hop,) = u.plan.steps[0].hops
        assert hop.negate and hop.target == "片区", u.plan


def test_paths_name_their_target_label() -> None:
    # 所属项目 reaches 考勤, 排班月报 and 设备 from 项目: the hop must go to 设备
    p = planned("停用的设备在哪些项目")
    s = p.steps[0]
    assert s.entity == "项目" and [(h.rel, h.target) for h in s.hops] == [("所属项目", "设备")]
    assert s.filters[0].node == "n1" and s.filters[0].value == "停用"


def test_unstated_defaults_are_marked_as_assumptions() -> None:
    p = planned("青浦-区图书馆有多少人")
    assert [f.field for f in p.steps[0].filters if f.assumption] == ["依据"]
    p = planned("3月青浦-区图书馆有多少人")
    assert not [f for f in p.steps[0].filters if f.assumption]


def test_superlative_followed_by_a_label_asks_which() -> None:
    p = planned("合同金额最高的项目")
    assert p.query_type is QueryType.LIST and p.limit == 1 and p.with_ties
    p = planned("合同金额最高是多少")
    assert p.query_type is QueryType.AGGREGATE


def test_relationship_without_an_anchor() -> None:
    p = planned("哪些项目续签自其他项目")
    s = p.steps[0]
    assert p.query_type is QueryType.LIST and s.hops[0].rel == "续签自" and s.hops[0].direction == "out"
    assert not s.filters
