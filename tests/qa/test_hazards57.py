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
    for v in ("空(没查出问题", "为空", "空（还没整改", "已整改(部分"):
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
        ("所有项目的年化合同额合计一下", "年化合同额"),
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
