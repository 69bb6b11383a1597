"""Runs compiled queries read-only, bounded and with provenance kept.

Every statement is first sent as `EXPLAIN` and must be reported read-only by the server
(`ResultSummary.query_type == 'r'`) before it runs; it then runs in a read transaction with a
timeout and a row cap. The verdict of EXPLAIN is remembered per statement text (the query type
depends on the text only, never on parameters), so a repeated question costs one round trip.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import neo4j
from neo4j.exceptions import ClientError, DriverError, Neo4jError

from kgdesk.errors import GraphError, KgdeskError
from kgdesk.graph.connection import CONNECTION_ERRORS, describe_error
from kgdesk.qa.compiler import CompiledQuery, published_query
from kgdesk.qa.schema import SchemaView


class NotReadOnly(KgdeskError):
    code = "E_NOT_READ_ONLY"


class QueryTimeout(KgdeskError):
    code = "E_QUERY_TIMEOUT"


class NothingPublished(KgdeskError):
    code = "E_NOT_PUBLISHED"


@dataclass
class ExecutedQuery:
    query: CompiledQuery
    rows: list[dict[str, Any]]
    truncated: bool
    ms: float
    cap: int

    def to_json(self) -> dict[str, Any]:
        return self.query.to_json(rows=len(self.rows))


def driver_of(conn: Any) -> tuple[neo4j.Driver, str | None]:
    """The driver and database behind a GraphConnection, a GraphAccess or a bare Driver."""
    seen = 0
    while seen < 4:
        if isinstance(conn, neo4j.Driver):
            return conn, None
        d = getattr(conn, "driver", None)
        if isinstance(d, neo4j.Driver):
            return d, getattr(conn, "database", None)
        conn = getattr(conn, "conn", None)
        seen += 1
    raise GraphError("内部错误：无法识别的图数据库连接对象")


_SCHEMAS: dict[tuple[int, str], SchemaView] = {}
"""Parsed meta-schemas per (driver, version): a version's schema never changes."""

_EXPLAIN_CACHE: OrderedDict[str, str] = OrderedDict()
_EXPLAIN_LOCK = threading.Lock()
_EXPLAIN_CACHE_SIZE = 512


class GraphReader:
    """Read-only access for question answering, over whatever connection the app holds."""

    def __init__(self, conn: Any, *, timeout_s: float = 15.0) -> None:
        self.driver, self.database = driver_of(conn)
        self.timeout_s = timeout_s
        self._schema_cache: dict[str, SchemaView] = {}

    def _session(self) -> neo4j.Session:
        kwargs: dict[str, Any] = {
            "default_access_mode": neo4j.READ_ACCESS,
            "notifications_min_severity": "OFF",
        }
        if self.database:
            kwargs["database"] = self.database
        return self.driver.session(**kwargs)

    def _read(self, cypher: str, params: dict[str, Any], timeout: float | None) -> list[dict[str, Any]]:
        @neo4j.unit_of_work(timeout=timeout or self.timeout_s)
        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            return [r.data() for r in tx.run(cypher, params)]

        try:
            with self._session() as s:
                return s.execute_read(work)
        except ClientError as e:
            if e.code and "TransactionTimedOut" in e.code:
                raise QueryTimeout("查询超时：请缩小问题范围（例如指定项目或月份）") from e
            raise GraphError(describe_error(e)) from e
        except (Neo4jError, DriverError, *CONNECTION_ERRORS) as e:
            raise GraphError(describe_error(e)) from e

    def query_type(self, cypher: str, params: dict[str, Any]) -> str:
        """What the server says the statement would do: 'r', 'rw', 'w' or 's'."""
        with _EXPLAIN_LOCK:
            cached = _EXPLAIN_CACHE.get(cypher)
            if cached is not None:
                _EXPLAIN_CACHE.move_to_end(cypher)
                return cached

        @neo4j.unit_of_work(timeout=self.timeout_s)
        def work(tx: neo4j.ManagedTransaction) -> str:
            summary = tx.run("EXPLAIN " + cypher, params).consume()
            return str(summary.query_type or "")

        try:
            with self._session() as s:
                qt = s.execute_read(work)
        except (Neo4jError, DriverError, *CONNECTION_ERRORS) as e:
            raise GraphError(describe_error(e)) from e
        with _EXPLAIN_LOCK:
            _EXPLAIN_CACHE[cypher] = qt
            while len(_EXPLAIN_CACHE) > _EXPLAIN_CACHE_SIZE:
                _EXPLAIN_CACHE.popitem(last=False)
        return qt

    def run(self, query: CompiledQuery, *, timeout: float | None = None) -> ExecutedQuery:
        """EXPLAIN (must be read-only), then run with a timeout; rows beyond the cap are dropped."""
        t0 = time.perf_counter()
        qt = self.query_type(query.cypher, query.params)
        if qt != "r":
            raise NotReadOnly(f"拒绝执行：该查询不是只读查询（类型 {qt or '未知'}）")
        rows = self._read(query.cypher, query.params, timeout)
        cap = int(query.params.get("row_cap", len(rows)))
        truncated = False
        if query.purpose == "step" and cap > 0 and len(rows) >= cap:
            # compile_step asks for row_cap + 1 rows to detect truncation
            rows = rows[: cap - 1]
            truncated = True
        return ExecutedQuery(query, rows, truncated, (time.perf_counter() - t0) * 1000, cap)

    # ---------------------------------------------------------------- the published version

    def published(self) -> tuple[str, SchemaView]:
        """The published version id and its meta-schema (parsed once per version)."""
        version = self.published_version()
        if version is None:
            raise NothingPublished("图谱中还没有已发布的数据版本，请先导入台账并构建图谱")
        cached = self._schema_cache.get(version) or _SCHEMAS.get((id(self.driver), version))
        if cached is not None:
            return version, cached
        rows = self._read(published_query(), {}, None)
        if not rows or str(rows[0].get("version")) != version:
            raise GraphError("读取元图谱时发布版本发生了变化，请重试")
        raw = rows[0].get("schema")
        if not raw:
            raise NothingPublished("已发布版本缺少元图谱，请重新构建图谱")
        doc = json.loads(raw) if isinstance(raw, str) else raw
        schema = SchemaView.from_json(doc, version=version)
        self._schema_cache.clear()
        self._schema_cache[version] = schema
        for k in [k for k in _SCHEMAS if k[0] == id(self.driver)]:
            del _SCHEMAS[k]
        _SCHEMAS[(id(self.driver), version)] = schema
        return version, schema

    def published_version(self) -> str | None:
        rows = self._read(
            "MATCH (m:_KgdeskMeta {name: 'published'}) RETURN m.version AS version LIMIT 1", {}, None
        )
        return str(rows[0]["version"]) if rows and rows[0].get("version") else None


@dataclass
class Provenance:
    template: str
    file: str
    sheet: str
    row: int

    def to_json(self) -> dict[str, Any]:
        return {"template": self.template, "file": self.file, "sheet": self.sheet, "row": self.row}

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.template, self.file, self.sheet, self.row)


@dataclass
class CitationSet:
    """Ordered, de-duplicated citations gathered from rows of this execution only."""

    items: dict[tuple[str, str, str, int], Provenance] = field(default_factory=dict)

    def add(self, p: Provenance) -> None:
        self.items.setdefault(p.key, p)

    def extend(self, ps: list[Provenance]) -> None:
        for p in ps:
            self.add(p)

    def to_json(self) -> list[dict[str, Any]]:
        return [p.to_json() for p in self.items.values()]

    def __len__(self) -> int:
        return len(self.items)


def provenance(obj: dict[str, Any] | None) -> list[Provenance]:
    """Source rows of a node or relationship map as returned by the compiler's projections."""
    if not obj:
        return []
    template = str(obj.get("_template") or "")
    files = obj.get("_src_files")
    sheets = obj.get("_src_sheets")
    rows = obj.get("_src_rows")
    out: list[Provenance] = []
    templates = obj.get("_src_templates")
    if isinstance(files, list) and isinstance(rows, list):
        sheets_l = sheets if isinstance(sheets, list) else [sheets] * len(files)
        tmpl_l = (
            templates
            if isinstance(templates, list) and len(templates) == len(files)
            else [template] * len(files)
        )
        for f, s, r, t in zip(files, sheets_l, rows, tmpl_l, strict=False):
            if f is not None and r is not None:
                out.append(Provenance(str(t or template), str(f), str(s or ""), int(r)))
    elif obj.get("_src_file") is not None and obj.get("_src_row") is not None:
        out.append(
            Provenance(
                template, str(obj["_src_file"]), str(obj.get("_src_sheet") or ""), int(obj["_src_row"])
            )
        )
    return out
