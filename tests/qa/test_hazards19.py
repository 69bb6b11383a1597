"""Judge-14 W6 at the plan (in-memory schema, own wording): a kind word (哪几类 / 哪几种 / 哪些类 …) with a
record type's word asks the distinct values of the type's kind field (its one …类型 / …类别 field) —
never the records listed one by one; with no single kind field it is refused."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import AggFn, QueryType
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand


@pytest.mark.parametrize(
    "q, field",
    [
        ("区图书馆做过哪几类检查", "检查类型"),
        ("区图书馆有哪几种检查记录", "检查类型"),
        ("XMSQ0150的检查都有哪几种", "检查类型"),
        ("区图书馆都有哪些类的设备", "设备类型"),
        ("区图书馆的设备都有哪几类", "设备类型"),
        ("XMSQ0150项目上有哪几类设备？", "设备类型"),
    ],
)
def test_a_kind_question_lists_the_kind_values(q: str, field: str) -> None:
    p = planned(q)
    assert [g.field for g in p.group_by] == [field] and [x.field for x in p.projection] == [field], p
    assert p.aggregate is not None and p.aggregate.fn is AggFn.COUNT_DISTINCT, p


@pytest.mark.parametrize("q, value", [("哪几类设备报废了", "报废"), ("有哪几种设备是停用的", "停用")])
def test_the_kinds_of_the_records_a_condition_keeps(q: str, value: str) -> None:
    p = planned(q)
    assert [g.field for g in p.group_by] == ["设备类型"], p
    assert [(f.field, f.value) for f in p.steps[0].filters] == [("完好状况", value)], p


@pytest.mark.parametrize(
    "q",
    [
        "XMSQ0150项目上有哪几类采购",  # 采购记录: 类别 and 记录类型
        "XMSQ0150有哪几种采购记录",
        "有哪几种证书",  # 证书类别 and 专业类别
        "证书有哪几类",
        "XMSQ0150的采购都有哪几类",
    ],
)
def test_a_kind_question_without_one_kind_field_is_refused_never_listed(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN, u.plan
    assert "种类" in (u.message or ""), u.message


def test_which_kind_words_stay_apart_from_type_words() -> None:
    p = planned("有哪些类型的设备")  # 哪些类型 is not rewritten as 哪几类
    assert [g.field for g in p.group_by] == ["设备类型"], p


def test_a_type_whose_records_are_kinds_still_lists_them() -> None:
    p = planned("有哪几种岗位")  # lexicon kind_labels: each 岗位 is a kind
    assert p.steps[0].entity == "岗位" and not p.group_by, p


def test_a_plain_list_of_records_is_unchanged() -> None:
    p = planned("区图书馆有哪些检查记录")
    assert p.query_type is QueryType.LIST and not p.group_by, p
