"""The build service the CLI and the GUI call: validate → plan → lease → write → verify → publish.

A failed, cancelled or interrupted build never moves the published pointer, so the previous
version keeps answering; its own nodes are deleted here or, if the process died, by the next build.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kgdesk.config.settings import Limits
from kgdesk.errors import CancelledError, GraphError, KgdeskError
from kgdesk.graph.builder import BuildHooks, GraphBuilder
from kgdesk.graph.connection import DRIVER_ERRORS, describe_error
from kgdesk.graph.dbaccess import GraphAccess, graph_access
from kgdesk.graph.diskspace import after_failed_build, check_build_space
from kgdesk.graph.meta_schema import compute_schema, schema_json
from kgdesk.graph.planner import GraphPlan, plan_graph
from kgdesk.graph.similarity import Similarity
from kgdesk.graph.versions import (
    KEEP_VERSIONS,
    BuildLease,
    VersionStore,
    cleanup_leftovers,
    delete_version_data,
    ensure_meta_schema,
    iso_now,
    new_version_id,
    prune_version_records,
    publish_pointer,
    published_version,
    record_version_start,
    set_version_fields,
    sha256_file,
)
from kgdesk.progress import CancelToken, ProgressCallback, ProgressEvent, no_progress
from kgdesk.quality.report import build_quality_report, load_quality, write_quality
from kgdesk.templates.model import TemplateSet
from kgdesk.templates.records import ValidationRun

log = logging.getLogger(__name__)


@dataclass
class BuildReport:
    """What `kgdesk build --json` prints (cli.md); `run` and `timings` stay in process."""

    status: str  # published | failed | checked (dry run)
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

    @property
    def ok(self) -> bool:
        return self.status in ("published", "checked")

    def to_json(self) -> dict[str, Any]:
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


def _validate(
    paths_or_run: ValidationRun | Sequence[Path],
    ts: TemplateSet | None,
    limits: Limits | None,
    progress: ProgressCallback,
    cancel: CancelToken,
) -> ValidationRun:
    if isinstance(paths_or_run, ValidationRun):
        return paths_or_run
    from kgdesk.templates.validator import validate_paths

    return validate_paths([Path(p) for p in paths_or_run], ts, limits, progress, cancel)


def _manifest(version: str, run: ValidationRun, copies: list[dict[str, Any]]) -> dict[str, Any]:
    files = []
    for f, copy in zip(run.files, copies, strict=True):
        files.append(
            {
                "file": f.file,
                "stored_as": copy.get("stored_as"),
                "sha256": f.sha256 or (sha256_file(f.path) if f.path.exists() else ""),
                "size": copy.get("size"),
                "template": f.template,
                "status": f.status,
                "rows": f.rows,
                "imported_rows": f.imported_rows if f.accepted else 0,
                "skipped_rows": f.skipped_rows,
            }
        )
    return {"version": version, "created_at": iso_now(), "status": "building", "files": files}


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
) -> BuildReport:
    """Validate (unless given a run), plan, write a new version and publish it if the read-back matches."""
    from kgdesk.templates.loader import default_template_set

    progress = progress or no_progress
    cancel = cancel or CancelToken()
    clock = _Clock()
    ts = template_set or default_template_set()
    report = BuildReport(status="failed")
    try:
        run = _validate(paths_or_run, ts, limits, progress, cancel)
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
    try:
        plan = plan_graph(run.dataset, ts, version, similarity)
    except KgdeskError as e:
        report.error, report.error_code, report.seconds = e.message, e.code, clock.total
        return report
    clock.lap("plan")
    if dry_run:
        report.status = "checked"
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
    db = graph_access(conn)
    _publish(
        db,
        run,
        plan,
        ts,
        report,
        clock,
        progress,
        cancel,
        home,
        lease_seconds,
        lock_wait_seconds,
        hooks,
        node_batch,
        rel_batch,
        keep_versions,
    )
    report.seconds, report.timings = clock.total, clock.timings
    return report


def _publish(
    db: GraphAccess,
    run: ValidationRun,
    plan: GraphPlan,
    ts: TemplateSet,
    report: BuildReport,
    clock: _Clock,
    progress: ProgressCallback,
    cancel: CancelToken,
    home: Path | None,
    lease_seconds: float,
    lock_wait_seconds: float,
    hooks: BuildHooks | None,
    node_batch: int | None,
    rel_batch: int | None,
    keep_versions: int,
) -> None:
    version = plan.version
    report.version = version
    store = VersionStore(home)
    lease = BuildLease(db, lease_seconds)
    started = False
    try:
        check_build_space(plan.total_nodes + plan.total_relationships, [f.path for f in run.files], db.conn.uri, home)
        ensure_meta_schema(db)
        progress(ProgressEvent("lock", "", 0, 0, "获取构建锁"))
        lease.acquire(lock_wait_seconds, progress, cancel)
        clock.lap("lock")
        progress(ProgressEvent("cleanup", "", 0, 0, "清理中断构建的残留数据"))
        cleanup_leftovers(db, on_batch=lease.check)
        report.published_version = published_version(db)
        clock.lap("cleanup")

        store.create(version)
        copies = store.copy_sources(version, [f.path for f in run.files])
        store.write_manifest(version, _manifest(version, run, copies))
        write_quality(build_quality_report(run, version), store.path(version))
        record_version_start(db, version, lease.holder)
        started = True
        clock.lap("prepare")

        kwargs: dict[str, Any] = {}
        if node_batch:
            kwargs["node_batch"] = node_batch
        if rel_batch:
            kwargs["rel_batch"] = rel_batch
        builder = GraphBuilder(db, progress, cancel, hooks, check=lease.check, **kwargs)
        builder.ensure_schema(ts.labels)
        clock.lap("constraints")
        builder.write_nodes(plan)
        clock.lap("nodes")
        builder.between_batches()
        if hooks is not None and hooks.between_stages is not None:
            hooks.between_stages(version)
        builder.write_relationships(plan)
        clock.lap("relationships")
        rb = builder.verify(plan)
        clock.lap("verify")

        progress(ProgressEvent("schema", "", 0, 0, "统计元数据"))
        schema = compute_schema(
            db, plan, ts, between=builder.between_batches, relationship_counts=rb.groups, node_counts=rb.nodes
        )
        store.write_schema(version, schema)
        clock.lap("schema")

        builder.between_batches()  # last chance to cancel: after this the pointer moves
        counts = {"nodes": {k: v for k, v in rb.nodes.items() if v}, "relationships": rb.relationships}
        progress(ProgressEvent("publish", version, 0, 0, "发布新版本"))
        previous, published_at = publish_pointer(
            db, version, schema_json(schema), json.dumps(counts, ensure_ascii=False)
        )
        report.status = "published"
        report.published_version = version
        clock.timings["visible_after"] = round(clock.total, 3)  # readers see the new version from here on
        report.nodes, report.relationships = counts["nodes"], counts["relationships"]
        try:
            store.write_published(version, published_at)
            store.update_manifest(
                version, status="published", published_at=published_at, counts=counts, previous=previous
            )
        except OSError as e:  # the graph pointer is the truth; the local mirror is a convenience
            log.warning("could not write the local published.json: %s", e)
        clock.lap("publish")

        progress(ProgressEvent("prune", "", 0, 0, "删除旧版本数据"))
        try:
            cleanup_leftovers(db, on_batch=lease.check)
            prune_version_records(db, keep_versions)
            store.prune(keep_versions, protect=[version])
        except (KgdeskError, *DRIVER_ERRORS) as e:  # retried by the next build
            log.warning("pruning old versions failed (will be retried): %s", e)
        clock.lap("prune")
    except BaseException as e:
        cancelled = isinstance(e, CancelledError)
        if isinstance(e, KgdeskError):
            why = e.message
            report.error_code = e.code
        else:
            why = describe_error(e)
            report.error_code = "E_GRAPH"
            log.exception("build %s failed", version)
        if cancelled:
            report.error = "构建已取消；之前发布的版本仍在使用"
        else:
            report.error = after_failed_build(db.conn, e, f"{why}；之前发布的版本仍在使用", home)
        report.status = "failed"
        _rollback(db, store, version, started, "cancelled" if cancelled else "failed", why)
        if not isinstance(e, Exception):
            raise
    finally:
        lease.release()


def _rollback(
    db: GraphAccess, store: VersionStore, version: str, started: bool, status: str, why: str
) -> None:
    """Delete this build's own nodes; if the server is gone, the next build does it."""
    try:
        if store.path(version).exists():
            store.update_manifest(version, status=status, error=why, finished_at=iso_now())
    except OSError as e:
        log.warning("could not update manifest of %s: %s", version, e)
    if not started:
        return
    try:
        delete_version_data(db, version)
        set_version_fields(db, version, status="failed", error=why, finished_at=iso_now(), cleaned=True)
    except Exception as e:
        log.warning("rollback of %s incomplete (cleaned at the next build): %s", version, e)


def warm_up(conn: Any, template_set: TemplateSet | None = None) -> float:
    """Run the builder's statements once with empty inputs (nothing matches, nothing is written).

    A freshly started server compiles every statement slowly while its JVM warms up, and EXPLAIN
    does not fill the plan cache; running each statement on an empty batch does. Call it in the
    background right after the local server starts. Returns the seconds spent.
    """
    from kgdesk.graph import queries as q
    from kgdesk.templates.loader import default_template_set

    ts = template_set or default_template_set()
    db = graph_access(conn)
    t0 = time.perf_counter()
    statements = [q.count_version_nodes(), q.count_version_relationships(), q.published_pointer()]
    for label in ts.labels:
        statements += [
            q.merge_nodes(label),
            q.delete_version_nodes(label),
            q.label_property_stats(label),
            q.label_property_values(label),
        ]
    for rule in ts.relations:
        statements.append(q.create_relationships(rule.type, rule.start_label, rule.end_label))
    for stmt in dict.fromkeys(statements):
        # no node has _version "" and $rows / $keys are empty: nothing matches, nothing is written
        db.write(stmt, rows=[], keys=[], version="", batch=1, hidden="_")
    return time.perf_counter() - t0


def recover_at_start(conn: Any, lease_seconds: float = 60.0) -> list[str]:
    """At app start: delete what a killed build left behind, unless another build is running now."""
    db = graph_access(conn)
    ensure_meta_schema(db)
    lease = BuildLease(db, lease_seconds)
    try:
        lease.acquire(wait_seconds=0)
    except GraphError:
        return []
    try:
        return cleanup_leftovers(db)
    finally:
        lease.release()


def quality_report(conn_or_home: Any = None) -> dict[str, Any]:
    """The published version's quality report (`kgdesk quality --json`)."""
    if conn_or_home is None or isinstance(conn_or_home, (str, Path)):
        store = VersionStore(Path(conn_or_home) if conn_or_home is not None else None)
        pub = store.read_published()
        version = pub.get("version") if pub else None
    else:
        store = VersionStore()
        version = published_version(graph_access(conn_or_home))
    if not version:
        return {
            "available": False,
            "version": None,
            "has_issues": False,
            "message": "还没有发布的数据版本，请先导入并构建",
        }
    doc = load_quality(store.path(version))
    if doc is None:
        return {
            "available": False,
            "version": version,
            "has_issues": False,
            "message": f"本机没有版本 {version} 的数据质量报告（该版本可能由另一台电脑构建）",
        }
    doc["available"] = True
    return doc
