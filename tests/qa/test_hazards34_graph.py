"""Judge-29 P0 end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel files
(the judge's probes and own wordings). Today is the judge's dev day, 2026-11-30. A bracket that makes up the measure
（耗材+固定资产） restricts the records to those values; the two months or projects stay the comparison's sides."""

from __future__ import annotations

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, ask_dev, dev_records, plain_number, publish_dev
from tests.qa.gold import text

pytestmark = pytest.mark.neo4j

_KINDS = {"耗材采购", "固定资产"}


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards34")


def _total(**where: str) -> float:
    """The amount of the purchase records of 耗材采购 or 固定资产 whose fields equal `where` (pandas)."""
    return sum(
        plain_number(r["金额"]) or 0.0
        for r in dev_records("采购与维保")
        if text(r["记录类型"]) in _KINDS and all(text(r[k]) == v for k, v in where.items())
    )


def _months_apart() -> float:
    return abs(_total(年月="2026-03") - _total(年月="2026-01"))


def _projects_apart() -> float:
    return abs(_total(项目编号="XMSQ0150") - _total(项目编号="XMSQ0205"))


@pytest.mark.parametrize(
    "q",
    [
        "3月份登记的采购金额跟1月份的差了多少？（耗材+固定资产）",
        "2026年3月的采购金额（耗材+固定资产）比2026年1月少多少",
        "2026年3月和2026年1月的采购金额（耗材采购和固定资产）相差多少",
        "1月的采购金额（固定资产加耗材采购）比3月多多少",
        "2026年3月的采购金额跟1月份的差了多少",
    ],
)
def test_two_months_apart_over_the_union(conn: GraphConnection, q: str) -> None:
    assert answered_dev(conn, q).value == pytest.approx(_months_apart())


@pytest.mark.parametrize(
    "q",
    [
        "XMSQ0150和XMSQ0205的采购金额（耗材+固定资产）相差多少",
        "XMSQ0205的采购金额(耗材、固定资产)比XMSQ0150少多少",
        "XMSQ0150的采购金额（耗材和固定资产）跟XMSQ0205差多少",
    ],
)
def test_two_projects_apart_over_the_union(conn: GraphConnection, q: str) -> None:
    assert answered_dev(conn, q).value == pytest.approx(_projects_apart())


def test_a_bracket_without_a_comparison_is_the_union(conn: GraphConnection) -> None:
    assert answered_dev(conn, "2026年3月的采购金额（耗材+固定资产）是多少").value == pytest.approx(_total(年月="2026-03"))


def test_one_month_the_two_values_are_the_sides(conn: GraphConnection) -> None:
    jan = {k: _total(年月="2026-01", 记录类型=k) for k in _KINDS}
    assert answered_dev(conn, "2026年1月耗材采购和固定资产哪个金额多").value == [max(jan, key=lambda k: jan[k])]


@pytest.mark.parametrize("q", ["3月和1月耗材采购和固定资产的金额相差多少", "XMSQ0150和XMSQ0205耗材采购和固定资产的采购金额差多少"])
def test_two_pairs_outside_a_bracket_are_refused(conn: GraphConnection, q: str) -> None:
    assert ask_dev(conn, q).status != "answered"
