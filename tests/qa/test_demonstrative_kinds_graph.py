"""这几类 / 那几种 after a category value point at those kinds (judge 47: 消防那几类设备一共多少台 was answered with the
number of kinds, 1); the count asked is of the items. Our own wordings on the real local graph of data/test_data,
values from pandas; 有几类 without a demonstrative still counts kinds."""

from __future__ import annotations

from collections import Counter

import pytest

from kgdesk.graph.connection import GraphConnection
from kgdesk.qa.understand.demonstrative_kinds import demonstrative_kinds
from tests.qa.dev_graph import answered_dev, dev_records, publish_dev
from tests.qa.gold import text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "demonstrative-kinds")


def test_items_of_the_kinds_pointed_at_are_counted(conn: GraphConnection) -> None:
    kinds = Counter(str(text(x["设备类型"])) for x in dev_records("设备信息") if text(x["设备类型"]))
    kind, n = kinds.most_common(1)[0]
    for q in (f"{kind}那几类设备一共多少台", f"{kind}这几种设备有几台"):
        r = answered_dev(conn, q)
        assert r.value == n, r.answer
    assert answered_dev(conn, "设备一共有几类").value == len(kinds)


def test_which_kinds_is_no_demonstrative() -> None:
    assert demonstrative_kinds("设备有哪几类") == "设备有哪几类"
    assert demonstrative_kinds("消防那几类设备") == "消防那些设备"
