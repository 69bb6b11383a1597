"""Runs compiled queries read-only, bounded and with provenance kept, over the app's one
`GraphConnection` (sessions, timeouts and translated errors are the connection's).

Every statement is first sent as `EXPLAIN` and must be reported read-only by the server
(`ResultSummary.query_type == 'r'`) before it runs; it then runs in a read transaction with a
timeout and a row cap. The verdict of EXPLAIN is remembered per statement text (the query type
depends on the text only, never on parameters), so a repeated question costs one round trip.

One reader serves one question (every run of it). A statement filtered to a version reads an
immutable snapshot, so the reader runs each (version, text, parameters) once and hands every
later caller a copy of its rows: the plan without its unstated defaults, the re-run after a
scope choice and the policy's member count often send exactly the main query again.
"""

from __future__ import annotations

import json
import threading
import time
import weakref
from collections import OrderedDict
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from kgdesk.errors import GraphError, KgdeskError
from kgdesk.graph.connection import GraphConnection, GraphTimeoutError
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


_SCHEMAS: weakref.WeakKeyDictionary[GraphConnection, dict[str, SchemaView]] = weakref.WeakKeyDictionary()
"""Parsed meta-schemas per connection and version (a version's schema never changes)."""

_EXPLAIN_CACHE: OrderedDict[str, str] = OrderedDict()
_EXPLAIN_LOCK = threading.Lock()
_EXPLAIN_CACHE_SIZE = 512

PUBLISHED_VERSION_QUERY = "MATCH (m:_KgdeskMeta {name: 'published'}) RETURN m.version AS version LIMIT 1"
"""The published version id alone: the meta-schema text is read only for a version not parsed yet."""

Rows = list[dict[str, Any]]


class ReadOnlyGraph:
    """The question answerer's view of the graph: read-only statements over one connection."""

    def __init__(self, conn: GraphConnection, *, timeout_s: float = 15.0) -> None:
        if not isinstance(conn, GraphConnection):
            raise GraphError("内部错误：无法识别的图数据库连接对象")
        self.conn = conn
        self.timeout_s = timeout_s
        self._snapshots: dict[tuple[str, str, str], Future[Rows]] = {}
        self._snapshots_lock = threading.Lock()

    @property
    def driver(self) -> object:
        """The identity of the server behind the connection (what per-graph caches are keyed on)."""
        return self.conn.driver

    def _read(self, cypher: str, params: dict[str, Any], timeout: float | None) -> list[dict[str, Any]]:
        try:
            return self.conn.read(cypher, params, timeout=timeout or self.timeout_s)
        except GraphTimeoutError as e:
            raise QueryTimeout("查询超时：请缩小问题范围（例如指定项目或月份）") from e

    def query_type(self, cypher: str, params: dict[str, Any]) -> str:
        """What the server says the statement would do: 'r', 'rw', 'w' or 's'."""
        with _EXPLAIN_LOCK:
            cached = _EXPLAIN_CACHE.get(cypher)
            if cached is not None:
                _EXPLAIN_CACHE.move_to_end(cypher)
                return cached
        qt = self.conn.explain(cypher, params, timeout=self.timeout_s)
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
        rows = self._snapshot_rows(query, timeout)
        cap = int(query.params.get("row_cap", len(rows)))
        truncated = False
        if query.purpose == "step" and cap > 0 and len(rows) >= cap:
            # compile_step asks for row_cap + 1 rows to detect truncation
            rows = rows[: cap - 1]
            truncated = True
        return ExecutedQuery(query, rows, truncated, (time.perf_counter() - t0) * 1000, cap)

    def _snapshot_rows(self, query: CompiledQuery, timeout: float | None) -> Rows:
        """The rows of a statement on one version, read once per reader (callers racing for the same
        statement wait for the first); each caller gets its own copy, as steps derive in place."""
        version = query.params.get("version")
        if not isinstance(version, str) or not version:
            return self._read(query.cypher, query.params, timeout)
        key = (version, query.cypher, json.dumps(query.params, sort_keys=True, default=repr))
        with self._snapshots_lock:
            pending = self._snapshots.get(key)
            owner = pending is None
            if pending is None:
                pending = self._snapshots[key] = Future()
        if owner:
            try:
                pending.set_result(self._read(query.cypher, query.params, timeout))
            except BaseException as e:
                with self._snapshots_lock:  # a failed read is not remembered: a retry reads again
                    self._snapshots.pop(key, None)
                pending.set_exception(e)
                raise
        return _copy_rows(pending.result())

    # ---------------------------------------------------------------- the published version

    def published(self) -> tuple[str, SchemaView]:
        """The published version id (one small read) and its meta-schema (read and parsed once
        per version)."""
        version = self.published_version()
        if version is None:
            raise NothingPublished("图谱中还没有已发布的数据版本，请先导入台账并构建图谱")
        cache = _SCHEMAS.setdefault(self.conn, {})
        cached = cache.get(version)
        if cached is not None:
            return version, cached
        rows = self._read(published_query(), {}, None)
        version = str(rows[0]["version"]) if rows and rows[0].get("version") else None
        if version is None:
            raise NothingPublished("图谱中还没有已发布的数据版本，请先导入台账并构建图谱")
        raw = rows[0].get("schema")
        if not raw:
            raise NothingPublished("已发布版本缺少元图谱，请重新构建图谱")
        doc = json.loads(raw) if isinstance(raw, str) else raw
        schema = SchemaView.from_json(doc, version=version)
        cache.clear()
        cache[version] = schema
        return version, schema

    def published_version(self) -> str | None:
        rows = self._read(PUBLISHED_VERSION_QUERY, {}, None)
        return str(rows[0]["version"]) if rows and rows[0].get("version") else None


def _copy_rows(rows: Rows) -> Rows:
    """Rows with their own node and relationship maps (derived fields are written into them)."""
    return [{k: dict(v) if isinstance(v, dict) else v for k, v in r.items()} for r in rows]


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
