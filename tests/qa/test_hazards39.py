"""Judge-34 classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards39_graph.py)."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import (
    AggFn,
    Aggregate,
    FieldRef,
    Filter,
    Hop,
    Op,
    QueryPlan,
    QueryType,
    Sort,
    Step,
    TimeFilter,
)
from kgdesk.qa.plan_mentions import _insufficient
from kgdesk.qa.understand.absent_claim import checked_absence, made_of_known_words
from kgdesk.qa.understand.basis_bracket import basis_not_applied, drop_basis_bracket
from kgdesk.qa.understand.one_record_words import one_record_word, totals_groups, value_for_a_what
from kgdesk.qa.understanding import UnderstandingStatus
from kgdesk.qa.validate_plan import joins_of_a_sum, shadowed_conditions
from tests.qa.helpers import planned, schema, understand

# ---------------------------------------------------------------- A: a sum never gains an unused join


def _staffing(**extra: object) -> QueryPlan:
    hops = [Hop(rel="编制于", direction="out", target="项目"), Hop(source="n1", rel="服务于", direction="in", target="人员")]
    step = Step(entity="岗位编制", hops=hops, **extra)  # type: ignore[arg-type]
    return QueryPlan(query_type=QueryType.AGGREGATE, steps=[step], aggregate=Aggregate(fn=AggFn.SUM, field="预算编制"))


def test_a_a_sum_walking_to_unused_records_is_found() -> None:
    assert joins_of_a_sum(_staffing()) == ["项目", "人员"]


def test_a_a_used_node_keeps_the_hops_before_it() -> None:
    used_last = _staffing(filters=[Filter(node="n2", field="性别", op=Op.EQ, value="男")])
    assert joins_of_a_sum(used_last) == []
    used_first = _staffing(filters=[Filter(node="n1", field="服务状态", op=Op.EQ, value="服务中")])
    assert joins_of_a_sum(used_first) == ["人员"]


def test_a_a_grouped_or_counted_plan_is_left_to_its_own_checks() -> None:
    grouped = _staffing().model_copy(update={"group_by": [FieldRef(node="n2", field="性别")]})
    assert joins_of_a_sum(grouped) == []
    counted = _staffing().model_copy(update={"aggregate": Aggregate(fn=AggFn.COUNT)})
    assert joins_of_a_sum(counted) == []


@pytest.mark.parametrize(
    "q, field",
    [
        ("岗位编制表里预算编制总数是多少人", "预算编制"),
        ("预算编制的总数有多少人", "预算编制"),
        ("岗位编制里在岗人数总数是多少人", "在岗人数"),
        ("项目编制人数一共几个人", "项目编制"),
    ],
)
def test_a_the_measures_own_unit_adds_no_hop(q: str, field: str) -> None:
    plan = planned(q)
    assert plan.aggregate is not None and plan.aggregate.fn is AggFn.SUM and plan.aggregate.field == field
    assert plan.steps[0].entity == "岗位编制" and plan.steps[0].hops == []


# ---------------------------------------------------------------- C: a per-record word


@pytest.mark.parametrize(
    "q, word",
    [
        ("单笔金额最大的那笔耗材采购，供应商是谁", "单笔"),
        ("金额最大的那一笔采购是谁家的", "那一笔"),
        ("单次检查得分最低的是哪个项目", "单次"),
        ("开票金额最高的项目", None),
    ],
)
def test_c_the_per_record_word_is_found(q: str, word: str | None) -> None:
    assert one_record_word(q) == word


def _grouped(fn: AggFn) -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.LIST,
        steps=[Step(entity="采购记录")],
        group_by=[FieldRef(field="供应商名称")],
        aggregate=Aggregate(fn=fn, field=None if fn is AggFn.COUNT else "金额"),
        sort=[Sort(by="value", direction="desc")],
        limit=1,
    )


@pytest.mark.parametrize("fn, bad", [(AggFn.SUM, True), (AggFn.COUNT, True), (AggFn.MAX, False)])
def test_c_a_group_total_never_answers_one_record(fn: AggFn, bad: bool) -> None:
    assert totals_groups(_grouped(fn)) is bad


def test_c_a_what_is_never_the_bare_top_value() -> None:
    top = QueryPlan(query_type=QueryType.AGGREGATE, steps=[Step(entity="采购记录")], aggregate=Aggregate(fn=AggFn.MAX, field="金额"))
    assert value_for_a_what(top, ["什么"])
    assert value_for_a_what(top, ["是谁"])
    assert not value_for_a_what(top, ["多少"])
    assert not value_for_a_what(top, [])


# ---------------------------------------------------------------- D: a locative before 了 / 过 is a verb


@pytest.mark.parametrize("q", ["投标一共中过几次", "去年投标中过几回"])
def test_d_an_unknown_verb_is_never_dropped(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN, (q, u.plan)


@pytest.mark.parametrize("q, value", [("咱们投标一共中了几回", "中标"), ("投标记录里没中的有几个", "未中标"), ("去年拿下了几个标", "中标")])
def test_d_a_result_verb_is_the_result_value(q: str, value: str) -> None:
    f = [x for x in planned(q).steps[0].filters if x.field == "中标结果"]
    assert [x.value for x in f] == [value], q


def test_d_a_locative_stays_a_locative() -> None:
    f = [x for x in planned("投标记录中未中标的有几条").steps[0].filters if x.field == "中标结果"]
    assert [x.value for x in f] == ["未中标"]


# ---------------------------------------------------------------- J: 最后 before a result value


@pytest.mark.parametrize("q", ["投标记录里最后中了标的有几个", "投标记录里最终中标的有几个"])
def test_j_in_the_end_changes_nothing(q: str) -> None:
    f = [x for x in planned(q).steps[0].filters if x.field == "中标结果"]
    assert [x.value for x in f] == ["中标"]


# ---------------------------------------------------------------- K: no false "not in the data"


@pytest.mark.parametrize("word, known", [("金额合计", True), ("开票金额的总额", True), ("停车位", False), ("身高", False), ("合计", False)])
def test_k_a_word_of_known_fields_and_totals(word: str, known: bool) -> None:
    assert made_of_known_words(word, schema()) is known


def test_k_a_false_absence_becomes_a_refusal() -> None:
    stop = checked_absence(_insufficient("台账中没有「金额合计」这一项", "no_such_field", "金额合计"), schema())
    assert stop.status is UnderstandingStatus.NEEDS_LLM
    kept = _insufficient("台账中没有「身高」这一项", "no_such_field", "身高")
    assert checked_absence(kept, schema()) is kept


# ---------------------------------------------------------------- I: a bracket naming the month basis


def test_i_the_bracket_is_dropped_before_the_scan() -> None:
    assert drop_basis_bracket("3月份的耗材采购（按年月算）花了多少钱", schema()) == "3月份的耗材采购花了多少钱"
    assert drop_basis_bracket("3月份的耗材采购(按照年月统计)花了多少钱", schema()) == "3月份的耗材采购花了多少钱"
    assert drop_basis_bracket("耗材采购（按供应商算）", schema()) == "耗材采购（按供应商算）"  # no month field


def _timed(field: str | None) -> QueryPlan:
    time = [TimeFilter(kind="month_eq", field=field, start="2026-03", end="2026-03")] if field else []
    return QueryPlan(query_type=QueryType.AGGREGATE, steps=[Step(entity="采购记录", time=time)], aggregate=Aggregate(fn=AggFn.SUM, field="金额"))


def test_i_the_basis_must_be_the_plans_time_field() -> None:
    q = "3月份的耗材采购（按年月算）花了多少钱"
    assert basis_not_applied(q, _timed("年月"), schema()) is None
    assert basis_not_applied(q, _timed("服务起始年月"), schema()) is not None
    assert basis_not_applied(q, _timed(None), schema()) is not None
    assert basis_not_applied("3月份的耗材采购花了多少钱", _timed(None), schema()) is None


# ---------------------------------------------------------------- G: a per-key total's highest


def test_g_per_is_allowed_for_max_and_min_only_besides_avg() -> None:
    for fn in (AggFn.AVG, AggFn.MAX, AggFn.MIN):
        assert Aggregate(fn=fn, field="税后工资", per=FieldRef(node="n1")).per is not None
    with pytest.raises(ValueError):
        Aggregate(fn=AggFn.SUM, field="税后工资", per=FieldRef(node="n1"))


def test_g_the_top_groups_value_is_a_max_of_totals() -> None:
    plan = planned("3月税后工资最高的人拿了多少钱")
    assert plan.query_type is QueryType.AGGREGATE and plan.aggregate is not None
    assert plan.aggregate.fn is AggFn.MAX and plan.aggregate.per is not None and not plan.group_by
    assert any("先按每个人员" in n for n in plan.notes)


def test_g_who_and_how_much_is_not_turned_into_a_number() -> None:
    u = understand("3月税后工资最高的人是谁")
    assert u.plan is None or u.plan.query_type is not QueryType.AGGREGATE


# ---------------------------------------------------------------- B: a joined type's field the records have themselves


def _contracts(node: str) -> QueryPlan:
    t = TimeFilter(kind="month_range", node=node, field="开始日期", start="2026-01", end="2026-12")
    step = Step(entity="维保合同", hops=[Hop(rel="维保", direction="in", target="项目")], time=[t])
    return QueryPlan(query_type=QueryType.COUNT, steps=[step], aggregate=Aggregate(fn=AggFn.COUNT))


def test_b_a_condition_on_the_joined_types_same_field_is_found() -> None:
    assert shadowed_conditions(_contracts("n1"), schema()) == [("项目", "开始日期")]
    assert shadowed_conditions(_contracts("n0"), schema()) == []


@pytest.mark.parametrize("q", ["开始日期在今年的维保合同有多少份", "结束日期在2026年的维保合同有几份", "有没有开始日期在2026年1月1日的维保合同"])
def test_b_the_records_own_date_field(q: str) -> None:
    step = planned(q).steps[0]
    assert step.entity == "维保合同" and step.hops == [], q
