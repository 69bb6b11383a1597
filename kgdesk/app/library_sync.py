"""The library and the published version: what will change, the shared server's one library, the build.

On a shared server several desktops publish to one graph. The library of record is the published
version's file list (kept on its `_KgdeskVersion` record, with a copy of every file in the graph),
so before a build a desktop merges it into its local library three ways — the published files, the
local ones, and the version the local library last agreed with — and pulls what others added or
replaced. It never drops another user's file without saying so, and refuses (in Chinese) when it
cannot tell whose change should win.
"""

from __future__ import annotations

import json
import logging
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kgdesk.app.building import BuildReport, audit_build, build_and_publish, configured_similarity
from kgdesk.app.library import (
    AddResult,
    FileFacts,
    Library,
    LibraryState,
    add_files,
    describe_run,
    entry_for,
    name_key,
)
from kgdesk.app.library_cache import ValidationCache
from kgdesk.config.settings import Settings, effective_settings
from kgdesk.errors import KgdeskError
from kgdesk.graph.dbaccess import GraphAccess, graph_access
from kgdesk.graph.versions import (
    VersionStore,
    download_source,
    published_version,
    sha256_file,
    version_record,
)
from kgdesk.progress import CancelToken, ProgressCallback, ProgressEvent

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PublishedFile:
    file: str
    sha256: str
    template: str | None
    rows: int
    added_by: str
    added_at: str
    months: list[str]
    stored_as: str | None = None


@dataclass
class PublishedLibrary:
    """The files of one published version (empty when nothing is published yet)."""

    version: str | None
    files: list[PublishedFile] = field(default_factory=list)
    from_library: bool = False  # built from a whole library (not `--only`, not before libraries existed)

    def by_name(self) -> dict[str, PublishedFile]:
        return {name_key(f.file): f for f in self.files}


def _published_files(entries: Sequence[dict[str, Any]]) -> list[PublishedFile]:
    return [
        PublishedFile(
            file=str(e.get("file")),
            sha256=str(e.get("sha256") or ""),
            template=e.get("template"),
            rows=int(e.get("imported_rows") or 0),
            added_by=str(e.get("added_by") or ""),
            added_at=str(e.get("added_at") or ""),
            months=list(e.get("months") or []),
            stored_as=e.get("stored_as"),
        )
        for e in entries
        if e.get("status", "accepted") == "accepted"
    ]


def version_files(db: GraphAccess | None, version: str, home: Path | None = None) -> list[PublishedFile]:
    """A version's files: its graph record (shared by every desktop), else this computer's manifest."""
    local = VersionStore(home).read_manifest(version)
    stored = {str(f.get("file")): f.get("stored_as") for f in (local or {}).get("files") or []}
    rec = version_record(db, version) if db is not None else None
    if rec and rec.get("files"):
        files = _published_files(json.loads(rec["files"]))
        who = str(rec.get("user") or "")
        return [PublishedFile(f.file, f.sha256, f.template, f.rows, f.added_by or who, f.added_at, f.months,
                              stored.get(f.file)) for f in files]
    return _published_files((local or {}).get("files") or [])


def published_library(db: GraphAccess | None, home: Path | None = None) -> PublishedLibrary:
    if db is not None:
        version = published_version(db)
    else:
        pub = VersionStore(home).read_published()
        version = str(pub["version"]) if pub and pub.get("version") else None
    if version is None:
        return PublishedLibrary(None)
    rec = version_record(db, version) if db is not None else None
    return PublishedLibrary(version, version_files(db, version, home), bool(rec and rec.get("library")))


# ------------------------------------------------------------------ what will change


@dataclass(frozen=True)
class FileChange:
    file: str
    change: str  # added | replaced | removed | unchanged
    template: str | None
    rows_before: int
    rows_after: int
    added_by: str


@dataclass(frozen=True)
class TemplateChange:
    template: str
    rows_before: int
    rows_after: int
    added: int
    replaced: int
    removed: int


@dataclass
class ChangeSet:
    """The library against the published version: `kgdesk build --dry-run` and the import page."""

    published_version: str | None
    files: list[FileChange]
    templates: list[TemplateChange]
    dropped_templates: list[str]

    @property
    def has_changes(self) -> bool:
        return any(f.change != "unchanged" for f in self.files)

    def warnings(self) -> list[str]:
        return [
            f"本次构建后将不再有「{t.template}」的数据（已发布版本 {self.published_version} 中有 {t.rows_before} 行）"
            for t in self.templates
            if t.template in self.dropped_templates
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "published_version": self.published_version,
            "files": [asdict(f) for f in self.files],
            "templates": [asdict(t) for t in self.templates],
            "dropped_templates": list(self.dropped_templates),
            "warnings": self.warnings(),
            "summary": {c: sum(1 for f in self.files if f.change == c)
                        for c in ("added", "replaced", "removed", "unchanged")},
        }


def compute_changes(state: LibraryState, published: PublishedLibrary) -> ChangeSet:
    remote = published.by_name()
    files: list[FileChange] = []
    for f in state.files:
        r = remote.get(name_key(f.file))
        change = "added" if r is None else "unchanged" if r.sha256 == f.sha256 else "replaced"
        files.append(FileChange(f.file, change, f.template, r.rows if r else 0, f.imported_rows, f.added_by))
    local = {name_key(f.file) for f in state.files}
    for k, r in remote.items():
        if k not in local:
            files.append(FileChange(r.file, "removed", r.template, r.rows, 0, r.added_by))
    by_template: dict[str, dict[str, int]] = {}
    for fc in files:
        t = by_template.setdefault(fc.template or "未识别", dict.fromkeys(
            ("rows_before", "rows_after", "added", "replaced", "removed"), 0))
        t["rows_before"] += fc.rows_before
        t["rows_after"] += fc.rows_after
        if fc.change in ("added", "replaced", "removed"):
            t[fc.change] += 1
    templates = [TemplateChange(name, **v) for name, v in sorted(by_template.items())]
    before = {r.template for r in published.files if r.template and r.rows}
    after = {f.template for f in state.files if f.template and f.imported_rows}
    return ChangeSet(published.version, files, templates, sorted(before - after))


# ------------------------------------------------------------------ one library per server


@dataclass
class SyncResult:
    version: str | None
    pulled: list[str] = field(default_factory=list)
    followed_removals: list[str] = field(default_factory=list)
    kept_local: list[str] = field(default_factory=list)
    kept_removed: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    unavailable: list[str] = field(default_factory=list)

    def refusal(self) -> tuple[str, str] | None:
        """(code, Chinese reason) when the build must not go ahead."""
        if self.conflicts:
            names = "、".join(self.conflicts)
            return "E_LIBRARY_CONFLICT", (
                f"文件「{names}」在本机和已发布版本 {self.version} 中被分别替换过，无法判断应使用哪一份；"
                f"请先移除本机的这些文件（kgdesk library remove），再重新添加要使用的版本"
            )
        if self.unavailable:
            names = "、".join(self.unavailable)
            return "E_LIBRARY_INCOMPLETE", (
                f"已发布版本 {self.version} 包含其他用户的文件「{names}」，但本机取不到它们的副本；"
                f"为避免丢失他人的数据，未构建新版本"
            )
        return None

    def notes(self) -> list[str]:
        out = []
        if self.pulled:
            out.append(f"已从发布版本 {self.version} 取回其他用户的文件：{'、'.join(self.pulled)}")
        if self.followed_removals:
            out.append(f"其他用户已在版本 {self.version} 中移除：{'、'.join(self.followed_removals)}")
        if self.kept_local:
            out.append(f"本机替换的文件将覆盖发布版本中的同名文件：{'、'.join(self.kept_local)}")
        return out

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "notes": self.notes()}


def _fetch(db: GraphAccess | None, store: VersionStore, version: str, f: PublishedFile, dest: Path) -> bool:
    """Write the version's copy of one file to `dest` (this computer's version folder, else the graph)."""
    local = store.source_path(version, f.stored_as, f.file)
    if local is not None and sha256_file(local) == f.sha256:
        dest.write_bytes(local.read_bytes())
        return True
    data = download_source(db, f.sha256) if db is not None and f.sha256 else None
    if data is None:
        return False
    dest.write_bytes(data)
    return sha256_file(dest) == f.sha256


def materialize(
    db: GraphAccess | None, version: str, files: Sequence[PublishedFile], folder: Path, home: Path | None
) -> tuple[list[Path], list[str]]:
    """Copies of a version's files under their own names in `folder`; (paths, names not found)."""
    store = VersionStore(home)
    paths: list[Path] = []
    missing: list[str] = []
    for f in files:
        dest = folder / f.file
        if _fetch(db, store, version, f, dest):
            paths.append(dest)
        else:
            missing.append(f.file)
    return paths, missing


def sync_library(library: Library, db: GraphAccess | None, published: PublishedLibrary) -> SyncResult:
    """Merge the published version's files into the local library (three ways, see the module doc)."""
    state = library.load()
    result = SyncResult(published.version)
    if published.version is None or published.version == state.base_version:
        return result
    local = {name_key(f.file): f for f in state.files}
    base = {name_key(k): v for k, v in state.base_files.items()}
    pull: list[PublishedFile] = []
    for k, r in published.by_name().items():
        mine, was = local.get(k), base.get(k)
        if mine is None:
            if was is not None and was == r.sha256:
                result.kept_removed.append(r.file)  # removed here on purpose, unchanged there
            else:
                pull.append(r)
        elif mine.sha256 == r.sha256:
            continue
        elif was is None or r.sha256 == was:
            result.kept_local.append(mine.file)
        elif mine.sha256 == was:
            pull.append(r)  # replaced there, untouched here
        else:
            result.conflicts.append(mine.file)
    remote = published.by_name()
    # a file another library build left out was removed there; an `--only` version removes nothing
    drop = [f for k, f in local.items() if k not in remote and k in base and base[k] == f.sha256
            and published.from_library]
    if result.conflicts:
        return result
    with tempfile.TemporaryDirectory(prefix="kgdesk-pull-") as tmp:
        paths, missing = materialize(db, published.version, pull, Path(tmp), library.home)
        result.unavailable = missing
        if missing:
            return result
        if paths:
            from kgdesk.templates.validator import validate_paths

            run = validate_paths(paths, cache=ValidationCache(library.home))
            facts = describe_run(run)
            for fr, r in zip(run.files, pull, strict=True):
                fact = facts.get(fr.file) or FileFacts([], {})
                entry = entry_for(fr, fact, r.added_by, "")
                entry.added_at = r.added_at or entry.added_at
                library.put(state, entry, fr.path, fact.keys)
                result.pulled.append(r.file)
    for lf in drop:
        state.files.remove(lf)
        library.drop_copy(lf.file)
        result.followed_removals.append(lf.file)
    state.base_version = published.version
    state.base_files = {r.file: r.sha256 for r in published.files}
    library.save(state)
    return result


# ------------------------------------------------------------------ the library build


@dataclass
class LibraryBuild:
    """A build of the whole library: the cli.md build report plus what the library did."""

    report: BuildReport
    added: AddResult | None = None
    sync: SyncResult | None = None
    changes: ChangeSet | None = None

    def to_json(self) -> dict[str, Any]:
        doc = self.report.to_json()
        doc["library"] = {
            "added": self.added.to_json() if self.added else None,
            "sync": self.sync.to_json() if self.sync else None,
            "changes": self.changes.to_json() if self.changes else None,
        }
        return doc


def _open(settings: Settings, dry_run: bool) -> Any:
    from kgdesk.app.graph_access import open_graph

    try:
        return open_graph(settings, start_local=not dry_run)
    except KgdeskError:
        if dry_run:  # a dry run still says what will change, against the local published mirror
            return None
        raise


def build_library(
    paths: Sequence[Path],
    *,
    dry_run: bool = False,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    settings: Settings | None = None,
    home: Path | None = None,
) -> LibraryBuild:
    """Add `paths` to the library, bring in the shared server's files, and publish the whole library."""
    from kgdesk.security.audit import audited
    from kgdesk.security.identity import current_identity

    s = settings or effective_settings()
    ident = current_identity()
    library = Library(home)
    detail = {"files": [p.name for p in paths], "library": True, "dry_run": dry_run}
    with audited("build", user=ident.user, role=ident.role, detail=detail) as entry:
        conn = _open(s, dry_run)
        try:
            out = _build_library(library, paths, conn, dry_run, ident.user, s, progress, cancel)
            if out.report.status == "failed" and out.report.error_code == "E_PUBLISHED_CHANGED":
                log.info("another desktop published meanwhile: merging its files and building again")
                out = _build_library(library, [], conn, dry_run, ident.user, s, progress, cancel, out.added)
        finally:
            if conn is not None:
                conn.close()
        if dry_run:
            entry.decision = "checked" if out.report.ok else "failed"
        else:
            audit_build(entry, out.report)
        return out


def _build_library(
    library: Library,
    paths: Sequence[Path],
    conn: Any,
    dry_run: bool,
    user: str,
    s: Settings,
    progress: ProgressCallback | None,
    cancel: CancelToken | None,
    earlier: AddResult | None = None,
) -> LibraryBuild:
    db = graph_access(conn) if conn is not None else None
    try:
        published = published_library(db, library.home)
    except KgdeskError:
        if not dry_run:
            raise
        db, conn = None, None  # a dry run compares with this computer's record of the published version
        published = published_library(None, library.home)
    report = BuildReport(status="failed", dry_run=dry_run)
    out = LibraryBuild(report)
    if progress is not None:
        progress(ProgressEvent("prepare", "", 0, 0, "核对台账库与已发布版本"))
    if not dry_run:
        out.sync = sync_library(library, db, published)
        refusal = out.sync.refusal()
        if refusal is not None:
            report.error_code, report.error = refusal[0], f"{refusal[1]}；之前发布的版本仍在使用"
            report.published_version = published.version
            return out
    out.added, state = add_files(library, paths, user=user, limits=s.limits, progress=progress,
                                 cancel=cancel, commit=not dry_run)
    if earlier is not None:
        out.added = earlier
    out.changes = compute_changes(state, published)
    rejected = [o.file for o in out.added.rejected]
    if not state.files:
        report.error_code = "E_NOTHING_TO_BUILD"
        report.error = "台账库中没有可导入的文件，未构建新版本，之前发布的版本仍在使用"
        report.rejected_files = rejected
        report.published_version = published.version
        return out
    fresh = {name_key(o.file) for o in out.added.outcomes if o.action in ("added", "replaced")}
    staged = {name_key(f.file): Path(f.origin) for f in state.files
              if dry_run and f.origin and name_key(f.file) in fresh}
    files = [staged.get(name_key(f.file)) or library.file_path(f.file) for f in state.files]
    meta = {f.file: {"added_by": f.added_by, "added_at": f.added_at} for f in state.files}
    out.report = build_and_publish(
        files, conn, progress=progress, cancel=cancel, dry_run=dry_run, limits=s.limits, user=user,
        expect_published=published.version, check_published=True, files_meta=meta, home=library.home,
        record_fields={"library": True}, similarity=configured_similarity(s),
        validation_cache=ValidationCache(library.home),
    )
    out.report.rejected_files = rejected + out.report.rejected_files
    if out.report.status == "published" and out.report.version:
        state = library.load()
        state.base_version = out.report.version
        state.base_files = {f.file: f.sha256 for f in state.files}
        library.save(state)
    return out
