"""Leftover words on the real local graph (data/test_data, built with the builder's service):
a value of a sensitive field the meta-schema keeps back (中共党员 of 政治面貌) is grounded from the
entity index as a condition — the answer equals pandas over the same Excel file for a role that
may see the field, and a role that may not is refused, never answered by a person search."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from kgdesk.security.qa_policy import SecurityPolicy
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("leftovers-home"))
    assert report.status == "published", report.error
    yield graph


def test_a_sensitive_value_is_a_condition_for_the_roles_that_may_see_it(conn: GraphConnection) -> None:
    df = sheet("人员信息")
    want = int((df["政治面貌"] == "中共党员").sum())
    assert want > 0
    qa = question_agent(TODAY, policy=SecurityPolicy())
    r = ask_once(qa, "中共党员有多少人？", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer
    r = ask_once(qa, "中共党员有多少人？", conn=conn, role="guest")
    assert r.status != "answered" and "党员」的人员" not in r.answer, r.answer
