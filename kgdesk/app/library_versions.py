"""Published versions: the list, the difference between two, and rollback to an earlier kept one.

The graph keeps the data of the newest ten published versions as validity intervals
(docs/library.md), so a rollback to one of them moves the published pointer back in one
transaction and writes no data. A version whose data is gone (older, or written by the old
full-copy scheme) is rebuilt from its files as a new version marked `rollback_of`, checked like any
build. Either way the library becomes the version's files.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kgdesk.app.building import BuildReport, audit_build, build_and_publish
from kgdesk.app.library import FileFacts, Library, LibraryFile, describe_run, entry_for
from kgdesk.app.library_cache import ValidationCache
from kgdesk.app.library_sync import PublishedFile, materialize, version_files
from kgdesk.config.settings import Settings, effective_settings
from kgdesk.errors import ConfigError, KgdeskError
from kgdesk.graph.dbaccess import GraphAccess, graph_access
from kgdesk.graph.intervals import holds_data, move_pointer_back
from kgdesk.graph.lease import BuildLease
from kgdesk.graph.versions import VersionStore, published_version, sources_present, version_records
from kgdesk.progress import CancelToken, ProgressCallback, ProgressEvent


@dataclass(frozen=True)
class VersionInfo:
    """One published version (`kgdesk versions --json`, newest first)."""

    version: str
    published: bool
    status: str
    published_at: str
    user: str
    files: list[str]
    nodes: int
    relationships: int
    node_counts: dict[str, int]
    relationship_counts: dict[str, int]
    warnings: int
    rollback_of: str | None
    can_rollback: bool
    kept_in_graph: bool  # its data is still in the graph: a rollback only moves the pointer

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _counts(rec: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    try:
        doc = json.loads(rec.get("counts") or "{}")
    except json.JSONDecodeError:
        doc = {}
    return dict(doc.get("nodes") or {}), dict(doc.get("relationships") or {})


def list_versions(conn: Any, home: Path | None = None) -> list[VersionInfo]:
    db = graph_access(conn)
    current = published_version(db)
    records = [r for r in version_records(db) if r.get("published_at")]
    files_of = {str(r["version"]): version_files(db, str(r["version"]), home) for r in records}
    shas = sorted({f.sha256 for fs in files_of.values() for f in fs if f.sha256})
    in_graph = sources_present(db, shas)
    store = VersionStore(home)
    out = []
    for r in reversed(records):
        v = str(r["version"])
        files = files_of[v]
        nodes, rels = _counts(r)
        available = all(f.sha256 in in_graph or store.source_path(v, f.stored_as, f.file) for f in files)
        out.append(VersionInfo(
            version=v, published=v == current, status=str(r.get("status") or ""),
            published_at=str(r.get("published_at") or ""), user=str(r.get("user") or ""),
            files=[f.file for f in files], nodes=sum(nodes.values()), relationships=sum(rels.values()),
            node_counts=nodes, relationship_counts=rels, warnings=int(r.get("warnings") or 0),
            rollback_of=r.get("rollback_of"), can_rollback=bool(files) and available and v != current,
            kept_in_graph=holds_data(r),
        ))
    return out


@dataclass
class VersionDiff:
    a: str
    b: str
    files: list[dict[str, Any]] = field(default_factory=list)
    templates: list[dict[str, Any]] = field(default_factory=list)
    nodes: dict[str, dict[str, int]] = field(default_factory=dict)
    relationships: dict[str, dict[str, int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _pair(a: dict[str, int], b: dict[str, int]) -> dict[str, dict[str, int]]:
    return {k: {"a": a.get(k, 0), "b": b.get(k, 0), "change": b.get(k, 0) - a.get(k, 0)}
            for k in sorted(set(a) | set(b))}


def diff_versions(conn: Any, a: str, b: str, home: Path | None = None) -> VersionDiff:
    db = graph_access(conn)
    recs = {str(r["version"]): r for r in version_records(db)}
    for v in (a, b):
        if v not in recs:
            raise ConfigError(f"没有版本 {v}（kgdesk versions 列出仍保留的版本）")
    fa = {f.file: f for f in version_files(db, a, home)}
    fb = {f.file: f for f in version_files(db, b, home)}
    out = VersionDiff(a, b)
    for name in sorted(set(fa) | set(fb)):
        x, y = fa.get(name), fb.get(name)
        change = "added" if x is None else "removed" if y is None else (
            "unchanged" if x.sha256 == y.sha256 else "replaced")
        either = y or x
        out.files.append({"file": name, "change": change, "template": either.template if either else None,
                          "rows_a": x.rows if x else 0, "rows_b": y.rows if y else 0})
    rows_a: dict[str, int] = {}
    rows_b: dict[str, int] = {}
    for f in fa.values():
        rows_a[f.template or "未识别"] = rows_a.get(f.template or "未识别", 0) + f.rows
    for f in fb.values():
        rows_b[f.template or "未识别"] = rows_b.get(f.template or "未识别", 0) + f.rows
    out.templates = [{"template": t, **v} for t, v in _pair(rows_a, rows_b).items()]
    na, ra = _counts(recs[a])
    nb, rb = _counts(recs[b])
    out.nodes, out.relationships = _pair(na, nb), _pair(ra, rb)
    return out


def rollback(
    version: str,
    *,
    settings: Settings | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    home: Path | None = None,
) -> BuildReport:
    """Publish an earlier kept version again (audited); the library becomes that version's files."""
    from kgdesk.app.graph_access import open_graph
    from kgdesk.security.audit import audited
    from kgdesk.security.identity import current_identity

    s = settings or effective_settings()
    ident = current_identity()
    with audited("rollback", user=ident.user, role=ident.role, detail={"rollback_of": version}) as entry:
        with open_graph(s) as conn:
            report = _rollback(graph_access(conn), version, ident.user, s, progress, cancel, home)
        audit_build(entry, report)
        return report


def _rollback(
    db: GraphAccess, version: str, user: str, s: Settings,
    progress: ProgressCallback | None, cancel: CancelToken | None, home: Path | None,
) -> BuildReport:
    current = published_version(db)
    report = BuildReport(status="failed", published_version=current)
    known = {str(r["version"]): r for r in version_records(db) if r.get("published_at")}
    if version not in known:
        report.error_code = "E_NO_SUCH_VERSION"
        report.error = f"没有可回滚的版本 {version}（kgdesk versions 列出仍保留的版本）；之前发布的版本仍在使用"
        return report
    if version == current:
        report.error_code = "E_ALREADY_PUBLISHED"
        report.error = f"版本 {version} 就是当前发布的版本，无需回滚"
        return report
    files: list[PublishedFile] = version_files(db, version, home)
    with tempfile.TemporaryDirectory(prefix="kgdesk-rollback-") as tmp:
        paths, missing = materialize(db, version, files, Path(tmp), home)
        if missing or not files:
            report.error_code = "E_VERSION_INCOMPLETE"
            report.error = (f"版本 {version} 的源文件副本已不完整（缺少：{'、'.join(missing) or '全部'}），"
                            f"无法回滚；之前发布的版本仍在使用")
            return report
        meta = {f.file: {"added_by": f.added_by, "added_at": f.added_at} for f in files}
        if holds_data(known[version]):
            report = _pointer_rollback(db, known[version], current, paths, s, home, progress, cancel)
        else:
            report = build_and_publish(
                paths, db, progress=progress, cancel=cancel, limits=s.limits, user=user, home=home,
                expect_published=current, check_published=True, files_meta=meta,
                record_fields={"rollback_of": version, "library": True}, validation_cache=ValidationCache(home),
            )
        if report.status == "published" and report.run is not None:
            _follow(Library(home), report, files, paths)
    return report


def _pointer_rollback(
    db: GraphAccess, record: dict[str, Any], current: str | None, paths: list[Path], s: Settings,
    home: Path | None, progress: ProgressCallback | None, cancel: CancelToken | None,
) -> BuildReport:
    """The kept version's data is in the graph: move the pointer back under the build lease (so no
    build prunes it meanwhile). Its files are validated again only to describe the library."""
    from kgdesk.templates.validator import validate_paths

    version = str(record["version"])
    started = time.monotonic()
    report = BuildReport(status="failed", version=version, published_version=current)
    try:
        run = validate_paths(paths, None, s.limits, progress, cancel, cache=ValidationCache(home))
        lease = BuildLease(db)
        lease.acquire(progress=progress or (lambda _e: None), cancel=cancel)
        try:
            again = {str(r["version"]): r for r in version_records(db)}.get(version)
            if again is None or not holds_data(again):
                raise ConfigError(f"版本 {version} 的数据已被清理，请重试（将重新构建）")
            if progress is not None:
                progress(ProgressEvent("publish", version, 0, 0, "把当前发布指回该版本"))
            _previous, published_at = move_pointer_back(db, version)
        finally:
            lease.release()
    except KgdeskError as e:
        report.error, report.error_code = f"{e.message}；之前发布的版本仍在使用", e.code
        return report
    store = VersionStore(home)
    nodes, rels = _counts(record)
    with contextlib.suppress(OSError):  # the graph pointer is the truth; the local mirror a convenience
        store.write_published(version, published_at)
    report.status, report.published_version, report.run = "published", version, run
    report.nodes, report.relationships, report.warnings = nodes, rels, run.warning_count
    report.seconds = time.monotonic() - started
    return report


def _follow(library: Library, report: BuildReport, files: list[PublishedFile], paths: list[Path]) -> None:
    """The library becomes the rolled-back version's files, agreeing with the new published version."""
    assert report.run is not None
    facts = describe_run(report.run)
    by_name = {f.file: f for f in files}
    entries: list[tuple[LibraryFile, Path]] = []
    keys: dict[str, dict[str, set[str]]] = {}
    for fr in report.run.accepted_files:
        pf = by_name.get(fr.file)
        fact = facts.get(fr.file) or FileFacts([], {})
        e = entry_for(fr, fact, pf.added_by if pf else "", "")
        if pf is not None and pf.added_at:
            e.added_at = pf.added_at
        entries.append((e, fr.path))
        keys[fr.file] = fact.keys
    library.replace_all(entries, keys, report.version, {e.file: e.sha256 for e, _ in entries})
    del paths
