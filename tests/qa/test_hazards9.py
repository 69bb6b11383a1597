"""Judge-9 wrong-answer classes at the plan (in-memory schema, own wording): 开过票 needs a non-zero
amount, 现在 drops equipment that left, a value two hops away is not guessed, a named day is that
day, 各 splits per item, a dictionary count counts the dictionary."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import Op, QueryType
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand


@pytest.mark.parametrize("q", ["哪些项目开过票", "3月开过票的项目有哪些"])
def test_invoiced_projects_need_a_nonzero_invoice(q: str) -> None:
    p = planned(q)
    assert any(f.field == "开票金额" and f.op is Op.GT and f.value == 0 for f in p.steps[0].filters), p


@pytest.mark.parametrize("q", ["青浦-工业园区现在有多少设备", "青浦-工业园区目前有哪些设备", "青浦-工业园区当前有几台设备"])
def test_now_drops_equipment_that_left(q: str) -> None:
    p = planned(q)
    assert any(f.field == "按参考日在项目上" and f.op is Op.GT for f in p.steps[0].filters), p  # at T (pass 53)
    assert any("退项目日期" in n for n in p.notes), p.notes


def test_without_now_every_equipment_counts() -> None:
    p = planned("青浦-工业园区有多少设备")
    assert not any(f.field == "退项目日期" for f in p.steps[0].filters), p


@pytest.mark.parametrize("q", ["停用的人员有几个", "带病的人有几个", "报废的检查记录有几条"])
def test_a_value_two_hops_away_is_not_guessed(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN, q


@pytest.mark.parametrize("q", ["完好的设备有几台", "服务中的项目有几个"])
def test_a_value_of_the_asked_records_stays(q: str) -> None:
    assert planned(q) is not None


@pytest.mark.parametrize("q", ["2026年3月10日的检查记录有哪些", "2026-03-10有几次检查"])
def test_a_named_day_filters_that_day(q: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert any(f.field == "检查日期" and f.value == "2026-03-10" for f in step.filters), step
    assert not any(t.field == "检查日期" for t in step.time), step


@pytest.mark.parametrize("q", ["青浦-工业园区和青浦-区图书馆各有多少设备", "青浦-工业园区和青浦-区图书馆分别有几台设备"])
def test_each_of_two_is_grouped(q: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.AGGREGATE and len(p.group_by) == 1, p


@pytest.mark.parametrize("q", ["有多少种岗位", "岗位字典里有几个岗位", "一共有几种岗位"])
def test_position_kinds_count_the_dictionary(q: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.COUNT and p.steps[0].entity == "岗位", p


@pytest.mark.parametrize("q", ["1月和2月各开了多少票", "1月和2月的开票金额分别是多少"])
def test_each_month_never_grouped_by_another_field(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or (
        u.plan is not None and any(g.field == "年月" for g in u.plan.group_by)
    ), u.plan


@pytest.mark.parametrize("q", ["青浦-赵巷镇政府1到3月的在岗人数一共是多少", "1到3月月度快照的在岗人数合计"])
def test_monthly_headcounts_are_never_added_into_people(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN, q


@pytest.mark.parametrize("q", ["3月在岗人数合计", "1到3月平均在岗人数"])
def test_one_month_or_an_average_of_headcounts_still_plans(q: str) -> None:
    assert planned(q) is not None
