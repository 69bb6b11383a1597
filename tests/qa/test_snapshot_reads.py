"""What one question's reader remembers is keyed by the version it reads: a new build is never
served rows, a meta-schema or a value index of the version before it."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from kgdesk.graph.connection import GraphConnection
from kgdesk.qa.compiler import CompiledQuery
from kgdesk.qa.executor import ReadOnlyGraph
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.values import value_index
from tests.qa.helpers import schema_doc

pytestmark = pytest.mark.neo4j

COUNT = "MATCH (n:项目) WHERE n._version <= $version AND n._to IS NULL RETURN n {._key, .人数} AS n ORDER BY n._key"


def _query(version: str) -> CompiledQuery:
    return CompiledQuery("s1", COUNT, {"version": version, "row_cap": 100}, ("n",), ())


def _publish(graph: GraphConnection, version: str, doc: dict[str, object]) -> None:
    graph.write(
        "MERGE (m:_KgdeskMeta {name: 'published'}) SET m.version = $v, m.schema = $s",
        {"v": version, "s": json.dumps(doc, ensure_ascii=False)},
    )


def test_a_statement_runs_once_per_reader_and_version(graph: GraphConnection) -> None:
    graph.write("CREATE (:项目 {_key: 'A', _version: 'V1', 人数: 3})")
    reader = ReadOnlyGraph(graph)
    first = reader.run(_query("V1")).rows
    assert first == [{"n": {"_key": "A", "人数": 3}}]
    first[0]["n"]["人数"] = 99  # a step derives into its rows in place: the next caller is not affected
    # the same statement on V1 in this reader is the snapshot already read (a version's elements
    # never change; the write below only shows that nothing is read again)
    graph.write("MATCH (n:项目 {_key: 'A'}) SET n.人数 = 5")
    assert reader.run(_query("V1")).rows == [{"n": {"_key": "A", "人数": 3}}]
    # another version is another key: read from the graph
    graph.write("CREATE (:项目 {_key: 'B', _version: 'V2', 人数: 4})")
    assert reader.run(_query("V2")).rows == [{"n": {"_key": "A", "人数": 5}}, {"n": {"_key": "B", "人数": 4}}]
    # the next question's reader reads again
    assert ReadOnlyGraph(graph).run(_query("V1")).rows == [{"n": {"_key": "A", "人数": 5}}]


def test_concurrent_callers_share_one_read_and_get_their_own_rows(graph: GraphConnection) -> None:
    graph.write("UNWIND range(1, 50) AS i CREATE (:项目 {_key: 'K' + i, _version: 'C1', 人数: i})")
    reader = ReadOnlyGraph(graph)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: reader.run(_query("C1")).rows, range(8)))
    assert all(r == results[0] for r in results) and len(results[0]) == 50
    assert len({id(r[0]["n"]) for r in results}) == 8


def test_a_failed_read_is_not_remembered(graph: GraphConnection) -> None:
    reader = ReadOnlyGraph(graph)
    bad = CompiledQuery("s1", "RETURN 1 / $zero AS x", {"version": "V1", "zero": 0, "row_cap": 10}, (), ())
    with pytest.raises(Exception):  # noqa: B017 - the server's division error, translated
        reader.run(bad)
    good = CompiledQuery("s1", "RETURN 1 / $zero AS x", {"version": "V1", "zero": 1, "row_cap": 10}, (), ())
    assert reader.run(good).rows == [{"x": 1}]


def test_a_new_publish_gets_its_own_schema_and_value_index(graph: GraphConnection) -> None:
    doc1, doc2 = schema_doc("V1"), schema_doc("V2")
    doc2["labels"]["人员"]["properties"]["岗位名称"]["values"] = ["保安_领班", "厨师"]
    _publish(graph, "V1", doc1)
    reader = ReadOnlyGraph(graph)
    v1, s1 = reader.published()
    assert v1 == "V1" and reader.published()[1] is s1  # parsed once per version
    _publish(graph, "V2", doc2)
    v2, s2 = ReadOnlyGraph(graph).published()
    assert v2 == "V2" and s2 is not s1
    assert s2.prop("人员", "岗位名称").values == ("保安_领班", "厨师")  # type: ignore[union-attr]
    lx = load_lexicon()
    assert value_index(s1, lx) is value_index(s1, lx)
    vi2 = value_index(s2, lx)
    assert vi2 is not value_index(s1, lx) and vi2.schema is s2
    assert {v.values for v in vi2.containing("厨师")} == {("厨师",)}
    assert reader.published_version() == "V2"


def test_schema_view_of_a_doc() -> None:
    """The helper's meta-schema parses (guards the fixture the tests above build on)."""
    assert isinstance(SchemaView.from_json(schema_doc("V9"), version="V9"), SchemaView)
