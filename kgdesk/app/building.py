"""The build use case the CLI and the GUI call: validate → plan → lease → write → verify → quality → publish → prune.

A failed, cancelled or interrupted build never moves the published pointer, so the previous
version keeps answering; its own nodes are deleted here or, if the process died, by the next build.
`kgdesk.graph` only persists; the rules of a build (what is checked, what is published) live here.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kgdesk.app.building_quality import quality_report as quality_report
from kgdesk.app.building_quality import version_quality_report as version_quality_report
from kgdesk.app.building_undo import prune_after_publish, undo_failed_build
from kgdesk.config.settings import Limits, Settings, effective_settings
from kgdesk.errors import CancelledError, GraphError, KgdeskError
from kgdesk.graph.builder import BuildHooks, GraphBuilder, rule_groups
from kgdesk.graph.connection import describe_error
from kgdesk.graph.dbaccess import GraphAccess, graph_access
from kgdesk.graph.delta import compute_delta
from kgdesk.graph.diskspace import after_failed_build, check_build_space
from kgdesk.graph.intervals import (
    adopt_published,
    cleanup_leftovers,
    data_labels,
    relationship_types,
)
from kgdesk.graph.lease import BuildLease
from kgdesk.graph.meta_schema import compute_schema, schema_json
from kgdesk.graph.planner import GraphPlan, plan_graph
from kgdesk.graph.scope import (
    PlanScope,
    current_basis,
    dirty_scope,
    distrust_basis,
    plan_basis,
    planning_fingerprint,
)
from kgdesk.graph.similarity import LexicalSimilarity, Similarity
from kgdesk.graph.versions import (
    KEEP_VERSIONS,
    VersionStore,
    ensure_meta_schema,
    iso_now,
    new_version_id,
    publish_pointer,
    published_version,
    record_version_start,
    set_version_fields,
    sha256_file,
    upload_sources,
)
from kgdesk.progress import CancelToken, ProgressCallback, ProgressEvent, no_progress
from kgdesk.quality.report import build_quality_report, write_quality
from kgdesk.templates.cachehook import ResultStore
from kgdesk.templates.model import TemplateSet
from kgdesk.templates.records import ValidationRun

log = logging.getLogger(__name__)


@dataclass
class BuildReport:
    """What `kgdesk build --json` prints (cli.md); `run`, `timings` and `pruned` stay in process."""

    status: str  # published | failed
    version: str | None = None
    nodes: dict[str, int] = field(default_factory=dict)
    relationships: dict[str, int] = field(default_factory=dict)
    warnings: int = 0
    skipped_rows: int = 0
    seconds: float = 0.0
    error: str | None = None
    error_code: str | None = None
    published_version: str | None = None
    rejected_files: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    run: ValidationRun | None = None
    dry_run: bool = False
    pruned: list[str] = field(default_factory=list)
    files: list[dict[str, Any]] = field(default_factory=list)
    written: dict[str, int] = field(default_factory=dict)  # created / closed / kept elements

    @property
    def ok(self) -> bool:
        return self.status == "published" or (self.dry_run and self.error is None)

    def to_json(self) -> dict[str, Any]:
        if self.dry_run:
            return self._dry_run_json()
        out: dict[str, Any] = {
            "status": self.status,
            "version": self.version,
            "nodes": dict(self.nodes),
            "relationships": dict(self.relationships),
            "warnings": self.warnings,
            "skipped_rows": self.skipped_rows,
            "seconds": round(self.seconds, 2),
        }
        if self.status == "failed":
            out["error"] = self.error or "构建失败"
            out["published_version"] = self.published_version
        if self.rejected_files:
            out["rejected_files"] = list(self.rejected_files)
        if self.pruned:
            out["pruned_versions"] = list(self.pruned)
        return out

    def _dry_run_json(self) -> dict[str, Any]:
        """A dry run publishes nothing, so it has no build `status` (cli.md lists published|failed only)."""
        out: dict[str, Any] = {
            "dry_run": True,
            "ok": self.error is None,
            "nodes": dict(self.nodes),
            "relationships": dict(self.relationships),
            "warnings": self.warnings,
            "skipped_rows": self.skipped_rows,
            "seconds": round(self.seconds, 2),
        }
        if self.error is not None:
            out["error"] = self.error
        if self.rejected_files:
            out["rejected_files"] = list(self.rejected_files)
        return out


class _Clock:
    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.mark = self.start
        self.timings: dict[str, float] = {}

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.timings[name] = round(self.timings.get(name, 0.0) + now - self.mark, 3)
        self.mark = now

    @property
    def total(self) -> float:
        return time.perf_counter() - self.start


@dataclass
class _Options:
    """What `build_and_publish` passes down to the writing part."""

    home: Path | None
    lease_seconds: float
    lock_wait_seconds: float
    hooks: BuildHooks | None
    node_batch: int | None
    rel_batch: int | None
    keep_versions: int
    user: str | None
    expect_published: str | None
    check_published: bool
    record_fields: dict[str, Any]
    files_meta: Mapping[str, Mapping[str, Any]]
    keep_sources: bool
    incremental: bool = True
    scope: PlanScope | None = None
    basis_json: str = ""
    replan: Callable[[], GraphPlan] | None = None
    writers: int | None = None


def _validate(
    paths_or_run: ValidationRun | Sequence[Path],
    ts: TemplateSet | None,
    limits: Limits | None,
    progress: ProgressCallback,
    cancel: CancelToken,
    cache: ResultStore | None = None,
) -> ValidationRun:
    if isinstance(paths_or_run, ValidationRun):
        return paths_or_run
    from kgdesk.templates.validator import validate_paths

    return validate_paths([Path(p) for p in paths_or_run], ts, limits, progress, cancel, cache=cache)


def file_entries(
    run: ValidationRun, files_meta: Mapping[str, Mapping[str, Any]] | None = None, user: str | None = None
) -> list[dict[str, Any]]:
    """One entry per validated file: what the version manifest and the version record list."""
    from kgdesk.app.library import describe_run

    facts = describe_run(run)
    at = iso_now()
    out = []
    for f in run.files:
        entry: dict[str, Any] = {
            "file": f.file,
            "sha256": f.sha256 or (sha256_file(f.path) if f.path.exists() else ""),
            "size": f.path.stat().st_size if f.path.exists() else 0,
            "template": f.template,
            "sheet": f.sheet,
            "status": f.status,
            "rows": f.rows,
            "imported_rows": f.imported_rows if f.accepted else 0,
            "skipped_rows": f.skipped_rows,
            "warnings": len(f.warnings),
            "months": facts[f.file].months if f.file in facts else [],
            "added_by": user or "",
            "added_at": at,
        }
        meta = (files_meta or {}).get(f.file)
        if meta:
            entry.update({k: v for k, v in meta.items() if k in ("added_by", "added_at", "origin")})
        out.append(entry)
    return out


def plan_run(
    run: ValidationRun,
    template_set: TemplateSet | None = None,
    version: str = "",
    similarity: Similarity | None = None,
) -> GraphPlan:
    from kgdesk.templates.loader import default_template_set

    return plan_graph(run.dataset, template_set or default_template_set(), version, similarity)


def build_and_publish(
    paths_or_run: ValidationRun | Sequence[Path],
    conn: Any,
    template_set: TemplateSet | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    dry_run: bool = False,
    *,
    similarity: Similarity | None = None,
    limits: Limits | None = None,
    home: Path | None = None,
    lease_seconds: float = 60.0,
    lock_wait_seconds: float = 600.0,
    hooks: BuildHooks | None = None,
    node_batch: int | None = None,
    rel_batch: int | None = None,
    keep_versions: int = KEEP_VERSIONS,
    user: str | None = None,
    expect_published: str | None = None,
    check_published: bool = False,
    record_fields: Mapping[str, Any] | None = None,
    files_meta: Mapping[str, Mapping[str, Any]] | None = None,
    keep_sources: bool = True,
    incremental: bool = True,
    validation_cache: ResultStore | None = None,
    writers: int | None = None,
) -> BuildReport:
    """Validate (unless given a run), plan, write a new version and publish it if the read-back matches.

    Exactly the given files are published. `check_published`: refuse (E_PUBLISHED_CHANGED) when,
    under the build lease, the published version is no longer `expect_published` — the library's
    guard against publishing over another user's newer version. `keep_sources`: keep a copy of
    every source file in the graph, so other desktops on a shared server can pull it.
    `incremental=False`: write every element anew (a full copy) instead of only what changed — the
    same published graph (tested); bench/build.py compares the two. `validation_cache`: reuse each
    unchanged file's own validation result (the library's `ValidationCache`); cross-file checks re-run.
    `writers`: write batches in flight at once (builder.WRITERS; 1 = one after the other).
    """
    from kgdesk.templates.loader import default_template_set

    progress = progress or no_progress
    cancel = cancel or CancelToken()
    clock = _Clock()
    ts = template_set or default_template_set()
    report = BuildReport(status="failed", dry_run=dry_run)
    try:
        run = _validate(paths_or_run, ts, limits, progress, cancel, validation_cache)
    except KgdeskError as e:
        report.error, report.error_code, report.seconds = e.message, e.code, clock.total
        return report
    clock.lap("validate")
    report.run = run
    report.warnings = run.warning_count
    report.skipped_rows = sum(f.skipped_rows for f in run.accepted_files)
    report.rejected_files = [f.file for f in run.files if not f.accepted]

    version = new_version_id()
    progress(ProgressEvent("plan", "", 0, 0, "规划节点与关系"))
    fingerprint = planning_fingerprint(ts, similarity or LexicalSimilarity())
    files_planned = {f.file: (f.sha256, str(f.template)) for f in run.accepted_files}
    if len(files_planned) != len(run.accepted_files):
        fingerprint = ""  # two files of one name (folders): no basis to trust, now or next time
    scope = None
    if conn is not None and incremental and not dry_run:
        try:
            scope = dirty_scope(ts, current_basis(graph_access(conn)), files_planned, fingerprint)
        except Exception as e:  # no basis to trust (the server is checked again under the lease)
            log.info("planning the whole library: %s", e)
    try:
        plan = plan_graph(run.dataset, ts, version, similarity, scope)
    except KgdeskError as e:
        report.error, report.error_code, report.seconds = e.message, e.code, clock.total
        return report
    clock.lap("plan")
    if dry_run:
        report.version = None  # nothing written: no version exists
        report.nodes, report.relationships = plan.node_counts(), plan.relationship_counts()
        report.seconds, report.timings = clock.total, clock.timings
        return report
    if plan.total_nodes == 0:
        report.error = (
            "没有可导入的数据（所有文件都被拒收，或没有有效的数据行），未构建新版本，之前发布的版本仍在使用"
        )
        report.error_code = "E_NOTHING_TO_BUILD"
        report.seconds = clock.total
        return report
    if conn is None:
        report.error, report.error_code = "没有可用的图数据库连接，未构建新版本", "E_GRAPH_UNAVAILABLE"
        report.seconds = clock.total
        return report
    opts = _Options(
        home, lease_seconds, lock_wait_seconds, hooks, node_batch, rel_batch, keep_versions, user,
        expect_published, check_published, dict(record_fields or {}), files_meta or {}, keep_sources,
        incremental, scope, plan_basis(files_planned, fingerprint),
        lambda: plan_graph(run.dataset, ts, version, similarity), writers,
    )
    _publish(graph_access(conn), run, plan, ts, report, clock, progress, cancel, opts)
    report.seconds, report.timings = clock.total, clock.timings
    return report


def _manifest(version: str, files: list[dict[str, Any]], copies: list[dict[str, Any]]) -> dict[str, Any]:
    out = [{**f, "stored_as": c.get("stored_as")} for f, c in zip(files, copies, strict=True)]
    return {"version": version, "created_at": iso_now(), "status": "building", "files": out}


def _publish(
    db: GraphAccess,
    run: ValidationRun,
    plan: GraphPlan,
    ts: TemplateSet,
    report: BuildReport,
    clock: _Clock,
    progress: ProgressCallback,
    cancel: CancelToken,
    opts: _Options,
) -> None:
    version = plan.version
    report.version = version
    store = VersionStore(opts.home)
    lease = BuildLease(db, opts.lease_seconds)
    started = False
    try:
        check_build_space(plan.total_nodes + plan.total_relationships, [f.path for f in run.files], db.conn.uri,
                          opts.home)
        ensure_meta_schema(db)
        progress(ProgressEvent("lock", "", 0, 0, "获取构建锁"))
        lease.acquire(opts.lock_wait_seconds, progress, cancel)
        clock.lap("lock")
        progress(ProgressEvent("cleanup", "", 0, 0, "清理中断构建的残留数据"))
        plan = _cleanup(db, plan, opts, lease)
        report.published_version = published_version(db)
        if opts.check_published and report.published_version != opts.expect_published:
            raise GraphError(
                f"构建期间另一位用户发布了新版本 {report.published_version}，本次未发布（以免覆盖对方的台账）",
                code="E_PUBLISHED_CHANGED",
            )
        clock.lap("cleanup")

        files = file_entries(run, opts.files_meta, opts.user)
        report.files = files
        store.create(version)
        copies = store.copy_sources(version, [f.path for f in run.files])
        store.write_manifest(version, _manifest(version, files, copies))
        write_quality(build_quality_report(run, version), store.path(version))
        record_version_start(db, version, lease.holder)
        started = True
        accepted = [f for f in files if f["status"] == "accepted"]
        set_version_fields(
            db,
            version,
            user=opts.user or "",
            files=json.dumps(accepted, ensure_ascii=False),
            warnings=report.warnings,
            **opts.record_fields,
        )
        if opts.keep_sources:
            progress(ProgressEvent("copy", "", 0, 0, "保存源文件副本"))
            upload_sources(db, [(f.path, e["sha256"], f.file) for f, e in zip(run.files, files, strict=True)
                                if f.accepted])
        clock.lap("prepare")
        _write(db, plan, ts, report, clock, progress, cancel, opts, lease, store)
    except BaseException as e:
        cancelled = isinstance(e, CancelledError)
        if isinstance(e, KgdeskError):
            why = e.message
            report.error_code = e.code
        else:
            why = describe_error(e)
            report.error_code = "E_GRAPH"
            log.exception("build %s failed", version)
        report.error = (
            "构建已取消；之前发布的版本仍在使用"
            if cancelled
            else after_failed_build(db.conn, e, f"{why}；之前发布的版本仍在使用", opts.home)
        )
        report.status = "failed"
        undo_failed_build(db, store, version, started, "cancelled" if cancelled else "failed", why)
        _after_mismatch(db, report, opts)
        if not isinstance(e, Exception):
            raise
    finally:
        lease.release()


def _after_mismatch(db: GraphAccess, report: BuildReport, opts: _Options) -> None:
    """A partial update whose counts did not add up (the graph no longer matches its basis, e.g.
    edited by hand): the next build plans the whole library instead of failing the same way."""
    if report.error_code == "E_READBACK_MISMATCH" and opts.scope is not None:
        distrust_basis(db, opts.scope.basis.version)
        report.error = (report.error or "") + "；下次构建将重新规划整个台账库"


def _cleanup(db: GraphAccess, plan: GraphPlan, opts: _Options, lease: BuildLease) -> GraphPlan:
    """Under the lease: undo a killed build, take over an old-scheme graph; then a partial plan holds
    only while its basis is still the current version (else the whole library is planned)."""
    cleanup_leftovers(db, on_batch=lease.check)
    adopt_published(db)
    if opts.scope is None or current_basis(db) == opts.scope.basis:
        return plan
    log.info("the current version changed since planning: planning the whole library")
    opts.scope = None
    return opts.replan() if opts.replan is not None else plan


def _write(
    db: GraphAccess,
    plan: GraphPlan,
    ts: TemplateSet,
    report: BuildReport,
    clock: _Clock,
    progress: ProgressCallback,
    cancel: CancelToken,
    opts: _Options,
    lease: BuildLease,
    store: VersionStore,
) -> None:
    version = plan.version
    kwargs: dict[str, Any] = {}
    if opts.node_batch:
        kwargs["node_batch"] = opts.node_batch
    if opts.rel_batch:
        kwargs["rel_batch"] = opts.rel_batch
    if opts.writers:
        kwargs["writers"] = opts.writers
    builder = GraphBuilder(db, progress, cancel, opts.hooks, check=lease.check, **kwargs)
    rel_types = sorted({r.type for r in ts.relations} | set(relationship_types(db)))
    labels = sorted(set(ts.labels) | set(data_labels(db)))
    builder.ensure_schema(labels, rel_types)  # the hinted `_to` indexes
    clock.lap("constraints")
    progress(ProgressEvent("diff", "", 0, 0, "比较与当前数据的差异"))
    delta = compute_delta(db, plan, reuse=opts.incremental, between=builder.between_batches, scope=opts.scope)
    report.written = delta.summary()
    clock.lap("diff")
    builder.write_nodes(delta.writes)
    clock.lap("nodes")
    builder.between_batches()
    if opts.hooks is not None and opts.hooks.between_stages is not None:
        opts.hooks.between_stages(version)
    builder.write_relationships(delta.writes)
    clock.lap("relationships")
    builder.close(delta, version)
    clock.lap("close")
    rb = builder.verify(plan, labels, relationship_types(db), rule_groups(ts))
    clock.lap("verify")

    progress(ProgressEvent("schema", "", 0, 0, "统计元数据"))
    schema = compute_schema(
        db, plan, ts, between=builder.between_batches, relationship_counts=rb.groups, node_counts=rb.nodes,
        from_plan=True,
    )
    store.write_schema(version, schema)
    set_version_fields(db, version, plan_basis=opts.basis_json)  # what the next update may carry over
    clock.lap("schema")

    builder.between_batches()  # last chance to cancel: after this the pointer moves
    counts = {"nodes": {k: v for k, v in rb.nodes.items() if v}, "relationships": rb.relationships}
    progress(ProgressEvent("publish", version, 0, 0, "发布新版本"))
    previous, published_at = publish_pointer(db, version, schema_json(schema), json.dumps(counts, ensure_ascii=False))
    report.status = "published"
    report.published_version = version
    clock.timings["visible_after"] = round(clock.total, 3)  # readers see the new version from here on
    report.nodes, report.relationships = counts["nodes"], counts["relationships"]
    try:
        store.write_published(version, published_at)
        store.update_manifest(version, status="published", published_at=published_at, counts=counts, previous=previous)
    except OSError as e:  # the graph pointer is the truth; the local mirror is a convenience
        log.warning("could not write the local published.json: %s", e)
    clock.lap("publish")

    progress(ProgressEvent("prune", "", 0, 0, "删除旧版本数据"))
    report.pruned = prune_after_publish(db, store, opts.keep_versions, lease.check)
    clock.lap("prune")


# ------------------------------------------------------------------ the fronts' entry points


def _stderr_progress(event: ProgressEvent) -> None:
    total = f" {event.done}/{event.total}" if event.total else ""
    sys.stderr.write(f"  [{event.stage}] {event.item}{total} {event.message}\n")


def build(
    paths: Sequence[Path],
    *,
    dry_run: bool = False,
    only: bool = True,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    settings: Settings | None = None,
    progress_to_stderr: bool = False,
) -> BuildReport:
    """`kgdesk build`: with `only`, exactly `paths`; otherwise add them to the library and publish it all."""
    from kgdesk.app.validation import check_paths
    from kgdesk.security.audit import audited
    from kgdesk.security.identity import current_identity

    s = settings or effective_settings()
    files = check_paths(paths)
    sink = progress or (_stderr_progress if progress_to_stderr else None)
    if not only:
        from kgdesk.app.library_sync import build_library

        return build_library(files, dry_run=dry_run, progress=sink, cancel=cancel, settings=s).report
    from kgdesk.app.library_cache import ReadOnlyCache

    cache = ReadOnlyCache()  # the library's results of files it holds; `--only` never writes them
    if dry_run:
        return build_and_publish(files, None, progress=sink, cancel=cancel, dry_run=True, limits=s.limits,
                                 validation_cache=cache)
    from kgdesk.app.graph_access import open_graph

    ident = current_identity()
    with audited("build", user=ident.user, role=ident.role, detail={"files": [p.name for p in files]}) as entry:
        with open_graph(s) as conn:
            report = build_and_publish(files, conn, progress=sink, cancel=cancel, limits=s.limits, user=ident.user,
                                       similarity=configured_similarity(s), validation_cache=cache)
        audit_build(entry, report)
        return report


def configured_similarity(settings: Settings) -> Similarity:
    """The 语义 relation rule's similarity: the configured embedding model (a local folder or the
    endpoint's /v1/embeddings), else the built-in lexical one."""
    from kgdesk.graph.similarity import from_settings

    return from_settings(settings, version="build")[0]


def audit_build(entry: Any, report: BuildReport) -> None:
    """What the audit record of a build holds (a cancelled build is not a failure in the run history)."""
    doc = report.to_json()
    entry.decision = "cancelled" if report.error_code == "E_CANCELLED" else doc["status"]
    entry.rows = [sum(doc["nodes"].values()), sum(doc["relationships"].values())]
    entry.detail.update(version=doc.get("version"), error=doc.get("error"))
    if report.pruned:
        entry.detail["pruned_versions"] = list(report.pruned)


def render_text(report: BuildReport) -> str:
    doc = report.to_json()
    if not report.dry_run and doc["status"] == "failed":
        error = doc.get("error") or "未知原因"
        tail = "" if "仍在使用" in error else "\n之前发布的版本仍在使用。"
        return f"构建失败：{error}{tail}"
    if report.dry_run and report.error:
        return f"检查未通过：{report.error}"
    head = "检查通过（未写入图数据库）" if report.dry_run else f"已发布版本 {doc['version']}"
    nodes = "、".join(f"{k} {v}" for k, v in doc["nodes"].items())
    rels = "、".join(f"{k} {v}" for k, v in doc["relationships"].items())
    text = (
        f"{head}（用时 {doc['seconds']} 秒）\n节点：{nodes}\n关系：{rels}\n"
        f"警告 {doc['warnings']} 条，跳过 {doc['skipped_rows']} 行"
    )
    if doc.get("rejected_files"):
        text += f"\n拒收 {len(doc['rejected_files'])} 个文件（未导入）：{'、'.join(doc['rejected_files'])}"
    if report.pruned:
        text += f"\n已清理旧版本文件夹 {len(report.pruned)} 个：{'、'.join(report.pruned)}"
    return text
