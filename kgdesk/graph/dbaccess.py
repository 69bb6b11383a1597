"""A keyword-parameter shim over `GraphConnection` for the builder, versions and meta-schema.

There is one way to reach Neo4j (`graph.connection.GraphConnection`); this only lets the
statement builders of queries.py be called as `db.read(query, version=v)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import neo4j

from kgdesk.errors import GraphError
from kgdesk.graph.connection import GraphConnection

T = TypeVar("T")

LONG_READ_S = 600.0
"""Long enough for statistics over a ×100 data set; the builder's own batches are small."""


class GraphAccess:
    """read / write / write_tx / auto with keyword parameters, over one GraphConnection."""

    def __init__(self, conn: GraphConnection) -> None:
        if not isinstance(conn, GraphConnection):
            raise GraphError("内部错误：没有图数据库连接")
        self.conn = conn
        self.database = conn.database

    def read(self, query: str, **params: Any) -> list[dict[str, Any]]:
        return self.conn.read(query, params, timeout=LONG_READ_S)

    def write(self, query: str, **params: Any) -> list[dict[str, Any]]:
        """One statement in its own managed write transaction (retried on transient errors)."""
        return self.conn.write(query, params)

    def write_tx(self, fn: Callable[[neo4j.ManagedTransaction], T]) -> T:
        """Several statements in one write transaction."""
        return self.conn.write_tx(fn)

    def auto(self, query: str, **params: Any) -> list[dict[str, Any]]:
        """Auto-commit: needed for `CALL db.awaitIndexes` and `CALL { … } IN TRANSACTIONS`."""
        return self.conn.autocommit(query, params)

    def create_schema_rule(self, query: str) -> None:
        """A `CREATE CONSTRAINT|INDEX … IF NOT EXISTS`, in a retried write transaction: the local
        server's warm-up creates the same rules right after start, and two sessions creating rules at
        once may be told `DeadlockDetected` (retried) or that an equivalent rule now exists (the other
        session's: nothing left to do)."""
        try:
            self.conn.write(query)
        except GraphError as e:
            if not str(getattr(e.__cause__, "code", "")).endswith(_ALREADY_THERE):
                raise


_ALREADY_THERE = ("EquivalentSchemaRuleAlreadyExists", "ConstraintAlreadyExists", "IndexAlreadyExists")


def graph_access(conn: Any) -> GraphAccess:
    """Accept a GraphAccess or a GraphConnection."""
    if isinstance(conn, GraphAccess):
        return conn
    if isinstance(conn, GraphConnection):
        return GraphAccess(conn)
    raise GraphError("内部错误：无法识别的图数据库连接对象")
