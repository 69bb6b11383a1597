"""What the graph tests of the judge's classes share: the dev ledgers (data/test_data) published once per module,
asked on the judge's dev day, and their rows read with pandas for the expected values."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, sheet, text

DEV_TODAY = date(2026, 11, 30)


def publish_dev(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory, name: str) -> GraphConnection:
    """The dev ledgers built and published in a fresh home of their own."""
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp(f"{name}-home"))
    assert report.status == "published", report.error
    return graph


def ask_dev(conn: GraphConnection, q: str, today: date = DEV_TODAY) -> Any:
    return ask_once(question_agent(today), q, conn=conn, role="admin")


def answered_dev(conn: GraphConnection, q: str, today: date = DEV_TODAY) -> Any:
    r = ask_dev(conn, q, today)
    assert r.status == "answered", (q, r.answer)
    return r


def dev_records(ledger: str) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in r.items()} for r in sheet(ledger).to_dict("records")]


def dev_rows(ledger: str, **where: Any) -> list[dict[str, Any]]:
    """The ledger's rows whose fields equal the given texts (or lie in the given set of texts)."""
    return [
        r
        for r in dev_records(ledger)
        if all((text(r[k]) in v) if isinstance(v, (set, frozenset)) else text(r[k]) == v for k, v in where.items())
    ]


def plain_number(v: Any) -> float | None:
    """A cell as a number, thousands separators allowed; anything else (a unit, a percent) is None."""
    try:
        return None if v is None or text(v) is None else float(str(v).replace(",", ""))
    except ValueError:
        return None
