"""Judge-18 class H on the real local graph: a monthly headcount of a project / region / the company is the
distinct 工号 of the month's 考勤 rows in every shape (single and grouped), never the rows. data/test_data has
one row per person per month, so a copy gives one person a second 考勤 row in March on a second project of
the same region (rows ≠ people there) and a third on a project of another region (one person of each)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, month, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 11, 30)
PERSON, HOME, SAME_REGION, OTHER_REGION, YM = "KWL2307024", "XMSQ0105", "XMSQ0102", "XMSQ0202", "2026-03"


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("headcount-ledgers")
    for f in TEST_DATA.glob("*.xlsx"):
        shutil.copy(f, folder / f.name)
    wb = openpyxl.load_workbook(folder / "考勤与人员财务.xlsx")
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    who, proj, ym = header.index("工号"), header.index("项目编号"), header.index("年月")
    rows = [r for r in ws.iter_rows(min_row=2, values_only=True) if r[who] == PERSON and r[proj] == HOME]
    rows = [r for r in rows if month(r[ym]) == YM]
    assert len(rows) == 1
    for other in (SAME_REGION, OTHER_REGION):
        new = list(rows[0])
        new[proj] = other
        ws.append(new)
    wb.save(folder / "考勤与人员财务.xlsx")
    return folder


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, ledgers: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([ledgers], graph, home=tmp_path_factory.mktemp("headcount-home"))
    assert report.status == "published", report.error
    yield graph


def _rows(ledgers: Path) -> list[dict[str, Any]]:
    df = sheet("考勤与人员财务", ledgers)
    return [{"工号": str(r["工号"]), "项目编号": str(r["项目编号"]), "年月": month(r["年月"])} for r in df.to_dict("records")]


def _regions(ledgers: Path) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for link in sheet("项目片区关系", ledgers).to_dict("records"):
        out.setdefault(str(link["项目编号"]), set()).add(str(link["片区编号"]))
    return out


def _people(ledgers: Path, ym: str | None = None, region: str | None = None) -> dict[str, set[str]]:
    """People per region (region None) or per month (ym None) of the 考勤 rows."""
    regions = _regions(ledgers)
    out: dict[str, set[str]] = {}
    for r in _rows(ledgers):
        if ym is not None and r["年月"] != ym:
            continue
        if region is not None and region not in regions.get(r["项目编号"], set()):
            continue
        keys = regions.get(r["项目编号"], set()) if region is None else {str(r["年月"])}
        for k in keys:
            out.setdefault(k, set()).add(r["工号"])
    return out


def _facts(conn: GraphConnection, q: str) -> dict[str, Any]:
    r = ask_once(question_agent(TODAY), q, conn=conn, role="admin")
    assert r.status == "answered" and r.outcome is not None, (q, r.answer)
    return {str(f.key): f.values["__value__"] for f in r.outcome.facts}


def test_the_fixture_makes_rows_differ_from_people(ledgers: Path) -> None:
    march = [r for r in _rows(ledgers) if r["年月"] == YM and r["工号"] == PERSON]
    assert len(march) == 3 and len({r["项目编号"] for r in march}) == 3


@pytest.mark.parametrize("q", ["2026年3月各片区考勤人数分别是多少", "3月份各个片区的考勤人数"])
def test_regions_in_a_month_count_people(conn: GraphConnection, ledgers: Path, q: str) -> None:
    want = {k: len(v) for k, v in _people(ledgers, ym=YM).items()}
    assert _facts(conn, q) == want


@pytest.mark.parametrize("q, region", [("青浦片区每个月的考勤人数", "PQ01"), ("徐汇片区每个月考勤有多少人", "PQ02")])
def test_a_region_per_month_counts_people(conn: GraphConnection, ledgers: Path, q: str, region: str) -> None:
    want = {k: len(v) for k, v in _people(ledgers, region=region).items()}
    assert _facts(conn, q) == want


def test_the_company_per_month_counts_people(conn: GraphConnection, ledgers: Path) -> None:
    per: dict[str, set[str]] = {}
    for r in _rows(ledgers):
        per.setdefault(str(r["年月"]), set()).add(r["工号"])
    assert _facts(conn, "每个月考勤表上各有多少人") == {k: len(v) for k, v in per.items()}


def test_the_single_form_agrees(conn: GraphConnection, ledgers: Path) -> None:
    r = ask_once(question_agent(TODAY), "青浦片区3月考勤人数", conn=conn, role="admin")
    assert r.status == "answered" and r.value == len(_people(ledgers, ym=YM)["PQ01"]), r.answer
