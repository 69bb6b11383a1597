"""Judge-20 classes end to end on the real local graph (data/test_data), values equal to pandas over
the dev Excel files (the judge's probes and own wording). Today is the judge's dev day, 2026-11-30."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, month, sheet, text

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 11, 30)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards25-home"))
    assert report.status == "published", report.error
    yield graph


def _records(ledger: str) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in r.items()} for r in sheet(ledger).to_dict("records")]


def _ask(conn: GraphConnection, q: str) -> Any:
    return ask_once(question_agent(TODAY), q, conn=conn, role="admin")


def _num(v: Any) -> float | None:
    try:
        return None if v is None or text(v) is None else float(str(v).replace(",", ""))
    except ValueError:
        return None


# ---------------------------------------------------------------- W13: A和B，哪个多 is a name


def _kinds() -> dict[str, int]:
    out: dict[str, int] = {}
    for r in _records("设备信息"):
        if (k := text(r["设备类型"])) is not None:
            out[k] = out.get(k, 0) + 1
    return out


@pytest.mark.parametrize(
    "q, a, b",
    [
        ("供配电设备和暖通空调设备，哪个多", "供配电", "暖通空调"),
        ("供配电和暖通空调哪个多", "供配电", "暖通空调"),
        ("电梯和消防设备哪个多", "电梯", "消防"),
        ("电梯和消防设备 谁多", "电梯", "消防"),
        ("暖通空调、电梯，哪种设备多？", "暖通空调", "电梯"),
    ],
)
def test_which_kind_has_more(conn: GraphConnection, q: str, a: str, b: str) -> None:
    n = _kinds()
    want = [k for k in (a, b) if n.get(k, 0) == max(n.get(a, 0), n.get(b, 0))]
    r = _ask(conn, q)
    assert r.status == "answered" and sorted(r.value) == sorted(want), (q, r.value, r.answer)


@pytest.mark.parametrize("q", ["电梯和消防设备，哪个多，多多少", "电梯和消防设备哪个多？差几台"])
def test_by_how_many(conn: GraphConnection, q: str) -> None:
    n = _kinds()
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == abs(n["电梯"] - n["消防"]), (q, r.answer)


@pytest.mark.parametrize(
    "q", ["XMSQ0102和XMSQ0105的开票金额谁高", "XMSQ0102和XMSQ0105的开票金额，哪个高", "XMSQ0102和XMSQ0105谁的开票金额高"]
)
def test_which_project_invoiced_more(conn: GraphConnection, q: str) -> None:
    total: dict[str, float] = {}
    for r in _records("项目月度财务"):
        code = str(r["项目编号"])
        if code in ("XMSQ0102", "XMSQ0105") and (n := _num(r["开票金额"])) is not None and month(r["年月"]):
            total[code] = total.get(code, 0.0) + n
    best = max(total.values())
    r = _ask(conn, q)
    assert r.status == "answered", (q, r.answer)
    assert [v.rsplit("（", 1)[-1].rstrip("）") for v in r.value] == [k for k, v in total.items() if v == best]
