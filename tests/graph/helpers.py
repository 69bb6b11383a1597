"""Read the graph directly (plain Cypher, not kgdesk's builder code) to check what a build left."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

from kgdesk.graph.connection import GraphConnection

INTERNAL = ("_KgdeskMeta", "_KgdeskVersion", "_KgdeskLock", "_KgdeskSource")


def published(conn: GraphConnection) -> str | None:
    rows = conn.read("MATCH (m:_KgdeskMeta {name: 'published'}) RETURN m.version AS v")
    return rows[0]["v"] if rows else None


def node_counts(conn: GraphConnection, version: str) -> dict[str, int]:
    rows = conn.read(
        "MATCH (n) WHERE n._version = $v UNWIND labels(n) AS l RETURN l, count(*) AS c", {"v": version}
    )
    return {r["l"]: r["c"] for r in rows}


def rel_counts(conn: GraphConnection, version: str) -> dict[str, int]:
    rows = conn.read(
        "MATCH ()-[r]->() WHERE r._version = $v RETURN type(r) AS t, count(*) AS c", {"v": version}
    )
    return {r["t"]: r["c"] for r in rows}


def data_versions(conn: GraphConnection) -> dict[str | None, int]:
    """Every data node's version (internal bookkeeping nodes excluded)."""
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
