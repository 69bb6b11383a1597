"""Validation service shared by the CLI and the GUI."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from kgdesk.app.library_cache import ReadOnlyCache
from kgdesk.config.settings import Settings, effective_settings
from kgdesk.errors import ConfigError
from kgdesk.progress import CancelToken, ProgressCallback
from kgdesk.security.audit import audited
from kgdesk.security.identity import current_identity
from kgdesk.templates.records import ValidationRun, issue_title
from kgdesk.templates.validator import validate_paths


def check_paths(paths: Sequence[Path]) -> list[Path]:
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise ConfigError(f"路径不存在：{'、'.join(missing)}")
    return list(paths)


def validate(
    paths: Sequence[Path],
    settings: Settings | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
) -> ValidationRun:
    s = settings or effective_settings()
    files = check_paths(paths)
    ident = current_identity()
    with audited("import", user=ident.user, role=ident.role, detail={"files": [p.name for p in files]}) as entry:
        # the library's results of files it holds (same bytes and name), read only
        run = validate_paths(files, limits=s.limits, progress=progress, cancel=cancel, cache=ReadOnlyCache())
        entry.detail.update(run.summary())
        entry.decision = "accepted" if run.summary()["rejected"] == 0 else "rejected"
        return run


def render_text(run: ValidationRun) -> str:
    """A short Chinese report for the terminal."""
    lines = []
    for f in run.files:
        mark = "✓ 接收" if f.accepted else "✗ 拒收"
        lines.append(
            f"{mark}  {f.file}  模板：{f.template or '—'}  行数：{f.rows}  导入：{f.imported_rows if f.accepted else 0}"
            f"  跳过：{f.skipped_rows}  错误：{len(f.errors)}  警告：{len(f.warnings)}"
        )
        for issue in [*f.errors, *f.warnings]:
            where = f"第 {issue.row} 行" if issue.row else ""
            fields = f"[{'、'.join(issue.fields)}]" if issue.fields else ""
            lines.append(f"    {issue.code}（{issue_title(issue.code)}） {where}{fields} {issue.message}")
    if run.references:
        lines.append("悬空引用：")
        for r in run.references:
            lines.append(f"    {r.code} {r.file} 第 {r.row} 行 [{'、'.join(r.fields)}] {r.message}")
    s = run.summary()
    lines.append(f"合计：接收 {s['accepted']} 个文件，拒收 {s['rejected']} 个，警告 {s['warnings']} 条")
    return "\n".join(lines)
