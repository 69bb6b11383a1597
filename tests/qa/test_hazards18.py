"""Judge-13 classes at the plan (in-memory schema, own wording).

E2: <field>是A还是B of one named record asks its field. E3: （按工号去重）on a count of people is the 口径.
E4: 排了几个人的班 is the scheduling ledger's verb. E6: （按项目片区关系）only restates the link.
E7: 最值钱 / 最不值钱 rank; 按原值合计 is no group key; 哪一类设备 is grouped by 设备类型.
E1: 有没有叫<name>的 over a name held by two people needs no choice. E8: 整月 is filler, 年份是今年 compares
the record's own 年份. E9: 划分了几个片区 counts them. E10: 2月的…超过1月了吗 compares two months.
E11: 不为“完好” is a negation.

M1: a field word of a named ledger with one of its record types excluded by name is the field of the type
left (采购与维保台账里的金额，维保合同别算 → 采购记录.金额), never a name looked up.
M2: 笔数 / 单数 / 张数 … are the number of records, not a field.
M3: 合同 between a project and one of the project's own fields qualifies that field (区图书馆合同的结束日期
→ 项目.结束日期), never 记录类型 = 维保合同."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understanding import UnderstandingStatus
from kgdesk.qa.values import ValueIndex
from tests.qa.helpers import context, planned, schema_doc, understand

_TYPES = {"维保合同": ["维保合同"], "采购记录": ["耗材采购", "固定资产"], "供应商": ["供应商"]}


def _ctx():  # type: ignore[no-untyped-def]
    doc = schema_doc()
    for label, values in _TYPES.items():
        doc["labels"][label]["properties"].setdefault("记录类型", {"type": "string", "count": 10, "distinct": 3})
        doc["labels"][label]["properties"]["记录类型"]["values"] = values
    doc["labels"]["采购记录"]["properties"]["类别"]["values"] = ["清洁耗材", "五金耗材"]
    doc["labels"]["项目"]["properties"]["计费方式"]["values"] = ["包干制", "酬金制"]
    doc["labels"]["项目"]["properties"]["委托方式"]["values"] = ["全委", "单一单委", "多项单委"]
    for field in ("金额", "数量", "单价"):  # the suppliers' rows carry no amounts (as in the dev data)
        doc["labels"]["供应商"]["properties"].pop(field, None)
    return _on(doc)


def _on(doc):  # type: ignore[no-untyped-def]
    sv = SchemaView.from_json(doc)
    ctx = context()
    return type(ctx)(**{**ctx.__dict__, "schema": sv, "values": ValueIndex(sv, load_lexicon())})


def _plan(q: str) -> QueryPlan:
    u = DeterministicPlanner().understand_sync(q, _ctx())
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    return u.plan


@pytest.mark.parametrize(
    "q",
    [
        "XMSQ0150 采购与维保台账里的金额，维保合同不算，合计多少",
        "XMSQ0150在采购与维保表中除维保合同外的金额总和",
        "采购与维保台账里的金额，维保合同别算，合计多少",
        "采购台账里除了维保合同以外的金额一共多少",
    ],
)
def test_a_ledger_field_with_a_type_excluded_is_the_field_of_the_type_left(q: str) -> None:
    p = _plan(q)
    assert p.steps[0].entity == "采购记录", p
    assert p.aggregate is not None and (p.aggregate.fn, p.aggregate.field) == (AggFn.SUM, "金额"), p
    assert any("不含维保合同" in n for n in p.notes), p.notes


def test_a_ledger_field_of_two_types_left_is_still_refused_without_a_missing_name() -> None:
    u = DeterministicPlanner().understand_sync("采购与维保台账里的金额合计多少", _ctx())
    assert u.status is not UnderstandingStatus.PLAN and u.reason != "no_such_entity", u


@pytest.mark.parametrize(
    "q",
    ["耗材采购的笔数有多少", "耗材采购单数有多少", "维保合同的份数一共多少", "固定资产采购一共几笔，笔数是多少"],
)
def test_a_count_word_is_the_number_of_records(q: str) -> None:
    p = _plan(q)
    assert p.aggregate is not None and p.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT), p


@pytest.mark.parametrize(
    "q, field",
    [
        ("区图书馆合同的结束日期是哪天", "结束日期"),
        ("XMSQ0150合同的开始日期", "开始日期"),
        ("区图书馆的合同的合同状况", "合同状况"),
        ("XMSQ0150的合同的结束日期是几号", "结束日期"),
    ],
)
def test_contract_before_a_project_field_reads_the_project(q: str, field: str) -> None:
    p = _plan(q)
    assert p.steps[0].entity == "项目" and not p.steps[0].hops, p
    assert [f.field for f in p.projection] == [field], p
    assert not any(f.field == "记录类型" for f in p.steps[0].filters), p


def test_the_full_type_name_still_reads_the_maintenance_contract() -> None:
    p = _plan("区图书馆维保合同的结束日期")
    assert p.steps[0].entity == "维保合同", p


def test_plain_questions_unchanged() -> None:
    assert planned("区图书馆合同金额是多少").steps[0].entity == "项目"


@pytest.mark.parametrize(
    "q, field",
    [
        ("区图书馆的计费方式是包干制还是酬金制", "计费方式"),
        ("XMSQ0150委托方式是全委还是单委", "委托方式"),
        ("区图书馆计费方式为包干制还是酬金制呢", "计费方式"),
    ],
)
def test_either_of_two_values_after_the_field_asks_the_field(q: str, field: str) -> None:
    p = _plan(q)
    assert [f.field for f in p.projection] == [field], p
    assert [f.field for f in p.steps[0].filters] == ["_key"], p


def test_either_without_a_named_record_is_not_read_as_asked() -> None:
    u = DeterministicPlanner().understand_sync("计费方式是包干制还是酬金制", _ctx())
    assert u.status is not UnderstandingStatus.PLAN or u.plan is None or not u.plan.projection, u


@pytest.mark.parametrize(
    "q",
    [
        "1月考勤里出现过旷工的员工有多少人（按工号去重）",
        "1月排班表里排过夜班的有几个人（按工号算）",
        "2月考勤里有过病假的员工有几个，按人算",
    ],
)
def test_a_stated_basis_of_distinct_people_is_the_count_of_people(q: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == "人员" and not p.group_by, p
    assert p.aggregate is not None and p.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT), p


@pytest.mark.parametrize(
    "q", ["XMSQ0150 2026年1月排了几个人的班", "XMSQ0150 2026年1月排过班的有几个人", "2026年2月区图书馆排了多少人的班"]
)
def test_scheduling_verbs_count_the_scheduled(q: str) -> None:
    p = planned(q)
    labels = {p.steps[0].entity, *(h.target for h in p.steps[0].hops)}
    assert "排班月报" in labels and "考勤" not in labels, p


@pytest.mark.parametrize(
    "q", ["哪个片区下面挂的项目最多（按项目片区关系）", "按项目片区关系，青浦片区有几个项目", "科创片区有哪些项目(依据项目片区关系表)"]
)
def test_a_relation_template_named_as_basis_changes_nothing(q: str) -> None:
    base = q.replace("（按项目片区关系）", "").replace("按项目片区关系，", "").replace("(依据项目片区关系表)", "")
    assert planned(q).model_dump(exclude={"notes"}) == planned(base).model_dump(exclude={"notes"})


@pytest.mark.parametrize(
    "q, direction",
    [
        ("按原值合计，哪一类设备最值钱", "desc"),
        ("哪一类设备最贵（按原值合计）", "desc"),
        ("哪类设备的原值合计最低", "asc"),
        ("按原值合计，哪种设备最不值钱", "asc"),
    ],
)
def test_the_dearest_kind_is_grouped_by_its_category_and_ranked_by_the_total(q: str, direction: str) -> None:
    p = planned(q)
    assert [g.field for g in p.group_by] == ["设备类型"], p
    assert p.aggregate is not None and (p.aggregate.fn, p.aggregate.field) == (AggFn.SUM, "原值"), p
    assert p.limit == 1 and p.sort and str(p.sort[0].direction) == direction, p


def test_a_summed_measure_after_an_is_never_a_group_key() -> None:
    u = understand("按原值合计，哪一类人员最多")
    assert u.plan is None or all(g.field != "原值" for g in u.plan.group_by), u.plan


def _two_of_a_name():  # type: ignore[no-untyped-def]
    from kgdesk.qa.grounding import EntityIndex
    from tests.qa.helpers import INDEX_ROWS

    rows = INDEX_ROWS + [
        {"label": "人员", "_key": f"KWL900{i}", "_display": f"王建华（KWL900{i}）", "姓名": "王建华", "工号": f"KWL900{i}"}
        for i in (1, 2)
    ]
    ctx = context()
    return type(ctx)(**{**ctx.__dict__, "index": EntityIndex.from_rows(rows, load_lexicon())})


@pytest.mark.parametrize("q", ["人员信息表里有没有叫王建华的", "有没有叫王建华的人", "花名册上有没有叫王建华的员工"])
def test_existence_of_a_name_held_by_two_needs_no_choice(q: str) -> None:
    u = DeterministicPlanner().understand_sync(q, _two_of_a_name())
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    f = u.plan.steps[0].filters
    assert [(x.field, x.value) for x in f] == [("_key", ["KWL9001", "KWL9002"])], u.plan


@pytest.mark.parametrize("q", ["王建华在不在职", "王建华的岗位是什么", "有没有叫王建华的人在职"])
def test_any_other_question_of_the_name_still_asks_which(q: str) -> None:
    u = DeterministicPlanner().understand_sync(q, _two_of_a_name())
    assert u.status is UnderstandingStatus.CLARIFY, (q, u.status, u.plan)


@pytest.mark.parametrize("q, year", [("投标记录里年份是今年的有几条", 2026), ("年份为去年的投标有哪些", 2025)])
def test_a_year_field_said_as_this_year(q: str, year: int) -> None:
    p = planned(q)
    assert p.steps[0].entity == "投标记录" and not p.steps[0].time, p
    assert [(f.field, float(str(f.value))) for f in p.steps[0].filters] == [("年份", year)], p


@pytest.mark.parametrize("q", ["3月整月做了几次检查", "3月整个月一共做了几次检查"])
def test_a_whole_month_word_is_filler(q: str) -> None:
    assert planned(q).model_dump(exclude={"notes"}) == planned("3月做了几次检查").model_dump(exclude={"notes"})


@pytest.mark.parametrize("q", ["公司一共划分了几个片区", "总共设了多少个片区", "一共分成了几个片区"])
def test_setting_up_verbs_count_the_regions(q: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == "片区" and p.aggregate is not None, p


@pytest.mark.parametrize(
    "q", ["赵德胜2月的税后工资超过1月了吗", "赵德胜2月的税后工资有没有超过1月的", "赵德胜2月税后工资超过1月没有"]
)
def test_exceeding_another_month_compares_the_two(q: str) -> None:
    assert planned(q).model_dump(exclude={"notes"}) == planned("赵德胜2月的税后工资比1月高吗").model_dump(exclude={"notes"})


def test_exceeding_a_number_stays_a_threshold() -> None:
    p = planned("税后工资超过4000的考勤记录有几条")
    assert any(f.field == "税后工资" and f.op.value == "gt" for f in p.steps[0].filters), p


@pytest.mark.parametrize("q", ["完好状况不为“完好”的设备有多少台", "设备里完好状况不为「完好」的有多少台", "完好状况不是“完好”的设备有几台"])
def test_not_a_quoted_value_is_a_negation(q: str) -> None:
    p = planned(q)
    assert [(f.field, f.op.value, f.value) for f in p.steps[0].filters] == [("完好状况", "ne", "完好")], p


@pytest.mark.parametrize("q", ["2026年2月和1月的耗材采购金额差多少", "3月的耗材采购金额比2月多多少"])
def test_a_record_type_total_in_two_months_is_compared_by_its_own_month(q: str) -> None:
    p = _plan(q)
    assert [g.field for g in p.group_by] == ["年月"] and p.comparison is not None, p
    assert any(f.field == "年月" and f.op.value == "in" for f in p.steps[0].filters), p


def test_two_dates_of_dated_records_stay_refused() -> None:
    u = understand("2026年2月和1月的检查次数差多少")
    assert u.status is not UnderstandingStatus.PLAN, u.plan


@pytest.mark.parametrize("q", ["XMSQ0150有哪几类设备", "区图书馆有哪几种设备", "青浦-工业园区有哪几类设备"])
def test_the_kinds_of_devices_are_the_values_of_their_type(q: str) -> None:
    p = planned(q)
    assert [g.field for g in p.group_by] == ["设备类型"], p


def test_kinds_of_a_type_without_a_type_field_are_not_guessed() -> None:
    u = understand("有哪几种证书")
    assert u.plan is None or all(g.field != "证书类别" for g in u.plan.group_by), u.plan


@pytest.mark.parametrize(
    "q, expression",
    [
        ("岗位编制中XMSQ0150的预算编制比在岗人数多多少", "预算编制 - 在岗人数"),
        ("岗位编制中XMSQ0150的在岗人数比预算编制少多少", "预算编制 - 在岗人数"),
    ],
)
def test_two_fields_of_the_same_records_compared_is_their_difference_summed(q: str, expression: str) -> None:
    doc = schema_doc()
    for f in ("预算编制", "在岗人数"):
        doc["labels"]["岗位编制"]["properties"][f]["count"] = doc["labels"]["岗位编制"]["count"]
    ctx = _on(doc)
    u = DeterministicPlanner().understand_sync(q, ctx)
    assert u.plan is not None, (u.status, u.message)
    assert [d.expression for d in u.plan.steps[0].derived] == [expression], u.plan
    assert u.plan.aggregate is not None and u.plan.aggregate.fn is AggFn.SUM, u.plan


def test_a_field_some_records_lack_is_not_differenced() -> None:
    doc = schema_doc()
    doc["labels"]["岗位编制"]["properties"]["在岗人数"]["count"] = 1  # most records lack it
    ctx = _on(doc)
    u = DeterministicPlanner().understand_sync("岗位编制中XMSQ0150的预算编制比在岗人数多多少", ctx)
    assert u.plan is None or not u.plan.steps[0].derived, u.plan
