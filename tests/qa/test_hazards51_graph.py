"""Planner pass 51 end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel files
(our own wordings): a measured activity's existence is the measure > 0; a day-code condition joined to a threshold is
kept; a window on 中标 is on 中标日期; 没发现问题 is an empty 问题描述; a shift is read from the 排班月报 rows; 项目经理 of a
project is its 项目负责人; 所在项目 is the current one; the oldest is by birth date; the other wrong readings are refused."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, ask_dev, dev_records, publish_dev
from tests.qa.gold import month, num, text

pytestmark = pytest.mark.neo4j

_DAYS = [f"{d}日" for d in range(1, 32)]


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards51")


def _keys(value: list[str]) -> set[str]:
    return {v.split("（")[-1].rstrip("）") for v in value}


def _day(v: object) -> date | None:
    if v is None or text(v) is None:
        return None
    if isinstance(v, datetime | date):
        return v.date() if isinstance(v, datetime) else v
    s = str(text(v)).replace("/", "-").split(" ")[0]
    y, m, d = (int(x) for x in s.split("-"))
    return date(y, m, d)


@pytest.mark.parametrize("field, word", [("值班费", "值班费"), ("平时加班小时", "加班"), ("国定加班费", "国定加班费")])
def test_existence_of_a_measured_activity_follows_the_amount(conn: GraphConnection, field: str, word: str) -> None:
    rows = [r for r in dev_records("考勤与人员财务") if month(r["年月"]) == "2026-03"]
    names = [str(text(r["姓名"])) for r in rows]
    for r in (next(r for r in rows if not num(r[field])), next((r for r in rows if num(r[field])), None)):
        if r is None or names.count(str(text(r["姓名"]))) != 1:
            continue
        got = answered_dev(conn, f"{text(r['姓名'])}3月有没有{word}？")
        assert got.value is bool(num(r[field])), got.answer


def test_a_day_code_joined_to_a_threshold_is_kept(conn: GraphConnection) -> None:
    want = {
        str(text(r["工号"]))
        for r in dev_records("考勤与人员财务")
        if month(r["年月"]) == "2026-03" and (num(r["上班天数"]) or 0) < 22 and any(text(r[d]) == "病" for d in _DAYS)
    }
    r = answered_dev(conn, "3月上班天数少于22天并且请过病假的员工有哪些")
    assert _keys(r.value) == want, r.answer


def test_a_window_on_winning_is_on_the_bid_date(conn: GraphConnection) -> None:
    want = {
        str(text(r["项目编号"]))
        for r in dev_records("投标记录")
        if text(r["中标结果"]) == "中标" and (d := _day(r["中标日期"])) is not None and date(2025, 7, 1) <= d <= date(2025, 12, 31)
    }
    r = answered_dev(conn, "2025年7到12月中标的项目有哪些")
    assert _keys(r.value) == want, r.answer


def test_no_problem_found_is_an_empty_description(conn: GraphConnection) -> None:
    want = {str(text(r["项目编号"])) for r in dev_records("检查记录") if text(r["问题描述"]) is None}
    r = answered_dev(conn, "哪些项目的检查中没有发现问题")
    assert _keys(r.value) == want, r.answer


def test_a_shift_is_read_from_the_schedule_rows(conn: GraphConnection) -> None:
    rows = [r for r in dev_records("排班月报") if month(r["年月"]) == "2026-02" and any(text(r[d]) == "夜" for d in _DAYS)]
    project = str(text(rows[0]["项目编号"]))
    want = {str(text(r["工号"])) for r in rows if text(r["项目编号"]) == project}
    r = answered_dev(conn, f"2026年2月{project}排过夜班的员工有哪些")
    assert _keys(r.value) == want, r.answer


def test_the_project_manager_is_the_person_in_charge(conn: GraphConnection) -> None:
    for p in dev_records("项目信息")[:3]:
        r = answered_dev(conn, f"{text(p['项目编号'])}项目经理是哪位")
        assert _keys(r.value) == {str(text(p["项目负责人工号"]))}, r.answer


def test_the_project_someone_is_in_is_the_current_one(conn: GraphConnection) -> None:
    person = next(r for r in dev_records("人员信息") if text(r["姓名"]) == "赵德胜")
    current = str(text(person["当前服务项目编号"]))
    want = sum(1 for r in dev_records("设备信息") if text(r["项目编号"]) == current)
    r = answered_dev(conn, "赵德胜所在项目一共有几台设备")
    assert float(r.value) == want, r.answer


def test_the_oldest_is_by_birth_date(conn: GraphConnection) -> None:
    staff = [r for r in dev_records("人员信息") if text(r["岗位名称"]) == "项目经理" and _day(r["出生日期"])]
    first = min(_day(r["出生日期"]) for r in staff)  # type: ignore[type-var]
    want = {str(text(r["工号"])) for r in staff if _day(r["出生日期"]) == first}
    r = answered_dev(conn, "年纪最大的项目经理是谁")
    assert _keys(r.value) == want, r.answer


@pytest.mark.parametrize(
    "q",
    [
        "2026年3月有采购的项目有哪些",
        "4月份中标的是哪个项目",
        "哪些人3月工资比1月高",
        "哪些项目4月收款比2月多",
        "3月9日赵德胜有没有上班",
    ],
)
def test_the_wrong_readings_are_refused(conn: GraphConnection, q: str) -> None:
    r = ask_dev(conn, q)
    assert r.status != "answered", (q, r.answer)


def test_a_compact_bid_noun_is_the_winning_projects(conn: GraphConnection) -> None:
    won = {str(text(r["项目编号"])) for r in dev_records("投标记录") if text(r["中标结果"]) == "中标"}
    r = answered_dev(conn, "中标项目都有哪些")
    assert _keys(r.value) == won, r.answer
    want = sum(num(p["合同金额"]) or 0 for p in dev_records("项目信息") if text(p["项目编号"]) in won)
    r = answered_dev(conn, "中标项目合同金额一共多少")
    assert float(r.value) == pytest.approx(want), r.answer


def test_installed_at_a_place_is_the_install_location(conn: GraphConnection) -> None:
    place = "屋顶设备层"
    want = sum(1 for r in dev_records("设备信息") if text(r["安装位置"]) == place)
    r = answered_dev(conn, f"安装在{place}的设备一共几台")
    assert float(r.value) == want > 0, r.answer


def test_the_month_with_most_people_on_a_code_counts_people(conn: GraphConnection) -> None:
    per: dict[str, set[str]] = {}
    for r in dev_records("考勤与人员财务"):
        if any(text(r[d]) == "事" for d in _DAYS):
            per.setdefault(str(month(r["年月"])), set()).add(str(text(r["工号"])))
    top = max(len(v) for v in per.values())
    r = answered_dev(conn, "哪个月请事假的人最多")
    assert set(r.value) == {m for m, v in per.items() if len(v) == top}, r.answer


def test_cumulative_before_the_measure_bounds_the_sum(conn: GraphConnection) -> None:
    per: dict[str, float] = {}
    for r in dev_records("项目月度财务"):
        if str(month(r["年月"])) <= "2026-03":
            per[str(text(r["项目编号"]))] = per.get(str(text(r["项目编号"])), 0.0) + (num(r["收款金额"]) or 0)
    r = answered_dev(conn, "2026年1到3月累计收款超过30万的项目有几个")
    assert float(r.value) == sum(1 for v in per.values() if v > 300000), r.answer


def test_one_day_of_attendance_is_that_days_column(conn: GraphConnection) -> None:
    rows = [r for r in dev_records("考勤与人员财务") if str(month(r["年月"])) == "2026-03"]
    day = next(d for d in _DAYS if any(text(r[d]) == "病" for r in rows))
    want = {str(text(r["工号"])) for r in rows if text(r[day]) == "病"}
    r = answered_dev(conn, f"2026年3月{day}请病假的员工有哪些")
    assert _keys(r.value) == want, r.answer
