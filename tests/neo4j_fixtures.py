"""Pytest plugin: the real local graph server for tests (no mocks of the driver anywhere).

Loaded from tests/conftest.py (`pytest_plugins`). Fixtures:

- `neo4j_server` (session): a `LocalGraphServer` on a free port, with its own data folder
  (not KGDESK_HOME, which changes per test) and a random password given by environment.
  The jars are built first when needed (installer/neo4j/build.sh).
- `graph` (module): a `GraphConnection` to that server's `neo4j` database, emptied at
  the start of each test module (nodes, relationships, constraints, indexes).
- `neo4j_env` (function): KGDESK_NEO4J_URI / USER / PASSWORD / DATABASE pointing at the
  server (monkeypatched), for CLI and settings-driven code; returns the values as a dict.

Every test that uses one of them gets the `neo4j` marker automatically.
`make_test_server(home)` builds an extra, test-sized server for tests that need their own.
"""

from __future__ import annotations

import secrets
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kgdesk.graph.connection import GraphConnection
from kgdesk.graph.local_server import LocalGraphServer
from kgdesk.paths import project_root

BUILD_SCRIPT = project_root() / "installer" / "neo4j" / "build.sh"
TEST_HEAP = "768m"
TEST_PAGE_CACHE = "128m"
_FIXTURES = {"neo4j_server", "graph", "neo4j_env"}


def _build() -> str | None:
    """Run build.sh (a no-op when up to date); the error text, or None on success."""
    try:
        out = subprocess.run(
            ["bash", str(BUILD_SCRIPT)], capture_output=True, text=True, timeout=1800, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"building the local graph server failed: {e}"
    if out.returncode != 0:
        return f"installer/neo4j/build.sh failed (exit {out.returncode}):\n{out.stdout}\n{out.stderr}"
    return None


def build_jars() -> None:
    """Build the server jars unless they are up to date; a build failure fails the test."""
    error = _build()
    if error:
        pytest.fail(error, pytrace=False)


def random_password() -> str:
    return "kgdesk-test-" + secrets.token_hex(8)


def make_test_server(
    home: Path, *, password: str | None = None, port: int = 0, **kwargs: Any
) -> LocalGraphServer:
    """A server with test-sized memory (several JVMs share a small machine)."""
    kwargs.setdefault("heap", TEST_HEAP)
    kwargs.setdefault("page_cache", TEST_PAGE_CACHE)
    kwargs.setdefault("startup_timeout_s", 240.0)
    return LocalGraphServer(home, port=port, password=password or random_password(), **kwargs)


def reset_database(conn: GraphConnection) -> None:
    """Delete every node and relationship, then every constraint and index but the lookup ones."""
    conn.autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS")
    for row in conn.autocommit("SHOW CONSTRAINTS YIELD name"):
        conn.autocommit(f"DROP CONSTRAINT {_quote(row['name'])} IF EXISTS")
    for row in conn.autocommit("SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP'"):
        conn.autocommit(f"DROP INDEX {_quote(row['name'])} IF EXISTS")


def _quote(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


@pytest.fixture(scope="session")
def neo4j_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalGraphServer]:
    build_jars()
    server = make_test_server(tmp_path_factory.mktemp("neo4j-server"))
    server.start()
    if server.warm_up_thread is not None:  # it creates the data schema, which `reset_database` drops
        server.warm_up_thread.join(300)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def graph(neo4j_server: LocalGraphServer) -> Iterator[GraphConnection]:
    conn = GraphConnection(neo4j_server.uri, neo4j_server.user, neo4j_server.password, "neo4j")
    try:
        reset_database(conn)
        yield conn
    finally:
        conn.close()


@pytest.fixture
def neo4j_env(neo4j_server: LocalGraphServer, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    env = {
        "KGDESK_NEO4J_URI": neo4j_server.uri,
        "KGDESK_NEO4J_USER": neo4j_server.user,
        "KGDESK_NEO4J_PASSWORD": neo4j_server.password,
        "KGDESK_NEO4J_DATABASE": "neo4j",
    }
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return env


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    needed = False
    for item in items:
        if _FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.neo4j)
            needed = True
    if needed:
        # Build here, outside any test's timeout (a first Maven build can take minutes);
        # a failure is reported by the fixture, which tries again.
        _build()
