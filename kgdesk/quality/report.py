"""The data-quality report of one build: every issue and every problem row, grouped by file.

Built from the validator's ValidationRun (no graph access), stored as quality.json in the version
folder and shown by the data-quality viewer and `kgdesk quality`.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from kgdesk.paths import version_quality
from kgdesk.templates.records import FileResult, Issue, ValidationRun, issue_title

REPORT_FORMAT = 1

# Which issue codes mean a field is missing, and which mean its value is wrong.
MISSING_CODES = frozenset({"W_MISSING_KEY", "W_MISSING_REQUIRED", "E_MISSING_COLUMN"})
BAD_CODES = frozenset(
    {"W_BAD_VALUE", "W_UNKNOWN_CODE", "W_NOT_IN_DICTIONARY", "W_DANGLING_REF", "W_CONFLICT"}
)

_BEIJING = timezone(timedelta(hours=8))


def _issue_json(issue: Issue) -> dict[str, Any]:
    out: dict[str, Any] = {
        "code": issue.code,
        "title": issue_title(issue.code),
        "severity": issue.severity.value,
        "row": issue.row,
        "fields": list(issue.fields),
        "message": issue.message,
    }
    if issue.sheet is not None:
        out["sheet"] = issue.sheet
    if issue.value is not None:
        out["value"] = issue.value
    return out


def _file_section(f: FileResult, references: list[Issue]) -> dict[str, Any]:
    issues = [*f.errors, *f.warnings, *references]
    by_row: dict[int, list[Issue]] = defaultdict(list)
    file_level: list[Issue] = []
    data_rows = {d.row for d in f.data_rows}
    for issue in issues:
        if issue.row is not None and issue.row in data_rows:
            by_row[issue.row].append(issue)
        else:
            file_level.append(issue)
    file_missing = sorted({fld for i in f.errors if i.code in MISSING_CODES for fld in i.fields})
    rows: list[dict[str, Any]] = []
    for d in f.data_rows:
        row_issues = by_row.get(d.row, [])
        skipped = d.skipped or not f.accepted
        if not row_issues and not skipped:
            continue
        missing = list(
            dict.fromkeys(
                [*file_missing, *(x for i in row_issues if i.code in MISSING_CODES for x in i.fields)]
            )
        )
        bad = list(dict.fromkeys(x for i in row_issues if i.code in BAD_CODES for x in i.fields))
        columns = list(f.columns) or list(d.raw)
        raw = {c: d.raw.get(c, "") for c in columns}
        for c, v in d.raw.items():
            raw.setdefault(c, v)
        rows.append(
            {
                "row": d.row,
                "imported": not skipped,
                "raw": raw,
                "missing": missing,
                "bad": bad,
                "issues": [_issue_json(i) for i in row_issues],
            }
        )
    codes: dict[str, int] = defaultdict(int)
    for i in issues:
        codes[i.code] += 1
    return {
        "file": f.file,
        "template": f.template,
        "sheet": f.sheet,
        "status": f.status,
        "sha256": f.sha256,
        "rows": f.rows,
        "imported_rows": f.imported_rows if f.accepted else 0,
        "skipped_rows": f.skipped_rows if f.accepted else f.rows,
        "columns": list(f.columns),
        "missing_columns": file_missing,
        "issue_counts": dict(sorted(codes.items())),
        "file_issues": [_issue_json(i) for i in file_level],
        "problem_rows": rows,
    }


def build_quality_report(run: ValidationRun, version: str | None = None) -> dict[str, Any]:
    """Every issue, every row that was skipped or has an issue (with all its raw fields), per file."""
    refs: dict[str, list[Issue]] = defaultdict(list)
    for r in run.references:
        refs[r.file].append(r)
    files = [_file_section(f, refs.pop(f.file, [])) for f in run.files]
    orphan_refs = [i for rs in refs.values() for i in rs]
    errors = sum(len(f.errors) for f in run.files)
    warnings = run.warning_count
    problem_rows = sum(len(s["problem_rows"]) for s in files)
    not_imported = sum(s["skipped_rows"] for s in files)
    summary = run.summary()
    return {
        "format": REPORT_FORMAT,
        "version": version,
        "generated_at": datetime.now(_BEIJING).isoformat(timespec="seconds"),
        "has_issues": bool(errors or warnings),
        "summary": {
            "files": len(run.files),
            "accepted": summary["accepted"],
            "rejected": summary["rejected"],
            "errors": errors,
            "warnings": warnings,
            "problem_rows": problem_rows,
            "rows_not_imported": not_imported,
        },
        "files": files,
        "references": [i.to_reference_json() for i in orphan_refs],
    }


def write_quality(report: dict[str, Any], version_dir: Path) -> Path:
    """Atomic write (tmp + replace) so a reader never sees half a report."""
    path = version_quality(version_dir)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)
    return path


def load_quality(version_dir: Path) -> dict[str, Any] | None:
    path = version_quality(version_dir)
    if not path.exists():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _code(issue: dict[str, Any]) -> str:
    """The code with its Chinese title (reports written before titles existed get it from the code)."""
    return f"{issue['code']}（{issue.get('title') or issue_title(issue['code'])}）"


def render_text(doc: dict[str, Any]) -> str:
    """A short Chinese report for the terminal (`kgdesk quality`)."""
    if not doc.get("available", True):
        return str(doc.get("message", "没有可用的数据质量报告"))
    lines = [f"数据版本：{doc.get('version') or '—'}"]
    s = doc.get("summary", {})
    lines.append(
        f"文件 {s.get('files', 0)} 个（接收 {s.get('accepted', 0)}，拒收 {s.get('rejected', 0)}），"
        f"错误 {s.get('errors', 0)} 条，警告 {s.get('warnings', 0)} 条，问题行 {s.get('problem_rows', 0)} 行，"
        f"未导入 {s.get('rows_not_imported', 0)} 行"
    )
    for f in doc.get("files", []):
        mark = "✓" if f.get("status") == "accepted" else "✗"
        lines.append(f"{mark} {f['file']}（{f.get('template') or '未识别模板'}）")
        for i in f.get("file_issues", []):
            lines.append(f"    {_code(i)} {i['message']}")
        for r in f.get("problem_rows", []):
            state = "已导入" if r["imported"] else "未导入"
            detail = []
            if r["missing"]:
                detail.append("缺少：" + "、".join(r["missing"]))
            if r["bad"]:
                detail.append("有误：" + "、".join(r["bad"]))
            lines.append(f"    第 {r['row']} 行（{state}）{'；'.join(detail)}")
            for i in r["issues"]:
                lines.append(f"        {_code(i)} {i['message']}")
    for r in doc.get("references", []):
        lines.append(f"    {_code(r)} {r['file']} 第 {r['row']} 行 {r['message']}")
    if not doc.get("has_issues"):
        lines.append("没有发现问题。")
    return "\n".join(lines)
