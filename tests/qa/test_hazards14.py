"""Judge-14 classes at the plan (in-memory schema, own wording). C1: which of two values of one field
has more records (哪种岗位人多 / A跟B比，哪个少). C3: a record code shared by several
records, with its owner named in the question, is that owner's record. C6: a de-duplication clause
is the count's stated 口径, never an ignored word. C8: a ledger's nickname (人员信息表中) says where
the records live, and 录了 / 登记了 a field means it is filled in. C10: a text said to be in the name
is a CONTAINS condition on the name field, never a pick among the names containing it."""

from __future__ import annotations

import dataclasses

import pytest

from kgdesk.qa.dsl import AggFn, Op, QueryPlan, QueryType
from kgdesk.qa.grounding import EntityIndex
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.understand.once_each import ONCE_NOTE
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa import helpers
from tests.qa.helpers import INDEX_ROWS, context, planned, understand

# ---------------------------------------------------------------- C1: two values of one field compared by a count


@pytest.mark.parametrize(
    "q, measure",
    [
        ("保安_领班和项目经理，哪种岗位人数多", "larger"),
        ("项目经理跟保安_领班比，哪类岗位的人少一点", "smaller"),
        ("保安_领班和项目经理哪个岗位的人更多一些", "larger"),
        ("项目经理和保安_领班比较，哪个岗位人少", "smaller"),
    ],
)
def test_which_of_two_values_has_more_records(q: str, measure: str) -> None:
    p = planned(q)
    assert p.comparison is not None and p.comparison.measure == measure, p
    assert p.group_by and p.group_by[0].field == "岗位名称" and p.aggregate is not None, p
    assert p.aggregate.fn is AggFn.COUNT_DISTINCT, p


def test_a_than_b_is_still_a_yes_no() -> None:
    p = planned("保安_领班比项目经理多吗")
    assert p.comparison is not None and p.comparison.measure == "greater", p


# ---------------------------------------------------------------- C3: a shared code, its owner named

_LIFTS = [
    {
        "label": "设备",
        "_key": f"{pr}|DT-001",
        "_display": f"客梯（{pr}|DT-001）",
        "项目编号": pr,
        "设备编号": "DT-001",
        "设备名称": "客梯",
    }
    for pr in ("XMSQ0150", "XMSQ0202", "XMSQ0102")
]


def _with_lifts(q: str) -> tuple[UnderstandingStatus, QueryPlan | None]:
    ctx = dataclasses.replace(context(), index=EntityIndex.from_rows([*INDEX_ROWS, *_LIFTS], load_lexicon()))
    u = DeterministicPlanner().understand_sync(q, ctx)
    return u.status, u.plan


@pytest.mark.parametrize(
    "q, project",
    [
        ("XMSQ0150 的 DT-001 现在完好状况如何", "XMSQ0150"),
        ("区图书馆的DT-001完好状况怎么样", "XMSQ0102"),
        ("DT-001（环境监测中心那台）的完好状况", "XMSQ0202"),
        ("查一下XMSQ0202项目里DT-001的完好状况", "XMSQ0202"),
    ],
)
def test_a_shared_code_is_the_named_owners_record(q: str, project: str) -> None:
    status, plan = _with_lifts(q)
    assert status is UnderstandingStatus.PLAN and plan is not None, (q, status)
    keys = {f.value for s in plan.steps for f in s.filters if f.field == "_key"}
    assert f"{project}|DT-001" in keys and not any(
        f"{other}|DT-001" in keys for other in ("XMSQ0150", "XMSQ0202", "XMSQ0102") if other != project
    ), plan


def test_a_shared_code_alone_is_still_asked() -> None:
    status, _ = _with_lifts("DT-001的完好状况")
    assert status is UnderstandingStatus.CLARIFY


# ---------------------------------------------------------------- C6: a de-duplication clause


@pytest.mark.parametrize(
    "q",
    [
        "有证书的人有多少，一个人多张证书的只算一次",
        "持证人员有几位，同一人只算一次",
        "持证的员工多少人（重复的人只算一次）",
        "有几个人持有证书，重复工号只算一次",
    ],
)
def test_once_each_is_the_stated_basis_of_a_distinct_count(q: str) -> None:
    p = planned(q)
    assert (
        p.steps[0].entity == "人员" and p.aggregate is not None and p.aggregate.fn is AggFn.COUNT_DISTINCT
    ), p
    assert ONCE_NOTE in p.notes and not any("只算一次" in n for n in p.notes if n.startswith("已忽略")), (
        p.notes
    )


# ---------------------------------------------------------------- C8: a ledger's nickname, 录了 / 登记了


@pytest.mark.parametrize(
    "q",
    [
        "人员信息表中登记了离职日期的员工几个",
        "在人员表里，填了离职日期的员工有几位",
        "员工信息表里录了离职日期的人有多少",
        "花名册里登记过离职日期的员工有几个",
    ],
)
def test_a_filled_field_in_a_named_ledger_is_a_not_null_count(q: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == "人员" and p.aggregate is not None, p
    assert [(f.field, f.op) for f in p.steps[0].filters] == [("离职日期", Op.NOT_NULL)], p.steps[0].filters


def test_the_ledger_nickname_alone_counts_every_record() -> None:
    p = planned("人员信息表里一共有多少人")
    assert p.steps[0].entity == "人员" and not p.steps[0].filters and p.aggregate is not None, p


# ---------------------------------------------------------------- C10: a text in the name


@pytest.mark.parametrize(
    "q, label, field, text",
    [
        ("名字里带上海的供应商有几家", "供应商", "供应商名称", "上海"),
        ("名称中含有“清洁”的供应商有哪些", "供应商", "供应商名称", "清洁"),
        ("上海那几家供应商有哪些", "供应商", "供应商名称", "上海"),
        ("名字里带张的员工有几个", "人员", "姓名", "张"),
    ],
)
def test_a_text_in_the_name_is_a_contains_condition(q: str, label: str, field: str, text: str) -> None:
    p = planned(q)
    fs = [f for s in p.steps for f in s.filters]
    assert p.steps[0].entity == label and [(f.field, f.op, f.value) for f in fs] == [
        (field, Op.CONTAINS, text)
    ], p


def test_a_text_in_the_name_of_two_record_types_is_not_guessed() -> None:
    assert understand("名字里带上海的供应商和项目有几个").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- C4: no record of a type at all, no month


@pytest.mark.parametrize(
    "q, entity, target",
    [
        ("没有考勤记录的员工有几个", "人员", "考勤"),
        ("一条考勤都没有的人有多少", "人员", "考勤"),
        ("哪些员工在考勤里从没出现过", "人员", "考勤"),
        ("考勤表里从来没出现过的员工有几个", "人员", "考勤"),
        ("在检查记录中从未出现过的项目有哪些", "项目", "检查记录"),
    ],
)
def test_no_record_at_all_is_an_anti_join(q: str, entity: str, target: str) -> None:
    p = planned(q)
    st = p.steps[0]
    assert st.entity == entity and [(h.target, h.negate) for h in st.hops] == [(target, True)], p
    assert not st.time and not st.filters, st


@pytest.mark.parametrize("q", ["缺勤的员工有几个", "没有出勤的员工有哪些"])
def test_absence_by_days_still_asks_for_the_month(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.CLARIFY


def test_absence_in_a_month_is_still_the_absence_analysis() -> None:
    p = planned("3月没有考勤记录的员工有几个")
    assert p.combine, p  # on the staff that month, minus those with a record of it


# ---------------------------------------------------------------- C9: 截至 a day inside a month, on the records' own date


@pytest.mark.parametrize(
    "q, day",
    [
        ("截至2026年2月10日已中标的投标有几条", "2026-02-10"),
        ("截止到2026年3月5日，中标的投标记录有多少", "2026-03-05"),
        ("到2026年3月10日为止，已经中标的投标有哪些", "2026-03-10"),
    ],
)
def test_a_cutoff_day_is_a_condition_on_the_records_date(q: str, day: str) -> None:
    p = planned(q)
    fs = {(f.field, f.op, f.value) for f in p.steps[0].filters}
    assert ("中标日期", Op.LTE, day) in fs and ("中标结果", Op.EQ, "中标") in fs, p.steps[0].filters
    assert not p.steps[0].time, p.steps[0].time


def test_a_cutoff_at_a_months_end_keeps_the_month() -> None:
    p = planned("截至2026年2月28日已中标的投标有几条")
    assert [t.field for t in p.steps[0].time] == ["中标日期"] and not any(
        f.op is Op.LTE for f in p.steps[0].filters
    ), p


# ---------------------------------------------------------------- C11: one overall figure, not a per-month table


@pytest.mark.parametrize(
    "q, field",
    [
        ("人均每月加班小时数是多少", "平时加班小时"),
        ("平均每人每月加班多少小时", "平时加班小时"),
        ("每人每月平均加班几个小时", "平时加班小时"),
        ("人均每月值班费多少", "值班费"),
    ],
)
def test_per_person_month_average_is_one_figure(q: str, field: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.AGGREGATE and not p.group_by, p
    assert p.aggregate is not None and (p.aggregate.fn, p.aggregate.field, p.aggregate.per) == (
        AggFn.AVG,
        field,
        None,
    )
    assert any(n.startswith("口径：人均每月") for n in p.notes), p.notes


def test_per_person_month_of_records_not_kept_so_is_not_guessed() -> None:
    assert understand("人均每月开票金额是多少").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- C8: 在跑 (a project in service)


@pytest.mark.parametrize(
    "q", ["在跑的项目有几个", "还在跑的项目有哪些", "正在跑的项目多少个", "在运营的项目有几个"]
)
def test_running_projects_are_in_service(q: str) -> None:
    fs = planned(q).steps[0].filters
    assert [(f.field, f.op, f.value) for f in fs] == [("服务状态", Op.EQ, "服务中")], fs


# ---------------------------------------------------------------- a value two named record types could hold

_POSTS = ["保安_领班", "保洁员", "项目经理"]


@pytest.mark.parametrize(
    "q", ["有保安编制的项目有几个", "配了保安编制的项目有几个", "编制表中配了保安编制的项目数"]
)
def test_a_value_of_a_named_record_is_not_read_on_an_unnamed_one(
    monkeypatch: pytest.MonkeyPatch, q: str
) -> None:
    """保安 (a word for 人员.岗位名称 values) with 岗位编制 named, whose 岗位 holds the same values."""
    monkeypatch.setitem(helpers.VALUES, ("岗位编制", "岗位"), _POSTS)
    assert understand(q).status is not UnderstandingStatus.PLAN


def test_the_exact_value_of_the_named_record_is_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(helpers.VALUES, ("岗位编制", "岗位"), _POSTS)
    st = planned("有保安_领班编制的项目有几个").steps[0]
    assert [(h.target, f.field) for h, f in zip(st.hops, st.filters, strict=True)] == [
        ("岗位编制", "岗位")
    ], st


def test_a_value_of_the_only_record_type_still_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(helpers.VALUES, ("岗位编制", "岗位"), _POSTS)
    p = planned("有保安的项目有几个")
    assert any(f.field == "岗位名称" for f in p.steps[0].filters), p


def test_a_named_record_is_never_taken_for_a_value_another_record_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """区图书馆有几个人: the project itself (its key), even though 人员.当前服务项目编号 holds that key."""
    monkeypatch.setitem(helpers.VALUES, ("人员", "当前服务项目编号"), ["XMSQ0102", "XMSQ0150"])
    p = planned("区图书馆有几个人")
    assert p.steps[0].entity == "人员" and p.aggregate is not None, p


# ---------------------------------------------------------------- C2: one field of one record, by a wh-word


@pytest.mark.parametrize(
    "q, entity, field",
    [
        ("区图书馆在哪里", "项目", "项目地址"),
        ("区图书馆这个项目在哪儿", "项目", "项目地址"),
        ("青浦-工业园区在什么地方", "项目", "项目地址"),
        ("区图书馆坐落在什么地方", "项目", "项目地址"),
    ],
)
def test_where_asked_of_one_record_is_its_place(q: str, entity: str, field: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.STATUS and p.steps[0].entity == entity, p
    assert [(r.node, r.field) for r in p.projection] == [("n0", field)], p.projection


@pytest.mark.parametrize(
    "q", ["赵德胜的证书是哪天发的", "赵德胜的证书是什么时候颁发的", "赵德胜那张证书的发证时间是什么时候"]
)
def test_when_asked_of_a_certificate_is_its_issue_date(q: str) -> None:
    p = planned(q)
    assert [r.field for r in p.projection] == ["发证日期"], p


@pytest.mark.parametrize(
    "q",
    [
        "区图书馆是按包干制还是按酬金制收费的",
        "区图书馆按酬金制还是包干制计费",
        "青浦-工业园区是包干制还是酬金制的",
    ],
)
def test_a_or_b_of_one_record_asks_its_field(monkeypatch: pytest.MonkeyPatch, q: str) -> None:
    monkeypatch.setitem(helpers.VALUES, ("项目", "计费方式"), ["包干制", "酬金制"])
    p = planned(q)
    assert p.query_type is QueryType.STATUS and [r.field for r in p.projection] == ["计费方式"], p
    assert [f.field for f in p.steps[0].filters] == ["_key"], p.steps[0].filters


def test_a_or_b_without_one_record_is_still_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(helpers.VALUES, ("项目", "计费方式"), ["包干制", "酬金制"])
    assert understand("包干制还是酬金制的项目有几个").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- C7: the owners of the top N records


@pytest.mark.parametrize(
    "q",
    [
        "投标金额最高的前2条投标记录是哪些项目的",
        "投标金额最高的前两条投标记录分别是哪些项目的",
        "投标金额最高的前3个投标记录属于哪些项目",
    ],
)
def test_the_owners_of_the_top_records_are_never_ranked_by_a_total(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


def test_the_owner_of_the_top_record_is_ranked_by_its_highest_record() -> None:
    p = planned("投标金额最高的前1条投标记录是哪个项目的")
    assert p.aggregate is not None and p.aggregate.fn is AggFn.MAX and p.limit == 1 and p.with_ties, p


def test_the_top_owners_by_their_total_stay_a_sum() -> None:
    p = planned("投标金额合计最高的前2个项目")
    assert p.aggregate is not None and p.aggregate.fn is AggFn.SUM and p.limit == 2, p
