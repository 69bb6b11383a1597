"""One small interface for running the statements of queries.py, whatever connection the caller holds.

The app passes a `GraphConnection` (which translates driver errors into Chinese GraphErrors);
the benchmark may pass a bare neo4j Driver. Builder, versions and meta-schema only see GraphAccess.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import neo4j

from kgdesk.errors import GraphError
from kgdesk.graph.connection import GraphConnection

T = TypeVar("T")

# Long enough for statistics over a ×100 data set; the builder's own batches are small.
LONG_READ_S = 600.0



class GraphAccess:
    """read / write / write_tx / auto over a GraphConnection or a bare driver."""

    def __init__(
        self,
        conn: GraphConnection | None = None,
        driver: neo4j.Driver | None = None,
        database: str | None = None,
    ) -> None:
        if conn is None and driver is None:
            raise GraphError("内部错误：没有图数据库连接")
        self.conn = conn
        self.driver = driver
        self.database = database if conn is None else conn.database

    def _session(self) -> neo4j.Session:
        assert self.driver is not None
        # Schema statistics name properties that may not exist yet: the server's notices are noise here.
        if self.database:
            return self.driver.session(database=self.database, notifications_min_severity="OFF")
        return self.driver.session(notifications_min_severity="OFF")

    def read(self, query: str, **params: Any) -> list[dict[str, Any]]:
        if self.conn is not None:
            return self.conn.read(query, params, timeout=LONG_READ_S)
        with self._session() as s:
            return s.execute_read(_collect, query, params)

    def write(self, query: str, **params: Any) -> list[dict[str, Any]]:
        """One statement in its own managed write transaction (retried on transient errors)."""
        if self.conn is not None:
            return self.conn.write(query, params)
        with self._session() as s:
            return s.execute_write(_collect, query, params)

    def write_tx(self, fn: Callable[[neo4j.ManagedTransaction], T]) -> T:
        """Several statements in one write transaction."""
        if self.conn is not None:
            return self.conn.write_tx(fn)
        with self._session() as s:
            return s.execute_write(fn)

    def auto(self, query: str, **params: Any) -> list[dict[str, Any]]:
        """Auto-commit: needed for schema statements (constraints, indexes)."""
        if self.conn is not None:
            return self.conn.autocommit(query, params)
        with self._session() as s:
            return [r.data() for r in s.run(query, params)]


def _collect(tx: neo4j.ManagedTransaction, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    return [r.data() for r in tx.run(query, params)]


def graph_access(conn: Any) -> GraphAccess:
    """Accept a GraphAccess, a GraphConnection or a neo4j Driver."""
    if isinstance(conn, GraphAccess):
        return conn
    if isinstance(conn, GraphConnection):
        return GraphAccess(conn)
    if isinstance(conn, neo4j.Driver):
        return GraphAccess(driver=conn)
    raise GraphError("内部错误：无法识别的图数据库连接对象")
