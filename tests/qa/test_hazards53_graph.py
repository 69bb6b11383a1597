"""Planner pass 53 end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel files
(our own wordings, today passed as a day inside the data's coverage): people and equipment "now" at the reference date,
已离职 at that date, inspections so far this month, a project's region head through its regions, and a comparison of
two projects where one has no devices (0)."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, dev_records, publish_dev
from tests.qa.gold import day, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards53")


def _held(start: object, end: object, t: date) -> bool:
    s, e = day(start), day(end)
    return (s is None or s <= t) and not (e is not None and e <= t)


@pytest.mark.parametrize("t", [date(2026, 1, 20), date(2026, 3, 20)])
def test_people_employed_at_the_reference_date(conn: GraphConnection, t: date) -> None:
    rows = dev_records("人员信息")
    r = answered_dev(conn, "目前在职的员工一共有几位", today=t)
    assert r.value == sum(1 for x in rows if _held(x["入职日期"], x["离职日期"], t)), r.answer
    r = answered_dev(conn, "已经离职的人有几个", today=t)
    assert r.value == sum(1 for x in rows if (d := day(x["离职日期"])) is not None and d <= t), r.answer


@pytest.mark.parametrize("t", [date(2025, 12, 31), date(2026, 2, 1)])
def test_devices_on_a_project_at_the_reference_date(conn: GraphConnection, t: date) -> None:
    rows = dev_records("设备信息")
    project = next(str(text(x["项目编号"])) for x in rows if day(x["退项目日期"]) is not None)
    want = sum(1 for x in rows if text(x["项目编号"]) == project and _held(x["入项目日期"], x["退项目日期"], t))
    r = answered_dev(conn, f"{project}目前还有多少台设备", today=t)
    assert r.value == want, r.answer


def test_inspections_so_far_this_month(conn: GraphConnection) -> None:
    t = date(2026, 3, 10)
    days = [d for x in dev_records("检查记录") if (d := day(x["检查日期"])) is not None]
    r = answered_dev(conn, "这个月到目前为止一共检查了几次", today=t)
    assert r.value == sum(1 for d in days if d.year == 2026 and d.month == 3 and d <= t), r.answer


def test_a_projects_region_head(conn: GraphConnection) -> None:
    heads = {text(x["片区编号"]): text(x["片区负责人工号"]) for x in dev_records("片区信息")}
    links = dev_records("项目片区关系")
    project = str(text(links[0]["项目编号"]))
    want = {heads[text(x["片区编号"])] for x in links if text(x["项目编号"]) == project}
    r = answered_dev(conn, f"{project}的片区负责人是谁")
    assert {v.split("（")[-1].rstrip("）") for v in r.value} == want, r.answer


def test_two_projects_compared_when_one_has_no_devices(conn: GraphConnection) -> None:
    counts = Counter(str(text(x["项目编号"])) for x in dev_records("设备信息"))
    projects = {str(text(x["项目编号"])) for x in dev_records("项目信息")}
    empty = sorted(projects - set(counts))[0]
    full = counts.most_common(1)[0][0]
    r = answered_dev(conn, f"{empty}和{full}哪个项目的设备更多")
    assert len(r.value) == 1 and full in r.value[0], r.answer
    r = answered_dev(conn, f"{full}比{empty}多几台设备")
    assert r.value == counts[full], r.answer
