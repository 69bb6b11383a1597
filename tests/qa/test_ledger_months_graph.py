"""One monthly ledger ending before another (a library updated a month at a time), built and
published on the real local graph: 考勤与人员财务 without its April rows while 项目月度财务 still
covers April. A question about April attendance is `outside_coverage` naming that ledger and the
month — not "共 0 人" because the data's overall coverage holds April; April finance and March
attendance are answered as before, by the rules and by a plan from the model alike."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from openpyxl import load_workbook

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.ledgers import uncovered_months
from kgdesk.qa.schema import SchemaView
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 5, 20)
ATTENDANCE = "考勤与人员财务.xlsx"


def _without_april(src: Path, dst: Path) -> int:
    """Copy the workbook without the rows whose 年月 is April 2026 (any of the written forms)."""
    wb = load_workbook(src)
    ws = wb["数据"]
    col = [c.value for c in ws[1]].index("年月") + 1
    written = [str(ws.cell(r, col).value or "").replace("年", "-") for r in range(2, ws.max_row + 1)]
    april = [r for r, v in enumerate(written, start=2) if v.startswith(("2026-04", "2026-4"))]
    for r in reversed(april):
        ws.delete_rows(r)
    wb.save(dst)
    return len(april)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    folder: Path = tmp_path_factory.mktemp("attendance-to-march")
    for f in TEST_DATA.glob("*.xlsx"):
        if f.name != ATTENDANCE:
            shutil.copy(f, folder / f.name)
    assert _without_april(TEST_DATA / ATTENDANCE, folder / ATTENDANCE) > 0
    report = build_and_publish([folder], graph, home=tmp_path_factory.mktemp("attendance-to-march-home"))
    assert report.status == "published", report.error
    yield graph


@pytest.mark.parametrize("question", ["2026年4月有多少人出勤", "4月份考勤记录有几条"])
def test_a_month_the_ledger_does_not_reach_is_outside_coverage(conn: GraphConnection, question: str) -> None:
    r = ask_once(question_agent(TODAY), question, conn=conn)
    assert r.status == "insufficient", (question, r.status, r.answer)
    assert (r.reason, r.missing) == ("outside_coverage", "2026-04"), (question, r.reason, r.missing, r.answer)
    assert "「考勤与人员财务」只覆盖 2026-01 至 2026-03" in r.answer


@pytest.mark.parametrize("question", ["2026年4月的开票金额合计是多少", "2026年3月考勤记录有几条"])
def test_months_each_ledger_holds_are_answered(conn: GraphConnection, question: str) -> None:
    r = ask_once(question_agent(TODAY), question, conn=conn)
    assert r.status == "answered", (question, r.status, r.answer)


def _plan(entity: str, month: str, via: str | None = None) -> QueryPlan:
    step: dict[str, object] = {"id": "s1", "entity": entity}
    alias = "n0"
    if via:
        step["hops"] = [{"source": "n0", "rel": via, "direction": "out", "target": "考勤"}]
        alias = "n1"
    step["time"] = [{"kind": "month_eq", "node": alias, "field": "年月", "start": month, "end": month}]
    return QueryPlan.model_validate({"query_type": "count", "steps": [step]})


def test_the_check_reads_the_month_of_the_record_type_it_filters(conn: GraphConnection) -> None:
    from kgdesk.graph.meta_schema import load_published_schema

    doc = load_published_schema(conn)
    assert doc is not None
    schema = SchemaView.from_json(doc)
    gap = uncovered_months(_plan("考勤", "2026-04"), schema)
    assert gap is not None and (gap.label, gap.missing, gap.data_max) == ("考勤", "2026-04", "2026-03")
    hop = uncovered_months(_plan("人员", "2026-04", via="有考勤"), schema)  # the month on the hop's target
    assert hop is not None and hop.label == "考勤"
    assert uncovered_months(_plan("考勤", "2026-03"), schema) is None
    assert uncovered_months(_plan("财务", "2026-04"), schema) is None
