"""Judge-31 classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards36_graph.py)."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import AggFn, Aggregate, FieldRef, Filter, Op, QueryPlan, QueryType, Step
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.named_groups import missing_named_groups
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.ba_listing import ba_listing
from kgdesk.qa.understand.described_group import described_group
from kgdesk.qa.understand.months_restated import months_restated

_SCHEMA = SchemaView.from_json(
    {
        "labels": {
            "人员": {
                "count": 3,
                "key": ["工号"],
                "properties": {"岗位名称": {"type": "文本", "values": ["保安_普保", "工程维修工", "项目经理"]}},
            },
            "检查记录": {
                "count": 3,
                "key": ["项目编号", "检查日期"],
                "properties": {"检查日期": {"type": "日期", "values": ["2026-01-15", "2026-03-10", "2026-04-02"]}},
            },
        },
        "months": {"min": "2026-01", "max": "2026-04"},
    }
)


# ---------------------------------------------------------------- C0: a described group is its bracket


@pytest.mark.parametrize(
    "q, want",
    [
        ("搞安保的（岗位保安_普保）花名册上有几个人呀", "岗位保安_普保的花名册上有几个人呀"),
        ("干电工的(岗位工程维修工)有几个", "岗位工程维修工的有几个"),
        ("管物业的（岗位是项目经理）一共多少人", "岗位是项目经理的一共多少人"),
    ],
)
def test_the_bracket_alone_is_the_condition(q: str, want: str) -> None:
    assert described_group(q, _SCHEMA, load_lexicon()) == want


@pytest.mark.parametrize(
    "q",
    [
        "搞安保的（不含领班）有几个人",  # no value of the schema in the bracket
        "保安_普保（岗位）有几个人",  # no describing verb
    ],
)
def test_other_brackets_are_left_alone(q: str) -> None:
    assert described_group(q, _SCHEMA, load_lexicon()) == q


# ---------------------------------------------------------------- E0: day-dated records cover their days' months


def test_a_day_field_covers_the_months_of_its_days() -> None:
    assert _SCHEMA.label_months("检查记录", "检查日期") == ("2026-01", "2026-02", "2026-03", "2026-04")


# ---------------------------------------------------------------- F0: every named group appears


def _per_project(fn: AggFn, named: list[str]) -> QueryPlan:
    step = Step(entity="设备", filters=[Filter(field="项目编号", op=Op.IN, value=named)])
    return QueryPlan(
        query_type=QueryType.AGGREGATE,
        steps=[step],
        group_by=[FieldRef(field="项目编号")],
        aggregate=Aggregate(fn=fn, field=None if fn is AggFn.COUNT else "原值"),
    )


def test_a_named_group_without_records_is_given_back() -> None:
    plan = _per_project(AggFn.COUNT, ["XMSQ0110", "XMSQ0150"])
    assert missing_named_groups(plan, {"XMSQ0150"}) == ["XMSQ0110"]
    assert missing_named_groups(_per_project(AggFn.SUM, ["A", "B"]), set()) == ["A", "B"]


def test_an_average_of_nothing_is_not_zero() -> None:
    assert missing_named_groups(_per_project(AggFn.AVG, ["XMSQ0110", "XMSQ0150"]), {"XMSQ0150"}) == []


# ---------------------------------------------------------------- P1-C: 把…列给我 in the plain order


@pytest.mark.parametrize(
    "q, want",
    [
        ("细分业态为产业园区的项目，把编号列给我", "细分业态为产业园区的项目，列出编号"),
        ("把服务中的项目都列出来", "列出服务中的项目"),
    ],
)
def test_a_ba_listing_reads_in_the_plain_order(q: str, want: str) -> None:
    assert ba_listing(q, _SCHEMA, load_lexicon()) == want


# ---------------------------------------------------------------- P1-E: months enumerated, then counted


@pytest.mark.parametrize(
    "q, want",
    [
        ("XMSQ0110 1月、2月两个月开票金额加总是多少", "XMSQ0110 1月、2月开票金额加总是多少"),
        ("3月和4月这两个月的餐费", "3月和4月的餐费"),
        ("1月、2月、3月三个月的出勤", "1月、2月、3月的出勤"),
    ],
)
def test_the_months_counted_after_them_are_dropped(q: str, want: str) -> None:
    assert months_restated(q, _SCHEMA, load_lexicon()) == want


def test_another_number_of_months_is_left() -> None:
    q = "1月、2月三个月开票金额加总是多少"
    assert months_restated(q, _SCHEMA, load_lexicon()) == q
