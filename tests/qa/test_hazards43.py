"""Judge-37b classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards43_graph.py). Wordings are our own besides the judge's."""

from __future__ import annotations

import pytest

from kgdesk.qa.aggregate_guard import aggregate_mismatch
from kgdesk.qa.dsl import AggFn, Aggregate, Filter, Hop, Op, QueryPlan, QueryType, Share, Step, ValueSource
from kgdesk.qa.modifier_guard import modifier_dropped
from kgdesk.qa.money_counted import money_counted
from kgdesk.qa.understanding import UnderstandingStatus
from kgdesk.qa.value_modifier_guard import value_modifier_joined
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- pass 42 red: a ledger word is a place, not a kind


@pytest.mark.parametrize(
    "q",
    ["考勤表里从来没出现过的员工有几个", "考勤台账里从没出现过的员工有几个", "所有项目的项目编制加在一起多少个人"],
)
def test_a_ledger_or_record_phrase_is_no_modifier(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.PLAN, understand(q).message


@pytest.mark.parametrize("q, word", [("新签的项目有几个", "新签"), ("还在的员工有几个", "还")])
def test_a_real_modifier_still_refuses(q: str, word: str) -> None:
    plan = QueryPlan(
        query_type=QueryType.COUNT, steps=[Step(entity="项目")], aggregate=Aggregate(fn=AggFn.COUNT_DISTINCT, field="_key")
    )
    assert modifier_dropped(q, [word], plan) == word


# ---------------------------------------------------------------- Y1: an average word is never answered by a sum


@pytest.mark.parametrize(
    "q, field",
    [
        ("投标类型是续标的 投标金额均值多少", "投标金额"),
        ("投标金额均值多少", "投标金额"),
        ("投标金额的均数是多少", "投标金额"),
        ("设备原值 均值是多少", "原值"),
        ("投标金额平均值多少", "投标金额"),
        ("设备原值的平均数多少", "原值"),
    ],
)
def test_an_average_word_anywhere_is_the_average(q: str, field: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn is AggFn.AVG and p.aggregate.field == field, p


def _agg(fn: AggFn) -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.AGGREGATE,
        steps=[Step(entity="投标记录")],
        aggregate=Aggregate(fn=fn, field="投标金额" if fn is not AggFn.COUNT else None),
    )


@pytest.mark.parametrize("q", ["投标金额均值多少", "投标金额平均是多少", "投标金额均数", "人均投标金额"])
def test_a_sum_for_a_mean_is_refused(q: str) -> None:
    assert aggregate_mismatch(q, _agg(AggFn.SUM)) is not None
    assert aggregate_mismatch(q, _agg(AggFn.COUNT)) is not None
    assert aggregate_mismatch(q, _agg(AggFn.AVG)) is None


@pytest.mark.parametrize("q", ["设备原值的中位数是多少", "投标金额的众数", "投标金额的方差"])
def test_a_statistic_not_computed_is_refused(q: str) -> None:
    assert aggregate_mismatch(q, _agg(AggFn.AVG)) is not None
    assert understand(q).status is not UnderstandingStatus.PLAN


def test_a_total_is_still_a_total() -> None:
    assert aggregate_mismatch("投标金额合计多少", _agg(AggFn.SUM)) is None


# ---------------------------------------------------------------- Y2: a value describing another value joins no ledger


def _roster(value: str) -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.COUNT,
        steps=[
            Step(
                entity="人员",
                hops=[Hop(rel="持有", direction="out", target="证书")],
                filters=[
                    Filter(node="n1", field="专业类别", op=Op.EQ, value=value, value_source=ValueSource.GROUNDED, text=value),
                    Filter(field="岗位名称", op=Op.EQ, value="项目经理", value_source=ValueSource.GROUNDED, text="项目经理"),
                ],
            )
        ],
        aggregate=Aggregate(fn=AggFn.COUNT_DISTINCT, field="_key"),
    )


@pytest.mark.parametrize(
    "q",
    ["搞物业管理的项目经理有几个人", "做物业管理的那些项目经理有几个", "物业管理的项目经理花名册里有几个", "负责物业管理的项目经理有多少"],
)
def test_a_value_modifying_a_post_joins_no_ledger(q: str) -> None:
    assert value_modifier_joined(q, _roster("物业管理")) == "物业管理"


@pytest.mark.parametrize("q", ["持有物业管理类证书的项目经理有几个", "物业管理专业证书的项目经理有几个"])
def test_a_named_ledger_keeps_the_condition(q: str) -> None:
    assert value_modifier_joined(q, _roster("物业管理")) is None


@pytest.mark.parametrize("q", ["搞安保的保安_普保，花名册里几个", "搞安保的有几个人", "干安保的那些保安_普保有几个"])
def test_the_judges_and_ours_refuse(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize("q", ["持有物业管理师证的人有几个", "XMSQ0150的员工有几个", "服务区图书馆的保安有几个"])
def test_named_ledgers_and_places_stay_answered(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.PLAN, understand(q).message


# ---------------------------------------------------------------- Y3: a share of money is never a share of records


def _share(fn: AggFn) -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.AGGREGATE,
        steps=[
            Step(id="s1", entity="采购记录"),
            Step(
                id="s2",
                entity="采购记录",
                filters=[Filter(field="类别", op=Op.EQ, value="耗材采购", value_source=ValueSource.GROUNDED, text="耗材采购")],
            ),
        ],
        aggregate=Aggregate(fn=fn, field="金额" if fn is AggFn.SUM else None),
        share=Share(whole="s1", part="s2"),
    )


@pytest.mark.parametrize(
    "q",
    [
        "采购总额（耗材采购+固定资产）里面，耗材采购占几成",
        "采购的总金额里耗材采购占多少",
        "采购花的钱里耗材采购占比多少",
        "采购开销里耗材采购的比例",
        "耗材采购的费用占全部采购的百分之几",
    ],
)
def test_a_money_share_is_never_counted(q: str) -> None:
    assert money_counted(q, _share(AggFn.COUNT)) is not None
    assert money_counted(q, _share(AggFn.SUM)) is None


@pytest.mark.parametrize("q", ["耗材采购占采购单的几成", "耗材采购的份额是多少（按单数）"])
def test_a_share_of_records_is_still_counted(q: str) -> None:
    assert money_counted(q, _share(AggFn.COUNT)) is None


# ---------------------------------------------------------------- pass 42 red, the rest of the family: words read elsewhere


@pytest.mark.parametrize(
    "q",
    [
        "青浦片区一共关联了多少个项目",  # a tied relation verb (restating_tied)
        "2026年3月（按检查日期）的检查一共多少次",  # 按…算的: a basis, no kind
        "报废掉的设备有几台",  # a value's complement (value_suffixes)
        "停用掉了的设备有哪些",
        "2026年4月，也就是这个月的考勤记录有几条",  # a restated time (restating_words)
        "请问岗位编制表中xmsq0150一共列了几个岗位？",  # a listing verb
        "担任过检查人的有几位",  # the record word only starts a relation word
        "维保合同的金额一共多少（采购与维保表）",  # a bracket naming a ledger is no list of values
        "采购记录的金额合计多少（采购与维保台账）",
    ],
)
def test_words_read_elsewhere_are_no_modifier(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN, (q, u.message)


@pytest.mark.parametrize("q", ["新关联的项目有几个", "关联的项目有几个"])
def test_a_relation_verb_without_the_relation_still_refuses(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN
