"""Judge-11 classes end to end on the real local graph (data/test_data), each answer equal to pandas
over the same Excel files (own wording): de-duplication clauses on people, fields left empty."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, empty, month, sheet, text

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards11-home"))
    assert report.status == "published", report.error
    yield graph


def _ask(conn: GraphConnection, q: str) -> Any:
    return ask_once(question_agent(TODAY), q, conn=conn, role="admin")


@pytest.mark.parametrize("q", ["持有证书的员工一共几位（同一人只算一次）", "有证书的人有多少个，按人算"])
def test_people_with_certificates_once_each(conn: GraphConnection, q: str) -> None:
    people = set(sheet("人员信息")["工号"].map(text))
    holders = {t for t in sheet("人员证书")["工号"].map(text) if t and t in people}
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == len(holders), r.answer


@pytest.mark.parametrize(
    "q", ["4月考勤表里出现过的人有几个，重复的工号只算一次", "4月考勤表里出现的员工有多少个（同一工号只算一次）"]
)
def test_people_in_a_months_attendance_once_each(conn: GraphConnection, q: str) -> None:
    rows = sheet("考勤与人员财务")
    people = set(sheet("人员信息")["工号"].map(text))
    seen = {text(w) for w, m in zip(rows["工号"], rows["年月"], strict=True) if month(m) == "2026-04" and text(w) in people}
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == len(seen), r.answer


@pytest.mark.parametrize(
    "q, blank",
    [
        ("检查记录里没填整改完成日期的有几条", True),
        ("没有填整改完成日期的检查记录有几条", True),
        ("填了整改完成日期的检查记录有几条", False),
    ],
)
def test_rectification_date_left_empty(conn: GraphConnection, q: str, blank: bool) -> None:
    rows = sheet("检查记录")
    want = int(sum(empty(v) == blank for v in rows["整改完成日期"]))
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer
