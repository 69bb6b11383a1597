"""A library without the 考勤 and 检查记录 ledgers, built and published on the real local graph: a
question with a month or day about those records is insufficient (no_records, the template named)
— their month fields are absent because the ledger is, which is no reason to ask for rewording."""

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
MISSING = ("考勤与人员财务.xlsx", "检查记录.xlsx")


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    folder: Path = tmp_path_factory.mktemp("no-attendance")
    for f in TEST_DATA.glob("*.xlsx"):
        if f.name not in MISSING:
            shutil.copy(f, folder / f.name)
    report = build_and_publish([folder], graph, home=tmp_path_factory.mktemp("no-attendance-home"))
    assert report.status == "published", report.error
    yield graph


@pytest.mark.parametrize(
    ("q", "missing"),
    [
        ("2026年3月考勤有多少人", "考勤与人员财务"),
        ("2月考勤一共几个人", "考勤与人员财务"),
        ("2026年3月的检查记录有几条", "检查记录"),
        ("3月检查了几次", "检查记录"),
        ("2026年3月10日有几次检查", "检查记录"),
    ],
)
def test_a_month_of_a_missing_ledger_is_no_records(conn: GraphConnection, q: str, missing: str) -> None:
    r = ask_once(question_agent(TODAY), q, conn=conn)
    assert r.status == "insufficient", (q, r.answer)
    assert (r.reason, r.missing) == ("no_records", missing), (q, r.answer)
    assert f"「{missing}」台账" in r.answer


def test_the_other_ledgers_still_answer(conn: GraphConnection) -> None:
    r = ask_once(question_agent(TODAY), "一共有多少个项目", conn=conn)
    assert r.status == "answered" and r.value == len(sheet("项目信息")), r.answer
