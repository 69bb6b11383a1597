"""One project's suppliers said with a verb (judge 46 K1's per-project form; judge 48: 「XMSQ…的东西是从哪几家买的」 was
answered with a false "台账中没有「东西是从」这一项"): the suppliers of that project's purchase rows, of one kind when
the kind is said — equal to pandas over the dev ledgers."""

from __future__ import annotations

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, dev_records, publish_dev
from tests.qa.gold import text

pytestmark = pytest.mark.neo4j

_PROJECT = "XMSQ0150"


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "supplier_from")


def _suppliers(kinds: set[str]) -> list[str]:
    rows = dev_records("采购与维保")
    return sorted(
        {
            str(text(r["供应商名称"]))
            for r in rows
            if text(r["项目编号"]) == _PROJECT and text(r["记录类型"]) in kinds and text(r["供应商名称"])
        }
    )


@pytest.mark.parametrize(
    "q, kinds",
    [
        ("{p}的东西是从哪几家买的", {"耗材采购", "固定资产"}),
        ("{p}的耗材都是在哪几家供应商那里进的货", {"耗材采购"}),
        ("{p}的固定资产是从哪家采购的", {"固定资产"}),
    ],
)
def test_one_projects_suppliers_said_with_a_verb(conn: GraphConnection, q: str, kinds: set[str]) -> None:
    want = _suppliers(kinds)
    assert want
    r = answered_dev(conn, q.format(p=_PROJECT))
    assert sorted(map(str, r.value)) == want, r.answer
