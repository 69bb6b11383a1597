"""Judge-12 classes at the plan (in-memory schema, own wording).

W5: a ledger named as the subject (岗位字典里…的岗位) — the asked noun is that ledger's record type, so a
field both templates have (员工层级, 岗位名称) is read on it, never on the people's rows carrying it.
B1: the item a purchase record names (its 名称, grounded exactly) is a condition on those records; how
much of it is the quantity summed, how much money the amount summed, never the number of records."""

from __future__ import annotations

import re

import pytest

from kgdesk.qa.dsl import AggFn, QueryPlan, QueryType
from kgdesk.qa.grounding import EntityIndex
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import INDEX_ROWS, context, planned, understand

_ITEMS = [
    {"label": "采购记录", "_key": f"CG90{i}", "_display": f"{name}（CG90{i}）", "记录编号": f"CG90{i}", "名称": name}
    for i, name in enumerate(["防滑垫", "消毒液", "防滑垫"])
]


def _item_plan(q: str) -> QueryPlan:
    ctx = context()
    ctx = type(ctx)(**{**ctx.__dict__, "index": EntityIndex.from_rows(INDEX_ROWS + _ITEMS, load_lexicon())})
    u = DeterministicPlanner().understand_sync(q, ctx)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    return u.plan


@pytest.mark.parametrize(
    "q, field",
    [
        ("岗位字典中员工层级属于一线员工的岗位，列一下", "员工层级"),
        ("岗位字典里员工层级为项目管理人员的岗位有哪些", "员工层级"),
        ("按岗位字典，员工层级是一线员工的岗位都有哪些", "员工层级"),
        ("在岗位字典里，岗位大类为保安的岗位有几个", "岗位大类"),
    ],
)
def test_a_ledger_named_as_subject_reads_a_shared_field_on_its_own_records(q: str, field: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == "岗位" and not step.hops, p
    assert [(f.node, f.field) for f in step.filters] == [("n0", field)], p


def test_without_the_ledger_a_person_field_stays_on_people() -> None:
    p = planned("员工层级为一线员工的人员有哪些")
    assert p.steps[0].entity == "人员", p


def test_a_ledger_with_another_record_type_named_is_read_as_before() -> None:
    p = planned("岗位字典中保洁员岗位的人员有几个")
    assert p.steps[0].entity == "人员", p


def _item_filter(p: QueryPlan) -> list[tuple[str, object]]:
    return [(f.field, f.value) for f in p.steps[0].filters if f.field == "名称"]


@pytest.mark.parametrize(
    "q, field",
    [
        ("防滑垫一共采购了多少", "数量"),
        ("防滑垫总共买了几个", "数量"),
        ("防滑垫采购的数量一共多少", "数量"),
        ("消毒液买了多少钱", "金额"),
        ("消毒液总共花了多少钱", "金额"),
    ],
)
def test_how_much_of_an_item_is_its_records_quantity_or_money(q: str, field: str) -> None:
    p = _item_plan(q)
    assert p.steps[0].entity == "采购记录", p
    assert _item_filter(p) and p.aggregate is not None, p
    assert (p.aggregate.fn, p.aggregate.field) == (AggFn.SUM, field), p


def test_a_count_of_records_or_times_stays_a_count() -> None:
    p = _item_plan("防滑垫采购了几次")
    assert p.aggregate is not None and p.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT), p


def test_the_projects_that_bought_an_item() -> None:
    p = _item_plan("哪些项目采购过消毒液")
    assert p.steps[0].entity == "项目" and [h.target for h in p.steps[0].hops] == ["采购记录"], p
    assert [(f.node, f.field) for f in p.steps[0].filters] == [("n1", "名称")], p


@pytest.mark.parametrize(
    "q",
    ["谢谢啊，帮了大忙", "行，今天就到这儿，辛苦", "好嘞，今天先这样，回见", "没别的了，辛苦辛苦", "帮了大忙了，谢谢帮忙哈"],
)
def test_a_message_of_courtesy_or_a_sign_off_only_is_no_data_question(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.EXPLAIN, (u.status, u.message)


def test_a_sign_off_before_a_question_still_asks_it() -> None:
    p = planned("今天就到这儿，区图书馆有几台设备")
    assert p.steps[0].entity == "设备", p


@pytest.mark.parametrize(
    "q, opener",
    [
        ("帮领导问一下，区图书馆有几台设备", "帮领导问一下"),
        ("替经理查下区图书馆有几台设备", "替经理查下"),
        ("我们经理想知道区图书馆有几台设备", "我们经理想知道"),
        ("老板让我问问：区图书馆有几台设备", "老板让我问问"),
    ],
)
def test_a_courtesy_opener_naming_who_asks_is_filler(q: str, opener: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (u.status, u.message)
    assert u.plan.steps[0].entity == "设备" and opener in u.ignored_words, u


def test_a_role_word_that_is_the_question_stays() -> None:
    p = planned("项目经理有几个人")
    assert p.steps[0].entity == "人员" and p.steps[0].filters, p


@pytest.mark.parametrize(
    "q, months",
    [
        ("XMSQ0150 1月和2月的开票金额差多少（2026年）", {"2026-01", "2026-02"}),
        ("2026年的：XMSQ0150 2月收款比1月多多少", {"2026-01", "2026-02"}),
        ("区图书馆3月和4月收款合计多少，都是2026年", {"2026-03", "2026-04"}),
        ("XMSQ0150 2月开票多少（2026年度）", {"2026-02"}),
    ],
)
def test_a_year_stated_apart_qualifies_the_months_named(q: str, months: set[str]) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (u.status, u.message)
    seen = set(re.findall(r"20\d\d-\d\d", u.plan.model_dump_json()))
    assert seen == months, u.plan


def test_a_year_with_no_month_named_is_the_whole_year() -> None:
    from kgdesk.qa.understand.year_apart import year_apart

    assert year_apart("区图书馆开票合计（2026年）") == "区图书馆开票合计（2026年）"
    assert year_apart("2025年的：XMSQ0150 2月比2026年1月多多少") == "2025年的：XMSQ0150 2月比2026年1月多多少"


@pytest.mark.parametrize(
    "q, entity, counted",
    [
        ("花名册上人数超过3人的岗位", "岗位", "人员"),
        ("人员在2人及以上的岗位有哪些", "岗位", "人员"),
        ("维保合同有2份以上的维保单位", "供应商", "维保合同"),
        ("维保合同在2份及以上的维保单位有哪些", "供应商", "维保合同"),
        ("采购记录有2笔以上的供应商", "供应商", "采购记录"),
    ],
)
def test_a_count_of_records_per_named_group_is_a_having(q: str, entity: str, counted: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == entity and p.having is not None, p
    assert p.aggregate is not None and p.steps[0].aliases()[p.aggregate.node] == counted, p


@pytest.mark.parametrize(
    "q, n",
    [
        ("原值合计前两名的设备类型", 2),
        ("按原值合计排前两名的设备类型", 2),
        ("原值合计最高的三个设备类型", 3),
        ("原值合计最高的设备类型是哪个", 1),
    ],
)
def test_a_category_ranked_by_a_summed_measure(q: str, n: int) -> None:
    p = planned(q)
    assert [(g.node, g.field) for g in p.group_by] == [("n0", "设备类型")], p
    assert p.aggregate is not None and (p.aggregate.fn, p.aggregate.field) == (AggFn.SUM, "原值"), p
    assert p.limit == n, p


def test_a_category_ranked_by_a_measure_not_said_to_be_a_total_is_not_guessed() -> None:
    u = understand("原值最高的两个设备类型")
    assert u.status is not UnderstandingStatus.PLAN or not u.plan or not u.plan.group_by, u.plan


@pytest.mark.parametrize("q, n", [("检查次数最多的两个项目是哪两个", 2), ("检查次数最多的三个项目是哪三个", 3)])
def test_a_top_n_repeated_as_the_question_word(q: str, n: int) -> None:
    p = planned(q)
    assert p.limit == n and p.group_by, p


@pytest.mark.parametrize(
    "q", ["1月的考勤里出现过病假吗", "考勤里出现过旷工吗", "2月考勤中有没有出现过事假", "1月的考勤出现过病假没有"]
)
def test_appeared_asks_whether_such_records_exist(q: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.EXISTENCE and p.steps[0].entity == "考勤", p


def test_appeared_with_another_question_asks_that_one() -> None:
    p = planned("3月出现病假的有几个人")
    assert p.query_type is QueryType.COUNT and p.steps[0].entity == "人员", p


def test_supplying_names_the_purchase_records() -> None:
    p = planned("哪些项目有供货记录")
    assert [h.target for h in p.steps[0].hops] == ["采购记录"], p


@pytest.mark.parametrize(
    "q", ["赵德胜当前服务的项目编号", "赵德胜现在服务哪个项目（编号）", "赵德胜现在服务的项目编号是哪个"]
)
def test_a_qualified_field_phrase_is_the_entitys_own_field(q: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == "人员" and not p.steps[0].hops, p
    assert [(r.node, r.field) for r in p.projection] == [("n0", "当前服务项目编号")], p


@pytest.mark.parametrize(
    "q, field",
    [
        ("收款金额为0、一分钱没收到的项目", "收款金额"),
        ("2月一分钱也没收到的项目", "收款金额"),
        ("3月一分钱都没开票的项目有哪些", "开票金额"),
    ],
)
def test_a_zero_amount_said_in_words(q: str, field: str) -> None:
    p = planned(q)
    zero = [(f.field, f.op.value, f.value) for f in p.steps[0].filters if f.field == field]
    assert zero == [(field, "eq", 0.0)], p


def test_invoiced_but_not_a_cent_received() -> None:
    p = planned("1月开了票但一分钱没收到的项目有哪些")
    conds = {(f.field, f.op.value, f.value) for f in p.steps[0].filters}
    assert ("收款金额", "eq", 0.0) in conds and ("开票金额", "gt", 0) in conds, p


@pytest.mark.parametrize("q", ["XMSQ0102的实际毛利率是百分之多少", "区图书馆的毛利率百分之几", "区图书馆实际毛利率是百分之几"])
def test_a_percentage_asked_in_its_own_unit_is_its_value(q: str) -> None:
    p = planned(q)
    assert [(r.node, r.field) for r in p.projection] == [("n0", "实际毛利率")] and not p.steps[0].filters[1:], p


def test_a_share_asked_in_percent_stays_a_share() -> None:
    from kgdesk.qa.understand.scan_rules import percent_words

    assert percent_words("区图书馆收款占开票百分之多少") == "区图书馆收款占开票百分之多少"


@pytest.mark.parametrize(
    "q, entity, field",
    [
        ("XMSQ0150的设备涵盖哪几种设备类型", "设备", "设备类型"),
        ("区图书馆的检查涉及哪些检查类型", "检查记录", "检查类型"),
        ("XMSQ0150的设备都有哪些完好状况", "设备", "完好状况"),
    ],
)
def test_the_distinct_values_of_a_field_over_an_entitys_records(q: str, entity: str, field: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == entity and [(g.node, g.field) for g in p.group_by] == [("n0", field)], p


def test_listing_the_records_themselves_is_unchanged() -> None:
    p = planned("XMSQ0150有哪些设备")
    assert not p.group_by and p.steps[0].entity == "设备", p


@pytest.mark.parametrize("q", ["完好和停用两类设备哪类多", "完好和停用这两类设备，哪类的台数多"])
def test_two_named_values_compared_by_count(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (u.status, u.message)
    assert u.plan.steps[0].entity == "设备" and u.plan.comparison is not None, u.plan


def test_two_values_said_as_a_union_without_a_comparison_stay_refused() -> None:
    u = understand("完好和停用两类设备一共几台以外的")
    assert u.status is not UnderstandingStatus.PLAN or u.plan is None or u.plan.comparison is None


@pytest.mark.parametrize("q", ["青浦片区的设备原值合计", "青浦片区设备原值总和"])
def test_a_field_word_naming_its_record_type_reaches_it_from_a_region(q: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.field == "原值", p
    assert [h.target for h in p.steps[0].hops][-1:] == ["片区"] or p.steps[0].entity == "片区", p


def test_an_amount_followed_by_a_value_of_another_field_is_the_measure() -> None:
    p = planned("设备原值中停用的合计")
    assert p.aggregate is not None and (p.aggregate.fn, p.aggregate.field) == (AggFn.SUM, "原值"), p
    assert [(f.field, f.value) for f in p.steps[0].filters] == [("完好状况", "停用")], p


def test_the_share_of_a_value_in_an_amount() -> None:
    p = planned("设备原值中停用的占比")
    assert p.share is not None and p.aggregate is not None and p.aggregate.field == "原值", p


@pytest.mark.parametrize("q", ["区图书馆入住了多少户业主", "区图书馆的业主有多少户", "区图书馆的入住率是多少"])
def test_households_are_no_field_of_any_ledger(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "no_such_field", (u.status, u.message)


def test_a_share_asked_as_a_percent_without_a_rate_stays_a_share() -> None:
    from kgdesk.qa.understand.scan_rules import percent_words

    q = "公司所有项目中，科创片区的项目有百分之多少？"
    assert percent_words(q) == q
    assert percent_words("区图书馆实际毛利率是百分之几") == "区图书馆实际毛利率是多少"
