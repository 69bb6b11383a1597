"""Leftover words settled from the schema and the question (judge-r3 D/E/F/J/K, the unknown-word
gate): a category suffix after a data value, a property name of a record type the question names,
a light verb that changes nothing — each ignored-and-listed or made a field, never a person's name;
a quantity (一单) is never a fragment of a data value (单一单委)."""

from __future__ import annotations

import dataclasses
from datetime import date
from typing import Any

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.grounding import ValueIndex
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understanding import UnderstandContext, Understanding, UnderstandingStatus
from kgdesk.qa.validate_plan import validate_plan
from tests.qa.helpers import context, schema_doc

TODAY = date(2026, 4, 20)


def _ctx(extra: dict[tuple[str, str], list[Any]] | None = None) -> UnderstandContext:
    ctx = context(TODAY)
    if not extra:
        return ctx
    doc = schema_doc()
    for (label, name), vals in extra.items():
        doc["labels"][label]["properties"][name]["values"] = vals
    sv = SchemaView.from_json(doc)
    return dataclasses.replace(ctx, schema=sv, values=ValueIndex(sv, load_lexicon()))


def understand(q: str, ctx: UnderstandContext | None = None) -> Understanding:
    return DeterministicPlanner().understand_sync(q, ctx or _ctx())


def planned(q: str, ctx: UnderstandContext | None = None) -> tuple[QueryPlan, Understanding]:
    ctx = ctx or _ctx()
    u = understand(q, ctx)
    assert u.status is UnderstandingStatus.PLAN, (u.status, u.message)
    assert u.plan is not None
    validate_plan(u.plan, ctx.schema)
    return u.plan, u


def test_a_category_suffix_after_a_value_is_ignored_and_listed() -> None:
    plan, u = planned("报废类的设备有几台")
    s = plan.steps[0]
    assert s.entity == "设备"
    assert [(f.field, f.value) for f in s.filters] == [("完好状况", "报废")]
    assert "类" in u.ignored_words
    # not after a value: still not understood
    assert understand("类设备有几台").status is not UnderstandingStatus.PLAN


def test_a_property_name_of_a_named_record_type_is_that_field() -> None:
    ctx = _ctx({("采购记录", "记录类型"): ["固定资产", "耗材采购"]})
    plan, _ = planned("固定资产采购的金额一共多少", ctx)
    assert plan.steps[0].entity == "采购记录"
    assert plan.aggregate is not None and plan.aggregate.fn is AggFn.SUM and plan.aggregate.field == "金额"
    plan, _ = planned("报废的设备编号有哪些")
    assert [p.field for p in plan.projection] == ["设备编号"]


def test_a_quantity_is_not_a_fragment_of_a_value() -> None:
    ctx = _ctx({("项目", "委托方式"): ["全委", "单一单委", "多项单委"]})
    assert ctx.values.containing("一单") == []
    assert ctx.values.containing("单委") != []
    ctx = _ctx({("项目", "委托方式"): ["全委", "单一单委"], ("采购记录", "记录类型"): ["固定资产", "耗材采购"]})
    plan, _ = planned("固定资产采购的金额平均一单多少", ctx)
    assert plan.aggregate is not None and plan.aggregate.fn is AggFn.AVG
    assert [f.field for f in plan.steps[0].filters] == ["记录类型"]


def test_a_light_verb_is_ignored_and_listed() -> None:
    plan, u = planned("公司一共管着多少个项目？")
    assert plan.steps[0].entity == "项目" and not plan.steps[0].filters
    assert "管着" in u.ignored_words


def test_a_leftover_glued_to_a_one_character_filler_is_that_neutral_word() -> None:
    plan, u = planned("2月大家的平时加班小时一共多少个小时")
    assert plan.aggregate is not None and plan.aggregate.field == "平时加班小时"
    assert "大家" in u.ignored_words


def test_a_field_name_without_its_unit_suffix_names_the_field() -> None:
    plan, _ = planned("2月的平时加班一共多少小时")
    assert plan.steps[0].entity == "考勤"
    assert plan.aggregate is not None and plan.aggregate.fn is AggFn.SUM
    assert plan.aggregate.field == "平时加班小时"


def test_label_plus_shu_is_a_count() -> None:
    plan, _ = planned("报废的设备数是多少")
    assert plan.aggregate is not None and plan.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT)


def test_a_superlative_of_one_record_is_not_answered_by_a_sum_per_group() -> None:
    # ranking projects by the sum of 原值 would name another project than the top device's
    u = understand("原值最高的那台设备在哪个项目")
    assert u.status is not UnderstandingStatus.PLAN


def test_a_noun_where_a_field_stands_is_no_such_field_not_a_person() -> None:
    for q, word in (
        ("员工的籍贯都是哪里的", "籍贯"),  # 籍 is also a surname
        ("每台电梯的载客人数", "载客人数"),  # never a name search before the label word 人数
        ("青浦-区图书馆每个月电费是多少", "电费"),
    ):
        u = understand(q)
        assert u.status is UnderstandingStatus.INSUFFICIENT, (q, u.status, u.message)
        assert (u.reason, u.missing) == ("no_such_field", word), q


def test_total_plus_a_field_suffix_is_the_sum_of_that_field() -> None:
    plan, _ = planned("2025年投标的总金额")
    assert plan.steps[0].entity == "投标记录"
    assert plan.aggregate is not None and (plan.aggregate.fn, plan.aggregate.field) == (AggFn.SUM, "投标金额")


def test_lie_yi_xia_asks_for_a_list() -> None:
    plan, _ = planned("报废的设备列一下编号")
    assert plan.query_type.value == "list"
    assert [p.field for p in plan.projection] == ["设备编号"]
