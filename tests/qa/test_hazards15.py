"""Judge-15 classes at the plan (in-memory schema, own wording). W1: a unit word after 多少 / 几 that
fits the measure asked (人 for 预算编制) adds no hop and no entity, and "all the projects'" measure is
every record. W2: a spending verb asking an amount (花了多少 / 支出是多少) is the money measure summed,
never a count of records. W3: a word grounded to a value of a field the question names is that value
only — the lexicon's derived date condition for the same word is not added on top."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import AggFn, QueryType, ValueSource
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa import helpers
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- W1: a unit word of the measure


@pytest.mark.parametrize(
    "q, field",
    [
        ("岗位编制的预算编制总共是多少人", "预算编制"),
        ("全部项目的在岗人数一共有几个人", "在岗人数"),
        ("标准工时人数合计有多少人", "标准工时人数"),
        ("所有项目的项目编制加在一起多少个人", "项目编制"),
    ],
)
def test_a_unit_word_of_the_measure_adds_no_hop(q: str, field: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn is AggFn.SUM and p.aggregate.field == field, p
    assert p.steps[0].entity == "岗位编制" and not p.steps[0].hops, p
    assert not p.group_by, p


def test_people_counted_beside_a_measure_condition_are_still_people() -> None:
    u = understand("在岗人数超过5的项目有多少人")
    assert u.plan is None or u.plan.aggregate is None or u.plan.aggregate.field != "在岗人数", u.plan


def test_all_projects_own_field_keeps_its_records() -> None:
    p = planned("所有项目的合同金额合计")
    assert p.steps[0].entity == "项目" and p.aggregate is not None and p.aggregate.field == "合同金额", p


# ---------------------------------------------------------------- W2: a spending verb asks the money


@pytest.mark.parametrize(
    "q, entity, month",
    [
        ("3月采购一共花了多少", "采购记录", "2026-03"),
        ("采购记录的支出是多少", "采购记录", None),
        ("维保合同开销多少钱", "维保合同", None),
        ("2月采购用了多少", "采购记录", "2026-02"),
    ],
)
def test_a_spending_verb_sums_the_money(q: str, entity: str, month: str | None) -> None:
    p = planned(q)
    assert p.query_type is QueryType.AGGREGATE, p
    assert p.aggregate is not None and p.aggregate.fn is AggFn.SUM and p.aggregate.field == "金额", p
    assert p.steps[0].entity == entity, p
    times = [t.start for t in p.steps[0].time]
    assert times == ([month] if month else []), p


@pytest.mark.parametrize("q", ["哪个项目采购花得最多", "采购花了最多的是哪个项目"])
def test_ranked_by_what_was_spent_never_by_the_records(q: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn is AggFn.SUM and p.aggregate.field == "金额", p
    assert p.group_by and p.limit == 1, p


def test_a_count_of_times_after_a_spending_verb_stays_a_count() -> None:
    p = planned("3月采购花了多少次")
    assert p.aggregate is not None and p.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT), p


@pytest.mark.parametrize("q", ["区图书馆花了多少钱", "1月一共支出了多少"])
def test_a_spending_verb_without_one_money_field_is_never_a_count(q: str) -> None:
    u = understand(q)
    assert u.plan is None or u.plan.aggregate is None or u.plan.aggregate.fn not in (
        AggFn.COUNT,
        AggFn.COUNT_DISTINCT,
    ), (q, u.plan)


# ---------------------------------------------------------------- W3: a stated value read once


@pytest.fixture
def contract_states(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(helpers.VALUES, ("项目", "合同状况"), ["履约中", "已到期", "已签约未进场"])


@pytest.mark.parametrize(
    "q",
    [
        "合同状况显示已到期的项目有多少个",
        "目前合同状况为已到期的项目有哪些",
        "合同状况已到期的项目列一下",
        "哪些项目的合同状况写的是已到期",
    ],
)
@pytest.mark.usefixtures("contract_states")
def test_a_stated_status_adds_no_date_condition(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    filters = u.plan.steps[0].filters
    assert [(f.field, f.value) for f in filters] == [("合同状况", "已到期")], (q, filters)
    assert not any(f.value_source is ValueSource.DERIVED for f in filters), filters
    assert not u.plan.steps[0].derived, u.plan


@pytest.mark.usefixtures("contract_states")
def test_without_the_field_the_date_reading_stays() -> None:
    p = planned("哪些项目已经到期了")
    assert any(f.value_source is ValueSource.DERIVED for f in p.steps[0].filters), p


# ---------------------------------------------------------------- A1: 挂 as the region–project relation


@pytest.mark.parametrize("q", ["青浦片区底下挂了几个项目", "青浦片区下面一共挂着多少个项目"])
def test_projects_hung_under_a_region_are_counted(q: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.COUNT and p.steps[0].entity == "项目", p
    assert any(f.value == "PQ01" or f.value == ["PQ01"] for f in p.steps[0].filters), p


def test_regions_with_n_projects_hung_under_them() -> None:
    p = planned("挂了2个以上项目的片区有哪些")
    assert p.having is not None and p.group_by, p


# ---------------------------------------------------------------- A3: filler words next to a known field


@pytest.mark.parametrize(
    "q, fn, field",
    [
        ("青浦片区项目的客户满意度平均下来是多少", AggFn.AVG, "客户满意度"),
        ("区图书馆3月实际开票是多少", AggFn.SUM, "开票金额"),
    ],
)
def test_a_filler_beside_a_measure_changes_nothing(q: str, fn: AggFn, field: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn is fn and p.aggregate.field == field, p


def test_a_filler_verb_before_a_field_asked_of_a_project() -> None:
    p = planned("区图书馆采用的委托方式是什么")
    assert p.query_type is QueryType.STATUS, p
    assert [f.field for f in p.projection] == ["委托方式"], p


# ---------------------------------------------------------------- A8: a region that is none

_EXTRA = [
    {"label": "片区", "_key": "PQ02", "_display": "徐汇片区（PQ02）", "片区编号": "PQ02", "片区名称": "徐汇片区"},
    {"label": "人员", "_key": "KWL2006009", "_display": "陈静（KWL2006009）", "工号": "KWL2006009", "姓名": "陈静"},
    {
        "label": "维保合同",
        "_key": "WB2026002",
        "_display": "消防设施维保合同（WB2026002）",
        "记录编号": "WB2026002",
        "名称": "消防设施维保合同",
    },
]


def _with_extra(q: str) -> tuple[UnderstandingStatus, object, str]:
    import dataclasses

    from kgdesk.qa.grounding import EntityIndex
    from kgdesk.qa.lexicon import load_lexicon
    from kgdesk.qa.planner import DeterministicPlanner

    ctx = helpers.context()
    ctx = dataclasses.replace(ctx, index=EntityIndex.from_rows([*helpers.INDEX_ROWS, *_EXTRA], load_lexicon()))
    u = DeterministicPlanner().understand_sync(q, ctx)
    return u.status, u.plan, u.message


@pytest.mark.parametrize("q", ["静安片区一共有几个项目", "静安片区的项目有哪些"])
def test_a_region_name_that_is_no_region_is_not_split_into_a_person(q: str) -> None:
    status, _, message = _with_extra(q)
    assert status is UnderstandingStatus.INSUFFICIENT and "静安片区" in message, (status, message)
