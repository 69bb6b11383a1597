"""Build service shared by the CLI and the GUI: validate, build, publish; the quality report."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kgdesk.app.graph_access import open_graph
from kgdesk.app.validation import check_paths
from kgdesk.config.settings import Settings, effective_settings
from kgdesk.errors import KgdeskError
from kgdesk.graph.service import BuildReport, build_and_publish
from kgdesk.graph.service import quality_report as _quality_report
from kgdesk.progress import CancelToken, ProgressCallback, ProgressEvent
from kgdesk.security.audit import audited
from kgdesk.security.identity import current_identity, current_policy
from kgdesk.security.masking import mask_quality_report


def _stderr_progress(event: ProgressEvent) -> None:
    total = f" {event.done}/{event.total}" if event.total else ""
    sys.stderr.write(f"  [{event.stage}] {event.item}{total} {event.message}\n")


def build(
    paths: Sequence[Path],
    *,
    dry_run: bool = False,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    settings: Settings | None = None,
    progress_to_stderr: bool = False,
) -> BuildReport:
    s = settings or effective_settings()
    files = check_paths(paths)
    sink = progress or (_stderr_progress if progress_to_stderr else None)
    if dry_run:
        return build_and_publish(files, None, progress=sink, cancel=cancel, dry_run=True, limits=s.limits)
    ident = current_identity()
    with audited("build", user=ident.user, role=ident.role, detail={"files": [p.name for p in files]}) as entry:
        with open_graph(s) as conn:
            report = build_and_publish(files, conn, progress=sink, cancel=cancel, limits=s.limits)
        doc = report.to_json()
        # a build the user cancelled is not a failure in the run history
        entry.decision = "cancelled" if report.error_code == "E_CANCELLED" else doc["status"]
        entry.rows = [sum(doc["nodes"].values()), sum(doc["relationships"].values())]
        entry.detail.update(version=doc.get("version"), error=doc.get("error"))
        return report


def render_text(report: BuildReport) -> str:
    doc = report.to_json()
    if doc["status"] == "failed":
        error = doc.get("error") or "未知原因"
        tail = "" if "仍在使用" in error else "\n之前发布的版本仍在使用。"
        return f"构建失败：{error}{tail}"
    head = "检查通过（未写入图数据库）" if doc["status"] == "checked" else f"已发布版本 {doc['version']}"
    nodes = "、".join(f"{k} {v}" for k, v in doc["nodes"].items())
    rels = "、".join(f"{k} {v}" for k, v in doc["relationships"].items())
    text = (
        f"{head}（用时 {doc['seconds']} 秒）\n节点：{nodes}\n关系：{rels}\n"
        f"警告 {doc['warnings']} 条，跳过 {doc['skipped_rows']} 行"
    )
    if doc.get("rejected_files"):
        text += f"\n拒收 {len(doc['rejected_files'])} 个文件（未导入）：{'、'.join(doc['rejected_files'])}"
    return text


def quality_report(settings: Settings | None = None) -> dict[str, Any]:
    """The published version's report; read from the graph's pointer when reachable, else locally."""
    s = settings or effective_settings()
    try:
        with open_graph(s, start_local=False, read_only=True) as conn:
            doc = _quality_report(conn)
    except KgdeskError:  # the local report is still useful when the graph is unreachable
        doc = _quality_report(None)
    return mask_quality_report(doc, current_policy())
