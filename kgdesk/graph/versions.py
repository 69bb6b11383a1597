"""Versions: ids, the local version folders, the version records, the published pointer, source copies.

Readers only ever see the version the `_KgdeskMeta` pointer names (docs/graph-model.md), so a
build writes next to it and publishes by moving that pointer in one transaction. The life of the
data elements (undo, cleanup, pruning, rollback) is in `kgdesk.graph.intervals`, the build lease
in `kgdesk.graph.lease`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import uuid
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import neo4j

from kgdesk.graph import queries as q
from kgdesk.graph.dbaccess import GraphAccess
from kgdesk.graph.lease import BuildLease as BuildLease
from kgdesk.paths import (
    home_dir,
    make_private,
    published_file,
    version_manifest,
    version_marker,
    version_schema,
    version_sources_dir,
    versions_dir,
)

log = logging.getLogger(__name__)

BEIJING = timezone(timedelta(hours=8), name="Asia/Shanghai")
KEEP_VERSIONS = 10
MAX_SOURCE_BYTES = 64 * 1024 * 1024
"""Larger source files are not copied into the graph (the local version folder still keeps them)."""


def now_beijing() -> datetime:
    return datetime.now(BEIJING)


def new_version_id(at: datetime | None = None) -> str:
    """`YYYYMMDD-HHMMSS-ffffff-<uuid8>` in Beijing time; sorts by creation time."""
    t = (at or datetime.now(UTC)).astimezone(BEIJING)
    return f"{t:%Y%m%d-%H%M%S-%f}-{uuid.uuid4().hex[:8]}"


def iso_now() -> str:
    return now_beijing().isoformat(timespec="seconds")


def write_json_atomic(path: Path, doc: Any) -> None:
    """tmp + fsync + replace: a crash leaves the old file or the new one, never half of either."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        json.dump(doc, fh, ensure_ascii=False, indent=1)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# ------------------------------------------------------------------ local version folders


class VersionStore:
    """KGDESK_HOME/versions/<id>/ with sources/, manifest.json, quality.json, schema.json."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = home or home_dir()
        self.root = versions_dir(self.home)

    def path(self, version: str) -> Path:
        return self.root / version

    def create(self, version: str) -> Path:
        d = self.path(version)
        version_sources_dir(d).mkdir(parents=True, exist_ok=False)
        version_marker(d).write_text(version, encoding="utf-8")
        return d

    def owns(self, version: str) -> bool:
        """A real folder (never a symlink) that kgdesk created for exactly this version."""
        d = self.path(version)
        marker = version_marker(d)
        if d.is_symlink() or not d.is_dir() or marker.is_symlink() or not marker.is_file():
            return False
        try:
            return marker.read_text(encoding="utf-8").strip() == version
        except OSError:
            return False

    def source_path(self, version: str, stored_as: str | None, file: str) -> Path | None:
        """The stored copy of one source file of a version, if this computer still has it."""
        p = self.path(version) / stored_as if stored_as else version_sources_dir(self.path(version)) / file
        root = self.path(version).resolve()
        try:
            inside = p.resolve().is_relative_to(root)
        except OSError:
            return None
        return p if inside and p.is_file() else None

    def copy_sources(self, version: str, files: Sequence[Path]) -> list[dict[str, Any]]:
        """Copy the source files as they were read; names made unique when two folders share one."""
        dest = version_sources_dir(self.path(version))
        out: list[dict[str, Any]] = []
        used: set[str] = set()
        for i, src in enumerate(files):
            name = src.name
            if name in used:
                name = f"{i:03d}_{src.name}"
            used.add(name)
            shutil.copy2(src, dest / name)
            make_private(dest / name)  # copy2 keeps the source's mode; the copy is personal data
            out.append(
                {"file": src.name, "stored_as": f"{dest.name}/{name}", "size": (dest / name).stat().st_size}
            )
        return out

    def write_manifest(self, version: str, manifest: dict[str, Any]) -> None:
        write_json_atomic(version_manifest(self.path(version)), manifest)

    def read_manifest(self, version: str) -> dict[str, Any] | None:
        p = version_manifest(self.path(version))
        if not p.exists():
            return None
        data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
        return data

    def update_manifest(self, version: str, **fields: Any) -> None:
        m = self.read_manifest(version) or {"version": version}
        m.update(fields)
        self.write_manifest(version, m)

    def write_schema(self, version: str, schema: dict[str, Any]) -> None:
        write_json_atomic(version_schema(self.path(version)), schema)

    def read_published(self) -> dict[str, Any] | None:
        p = published_file(self.home)
        if not p.exists():
            return None
        try:
            data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            return None
        return data

    def write_published(self, version: str, published_at: str, server: str | None = None) -> None:
        write_json_atomic(
            published_file(self.home), {"version": version, "published_at": published_at, "server": server}
        )

    def versions(self) -> list[str]:
        if not self.root.exists():
            return []
        return sorted(p.name for p in self.root.iterdir() if p.is_dir() and not p.name.startswith("."))

    def prune(self, keep: int = KEEP_VERSIONS, protect: Iterable[str] = ()) -> list[str]:
        """Keep the newest `keep` of kgdesk's own folders plus the protected ones (the published version).

        Only folders holding the marker this store wrote are candidates; a symlink, or a folder
        someone else put under versions/, is never touched. Returns exactly what was removed.
        """
        protected = set(protect)
        owned = [v for v in self.versions() if self.owns(v)]
        newest = set(owned[-keep:]) if keep > 0 else set()
        removed = []
        for v in owned:
            if v in newest or v in protected:
                continue
            try:
                shutil.rmtree(self.path(v))  # rmtree unlinks symlinks inside, never follows them
            except OSError as e:
                log.warning("could not remove version folder %s: %s", v, e)
                continue
            removed.append(v)
        return removed


# ------------------------------------------------------------------ graph-side version records


def published_version(db: GraphAccess) -> str | None:
    rows = db.read(q.published_pointer())
    meta = rows[0]["m"] if rows else None
    return str(meta["version"]) if meta and meta.get("version") else None


def version_records(db: GraphAccess) -> list[dict[str, Any]]:
    """All `_KgdeskVersion` records, oldest first."""
    rows = [dict(r["v"]) for r in db.read(q.list_versions())]
    return sorted(rows, key=lambda v: str(v.get("version", "")))


def ensure_meta_schema(db: GraphAccess) -> None:
    for stmt in q.meta_constraints().values():
        db.create_schema_rule(stmt)


def version_record(db: GraphAccess, version: str) -> dict[str, Any] | None:
    rows = db.read(q.read_version(), version=version)
    return dict(rows[0]["v"]) if rows and rows[0]["v"] else None


# ------------------------------------------------------------------ source copies in the graph


def upload_sources(db: GraphAccess, files: Sequence[tuple[Path, str, str]]) -> list[str]:
    """Keep each (path, sha256, name) in the graph once, by hash: the shared server's library copies."""
    have = sources_present(db, (sha for _p, sha, _n in files if sha))
    stored: list[str] = []
    for path, sha, name in files:
        if not sha or sha in have or not path.is_file() or path.stat().st_size > MAX_SOURCE_BYTES:
            continue
        data = path.read_bytes()
        db.write(q.put_source(), sha=sha, name=name, size=len(data), data=data, at=iso_now())
        have.add(sha)
        stored.append(sha)
    return stored


def sources_present(db: GraphAccess, shas: Iterable[str]) -> set[str]:
    wanted = sorted(set(shas))
    return {str(r["sha"]) for r in db.read(q.existing_sources(), shas=wanted)} if wanted else set()


def download_source(db: GraphAccess, sha: str) -> bytes | None:
    rows = db.read(q.get_source(), sha=sha)
    data = rows[0]["data"] if rows else None
    return bytes(data) if data is not None else None


def prune_sources(db: GraphAccess) -> int:
    """Drop the copies no kept version record names any more."""
    keep: set[str] = set()
    for row in version_records(db):
        try:
            files = json.loads(row.get("files") or "[]")
        except json.JSONDecodeError:
            continue
        keep.update(str(f.get("sha256")) for f in files if f.get("sha256"))
    rows = db.write(q.delete_sources_except(), keep=sorted(keep))
    return int(rows[0]["n"]) if rows else 0


def record_version_start(db: GraphAccess, version: str, holder: str) -> None:
    db.write(q.create_version(), version=version, started_at=iso_now(), holder=holder)


def set_version_fields(db: GraphAccess, version: str, **fields: Any) -> None:
    db.write(q.set_version(), version=version, fields=fields)


def publish_pointer(
    db: GraphAccess, version: str, schema_json: str, counts_json: str
) -> tuple[str | None, str]:
    """Move the pointer in one transaction: readers see the old version or the new one, never a mix."""
    published_at = iso_now()

    def work(tx: neo4j.ManagedTransaction) -> str | None:
        tx.run(q.lock_published_pointer()).consume()
        rows = [r.data() for r in tx.run(q.read_published_pointer())]
        previous = rows[0]["m"].get("version") if rows else None
        tx.run(
            q.move_published_pointer(), version=version, published_at=published_at, schema=schema_json
        ).consume()
        if previous and previous != version:
            tx.run(q.supersede_version(), previous=previous).consume()
        tx.run(
            q.set_version(),
            version=version,
            fields={
                "status": "published",
                "finished_at": published_at,
                "published_at": published_at,
                "counts": counts_json,
                "schema": schema_json,
            },
        ).consume()
        return str(previous) if previous else None

    return db.write_tx(work), published_at


