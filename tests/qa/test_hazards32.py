"""Judge-27 classes at the plan (no graph; own wording besides the judge's probes): a day range or bound written in
other words (两头都算 / 含首尾 / 落在 / 当天或之后), today stated with a date as the cut (截至今天A / 按今天A算, 这天之前),
a count of the groups a having keeps (采购金额累计超过1万元的供应商有几家), and small words (加一块儿 = a sum,
行 = a ledger's rows, 拆分 = a grouping)."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest

from kgdesk.qa.dsl import AggFn, Op, QueryType
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.compare_forms import compare_forms
from kgdesk.qa.understand.day_bounds import day_bounds
from kgdesk.qa.understand.found_words import found_words
from kgdesk.qa.understand.group_total_rank import group_total_rank
from kgdesk.qa.understand.key_asked import key_asked
from kgdesk.qa.understand.split_term import term_around_parenthesis
from kgdesk.qa.understand.total_measure import total_measure
from kgdesk.qa.understand.year_basis import year_basis
from kgdesk.qa.understanding import UnderstandingStatus
from kgdesk.qa.values import ValueIndex
from tests.qa.helpers import context, schema_doc, understand

TODAY = date(2026, 11, 30)


def _plan(q: str, today: date = TODAY):  # type: ignore[no-untyped-def]
    u = understand(q, today)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    return u.plan


def _valued(q: str):  # type: ignore[no-untyped-def]
    """`q` understood on a schema whose record kinds and device types have their values (as the dev data)."""
    doc = schema_doc()
    doc["labels"]["采购记录"]["properties"]["记录类型"]["values"] = ["耗材采购", "固定资产"]
    doc["labels"]["设备"]["properties"]["设备类型"]["values"] = ["电梯", "供配电", "消防", "暖通空调"]
    doc["labels"]["设备"]["properties"]["完好状况"]["values"] = ["完好", "带病运行", "停用", "报废"]
    sv = SchemaView.from_json(doc)
    ctx = dataclasses.replace(context(TODAY), schema=sv, values=ValueIndex(sv, load_lexicon()))
    return DeterministicPlanner().understand_sync(q, ctx)


def _bounds(plan) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    return sorted((f.field, f.op.value, str(f.value)) for s in plan.steps for f in s.filters)


# ---------------------------------------------------------------- P1: a day range or bound in other words


@pytest.mark.parametrize(
    "q, plain",
    [
        ("检查日期在2026年2月1日到2026年3月31日（两头都算）的检查有几次", "检查日期在2026年2月1日到2026年3月31日的检查有几次"),
        ("检查日期落在2026年2月1日至2026年3月31日之间（含首尾）的检查有几次", "检查日期在2026年2月1日至2026年3月31日之间的检查有几次"),
        ("检查日期落在2026年1月1日到2026年2月28日之间（首尾都算）的检查有几次", "检查日期在2026年1月1日到2026年2月28日之间的检查有几次"),
        ("中标日期落在2025年1月1日至2025年6月30日之间的项目有哪些", "中标日期在2025年1月1日至2025年6月30日之间的项目有哪些"),
        ("入职日期在2022年1月1日当天或之后的人有多少", "入职日期在2022年1月1日或之后的人有多少"),
        ("入职日期在2023年3月1日这一天或之后的员工有几个", "入职日期在2023年3月1日或之后的员工有几个"),
    ],
)
def test_a_day_range_in_other_words_reads_as_the_plain_one(q: str, plain: str) -> None:
    assert day_bounds(q) == plain
    assert _bounds(_plan(q)) == _bounds(_plan(plain))


def test_a_bracket_after_a_bound_is_not_dropped() -> None:
    """Only a range counts both ends already: a bound keeps its bracket, read (or refused) as written."""
    q = "入职日期在2022年1月1日之后（两头都算）的人有多少"
    assert "两头都算" in day_bounds(q)


def test_a_number_range_is_not_a_day_range() -> None:
    q = "合同金额落在100万到200万之间（含首尾）的项目"
    assert day_bounds(q) == q


# ---------------------------------------------------------------- P1: today stated with a date


@pytest.mark.parametrize(
    "q, said",
    [
        ("截至今天2026年11月30日，已经过期的证书（有效期至在这天之前）有几本", "今天是2026年11月30日，已经过期的证书（有效期至在今天之前）有几本"),
        ("按今天2026-11-30算，结束日期已经过去了的维保合同有多少份", "今天是2026-11-30，结束日期已经过去了的维保合同有多少份"),
        ("以今天2026年6月1日为准，已经过期的证书有几本", "今天是2026年6月1日，已经过期的证书有几本"),
        ("按今天2026年11月30日来算，已经过期的证书有多少张", "今天是2026年11月30日，已经过期的证书有多少张"),
    ],
)
def test_today_stated_with_a_date_is_the_cut(q: str, said: str) -> None:
    assert day_bounds(q) == said
    u = understand(q, date(2026, 4, 20))  # the machine's today differs: the stated day wins
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    assert u.plan.reference_date == ("2026-06-01" if "6月1日" in q else "2026-11-30"), u.plan.reference_date


def test_a_comparison_with_a_stated_day_is_left_to_its_rule() -> None:
    q = "有效期至早于今天2026-02-28的证书有几本"
    assert day_bounds(q) == q


def test_this_day_without_a_stated_today_is_left() -> None:
    q = "有效期至在这天之前的证书有几本"
    assert day_bounds(q) == q


# ---------------------------------------------------------------- P1: counting the groups a having keeps


@pytest.mark.parametrize(
    "q, entity, field, value",
    [
        ("采购金额累计超过1万元的供应商有几家", "供应商", "金额", 10000.0),
        ("采购金额合计超过1万元的供应商有几家", "供应商", "金额", 10000.0),
        ("采购金额合计在2万元及以上的项目有几个", "项目", "金额", 20000.0),
    ],
)
def test_a_count_of_the_groups_whose_total_passes(q: str, entity: str, field: str, value: float) -> None:
    plan = _plan(q)
    assert plan.query_type is QueryType.COUNT and plan.steps[0].entity == entity, plan
    assert plan.having is not None and plan.having.value == value, plan.having
    assert plan.aggregate is not None and plan.aggregate.fn is AggFn.SUM and plan.aggregate.field == field


# ---------------------------------------------------------------- P3: 加一块儿, 行, 拆分


@pytest.mark.parametrize("q", ["报废了的设备原值加一块儿多少钱", "停用的设备原值加到一块是多少", "报废的设备原值合一块儿是多少"])
def test_together_words_are_a_sum(q: str) -> None:
    plan = _plan(q)
    assert plan.aggregate is not None and plan.aggregate.fn is AggFn.SUM and plan.aggregate.field == "原值", plan


@pytest.mark.parametrize("q", ["2026年2月的考勤表一共有多少行记录", "考勤表一共有几行", "2026年3月考勤表有多少行"])
def test_rows_of_a_ledger_are_counted(q: str) -> None:
    plan = _plan(q)
    assert plan.query_type is QueryType.COUNT and plan.steps[0].entity == "考勤", plan


@pytest.mark.parametrize(
    "q, field",
    [
        ("花名册人数按员工层级拆分一下", "员工层级"),
        ("设备按设备类型拆开来各有几台", "设备类型"),
        ("人员按性别分一下各多少人", "性别"),
        ("按员工层级把人员拆分开来数一数", "员工层级"),
    ],
)
def test_split_words_are_a_grouping(q: str, field: str) -> None:
    plan = _plan(q)
    assert [g.field for g in plan.group_by] == [field], plan


def test_a_split_word_without_a_grouping_is_refused() -> None:
    assert understand("人员拆分一下", TODAY).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- P1: a bracket asking for the listed records' code


@pytest.mark.parametrize(
    "q",
    [
        "负责项目超过2个的项目负责人有哪些（给工号）",
        "负责项目超过2个的项目负责人有哪些（列出工号）",
        "负责项目超过2个的人有哪些(带上工号)？",
        "青浦片区有哪些项目（给项目编号）",
    ],
)
def test_a_bracket_asking_for_the_key_is_what_the_list_shows(q: str) -> None:
    assert key_asked(q) != q and "工号" not in key_asked(q).replace("项目编号", "") and "编号）" not in key_asked(q)
    assert _plan(q).query_type is QueryType.LIST


def test_a_bracket_asking_for_another_field_is_read_as_before() -> None:
    for q in ("负责项目超过2个的项目负责人有哪些（给手机号）", "有哪些项目经理的工号（给工号）是KWL开头的"):
        assert key_asked(q) == q


# ---------------------------------------------------------------- P1/P2: a record type's rows counted, its values in a bracket


@pytest.mark.parametrize(
    "q, moved",
    [
        ("采购（耗材+固定资产）笔数在2笔及以上的供应商", "采购笔数（耗材+固定资产）在2笔及以上的供应商"),
        ("采购（耗材和固定资产）条数最多的项目", "采购条数（耗材和固定资产）最多的项目"),
    ],
)
def test_a_bracket_inside_a_record_count_moves_after_it(q: str, moved: str) -> None:
    assert term_around_parenthesis(q) == moved


@pytest.mark.parametrize(
    "q, values",
    [
        ("采购记录（耗材采购和固定资产）满3笔及以上的供应商有几家", {"耗材采购", "固定资产"}),
        ("采购（耗材和固定资产）笔数在2笔及以上的供应商有几家", {"耗材采购", "固定资产"}),
        ("设备（电梯和供配电）有几台", {"电梯", "供配电"}),
    ],
)
def test_two_values_in_a_bracket_after_a_record_type_are_either(q: str, values: set[str]) -> None:
    u = _valued(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    plan = u.plan
    ins = [f for s in plan.steps for f in s.filters if f.op is Op.IN]
    # pass 37 (understand/whole_bracket): a bracket naming every kind of the records (采购记录 = 耗材采购 + 固定资产)
    # restates them and is dropped — no condition, the same records as the either-condition on both kinds
    every_kind = not ins and values == {"耗材采购", "固定资产"}
    assert every_kind or (len(ins) == 1 and set(ins[0].value) == values), plan


def test_two_values_outside_a_bracket_are_still_not_guessed() -> None:
    for q in ("耗材采购和固定资产满3笔及以上的供应商有几家", "电梯和供配电有几台"):
        assert _valued(q).status is not UnderstandingStatus.PLAN, q


# ---------------------------------------------------------------- P1: ranking groups by a total


@pytest.mark.parametrize(
    "q, said",
    [
        ("采购总金额排名前3的项目有哪些", "采购金额合计排名前3的项目有哪些"),
        ("开票总金额最高的项目", "开票金额合计最高的项目"),
        ("各项目的采购总金额", "各项目的采购金额合计"),
        ("采购总金额合计多少", "采购金额合计多少"),
    ],
)
def test_a_total_said_with_zong_is_the_fields_total(q: str, said: str) -> None:
    assert total_measure(q) == said


@pytest.mark.parametrize("q", ["项目总人数是多少", "耗材采购金额占采购总金额的比重", "XMSQ0150的总金额"])
def test_zong_inside_a_term_or_a_share_is_left(q: str) -> None:
    assert total_measure(q) == q


def test_a_ranked_total_plan() -> None:
    plan = _plan("采购总金额排名前3的项目有哪些")
    assert plan.limit == 3 and plan.aggregate is not None and plan.aggregate.fn is AggFn.SUM, plan
    assert plan.aggregate.field == "金额"


@pytest.mark.parametrize(
    "q, said",
    [
        ("哪两个岗位的在岗人数（岗位编制表）合计最多", "各岗位的在岗人数（岗位编制表）合计最多的是哪两个"),
        ("在岗人数合计最多的两个岗位", "各岗位的在岗人数合计最多的是哪两个"),
        ("哪个岗位的在岗人数合计最多", "各岗位的在岗人数合计最多的是哪个"),
        ("原值合计最高的设备类型", "各设备类型的原值合计最高的是哪个"),
        ("预算编制合计最多的三个岗位是哪些", "各岗位的预算编制合计最多的是哪三个"),
    ],
)
def test_groups_of_a_field_ranked_by_a_total(q: str, said: str) -> None:
    assert group_total_rank(q) == said
    plan = _plan(q)
    assert [g.field for g in plan.group_by] == [said[1 : said.index("的")]], plan
    assert plan.aggregate is not None and plan.aggregate.fn is AggFn.SUM and plan.with_ties, plan


@pytest.mark.parametrize(
    "q",
    [
        "哪个岗位的在岗人数最多",  # no sum word: one record's value may be meant
        "在岗人数合计最少的岗位是哪个",  # the smallest would leave out the values no record carries
        "哪个项目的采购金额合计最高",  # a record type: the rules relating two types rank it
    ],
)
def test_other_rankings_are_left(q: str) -> None:
    assert group_total_rank(q) == q


# ---------------------------------------------------------------- P1: a linking ledger's name is where to look


@pytest.mark.parametrize(
    "q, plain",
    [
        ("项目片区关系里，挂靠项目最多的是哪个片区", "挂靠项目最多的是哪个片区"),
        ("在项目片区关系里，每个片区有几个项目", "每个片区有几个项目"),
    ],
)
def test_a_linking_ledgers_name_is_only_where_to_look(q: str, plain: str) -> None:
    a, b = _plan(q), _plan(plain)
    assert (a.group_by, a.aggregate, a.sort, a.steps[0].entity) == (b.group_by, b.aggregate, b.sort, b.steps[0].entity)


# ---------------------------------------------------------------- P2: a field no template holds is not in the data


@pytest.mark.parametrize(
    "q, missing",
    [
        ("XMSQ0150这栋楼一共有几层", "楼层数"),
        ("区图书馆有多少层", "楼层数"),
        ("上个月员工绩效考核得分平均多少", "绩效考核"),
        ("员工的绩效得分最高的是谁", "绩效考核"),
        ("XMSQ0160项目的业主户数是多少", "住户"),
        ("各项目的业主户数分别是多少", "住户"),
        ("XMSQ0150项目有多少个停车位", "停车位"),
    ],
)
def test_a_measure_no_template_holds_is_no_such_field(q: str, missing: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.INSUFFICIENT, (q, u.status, u.message)
    assert u.reason == "no_such_field" and u.missing == missing, (u.reason, u.missing)


def test_the_field_word_alone_is_still_read() -> None:
    plan = _plan("XMSQ0150的业主是谁")
    assert plan.query_type is QueryType.STATUS, plan


# ---------------------------------------------------------------- P2: an exact name two people share


def _two_of_a_name():  # type: ignore[no-untyped-def]
    from kgdesk.qa.grounding import EntityIndex
    from tests.qa.helpers import INDEX_ROWS

    rows = INDEX_ROWS + [
        {"label": "人员", "_key": f"KWL800{i}", "_display": f"李国强（KWL800{i}）", "姓名": "李国强", "工号": f"KWL800{i}"}
        for i in (1, 2)
    ]
    ctx = context(TODAY)
    return dataclasses.replace(ctx, index=EntityIndex.from_rows(rows, load_lexicon()))


@pytest.mark.parametrize(
    "q",
    ["有叫李国强的人吗", "人员信息里有没有李国强", "花名册上有没有李国强", "人员信息里有叫李国强的吗", "有没有李国强", "有叫李国强的员工吗"],
)
def test_whether_a_shared_name_exists_needs_no_choice(q: str) -> None:
    u = DeterministicPlanner().understand_sync(q, _two_of_a_name())
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    assert u.plan.query_type is QueryType.EXISTENCE, u.plan
    assert [(x.field, x.value) for x in u.plan.steps[0].filters] == [("_key", ["KWL8001", "KWL8002"])], u.plan


@pytest.mark.parametrize("q", ["李国强在不在职", "有叫李国强的人在职吗", "有没有李国强的证书", "李国强有证书吗"])
def test_anything_else_of_a_shared_name_still_asks_which(q: str) -> None:
    assert DeterministicPlanner().understand_sync(q, _two_of_a_name()).status is UnderstandingStatus.CLARIFY, q


# ---------------------------------------------------------------- P3: 满分, a year's basis, which of two, not found in, 百分之多少


@pytest.mark.parametrize(
    "q, said",
    [
        ("检查记录里出现过100分满分的吗", "检查记录里出现过100分的吗"),
        ("有没有满分（100分）的检查", "有没有100分的检查"),
        ("检查得分有90分的满分吗", "检查得分有90分吗"),
        ("项目信息表里有多少个项目在投标记录中找不到", "项目信息表里有多少个项目没有投标记录"),
        ("在检查记录里查不到的项目有哪些", "没有检查记录的项目有哪些"),
    ],
)
def test_found_words(q: str, said: str) -> None:
    assert found_words(q) == said


@pytest.mark.parametrize("q", ["检查记录里出现过满分吗", "满分100分，超过90分的检查有几次"])
def test_a_full_score_without_its_number_is_not_assumed(q: str) -> None:
    assert found_words(q) == q


@pytest.mark.parametrize(
    "q, said",
    [
        ("今年的投标有几条？按投标记录的年份算", "今年的投标有几条"),
        ("按年份算，2025年的投标有几条", "2025年的投标有几条"),
        ("今年的投标有几条，按年份算", "今年的投标有几条"),
    ],
)
def test_a_years_basis_only_confirms_it(q: str, said: str) -> None:
    assert year_basis(q) == said


def test_a_basis_without_a_year_is_left() -> None:
    assert year_basis("投标按年份算各有几条") == "投标按年份算各有几条"


@pytest.mark.parametrize(
    "q, said",
    [
        ("电梯设备和供配电设备，哪一类台数多", "电梯设备和供配电设备哪个多"),
        ("电梯和供配电设备，哪一类多", "电梯和供配电设备哪个多"),
        ("PQ01和PQ02两个片区，挂的项目数差几个", "PQ01和PQ02挂的项目数差几个"),
        ("PQ01和PQ02两个片区的项目数差几个", "PQ01和PQ02的项目数差几个"),
    ],
)
def test_which_of_two_has_more_in_other_words(q: str, said: str) -> None:
    assert compare_forms(q) == said


@pytest.mark.parametrize("q", ["所有项目里实际毛利率最高是百分之多少", "实际毛利率最低是百分之几"])
def test_a_rates_extreme_asked_as_a_percentage(q: str) -> None:
    plan = _plan(q)
    assert plan.aggregate is not None and plan.aggregate.fn in (AggFn.MAX, AggFn.MIN), plan
    assert plan.aggregate.field == "实际毛利率" and plan.share is None


@pytest.mark.parametrize("q", ["采购总金额最高的那一笔是什么", "单笔采购总金额最高的是哪个", "每笔采购总金额是多少"])
def test_zong_of_one_record_is_its_own_amount(q: str) -> None:
    assert total_measure(q) == q


@pytest.mark.parametrize("q", ["报废掉的设备有几台", "报废掉的设备原值加一块儿多少钱", "停用掉了的设备有哪些"])
def test_a_complement_after_a_state_value_is_that_value(q: str) -> None:
    u = _valued(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    assert {f.field for s in u.plan.steps for f in s.filters} == {"完好状况"}, u.plan
