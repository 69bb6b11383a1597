"""Coverage per record type (lead's finding L1) on the real local graph: data/test_data with its last
month of attendance removed, so 考勤 covers fewer months than the financial records. A month inside
the data's coverage but outside the months of the record type asked about is `insufficient`
(outside_coverage, that month), never a count of 0; the record types that do cover it still answer."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, month, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)
LAST = max(m for m in sheet("考勤与人员财务")["年月"].map(month) if m)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    folder = tmp_path_factory.mktemp("ledgers")
    for f in TEST_DATA.glob("*.xlsx"):
        shutil.copy(f, folder / f.name)
    wb = openpyxl.load_workbook(folder / "考勤与人员财务.xlsx")
    ws = wb["数据"]
    col = next(c.column for c in ws[1] if c.value == "年月")
    rows = [r for r in range(ws.max_row, 1, -1) if month(ws.cell(r, col).value or "") == LAST]
    assert rows, "the test data has no attendance in its last month"
    for r in rows:
        ws.delete_rows(r)
    wb.save(folder / "考勤与人员财务.xlsx")
    report = build_and_publish([Path(folder)], graph, home=tmp_path_factory.mktemp("coverage-home"))
    assert report.status == "published", report.error
    yield graph


def test_month_outside_one_record_types_months_is_not_in_the_data(conn: GraphConnection) -> None:
    y, m = LAST.split("-")
    r = ask_once(question_agent(TODAY), f"{y}年{int(m)}月有多少人出勤", conn=conn, role="admin")
    assert r.status == "insufficient" and r.reason == "outside_coverage", r.answer
    assert r.missing == LAST, r.missing


def test_record_type_covering_that_month_still_answers(conn: GraphConnection) -> None:
    df = sheet("项目月度财务")
    want = round(float(pd.to_numeric(df[df["年月"].map(month) == LAST]["开票金额"], errors="coerce").fillna(0).sum()), 2)
    y, m = LAST.split("-")
    r = ask_once(question_agent(TODAY), f"{y}年{int(m)}月开票金额合计多少", conn=conn, role="admin")
    assert r.status == "answered" and r.value is not None and abs(float(r.value) - want) < 0.01, r.answer
