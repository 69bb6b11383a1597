"""Judge-18 classes at the plan (no graph; own wording besides the judge's probes). W11a the extreme value
asked after the record noun is the top record's field (a number), the record named; W11b a clause restating
a date compared with today, or a lexicon word for it, is a condition on the subject's own date — never a hop
to another record type and a condition there."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import AggFn, QueryType
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- W11b: a restating clause stays on the subject


@pytest.mark.parametrize(
    "q",
    [
        "结束日期早于今天（已经到期）的维保合同有几份",
        "结束日期晚于今天（还没到期）的维保合同有几份",
        "结束日期早于今天(已过期)的维保合同有哪些",
        "维保合同里结束日期在今天之前（已经到期）的有几份",
        "已经到期的维保合同有几份",
        "已到期的维保合同有哪些",
    ],
)
def test_the_condition_stays_on_the_subject(q: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == "维保合同" and not step.hops, p
    assert [(f.node, f.field) for f in step.filters] == [("n0", "结束日期距今天数")], p


def test_a_named_other_type_keeps_its_own_condition() -> None:
    p = planned("已到期的项目里有几份维保合同")
    assert p.query_type is QueryType.COUNT and p.steps[0].hops, p


def test_the_lexicon_type_itself_keeps_its_derived_day_count() -> None:
    p = planned("已经到期的项目有几个")
    assert [f.field for f in p.steps[0].filters] == ["合同剩余天数"], p


def test_an_opposite_clause_is_not_dropped() -> None:
    u = understand("结束日期晚于今天（已经到期）的维保合同有几份")
    assert u.status is not UnderstandingStatus.PLAN or u.plan is None or len(u.plan.steps[0].filters) > 1, u


# ---------------------------------------------------------------- W11a: the extreme value, not the list


@pytest.mark.parametrize(
    "q, label, fld",
    [
        ("客户投诉次数最多的项目，投诉了几次", "项目", "客户投诉"),
        ("客户满意度最低的项目，得了多少分", "项目", "客户满意度"),
        ("原值最高的设备值多少钱", "设备", "原值"),
        ("原值最低的那台设备值多少", "设备", "原值"),
        ("合同金额最高的项目，合同金额是多少", "项目", "合同金额"),
        ("合同金额最高的项目的合同金额多少", "项目", "合同金额"),
        ("客户投诉最少的项目投诉了多少次", "项目", "客户投诉"),
    ],
)
def test_the_top_records_value_is_asked(q: str, label: str, fld: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.STATUS and p.steps[0].entity == label, p
    assert [r.field for r in p.projection] == [fld] and p.limit == 1 and p.with_ties, p


@pytest.mark.parametrize(
    "q",
    ["客户投诉次数最多的项目是哪个", "原值最高的设备是哪台", "客户投诉最多的项目有几个", "原值最高的三台设备值多少钱"],
)
def test_which_record_or_how_many_records_keeps_the_list(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or u.plan is None or u.plan.query_type is not QueryType.STATUS, u.plan


# ---------------------------------------------------------------- H: one meaning of a monthly headcount


@pytest.mark.parametrize(
    "q",
    [
        "青浦片区3月考勤人数",
        "2026年3月各片区考勤人数分别是多少",
        "青浦片区每个月的考勤人数",
        "每个月考勤表上各有多少人",
        "XMSQ0150每个月考勤人数",
    ],
)
def test_a_monthly_headcount_counts_distinct_people(q: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and (p.aggregate.fn, p.aggregate.field) == (AggFn.COUNT_DISTINCT, "工号"), p
    assert not any("条数计" in n for n in p.notes), p.notes


# ---------------------------------------------------------------- 1: a stated basis is no grouping


@pytest.mark.parametrize(
    "q, fld",
    [
        ("按检查日期算，2026年3月一共做了几次检查", "检查日期"),
        ("2026年3月（按检查日期）的检查一共多少次", "检查日期"),
        ("这个月做了多少次检查？按检查日期算", "检查日期"),
        ("2026年3月的检查有几次（按检查日期统计）", "检查日期"),
        ("根据检查日期来算，2026年2月一共做了几次检查", "检查日期"),
    ],
)
def test_a_date_basis_names_the_times_field(q: str, fld: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.COUNT and not p.group_by, p
    assert [t.field for s in p.steps for t in s.time] == [fld], p


@pytest.mark.parametrize(
    "q, plain",
    [
        ("按人员信息表算，员工的平均司龄是几年", "员工的平均司龄是几年"),
        ("员工的平均司龄是几年（按花名册）", "员工的平均司龄是几年"),
        ("按设备台账统计，原值超过10万的设备有几台", "原值超过10万的设备有几台"),
    ],
)
def test_a_ledger_basis_changes_nothing(q: str, plain: str) -> None:
    a, b = planned(q), planned(plain)
    assert (a.query_type, a.aggregate, a.group_by, a.steps[0].filters) == (b.query_type, b.aggregate, b.group_by, b.steps[0].filters)


def test_a_date_grouping_without_a_time_still_groups() -> None:
    p = planned("按检查日期统计检查次数")
    assert [g.field for g in p.group_by] == ["检查日期"], p


# ---------------------------------------------------------------- 2: which of two, and by how much, said another way


@pytest.mark.parametrize(
    "q, same",
    [
        ("青浦区和徐汇区哪个区的项目多？差几个", "青浦区和徐汇区哪个区的项目多，多多少"),
        ("花名册里保洁员和保安_普保哪个人多？差几个人", "花名册里保洁员和保安_普保哪个人多，多多少"),
        ("青浦片区和徐汇片区哪个片区项目多？相差多少个", "青浦片区和徐汇片区哪个片区项目多，多多少"),
        ("PQ01和PQ02两个片区，哪个片区的项目多", "PQ01和PQ02，哪个片区的项目多"),
    ],
)
def test_the_comparison_said_another_way(q: str, same: str) -> None:
    from kgdesk.qa.understand.compare_forms import compare_forms

    assert compare_forms(q) == same


@pytest.mark.parametrize(
    "q", ["哪个项目人多？相差多少人", "青浦区比徐汇区多几个项目", "哪个片区项目最多", "预算编制比在岗人数多几个人"]
)
def test_no_two_named_or_a_counted_noun_is_left_alone(q: str) -> None:
    from kgdesk.qa.understand.compare_forms import compare_forms

    assert compare_forms(q) == q


# ---------------------------------------------------------------- 6: HAVING with a unit between the number and 及以上


@pytest.mark.parametrize(
    "q, n",
    [
        ("2026年4月考勤上有2个人及以上的项目", 2),
        ("今年一季度有3条及以上项目月度财务记录的项目有哪些", 3),
        ("今年一季度项目月度财务记录有3条及以上的项目有哪些", 3),
    ],
)
def test_a_count_of_records_per_owner_is_a_having(q: str, n: int) -> None:
    p = planned(q)
    assert p.query_type is QueryType.LIST and p.group_by and p.having is not None, p
    assert (p.having.op, p.having.value) == ("gte", n), p.having
