"""Planner pass 57 (judge 49's refusal classes), our own wordings on the in-memory dev schema and index."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa.dsl import QueryPlan
from tests.qa.helpers import UnderstandingStatus, understand

TODAY = date(2026, 4, 21)


def _plan(q: str) -> QueryPlan:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    return u.plan


def _sum_of(q: str) -> tuple[str | None, bool]:
    p = _plan(q)
    assert p.aggregate is not None and p.aggregate.fn.value == "sum", p
    return p.aggregate.field, bool(p.group_by)


# ---------------------------------------------------------------- K8: 为空（gloss） is IS NULL, the bracket only explains


@pytest.mark.parametrize(
    "q, entity, field",
    [
        ("整改完成日期没填（说明还没整改）的检查有几次", "检查记录", "整改完成日期"),
        ("离职日期是空的（也就是还在职）的员工有多少个", "人员", "离职日期"),
        ("问题描述为空（没发现问题）的检查记录有几条", "检查记录", "问题描述"),
        ("出厂日期空着（不知道哪年出的）的设备有几台", "设备", "出厂日期"),
    ],
)
def test_an_empty_field_with_a_gloss_is_is_null(q: str, entity: str, field: str) -> None:
    p = _plan(q)
    fs = [f for s in p.steps for f in s.filters]
    assert p.steps[0].entity == entity and [(f.field, f.op.value) for f in fs] == [(field, "is_null")], p


def test_a_blankish_value_is_never_an_equality() -> None:
    from kgdesk.qa.dsl import Filter, Op
    from kgdesk.qa.schema import PropertyInfo
    from kgdesk.qa.value_shape import value_shape_errors

    info = PropertyInfo(name="问题描述", type="文本")
    for v in ("空(没查出问题", "为空", "空（还没整改", "空着"):
        f = Filter(node="n0", field="问题描述", op=Op.EQ, value=v)
        assert value_shape_errors(f, info), v
    assert not value_shape_errors(Filter(node="n0", field="设备名称", op=Op.EQ, value="空调"), info)


# ---------------------------------------------------------------- K10: 比例 / 占比 / <x>率 有多高 is the share's degree


@pytest.mark.parametrize(
    "q, value",
    [("设备里报废的占比有多大", "报废"), ("设备的完好率能有多高", "完好"), ("设备中停用的比率是多高", "停用")],
)
def test_a_ratio_asked_how_high_is_a_share(q: str, value: str) -> None:
    p = _plan(q)
    assert p.share is not None, p
    part = next(s for s in p.steps if s.id == p.share.part)
    assert [f.value for f in part.filters] == [value], p


def test_how_tall_of_a_person_stays_not_in_the_data() -> None:
    u = understand("员工里谁最高，有多高", TODAY)
    assert u.status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- K1: 各项目 + one month + 合计 / 一共 / 成一个数 is one total


@pytest.mark.parametrize(
    "q, field",
    [
        ("4月份各项目开票合计是多少钱", "开票金额"),
        ("2月各个项目的收款一共收了多少", "收款金额"),
        ("1月份每个项目的收款汇总成一个数", "收款金额"),
        ("每个项目3月的开票加成一个总数是多少", "开票金额"),
    ],
)
def test_each_project_in_one_month_summed_is_one_total(q: str, field: str) -> None:
    assert _sum_of(q) == (field, False)


@pytest.mark.parametrize("q", ["4月份各项目开票分别是多少", "3月每个项目的开票合计是多少", "各项目的开票金额合计"])
def test_a_per_project_table_stays_per_project(q: str) -> None:
    u = understand(q, TODAY)
    assert u.plan is None or u.plan.group_by, u.plan


# ---------------------------------------------------------------- K2: a sum asked with a verb


@pytest.mark.parametrize(
    "q, field",
    [
        ("全部维保合同的金额求个和", "金额"),
        ("岗位编制里的预算编制帮我加一下总", "预算编制"),
        ("项目信息表的合同面积求一下和", "合同面积"),
        ("项目信息表的合同金额求和是多少", "合同金额"),
    ],
)
def test_a_sum_verb_is_the_sum(q: str, field: str) -> None:
    assert _sum_of(q) == (field, False)


def test_a_summary_field_keeps_its_name() -> None:
    from kgdesk.qa.understand.sum_verbs import sum_verbs

    assert sum_verbs("汇总业态是公建的项目有几个") == "汇总业态是公建的项目有几个"


# ---------------------------------------------------------------- K3: 几个 / 多少名 after a headcount field is its unit


@pytest.mark.parametrize(
    "q, field",
    [
        ("预算编制这一栏整张表加起来几个", "预算编制"),
        ("全部岗位的项目编制总共有多少个", "项目编制"),
        ("在岗人数全表一共几名", "在岗人数"),
        ("标准工时人数合计是几位", "标准工时人数"),
    ],
)
def test_a_headcount_field_counted_with_its_unit_is_its_sum(q: str, field: str) -> None:
    assert _sum_of(q) == (field, False)


@pytest.mark.parametrize("q", ["XMSQ0102的预算编制有几个岗位", "在岗人数一共几个项目"])
def test_a_count_of_other_things_stays_refused(q: str) -> None:
    u = understand(q, TODAY)
    assert u.plan is None or u.plan.aggregate is None or u.plan.aggregate.fn.value != "sum", u.plan


# ---------------------------------------------------------------- K4: purchase amounts said otherwise, the scope restated


@pytest.mark.parametrize(
    "q",
    [
        "固定资产加耗材合在一起，采购额最高的三个项目",
        "固定资产、耗材一起算，在采购上花的钱最少的两个项目",
        "耗材跟固定资产一起算，哪两个项目在采购上花的钱最多",
    ],
)
def test_a_purchase_total_with_its_scope_restated_is_read(q: str) -> None:
    p = _plan(q)
    assert p.steps[0].entity in ("采购记录", "供应商") and not [f for s in p.steps for f in s.filters], p
    assert p.aggregate is not None and p.aggregate.fn.value == "sum" and p.aggregate.field == "金额", p


@pytest.mark.parametrize(
    "q", ["耗材和固定资产，各自的采购金额是多少", "哪些供应商供货金额加起来不到5万（耗材、固定资产一起算）"]
)
def test_the_kinds_asked_apart_or_per_supplier_are_left_alone(q: str) -> None:
    """Per supplier, the reading answered a blind set wrongly (heldout35, group_having): left to the other readings."""
    from kgdesk.qa.understand.purchase_scope import purchase_scope

    assert purchase_scope(q) == q


# ---------------------------------------------------------------- K5 / K6: rewrites that need the data's values


def _schema_with(values: dict[tuple[str, str], list[str]]):  # type: ignore[no-untyped-def]
    from kgdesk.qa.schema import SchemaView
    from tests.qa.helpers import schema_doc

    doc = schema_doc()
    for (label, field), vals in values.items():
        doc["labels"][label]["properties"][field]["values"] = vals
    return SchemaView.from_json(doc)


_JOBS = {("人员", "岗位名称"): ["保安_领班", "保安_普保", "保洁员", "保洁_领班", "项目经理"]}


@pytest.mark.parametrize(
    "q, want",
    [
        ("保洁那块一共多少人，保洁员、保洁领班都包括", "保洁一共多少人"),
        ("花名册上干保安的有多少人（普保和领班都算上）", "花名册里保安的有多少人"),
        ("保安这条线几个人？领班也算进去", "保安几个人？"),
    ],
)
def test_a_job_family_with_its_members_listed_is_the_family(q: str, want: str) -> None:
    from kgdesk.qa.understand.job_family import job_family

    assert job_family(q, _schema_with(_JOBS)) == want


@pytest.mark.parametrize("q", ["保安一共多少人，领班都算进去", "保洁一共多少人，保洁员和项目经理都算上"])
def test_a_list_that_is_not_the_family_is_left_alone(q: str) -> None:
    from kgdesk.qa.understand.job_family import job_family

    assert job_family(q, _schema_with(_JOBS)) == q


def test_an_items_modifier_in_a_bracket_is_folded_into_its_name() -> None:
    from kgdesk.qa.understand.item_bracket import item_bracket

    s = _schema_with({("采购记录", "名称"): ["驾驶式洗地机", "高清监控摄像机"]})
    assert item_bracket("洗地机（驾驶式那种）一共几台", s) == "驾驶式洗地机一共几台"
    assert item_bracket("摄像机(高清监控的)买了多少", s) == "高清监控摄像机买了多少"
    assert item_bracket("洗地机（手推式的）一共几台", s) == "洗地机（手推式的）一共几台"


@pytest.mark.parametrize(
    "q, want",
    [
        ("拖把总共采了多少把", "拖把总共采购了多少把"),
        ("灯管进过几根", "灯管采购过几根"),
        ("清洁剂进货数量是多少", "清洁剂采购数量是多少"),
        ("上个月进了几个人", "上个月进了几个人"),
        ("采用了几种方式", "采用了几种方式"),
    ],
)
def test_a_one_character_purchase_verb_is_caigou(q: str, want: str) -> None:
    from kgdesk.qa.understand.bought_verbs import bought_verbs

    assert bought_verbs(q) == want


# ---------------------------------------------------------------- K7: the inspection's passive, no record type said


@pytest.mark.parametrize(
    "q, words",
    [
        ("灭火器压力不足这个问题被查出来过几回", "灭火器压力不足"),
        ("电梯年检标志未张贴这种情况前后被检查出来几次", "电梯年检标志未张贴"),
        ("绿化带有枯死苗木这毛病，检查时一共发现了多少回", "绿化带有枯死苗木"),
    ],
)
def test_a_problem_found_by_inspection_is_a_contains_count(q: str, words: str) -> None:
    p = _plan(q)
    fs = [f for s in p.steps for f in s.filters]
    assert p.steps[0].entity == "检查记录" and [(f.field, f.op.value, f.value) for f in fs] == [
        ("问题描述", "contains", words)
    ], p


def test_a_paraphrase_the_known_values_do_not_hold_is_never_searched() -> None:
    from kgdesk.qa.lexicon import load_lexicon
    from kgdesk.qa.understand.problem_words import problem_words

    s = _schema_with({("检查记录", "问题描述"): ["消防通道堆放杂物", "灭火器压力不足 2 具"]})
    q = "消防通道堆杂物这种情况被查到过几次"
    assert problem_words(q, s, load_lexicon()) == q
    assert "包含灭火器压力不足" in problem_words("灭火器压力不足这种情况被查到过几次", s, load_lexicon())


# ---------------------------------------------------------------- K9: a value, its field in a bracket, 占 all


@pytest.mark.parametrize(
    "q, field, value",
    [
        ("停用的设备（完好状况）占全部设备的几成", "完好状况", "停用"),
        ("男的（性别）占所有人员的比例", "性别", "男"),
        ("服务中的项目（服务状态）在所有项目里占百分之几", "服务状态", "服务中"),
    ],
)
def test_a_value_with_its_field_bracketed_after_the_noun_is_a_share(q: str, field: str, value: str) -> None:
    p = _plan(q)
    assert p.share is not None, p
    part = next(s for s in p.steps if s.id == p.share.part)
    assert [(f.field, f.value) for f in part.filters] == [(field, value)], p


def test_a_bracket_that_is_not_the_values_field_is_left_alone() -> None:
    from kgdesk.qa.understand.noun_field_bracket import noun_field_bracket

    q = "报废的设备（性别）占所有设备的比例"
    assert noun_field_bracket(q, _schema_with({})) == q


@pytest.mark.parametrize("q", ["今年XMSQ0150进了几台设备", "上个月进了多少员工"])
def test_an_entry_verb_before_devices_or_people_is_not_a_purchase(q: str) -> None:
    from kgdesk.qa.understand.bought_verbs import bought_verbs

    assert bought_verbs(q) == q


def test_a_dropped_scope_keeps_the_purchase_said() -> None:
    from kgdesk.qa.understand.purchase_scope import purchase_scope

    assert purchase_scope("耗材和固定资产加一起，一共多少钱") == "耗材和固定资产加一起，一共多少钱"


@pytest.mark.parametrize("q", ["入职日期是几号", "XMSQ0102的合同几号到期"])
def test_a_day_of_the_month_is_never_a_headcount(q: str) -> None:
    from kgdesk.qa.understand.spoken_forms import spoken_forms

    assert spoken_forms(q) == q


@pytest.mark.parametrize("q", ["2026年3月各项目的平时加班小时合计是多少", "1月各项目的上班天数合计是多少"])
def test_a_field_of_many_rows_per_project_and_month_stays_per_project(q: str) -> None:
    from kgdesk.qa.understand.one_total import one_total

    assert one_total(q) == q
