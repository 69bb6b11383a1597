"""Judge 45's wrong answers after pass 53 (our own wordings): items asked by a value of their own field (…有哪些<设备名称>,
<设备类型>数量是多少) answered with the projects that have them; 目前 said of monthly facts read over every month; equipment
that has left its project (退出项目 / 已退场) looked up as a project name. Real local graph, data/test_data, pandas."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, ask_dev, dev_records, publish_dev
from tests.qa.gold import day

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards53b")


@pytest.mark.parametrize("q", ["XMSQ0150有哪些货梯？", "XMSQ0150现在都有哪些冷却塔"])
def test_items_listed_by_their_value_are_never_the_project(conn: GraphConnection, q: str) -> None:
    r = ask_dev(conn, q)
    assert r.status != "answered" or all("·" in str(v) for v in r.value), r.answer  # a device row, never the project


@pytest.mark.parametrize("q, kind", [("现在还在项目上的电梯数量是多少", "电梯"), ("供配电设备的数量一共是多少", "供配电")])
def test_items_counted_by_their_value_are_never_the_projects(conn: GraphConnection, q: str, kind: str) -> None:
    rows = [x for x in dev_records("设备信息") if x["设备类型"] == kind]
    r = ask_dev(conn, q)
    assert r.status != "answered" or r.value == len(rows), r.answer  # never the number of projects with one


@pytest.mark.parametrize("q", ["沈建国目前在哪个项目出勤", "陆晓燕当前在哪个项目排班"])
def test_now_on_monthly_facts_is_never_every_month(conn: GraphConnection, q: str) -> None:
    r = ask_dev(conn, q)
    assert r.status != "answered" or any(w in r.answer for w in ("目前", "当前")), r.answer


def test_the_items_themselves_still_answer(conn: GraphConnection) -> None:
    r = answered_dev(conn, "XMSQ0150有几台货梯")
    assert r.value == sum(1 for x in dev_records("设备信息") if x["项目编号"] == "XMSQ0150" and x["设备名称"] == "货梯")
    r = answered_dev(conn, "哪些项目有客梯")
    assert len(r.value) == len({x["项目编号"] for x in dev_records("设备信息") if x["设备名称"] == "客梯"})


@pytest.mark.parametrize("today", [date(2026, 3, 1), date(2026, 11, 30)])
def test_equipment_that_has_left_its_project(conn: GraphConnection, today: date) -> None:
    rows = dev_records("设备信息")
    left = sum(1 for x in rows if (d := day(x["退项目日期"])) is not None and d <= today)
    assert answered_dev(conn, "已经退出项目的设备有几台", today=today).value == left
    assert answered_dev(conn, "截至今天已退场的设备一共几台", today=today).value == left
    assert answered_dev(conn, "没有退出项目的设备有几台", today=today).value == len(rows) - left


@pytest.mark.parametrize("today", [date(2026, 3, 17), date(2026, 11, 30)])
def test_not_left_is_not_the_same_as_employed(conn: GraphConnection, today: date) -> None:
    """没有离职 says only that the person has not left: a hire after today has not left either (在职 needs the hire)."""
    rows = dev_records("人员信息")
    not_left = sum(1 for x in rows if (d := day(x["离职日期"])) is None or d > today)
    employed = sum(1 for x in rows if not ((d := day(x["离职日期"])) is not None and d <= today) and ((h := day(x["入职日期"])) is None or h <= today))
    assert answered_dev(conn, "没有离职的人有多少", today=today).value == not_left
    assert answered_dev(conn, "在职的有多少人", today=today).value == employed
