"""Red team 8's wrong answers on the real local graph: the dev ledgers with one person's attendance row of the month
removed (scheduled but not clocked), answers equal to pandas over the changed files."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, ask_dev
from tests.qa.gold import TEST_DATA, month, sheet, text

pytestmark = pytest.mark.neo4j

PROJECT, MONTH, PERSON = "XMSQ0150", "2026-03", "KWL2603002"
SUPPLIER = "上海安泰电梯工程有限公司"
_DAYS = [f"{d}日" for d in range(1, 32)]


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """data/test_data, but PERSON (who started at PROJECT in MONTH) has no attendance row there that month."""
    folder = tmp_path_factory.mktemp("redteam8-ledgers")
    for f in TEST_DATA.glob("*.xlsx"):
        shutil.copy(f, folder / f.name)
    wb = openpyxl.load_workbook(folder / "考勤与人员财务.xlsx")
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    cols = header.index("工号"), header.index("项目编号"), header.index("年月")
    hits = [
        i
        for i, row in enumerate(ws.iter_rows(min_row=2, values_only=True), start=2)
        if (text(row[cols[0]]), text(row[cols[1]]), month(row[cols[2]])) == (PERSON, PROJECT, MONTH)
    ]
    assert len(hits) == 1
    ws.delete_rows(hits[0])
    wb.save(folder / "考勤与人员财务.xlsx")
    _end_contract_early(folder / "采购与维保.xlsx")
    return folder


def _end_contract_early(path: Path) -> None:
    """The contract of the supplier whose project ends last ends first (the two readings of 结束日期 part ways)."""
    wb = openpyxl.load_workbook(path)
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    kind, supplier, end = header.index("记录类型"), header.index("维保单位名称"), header.index("结束日期")
    rows = [r for r in ws.iter_rows(min_row=2) if r[kind].value == "维保合同" and r[supplier].value == SUPPLIER]
    assert rows
    for r in rows:
        r[end].value = "2025-01-01"
    wb.save(path)


@pytest.fixture(scope="module")
def conn(
    graph: GraphConnection, ledgers: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[GraphConnection]:
    report = build_and_publish([ledgers], graph, home=tmp_path_factory.mktemp("redteam8-home"))
    assert report.status == "published", report.error
    yield graph


def _rows(ledgers: Path, name: str) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in r.items()} for r in sheet(name, ledgers).to_dict("records")]


def _of(rows: list[dict[str, Any]]) -> set[str]:
    return {
        str(text(r["工号"])) for r in rows if text(r["项目编号"]) == PROJECT and month(r["年月"]) == MONTH
    }


@pytest.mark.parametrize("q", ["XMSQ0150在2026年3月有排班的有几个人", "XMSQ0150 2026年3月有几个人有排班"])
def test_people_with_shifts_are_counted_from_the_schedule(
    conn: GraphConnection, ledgers: Path, q: str
) -> None:
    """Class R: 有排班 counted the month's attendance rows (the person scheduled but not clocked was dropped)."""
    scheduled, clocked = _of(_rows(ledgers, "排班月报")), _of(_rows(ledgers, "考勤与人员财务"))
    assert PERSON in scheduled and PERSON not in clocked
    assert answered_dev(conn, q).value == len(scheduled)


@pytest.mark.parametrize(
    "q", ["哪些人是2026年3月开始在XMSQ0150服务的", "XMSQ0150有哪些人是2026年3月才开始服务的"]
)
def test_a_service_start_month_is_the_persons_own_not_the_attendance(
    conn: GraphConnection, ledgers: Path, q: str
) -> None:
    """Class S / B: the start month is 服务起始年月 of the registered project, never filtered through 考勤 or the project."""
    people = _rows(ledgers, "人员信息")
    want = {
        f"{text(r['姓名'])}（{text(r['工号'])}）"
        for r in people
        if text(r["当前服务项目编号"]) == PROJECT and month(r["服务起始年月"]) == MONTH
    }
    assert any(PERSON in w for w in want)
    assert set(answered_dev(conn, q).value) == want


def test_a_persons_start_is_never_read_on_the_projects_start_date(conn: GraphConnection) -> None:
    a = ask_dev(conn, "谢宇航2026年3月开始在哪个项目服务")
    assert a.status != "answered" or (a.value and PROJECT in str(a.value)), a.answer


@pytest.mark.parametrize(
    "q",
    [
        "XMSQ0150有几台设备，其中完好的有几台",
        "XMSQ0150 2026年1月开票多少，2月开票多少",
        "XMSQ0150 2026年1月开票多少？收款多少？",
        "XMSQ0150 2026年3月有几个人排班，几个人有考勤",
    ],
)
def test_two_asks_are_never_one_number(conn: GraphConnection, q: str) -> None:
    """Class T: one clause answered (or both summed) under a "共 N" that reads as the first."""
    a = ask_dev(conn, q)
    assert a.status != "answered" or not isinstance(a.value, (int, float)), a.answer


def test_one_ask_with_its_list_is_still_answered(conn: GraphConnection, ledgers: Path) -> None:
    devices = [r for r in _rows(ledgers, "设备信息") if text(r["项目编号"]) == PROJECT]
    assert answered_dev(conn, "XMSQ0150有几台设备").value == len(devices)


def test_night_shifts_said_after_the_count_word_are_day_cells(conn: GraphConnection, ledgers: Path) -> None:
    """Class E: 一共有几个夜班 counted the 排班 rows holding 夜."""
    rows = [
        r for r in _rows(ledgers, "排班月报") if text(r["项目编号"]) == PROJECT and month(r["年月"]) == MONTH
    ]
    want = sum(1 for r in rows for d in _DAYS if text(r.get(d)) == "夜")
    assert want > len(rows)
    assert float(answered_dev(conn, "XMSQ0150 2026年3月的排班里一共有几个夜班").value) == want


@pytest.mark.parametrize("name, ym", [("高永强", "2026-01"), ("赵德胜", "2026-02")])
def test_a_persons_night_shifts_are_his_day_cells(conn: GraphConnection, ledgers: Path, name: str, ym: str) -> None:
    """几个夜班 of a person (hazards 49 refused it while it counted rows): the 夜 cells of his month."""
    rows = [r for r in _rows(ledgers, "排班月报") if text(r["姓名"]) == name and month(r["年月"]) == ym]
    want = sum(1 for r in rows for d in _DAYS if text(r.get(d)) == "夜")
    assert float(answered_dev(conn, f"{name}{int(ym[5:])}月份上了几个夜班").value) == want


@pytest.mark.parametrize("q", ["哪个供应商的维保合同结束得最晚？", "维保合同结束日期最晚的是哪个供应商"])
def test_a_field_of_the_named_record_is_read_on_it(conn: GraphConnection, ledgers: Path, q: str) -> None:
    """Red team 9 BB: 维保合同的结束日期 was ranked by the projects' 结束日期 (the lexicon's default owner of the field)."""
    ends: dict[str, str] = {}
    for r in _rows(ledgers, "采购与维保"):
        if text(r["记录类型"]) == "维保合同" and (s := text(r["维保单位名称"])):
            ends[s] = max(ends.get(s, ""), str(r["结束日期"])[:10])
    last = max(ends.values())
    assert ends[SUPPLIER] < last
    assert {str(v) for v in answered_dev(conn, q).value} == {s for s, d in ends.items() if d == last}
