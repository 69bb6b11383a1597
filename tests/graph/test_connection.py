"""GraphConnection against the real local server: verify, round trips, and every translated error."""

from __future__ import annotations

import re
import socket
import threading
from typing import Any

import neo4j
import pytest

from kgdesk.config.settings import Settings
from kgdesk.errors import ConfigError
from kgdesk.graph.connection import (
    ACQUIRE_TIMEOUT_S,
    CONNECT_TIMEOUT_S,
    READ_RETRY_S,
    GraphAuthError,
    GraphConnection,
    GraphDatabaseNotFoundError,
    GraphQueryError,
    GraphTimeoutError,
    GraphUnavailableError,
    GraphVersionError,
    check_server_version,
    describe_error,
    translate_error,
)
from kgdesk.graph.local_server import LocalGraphServer
from tests.neo4j_fixtures import reset_database

pytestmark = pytest.mark.neo4j


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_graph_fixture_starts_clean(graph: GraphConnection) -> None:
    assert graph.read("MATCH (n) RETURN count(n) AS n") == [{"n": 0}]
    assert graph.autocommit("SHOW CONSTRAINTS YIELD name") == []


def test_verify_reports_version_and_edition(graph: GraphConnection) -> None:
    info = graph.verify()
    assert info.version.startswith("5.26.")
    assert info.edition == "community"
    assert info.agent.startswith("Neo4j/5.26")
    assert info.database == "neo4j"
    assert int(info.protocol_version.split(".")[0]) >= 5


def test_read_write_round_trip(graph: GraphConnection) -> None:
    rows = [{"编号": f"XM{i:03d}", "人数": i, "比例": i / 10} for i in range(5)]
    created = graph.write(
        "UNWIND $rows AS r CREATE (p:项目 {编号: r.编号, 人数: r.人数, 比例: r.比例}) RETURN count(p) AS n",
        {"rows": rows},
    )
    assert created == [{"n": 5}]
    back = graph.read("MATCH (p:项目) RETURN p.编号 AS 编号, p.人数 AS 人数, p.比例 AS 比例 ORDER BY 编号")
    assert back == rows
    node_rows = graph.read("MATCH (p:项目 {编号: $k}) RETURN p", {"k": "XM003"})
    assert node_rows == [{"p": {"编号": "XM003", "人数": 3, "比例": 0.3}}]


def test_transaction_functions(graph: GraphConnection) -> None:
    def two_statements(tx: neo4j.ManagedTransaction, name: str) -> int:
        tx.run("CREATE (:片区 {名称: $n})", n=name)
        record = tx.run("MATCH (x:片区) RETURN count(x) AS c").single()
        assert record is not None
        return int(record["c"])

    assert graph.write_tx(two_statements, "青浦") == 1

    def count(tx: neo4j.ManagedTransaction) -> int:
        record = tx.run("MATCH (x:片区) RETURN count(x) AS c").single()
        assert record is not None
        return int(record["c"])

    assert graph.read_tx(count) == 1
    assert graph.driver is not None and graph.database == "neo4j"


def test_read_rows_equal_record_data(graph: GraphConnection) -> None:
    """`read` builds plain rows itself; whatever a statement returns, they equal `Record.data()`."""
    graph.write(
        "CREATE (:项目 {编号: 'XM1', 行: [3, 5], 名称: '青浦'})-[:属于 {依据: '表', 行: [2]}]->(:片区 {名称: '青浦'})"
    )
    statements = [
        "MATCH (p:项目) RETURN p {.编号, .行, x: {y: [1, 2.5, null, 'a']}} AS m, p.行 AS rows, 1 AS one",
        "MATCH (p:项目)-[r]->(a) RETURN p, r, a, [p, a] AS nodes, {n: p, l: [r]} AS nested",
        "MATCH path = (:项目)-[]->() RETURN path, date('2026-03-01') AS d, duration('P1M') AS span",
        "MATCH (p:项目) RETURN [p {.编号}, [p]] AS mixed, null AS nothing",
    ]
    with graph.driver.session(database=graph.database) as session:
        for cypher in statements:
            expected = [record.data() for record in session.run(cypher)]
            assert graph.read(cypher) == expected, cypher
            assert graph.read_tx(lambda tx, c=cypher: [r.data() for r in tx.run(c)]) == expected


def test_read_is_read_only_on_the_server(graph: GraphConnection) -> None:
    with pytest.raises(GraphQueryError) as err:
        graph.read("CREATE (:项目 {编号: 'X'}) RETURN 1 AS x")
    assert "AccessMode" in err.value.message
    assert graph.read("MATCH (n:项目 {编号: 'X'}) RETURN count(n) AS n") == [{"n": 0}]


def test_a_failed_write_transaction_leaves_nothing(graph: GraphConnection) -> None:
    graph.autocommit("CREATE CONSTRAINT 唯一编号 IF NOT EXISTS FOR (p:合同) REQUIRE p.编号 IS UNIQUE")
    with pytest.raises(GraphQueryError) as err:
        graph.write("CREATE (:合同 {编号: 'A'}) CREATE (:合同 {编号: 'A'})")
    assert "ConstraintValidationFailed" in err.value.message
    assert graph.read("MATCH (c:合同) RETURN count(c) AS n") == [{"n": 0}]


def test_syntax_error_is_a_query_error(graph: GraphConnection) -> None:
    with pytest.raises(GraphQueryError) as err:
        graph.read("MATCH (n RETURN n")
    assert err.value.code == "E_GRAPH_QUERY"
    assert isinstance(err.value.__cause__, neo4j.exceptions.CypherSyntaxError)


def test_query_timeout(graph: GraphConnection) -> None:
    with pytest.raises(GraphTimeoutError) as err:
        graph.read(
            "UNWIND range(1, 1000000000) AS x WITH x WHERE x % 7 = 3 RETURN count(x) AS n", timeout=0.5
        )
    assert "超时" in err.value.message


def test_wrong_password(neo4j_server: LocalGraphServer) -> None:
    with (
        GraphConnection(neo4j_server.uri, "neo4j", "not-the-password") as conn,
        pytest.raises(GraphAuthError) as err,
    ):
        conn.verify()
    assert err.value.code == "E_GRAPH_AUTH"
    assert "密码错误" in err.value.message
    assert isinstance(err.value.__cause__, neo4j.exceptions.AuthError)


def test_unreachable_server() -> None:
    uri = f"bolt://127.0.0.1:{_closed_port()}"
    with GraphConnection(
        uri, "neo4j", "whatever-password", connection_timeout_s=2, max_retry_time_s=0.5
    ) as conn:
        with pytest.raises(GraphUnavailableError) as err:
            conn.verify()
        assert uri in err.value.message and "无法连接" in err.value.message
        with pytest.raises(GraphUnavailableError):
            conn.read("RETURN 1")


def test_routing_uri_and_unknown_database(neo4j_server: LocalGraphServer) -> None:
    routing = neo4j_server.uri.replace("bolt://", "neo4j://")
    with GraphConnection(routing, "neo4j", neo4j_server.password, "neo4j") as conn:
        assert conn.verify().edition == "community"
        assert conn.read("RETURN 1 AS one") == [{"one": 1}]
    with GraphConnection(neo4j_server.uri, "neo4j", neo4j_server.password, "nosuchdb") as conn:
        with pytest.raises(GraphDatabaseNotFoundError) as err:
            conn.verify()
        assert "nosuchdb" in err.value.message


def test_bad_uri_is_a_configuration_error() -> None:
    for uri in ("http://127.0.0.1:7474", "bolt://", "127.0.0.1:7687"):
        with pytest.raises(ConfigError):
            GraphConnection(uri, "neo4j", "pw")


def test_encrypted_scheme_against_a_plain_server(neo4j_server: LocalGraphServer) -> None:
    # bolt+ssc is accepted as a scheme; the plain local server cannot speak TLS, so it is unreachable.
    uri = neo4j_server.uri.replace("bolt://", "bolt+ssc://")
    with (
        GraphConnection(uri, "neo4j", neo4j_server.password, connection_timeout_s=5) as conn,
        pytest.raises(GraphUnavailableError),
    ):
        conn.verify()


def test_server_versions() -> None:
    for ok in ("5.0.0", "5.26.30", "2025.06.0", "2026.01.2"):
        check_server_version(ok)
    for old in ("4.4.30", "3.5.35", ""):
        with pytest.raises(GraphVersionError):
            check_server_version(old)


def test_from_settings_with_uri(neo4j_env: dict[str, str]) -> None:
    with GraphConnection.from_settings() as conn:
        assert conn.uri == neo4j_env["KGDESK_NEO4J_URI"]
        assert conn.database == "neo4j"
        assert conn.verify().version.startswith("5.26.")


def test_from_settings_without_uri_and_no_local_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KGDESK_NEO4J_URI", raising=False)
    with pytest.raises(GraphUnavailableError) as err:
        GraphConnection.from_settings(Settings())
    assert "local-neo4j start" in err.value.message


def test_from_settings_remote_without_password(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KGDESK_NEO4J_PASSWORD", raising=False)
    settings = Settings(neo4j_uri="bolt://127.0.0.1:1")
    # No keyring on a test machine and no env: a clear configuration error, never a traceback.
    with pytest.raises(ConfigError):
        GraphConnection.from_settings(settings)


def test_reset_database_drops_data_constraints_and_indexes(graph: GraphConnection) -> None:
    graph.autocommit("CREATE CONSTRAINT k IF NOT EXISTS FOR (n:甲) REQUIRE n.k IS UNIQUE")
    graph.autocommit("CREATE INDEX i IF NOT EXISTS FOR (n:乙) ON (n.v)")
    graph.write("UNWIND range(1, 20) AS i CREATE (:甲 {k: i})-[:连]->(:乙 {v: i})")
    reset_database(graph)
    assert graph.read("MATCH (n) RETURN count(n) AS n") == [{"n": 0}]
    assert graph.autocommit("SHOW CONSTRAINTS YIELD name") == []
    left: list[dict[str, Any]] = graph.autocommit("SHOW INDEXES YIELD name, type")
    assert {r["type"] for r in left} == {"LOOKUP"}


# ---------------------------------------------------------------- failing fast when the graph is down


class SilentServer:
    """A TCP listener on 127.0.0.1 that accepts and never answers (a hung server, a wrong service)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = int(self.sock.getsockname()[1])
        self.accepted: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted.append(conn)

    def __enter__(self) -> SilentServer:
        return self

    def __exit__(self, *_: object) -> None:
        self.sock.close()
        for c in self.accepted:
            c.close()


def _workspace(conn: GraphConnection) -> Any:
    return conn._driver._default_workspace_config  # type: ignore[attr-defined]


def test_fail_fast_timeouts_reach_the_driver() -> None:
    with GraphConnection(f"bolt://127.0.0.1:{_closed_port()}", "neo4j", "pw") as conn:
        pool_config = conn._driver._pool.pool_config  # type: ignore[attr-defined]
        assert pool_config.connection_timeout == CONNECT_TIMEOUT_S <= 5
        assert _workspace(conn).connection_acquisition_timeout == ACQUIRE_TIMEOUT_S <= 5
        assert _workspace(conn).max_transaction_retry_time == READ_RETRY_S <= 3
    with GraphConnection(
        f"neo4j://127.0.0.1:{_closed_port()}", "neo4j", "pw", connection_timeout_s=1, acquisition_timeout_s=2
    ) as conn:
        assert conn._driver._pool.pool_config.connection_timeout == 1  # type: ignore[attr-defined]
        assert _workspace(conn).connection_acquisition_timeout == 2


@pytest.mark.parametrize("scheme", ["bolt", "neo4j"])
def test_silent_server_is_unavailable_after_one_attempt(scheme: str) -> None:
    with SilentServer() as silent:
        uri = f"{scheme}://127.0.0.1:{silent.port}"
        with GraphConnection(uri, "neo4j", "pw", connection_timeout_s=1, acquisition_timeout_s=1) as conn:
            with pytest.raises(GraphUnavailableError) as err:
                conn.read("RETURN 1")
            # one connection, not the driver's retry loop (which made a silent server cost 2 minutes)
            assert len(silent.accepted) == 1
            assert uri in err.value.message and "无法连接" in err.value.message
            assert re.search(r"没有响应|路由信息", err.value.message)
            assert not re.search(r"[A-Za-z]{4,}", err.value.message.replace(uri, "").replace("bolt", ""))
            # code that takes the raw driver (question answering today) is checked the same way
            with pytest.raises(GraphUnavailableError):
                _ = conn.driver
            assert len(silent.accepted) == 2


@pytest.mark.parametrize("scheme", ["bolt", "neo4j"])
def test_refused_port_says_so_in_chinese(scheme: str) -> None:
    uri = f"{scheme}://127.0.0.1:{_closed_port()}"
    with GraphConnection(uri, "neo4j", "pw") as conn, pytest.raises(GraphUnavailableError) as err:
        conn.read("RETURN 1")
    reason = err.value.message.replace(uri, "")
    assert ("连接被拒绝" if scheme == "bolt" else "路由信息") in reason
    assert "Unable" not in reason and "Couldn't" not in reason


def test_healthy_on_a_live_server(neo4j_server: LocalGraphServer) -> None:
    with GraphConnection(neo4j_server.uri, "neo4j", neo4j_server.password, "neo4j") as conn:
        assert conn.healthy() is None
        assert conn.read("RETURN 1 AS one") == [{"one": 1}]


def test_every_error_class_has_one_chinese_wording(graph: GraphConnection) -> None:
    """Real server errors through translate_error; transient and panic codes are built from the
    driver's own hydration (a real deadlock or disk panic is exercised in test_local_server)."""
    from neo4j.exceptions import Neo4jError

    with pytest.raises(GraphQueryError) as err:
        graph.read("MATCH (n RETURN n")
    assert translate_error(err.value.__cause__ or err.value).code == "E_GRAPH_QUERY"
    cases = {
        "Neo.TransientError.Transaction.DeadlockDetected": ("E_GRAPH_SERVER", "暂时无法完成"),
        "Neo.TransientError.General.DatabaseUnavailable": ("E_GRAPH_RESTART", "需要重启"),
        "Neo.ClientError.Database.DatabaseNotFound": ("E_GRAPH_DATABASE", "没有名为"),
        "Neo.ClientError.Security.Unauthorized": ("E_GRAPH_AUTH", "密码错误"),
        "Neo.ClientError.Security.Forbidden": ("E_GRAPH_AUTH", "没有权限"),
        "Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration": ("E_GRAPH_TIMEOUT", "超时"),
        "Neo.DatabaseError.General.UnknownError": ("E_GRAPH_SERVER", "内部出错"),
    }
    for code, (expected, words) in cases.items():
        e = Neo4jError._hydrate_neo4j(code=code, message="x")  # type: ignore[attr-defined]
        t = translate_error(e, uri="bolt://h:1", database="db")
        assert (t.code, words in t.message) == (expected, True), code
    full = Neo4jError._hydrate_neo4j(  # type: ignore[attr-defined]
        code="Neo.DatabaseError.Transaction.TransactionStartFailed",
        message="The database has encountered a critical error: No space left on device",
    )
    assert translate_error(full).code == "E_GRAPH_DISK_FULL" and "磁盘已满" in describe_error(full)
