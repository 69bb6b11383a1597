"""Judge-17 classes end to end on the real local graph (data/test_data), values equal to pandas over
the dev Excel files (the judge's probes and own wording). Today is the judge's dev day, 2026-11-30."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, day, sheet, text

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 11, 30)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards22-home"))
    assert report.status == "published", report.error
    yield graph


def _records(ledger: str) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in r.items()} for r in sheet(ledger).to_dict("records")]


def _rows(ledger: str, **where: Any) -> list[dict[str, Any]]:
    return [r for r in _records(ledger) if all(text(r[k]) == v for k, v in where.items())]


def _answered(conn: GraphConnection, q: str) -> Any:
    r = ask_once(question_agent(TODAY), q, conn=conn, role="admin")
    assert r.status == "answered", (q, r.answer)
    return r


def _extreme(rows: list[dict[str, Any]], fld: str, key: str, latest: bool) -> set[str]:
    dated = [(d, str(r[key])) for r in rows if (d := day(r[fld])) is not None]
    best = max(d for d, _ in dated) if latest else min(d for d, _ in dated)
    return {k for d, k in dated if d == best}


def _keys_in(value: Any) -> set[str]:
    return {str(v).rsplit("（", 1)[-1].rstrip("）") for v in value}


# ---------------------------------------------------------------- W10a: the extreme of a record's own date


@pytest.mark.parametrize(
    "q, latest",
    [
        ("哪位员工的入职日期最晚", True),
        ("花名册上入职日期最早的员工是哪位", False),
        ("入职日期最晚的员工是谁", True),
    ],
)
def test_the_latest_or_earliest_hire(conn: GraphConnection, q: str, latest: bool) -> None:
    want = _extreme(_records("人员信息"), "入职日期", "工号", latest)
    assert _keys_in(_answered(conn, q).value) == want


@pytest.mark.parametrize("q", ["哪份维保合同的结束日期最晚", "结束日期最晚的维保合同是哪一份"])
def test_the_latest_maintenance_contract(conn: GraphConnection, q: str) -> None:
    want = _extreme(_rows("采购与维保", 记录类型="维保合同"), "结束日期", "记录编号", True)
    assert _keys_in(_answered(conn, q).value) == want


def test_the_earliest_project(conn: GraphConnection) -> None:
    want = _extreme(_records("项目信息"), "开始日期", "项目编号", False)
    assert _keys_in(_answered(conn, "哪个项目开始日期最早").value) == want
