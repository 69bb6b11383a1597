"""A library without one template's ledger (设备信息), built and published on the real local graph:
a question about that template's records is insufficient with reason no_records and the template's
name as `missing` — not "共 0 台" — for a count, a list and a hop through the missing label; a
question about the other ledgers is answered as before."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    folder: Path = tmp_path_factory.mktemp("no-devices")
    for f in TEST_DATA.glob("*.xlsx"):
        if f.name != "设备信息.xlsx":
            shutil.copy(f, folder / f.name)
    report = build_and_publish([folder], graph, home=tmp_path_factory.mktemp("no-devices-home"))
    assert report.status == "published", report.error
    yield graph


@pytest.mark.parametrize("question", ["有多少台设备", "哪些设备报废了", "青浦-区图书馆有几台设备"])
def test_a_missing_ledger_is_no_records_not_zero(conn: GraphConnection, question: str) -> None:
    r = ask_once(question_agent(TODAY), question, conn=conn)
    assert r.status == "insufficient", (question, r.status, r.answer)
    assert (r.reason, r.missing) == ("no_records", "设备信息"), (question, r.answer)
    assert "「设备信息」台账" in r.answer


def test_the_other_ledgers_still_answer(conn: GraphConnection) -> None:
    r = ask_once(question_agent(TODAY), "一共有多少个项目", conn=conn)
    assert r.status == "answered" and r.value == len(sheet("项目信息")), r.answer
