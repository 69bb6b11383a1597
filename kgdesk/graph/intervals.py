"""The life of the data elements: undoing a failed update, cleaning a killed one, pruning, rollback.

Elements are valid from `_version` until `_to` (docs/library.md). A version's elements are shared
with the versions before and after it, so nothing here deletes "a version": a failed or killed
update deletes what it created (`_version = v`) and reopens what it closed (`_to = v`); pruning
deletes closed elements that no kept version needs; a rollback to a kept version only moves the
published pointer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

import neo4j

from kgdesk.graph import queries as q
from kgdesk.graph.dbaccess import GraphAccess
from kgdesk.graph.versions import (
    KEEP_VERSIONS,
    iso_now,
    published_version,
    set_version_fields,
    version_records,
)

log = logging.getLogger(__name__)

DELETE_BATCH = 10_000


def data_labels(db: GraphAccess) -> list[str]:
    return [r["label"] for r in db.read(q.all_labels()) if r["label"] not in q.INTERNAL_LABELS]


def relationship_types(db: GraphAccess) -> list[str]:
    return [str(r["type"]) for r in db.read(q.all_relationship_types())]


def _repeat(
    db: GraphAccess, stmt: str, on_batch: Callable[[], None] | None, batch: int = DELETE_BATCH, **params: Any
) -> int:
    """Run a `… LIMIT $batch … RETURN count(*) AS n` statement until it touches fewer than a batch."""
    total = 0
    while True:
        rows = db.write(stmt, batch=batch, **params)
        n = int(rows[0]["n"]) if rows else 0
        total += n
        if on_batch is not None:
            on_batch()
        if n < batch:
            return total


def delete_version_data(
    db: GraphAccess,
    version: str,
    labels: Iterable[str] | None = None,
    batch: int = DELETE_BATCH,
    on_batch: Callable[[], None] | None = None,
    rel_types: Iterable[str] | None = None,
) -> int:
    """Undo one version's writes: delete every element it created and reopen every one it closed,
    in small transactions. What it shared with other versions is untouched."""
    labels = list(labels if labels is not None else data_labels(db))
    types = list(rel_types if rel_types is not None else relationship_types(db))
    total = 0
    for rel_type in types:  # its edges between nodes it did not write
        total += _repeat(db, q.delete_version_relationships(rel_type), on_batch, batch, version=version)
    for label in labels:
        total += _repeat(db, q.delete_version_nodes(label), on_batch, batch, version=version)
    for label in labels:
        _repeat(db, q.reopen_nodes(label), on_batch, batch, version=version)
    for rel_type in types:
        _repeat(db, q.reopen_relationships(rel_type), on_batch, batch, version=version)
    return total


def holds_data(record: dict[str, Any]) -> bool:
    """A version whose elements are kept in the graph (so a rollback to it is a pointer move)."""
    return bool(record.get("published_at")) and bool(record.get("intervals")) and not record.get("cleaned")


def cleanup_leftovers(db: GraphAccess, on_batch: Callable[[], None] | None = None) -> list[str]:
    """Undo every version that was never published and not yet cleaned (a failed or killed update),
    and delete the data of superseded versions written by the old full-copy scheme.

    Call only while holding the build lease (so no build is running): a `building` version here
    is the leftover of a killed build.
    """
    current = published_version(db)
    cleaned: list[str] = []
    labels, types = data_labels(db), relationship_types(db)
    for row in version_records(db):
        v = str(row["version"])
        if v == current or row.get("cleaned") or holds_data(row):
            continue
        delete_version_data(db, v, labels, on_batch=on_batch, rel_types=types)
        fields: dict[str, Any] = {"cleaned": True}
        if row.get("status") == "building":
            fields.update(
                {
                    "status": "failed",
                    "error": "构建中断（进程或服务器停止），残留数据已清理",
                    "finished_at": iso_now(),
                }
            )
        set_version_fields(db, v, **fields)
        cleaned.append(v)
    return cleaned


def adopt_published(db: GraphAccess) -> None:
    """A graph written by the old scheme: its published version's elements (`_version` only, no `_to`)
    already read as intervals that are still open; mark the record so its data is kept from now on."""
    current = published_version(db)
    if current:
        rec = next((r for r in version_records(db) if r.get("version") == current), None)
        if rec is not None and not rec.get("intervals"):
            set_version_fields(db, current, intervals=True)


def kept_versions(db: GraphAccess, keep: int = KEEP_VERSIONS) -> list[str]:
    """The versions among the newest `keep` records whose data is in the graph, plus the published
    one (the same newest `keep` whose records and folders are kept)."""
    current = published_version(db)
    rows = version_records(db)
    newest = rows[-keep:] if keep > 0 else []
    kept = {str(r["version"]) for r in newest if holds_data(r)}
    if current:
        kept.add(current)
    return sorted(kept)


def prune_data(
    db: GraphAccess, keep: int = KEEP_VERSIONS, on_batch: Callable[[], None] | None = None
) -> tuple[list[str], int]:
    """Forget the data of published versions beyond the newest `keep` (never the published one):
    their records are marked cleaned and every closed element no kept version needs is deleted.
    Returns (versions whose data went, elements deleted)."""
    kept = kept_versions(db, keep)
    dropped = [str(r["version"]) for r in version_records(db) if holds_data(r) and r["version"] not in kept]
    if not dropped:  # every closed element was written by a version still kept: nothing to forget
        return [], 0
    n = 0
    for rel_type in relationship_types(db):
        n += _repeat(db, q.prune_relationships(rel_type), on_batch, kept=kept)
    for label in data_labels(db):
        n += _repeat(db, q.prune_nodes(label), on_batch, kept=kept)
    for v in dropped:  # only now: a prune cut short is retried by the next build
        set_version_fields(db, v, cleaned=True)
    return dropped, n


def prune_version_records(db: GraphAccess, keep: int = KEEP_VERSIONS) -> None:
    """Keep the newest `keep` version records; older ones go once cleaned (the published one stays)."""
    current = published_version(db)
    rows = version_records(db)
    old = rows[:-keep] if keep > 0 else rows
    drop = [r["version"] for r in old if r["version"] != current and r.get("cleaned")]
    if drop:
        db.write(q.delete_version_records(), versions=drop)


def move_pointer_back(db: GraphAccess, version: str) -> tuple[str | None, str]:
    """Rollback to a kept version: the pointer moves to it (with its meta-schema) in one transaction;
    nothing is written to the data. Returns (previous version, published_at)."""
    published_at = iso_now()

    def work(tx: neo4j.ManagedTransaction) -> str | None:
        tx.run(q.lock_published_pointer()).consume()
        rows = [r.data() for r in tx.run(q.read_published_pointer())]
        previous = rows[0]["m"].get("version") if rows else None
        row = tx.run(q.republish_version(), version=version, published_at=published_at).single()
        schema = row["schema"] if row is not None else None
        tx.run(q.move_published_pointer(), version=version, published_at=published_at, schema=schema).consume()
        if previous and previous != version:
            tx.run(q.supersede_version(), previous=previous).consume()
        return str(previous) if previous else None

    return db.write_tx(work), published_at
