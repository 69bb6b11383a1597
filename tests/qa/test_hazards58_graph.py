"""Planner pass 58 end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel files
(our own wordings of red team 7's classes and judge 50's W1)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import DEV_TODAY, answered_dev, ask_dev, dev_records, plain_number, publish_dev
from tests.qa.gold import month, text

pytestmark = pytest.mark.neo4j
_CODE = re.compile(r"XMSQ\d{4}")


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards58")


def _codes(value: object) -> set[str]:
    return set(_CODE.findall(str(value)))


# ---------------------------------------------------------------- W1: an event count of a device is not in the data


@pytest.mark.parametrize("q", ["XMSQ0150的DT-001一年维修几次", "XMSQ0150的DT-003一年里维修了多少次"])
def test_an_event_count_of_a_device_is_not_in_the_data(conn: GraphConnection, q: str) -> None:
    r = ask_dev(conn, q)
    assert r.status != "answered", (q, r.answer)


# ---------------------------------------------------------------- P: a person who left has no current project


def _left() -> list[dict[str, object]]:
    return [
        r for r in dev_records("人员信息") if (month(r["离职日期"]) or "9999") < DEV_TODAY.strftime("%Y-%m")
    ]


@pytest.mark.parametrize("wording", ["{}现在在哪个项目", "{}目前在哪个项目服务"])
def test_a_person_who_left_is_not_placed_on_the_old_project(conn: GraphConnection, wording: str) -> None:
    people = _left()
    assert people
    for p in people:
        r = ask_dev(conn, wording.format(text(p["姓名"])))
        old = text(p["当前服务项目编号"]) or ""
        assert not (r.status == "answered" and old in _codes(r.value)), (p["姓名"], r.answer)


# ---------------------------------------------------------------- L: holders' current projects


@pytest.mark.parametrize(
    "q", ["持有保安员（五级）证书的人现在在哪些项目", "有保安员（五级）证书的员工现在分布在哪些项目"]
)
def test_certificate_holders_now_are_on_their_current_projects(conn: GraphConnection, q: str) -> None:
    holders = {text(r["工号"]) for r in dev_records("人员证书") if text(r["证书名称"]) == "保安员（五级）"}
    now = DEV_TODAY.strftime("%Y-%m")
    want = {
        text(r["当前服务项目编号"])
        for r in dev_records("人员信息")
        if text(r["工号"]) in holders
        and (month(r["离职日期"]) or "9999") >= now
        and (month(r["服务结束年月"]) or "9999") >= now
        and (month(r["服务起始年月"]) or "0000") <= now
    }
    r = answered_dev(conn, q)
    assert _codes(r.value) == want, (q, r.answer)


# ---------------------------------------------------------------- Q: A有开票 但 B没有开票


def _invoiced(m: str) -> set[str]:
    return {
        text(r["项目编号"]) or ""
        for r in dev_records("项目月度财务")
        if month(r["年月"]) == m and (plain_number(r["开票金额"]) or 0) > 0
    }


@pytest.mark.parametrize(
    "q, a, b",
    [
        ("2月有开票但3月没有开票的项目有几个", "2026-02", "2026-03"),
        ("3月份开了票、4月份没开票的项目有多少个", "2026-03", "2026-04"),
    ],
)
def test_invoiced_in_one_month_not_in_the_other(conn: GraphConnection, q: str, a: str, b: str) -> None:
    assert answered_dev(conn, q).value == len(_invoiced(a) - _invoiced(b))


@pytest.mark.parametrize(
    "q, a, b",
    [
        ("上个月有开票、这个月没有开票的项目有几个", "2026-03", "2026-04"),
        ("上上个月有开票但是上个月没开票的项目有多少个", "2026-02", "2026-03"),
    ],
)
def test_months_said_against_today_keep_the_positive_one(conn: GraphConnection, q: str, a: str, b: str) -> None:
    """Judge 52: 上个月有收款、这个月没有 dropped the positive month (201 projects for 45); today 2026-04-15."""
    r = ask_dev(conn, q, today=date(2026, 4, 15))
    assert r.status != "answered" or r.value == len(_invoiced(a) - _invoiced(b)), r.answer
    projects = {text(r["项目编号"]) or "" for r in dev_records("项目信息")}
    assert len(_invoiced(a) - _invoiced(b)) != len(projects - (_invoiced(a) | _invoiced(b)))  # the readings differ


# ---------------------------------------------------------------- M: the record of an extreme


def test_the_device_of_the_highest_value(conn: GraphConnection) -> None:
    rows = dev_records("设备信息")
    top = max(plain_number(r["原值"]) or 0 for r in rows)
    want = {text(r["设备编号"]) or "" for r in rows if plain_number(r["原值"]) == top}
    r = answered_dev(conn, "设备里原值最高的是什么")
    assert isinstance(r.value, list) and len(r.value) == len(want), r.answer
    assert all(w in r.answer for w in want), r.answer


def test_the_latest_certificate_is_a_record_never_an_error(conn: GraphConnection) -> None:
    r = answered_dev(conn, "证书里有效期至最晚的是什么")
    assert isinstance(r.value, list) and r.value, r.answer


# ---------------------------------------------------------------- A′: a device not yet entered


def test_devices_not_yet_entered_are_their_own_dates(conn: GraphConnection) -> None:
    day = date(2022, 8, 1)
    want = sum(1 for r in dev_records("设备信息") if (text(r["入项目日期"]) or "0")[:10] > day.isoformat())
    assert want > 0
    assert answered_dev(conn, "还没进场的设备有几台", today=day).value == want


# ---------------------------------------------------------------- N: 其他片区 is the complement


def test_other_areas_are_never_a_name(conn: GraphConnection) -> None:
    r = ask_dev(conn, "除了青浦片区，其他片区服务中的项目一共有几个")
    assert not (r.status == "insufficient" and r.reason == "no_such_entity"), r.answer
