"""Read the graph directly (plain Cypher, not kgdesk's builder code) to check what a build left; build a test library."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

from kgdesk.app.building import BuildReport, build_and_publish
from kgdesk.graph.connection import GraphConnection

INTERNAL = ("_KgdeskMeta", "_KgdeskVersion", "_KgdeskLock", "_KgdeskSource")


def published(conn: GraphConnection) -> str | None:
    rows = conn.read("MATCH (m:_KgdeskMeta {name: 'published'}) RETURN m.version AS v")
    return rows[0]["v"] if rows else None


VALID = "({x}._version <= $v AND ({x}._to IS NULL OR {x}._to > $v))"
"""Valid in version $v, spelled out here independently of kgdesk.graph.queries.valid_in."""


def node_counts(conn: GraphConnection, version: str) -> dict[str, int]:
    rows = conn.read(
        f"MATCH (n) WHERE {VALID.format(x='n')} UNWIND labels(n) AS l RETURN l, count(*) AS c", {"v": version}
    )
    return {r["l"]: r["c"] for r in rows}


def rel_counts(conn: GraphConnection, version: str) -> dict[str, int]:
    rows = conn.read(
        f"MATCH ()-[r]->() WHERE {VALID.format(x='r')} RETURN type(r) AS t, count(*) AS c", {"v": version}
    )
    return {r["t"]: r["c"] for r in rows}


_HIDDEN = ("_uid", "_version", "_to", "_hash")


def _visible(props: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in props.items() if k not in _HIDDEN))


def version_content(conn: GraphConnection, version: str) -> tuple[list[Any], list[Any]]:
    """Every node and relationship valid in `version` with all its user-visible properties (the
    bookkeeping `_uid`, `_version`, `_to`, `_hash` aside), ends named by label and key: what two
    ways of building one library must agree on."""
    nodes = conn.read(
        f"MATCH (n) WHERE {VALID.format(x='n')} RETURN labels(n) AS l, properties(n) AS p", {"v": version}
    )
    rels = conn.read(
        f"MATCH (a)-[r]->(b) WHERE {VALID.format(x='r')} RETURN type(r) AS t, labels(a) AS la, a._key AS ka, "
        "labels(b) AS lb, b._key AS kb, properties(r) AS p, "
        f"{VALID.format(x='a')} AND {VALID.format(x='b')} AS ends_valid",
        {"v": version},
    )
    assert all(r["ends_valid"] for r in rels), "a valid relationship with an end that is not valid"
    n = sorted((tuple(sorted(r["l"])), _visible(r["p"])) for r in nodes)
    e = sorted((r["t"], tuple(r["la"]), r["ka"], tuple(r["lb"]), r["kb"], _visible(r["p"])) for r in rels)
    return n, e


def store_state(conn: GraphConnection) -> tuple[list[Any], list[Any]]:
    """Every data element in the graph with every property, bookkeeping included: a failed update
    must leave exactly this."""
    nodes = conn.read(
        "MATCH (n) WHERE n._uid IS NOT NULL RETURN labels(n) AS l, properties(n) AS p"
    )
    rels = conn.read(
        "MATCH (a)-[r]->(b) WHERE r._rule IS NOT NULL RETURN type(r) AS t, a._uid AS a, b._uid AS b, "
        "properties(r) AS p"
    )
    full = lambda p: tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in p.items()))  # noqa: E731
    return (
        sorted((tuple(sorted(r["l"])), full(r["p"])) for r in nodes),
        sorted((r["t"], r["a"], r["b"], full(r["p"])) for r in rels),
    )


def data_versions(conn: GraphConnection) -> dict[str | None, int]:
    """Every data node's creating version (internal bookkeeping nodes excluded)."""
    rows = conn.read(
        "MATCH (n) WHERE NOT any(l IN labels(n) WHERE l IN $internal) RETURN n._version AS v, count(*) AS c",
        {"internal": list(INTERNAL)},
    )
    return {r["v"]: r["c"] for r in rows}


def rel_versions(conn: GraphConnection) -> dict[str | None, int]:
    rows = conn.read("MATCH ()-[r]->() RETURN r._version AS v, count(*) AS c")
    return {r["v"]: r["c"] for r in rows}


def version_record(conn: GraphConnection, version: str) -> dict[str, Any] | None:
    rows = conn.read("MATCH (v:_KgdeskVersion {version: $v}) RETURN properties(v) AS p", {"v": version})
    return dict(rows[0]["p"]) if rows else None


def copy_data(src: Path, dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    for f in src.glob("*.xlsx"):
        shutil.copy2(f, dest / f.name)
    return dest


def edit_rows(path: Path, *, drop_last: int = 0, append: list[dict[str, Any]] | None = None) -> None:
    """Remove the last data rows and/or append rows (by column name) in the 数据 sheet."""
    wb = load_workbook(path)
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    if drop_last:
        ws.delete_rows(ws.max_row - drop_last + 1, drop_last)
    for row in append or []:
        ws.append([row.get(str(h)) for h in header])
    wb.save(path)


def current_or_build(conn: GraphConnection, folder: Path, nodes: dict[str, int], rels: dict[str, int]) -> str:
    """The published version when it already holds exactly this data; else build and publish it."""
    from kgdesk.app.building import build_and_publish

    v = published(conn)
    if (
        v is not None
        and node_counts(conn, v) == nodes
        and rel_counts(conn, v) == rels
        and data_versions(conn) == {v: sum(nodes.values())}
    ):
        return v
    report = build_and_publish([folder], conn)
    assert report.status == "published" and report.version is not None, report.error
    return report.version


def _month_digits(value: Any) -> str:
    digits = "".join(ch for ch in str(value) if ch.isdigit())
    return digits[:4] + digits[4:].zfill(2) if len(digits) >= 5 else digits


def add_month(src: Path, dest: Path, from_month: str, to_month: str) -> int:
    """A new monthly ledger: the rows of `src` for `from_month` (any of the spellings 2026-01,
    2026年1月, 202601, 2026/1) as `to_month`, in a copy of the workbook; returns the row count.
    Use months of the same length, so every day column still fits."""
    wb = load_workbook(src)
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    col = header.index("年月")
    want = _month_digits(from_month)
    rows = [list(r) for r in ws.iter_rows(min_row=2, values_only=True) if _month_digits(r[col]) == want]
    ws.delete_rows(2, ws.max_row)
    for r in rows:
        r[col] = to_month
        ws.append(r)
    dest.parent.mkdir(parents=True, exist_ok=True)
    wb.save(dest)
    return len(rows)


def version_schema(conn: GraphConnection, version: str) -> dict[str, Any]:
    """A version's meta-schema as its record keeps it, without the version id (to compare two)."""
    rec = version_record(conn, version)
    assert rec is not None
    doc: dict[str, Any] = json.loads(rec["schema"])
    doc.pop("version")
    return doc


def published_build(folder: Path, conn: GraphConnection, **kw: Any) -> BuildReport:
    """Build and publish `folder`; the test stops here unless it published."""
    report = build_and_publish([folder], conn, **kw)
    assert report.status == "published", report.error
    assert report.version is not None
    return report
