"""Writing answers and quality reports to .xlsx / .csv without formula injection.

A text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return (after any leading
spaces, which spreadsheet programs skip) could be run as a formula or DDE command when the file is
opened. Neutralisation:

- **.csv**: such a cell gets a leading apostrophe `'` (the OWASP recommendation; a CSV has no
  cell types, and Excel / WPS show the apostrophe-prefixed value as text).
- **.xlsx**: the value is written unchanged but explicitly as a *string* cell with the
  `quotePrefix` style (what Excel itself does when a user types `'=…`): no formula is ever written,
  the user sees the original text, and editing the cell keeps it text.

Numbers, booleans and dates keep their types (a negative number is a number, not a formula).
Control characters that the xlsx format cannot hold are removed, secrets are scrubbed, and what is
exported has already been masked for the role by the core (`masking`); quality reports are masked
here with the role's policy.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgdesk.errors import KgdeskError
from kgdesk.security.redact import scrub_text

if TYPE_CHECKING:
    from kgdesk.security.permissions import Policy

DANGEROUS_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
_ILLEGAL_XLSX = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
MAX_CELL_CHARS = 32_000  # Excel's limit is 32,767


class ExportError(KgdeskError):
    code = "E_EXPORT"


def is_dangerous(value: Any) -> bool:
    """A text value a spreadsheet could treat as a formula or command."""
    if not isinstance(value, str) or not value:
        return False
    stripped = value.lstrip(" \u3000\u00a0")
    return value.startswith(DANGEROUS_PREFIXES) or (bool(stripped) and stripped.startswith(DANGEROUS_PREFIXES))


def neutralise_csv(value: Any) -> Any:
    """The CSV form of a cell: dangerous text gets a leading apostrophe."""
    if is_dangerous(value):
        return "'" + value
    return value


def _text(value: Any) -> Any:
    """Cell values: numbers/bools/dates as they are, containers as JSON text, the rest as text."""
    if value is None or isinstance(value, (bool, int, float, date, datetime)):
        return value
    if isinstance(value, (list, tuple, set)):
        value = "、".join(str(_text(v)) for v in value)
    elif isinstance(value, Mapping):
        value = json.dumps(value, ensure_ascii=False, default=str)
    text = scrub_text(str(value))
    return text[:MAX_CELL_CHARS]


@dataclass
class Sheet:
    """One table: a title (sheet name), column headers and rows of cell values."""

    title: str
    headers: list[str]
    rows: list[list[Any]] = field(default_factory=list)


def _sheet_name(title: str, used: set[str]) -> str:
    name = re.sub(r"[\[\]:*?/\\]", "_", title)[:31] or "Sheet"
    base, i = name, 2
    while name in used:
        suffix = f"_{i}"
        name = base[: 31 - len(suffix)] + suffix
        i += 1
    used.add(name)
    return name


def write_xlsx(path: Path, sheets: Sequence[Sheet]) -> Path:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    wb.remove(wb.active)  # type: ignore[arg-type]
    used: set[str] = set()
    for sh in sheets:
        ws = wb.create_sheet(_sheet_name(sh.title, used))
        for r, values in enumerate([sh.headers, *sh.rows], start=1):
            for c, raw in enumerate(values, start=1):
                value = _text(raw)
                cell = ws.cell(row=r, column=c)
                if isinstance(value, str):
                    value = _ILLEGAL_XLSX.sub("", value)
                    cell.value = value
                    cell.data_type = "s"  # never a formula, whatever the first character
                    if is_dangerous(value):
                        cell.quotePrefix = True
                else:
                    cell.value = value
                if r == 1:
                    cell.font = Font(bold=True)
    if not wb.worksheets:
        wb.create_sheet("结果")
    _atomic_save(path, wb.save)
    return path


def write_csv(path: Path, sheet: Sheet) -> Path:
    """UTF-8 with BOM (so Excel opens Chinese text correctly), every dangerous cell neutralised."""

    def save(tmp: Path) -> None:
        with tmp.open("w", encoding="utf-8-sig", newline="") as fh:
            w = csv.writer(fh)
            w.writerow([neutralise_csv(_text(h)) for h in sh.headers])
            for row in sh.rows:
                w.writerow(["" if v is None else neutralise_csv(_text(v)) for v in row])

    sh = sheet
    _atomic_save(path, lambda p: save(Path(p)))
    return path


def _atomic_save(path: Path, save: Any) -> None:
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save(tmp)
        tmp.replace(path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise ExportError(f"导出失败：无法写入 {path}（{e.strerror or e}）") from e


def export_sheets(path: Path, sheets: Sequence[Sheet]) -> Path:
    """By suffix: .xlsx (every sheet) or .csv (the first sheet; a CSV holds one table)."""
    suffix = path.suffix.lower()
    if suffix == ".xlsx":
        return write_xlsx(path, sheets)
    if suffix == ".csv":
        if not sheets:
            raise ExportError("没有可导出的内容")
        return write_csv(path, sheets[0])
    raise ExportError(f"不支持的导出格式「{path.suffix}」，请选择 .xlsx 或 .csv")


# ---------------------------------------------------------------------- answers


def _table_of(doc: Mapping[str, Any]) -> Sheet | None:
    """The answer's result table: `table` {columns, rows}, or `rows` as a list of records."""
    table = doc.get("table")
    if isinstance(table, Mapping) and table.get("columns"):
        cols = [str(c) for c in table["columns"]]
        rows = [list(r) if isinstance(r, (list, tuple)) else [r.get(c) for c in cols] for r in table.get("rows", [])]
        return Sheet("结果", cols, rows)
    records = doc.get("rows")
    if isinstance(records, list) and records and all(isinstance(r, Mapping) for r in records):
        cols = list(dict.fromkeys(k for r in records for k in r))
        return Sheet("结果", cols, [[r.get(c) for c in cols] for r in records])
    value = doc.get("value")
    if isinstance(value, list):
        return Sheet("结果", ["结果"], [[v] for v in value])
    return None


def answer_sheets(doc: Mapping[str, Any], question: str | None = None) -> list[Sheet]:
    """An `ask` document (cli.md shape, plus optional `table` / `rows`) as sheets: 回答, 结果, 引用."""
    q = question if question is not None else doc.get("question")
    summary = Sheet("回答", ["项目", "内容"])
    for label, value in (
        ("问题", q),
        ("状态", doc.get("status")),
        ("回答", doc.get("answer")),
        ("结果值", doc.get("value") if not isinstance(doc.get("value"), list) else None),
        ("数据版本", doc.get("version")),
    ):
        if value is not None:
            summary.rows.append([label, value])
    sheets = [summary]
    table = _table_of(doc)
    if table is not None:
        sheets.append(table)
    cites = doc.get("citations") or []
    if cites:
        sheets.append(
            Sheet(
                "引用",
                ["模板", "文件", "工作表", "行号"],
                [[c.get("template"), c.get("file"), c.get("sheet"), c.get("row")] for c in cites if isinstance(c, Mapping)],
            )
        )
    return sheets


def export_answer(path: Path, doc: Mapping[str, Any], *, question: str | None = None, csv_table_only: bool = True) -> Path:
    """Write one answer. A .csv holds the result table when there is one, else the summary."""
    sheets = answer_sheets(doc, question)
    if path.suffix.lower() == ".csv" and csv_table_only and len(sheets) > 1 and sheets[1].title == "结果":
        sheets = [sheets[1], *sheets[:1]]
    return export_sheets(path, sheets)


# ---------------------------------------------------------------------- quality reports


def quality_sheets(doc: Mapping[str, Any]) -> list[Sheet]:
    """A quality report (kgdesk/quality/report.py shape) as sheets: 概要, 问题行, 文件问题."""
    s = doc.get("summary") or {}
    summary = Sheet("概要", ["项目", "数值"])
    names = {
        "files": "文件数",
        "accepted": "接收",
        "rejected": "拒收",
        "errors": "错误",
        "warnings": "警告",
        "problem_rows": "问题行",
        "rows_not_imported": "未导入行",
    }
    summary.rows.append(["数据版本", doc.get("version")])
    summary.rows.append(["生成时间", doc.get("generated_at")])
    summary.rows.extend([cn, s.get(k)] for k, cn in names.items() if k in s)
    rows = Sheet("问题行", ["文件", "模板", "行号", "状态", "缺少字段", "有误字段", "问题", "原始数据"])
    issues = Sheet("文件问题", ["文件", "模板", "代码", "行号", "字段", "值", "说明"])
    for f in doc.get("files", []) or []:
        for r in f.get("problem_rows", []) or []:
            rows.rows.append(
                [
                    f.get("file"),
                    f.get("template"),
                    r.get("row"),
                    "已导入" if r.get("imported") else "未导入",
                    "、".join(r.get("missing") or []),
                    "、".join(r.get("bad") or []),
                    "；".join(f"{i.get('code')} {i.get('message')}" for i in r.get("issues") or []),
                    "；".join(f"{k}={v}" for k, v in (r.get("raw") or {}).items() if v not in (None, "")),
                ]
            )
        for i in f.get("file_issues", []) or []:
            issues.rows.append(
                [f.get("file"), f.get("template"), i.get("code"), i.get("row"), "、".join(i.get("fields") or []),
                 i.get("value"), i.get("message")]
            )
    for ref in doc.get("references", []) or []:
        issues.rows.append([ref.get("file"), None, ref.get("code"), ref.get("row"), ref.get("field"), ref.get("value"),
                            ref.get("message")])
    return [summary, rows, issues]


def export_quality(path: Path, doc: Mapping[str, Any], policy: Policy | None = None) -> Path:
    """Write a quality report; with a policy, raw values the role may not see are masked first."""
    if policy is not None:
        from kgdesk.security.masking import mask_quality_report

        doc = mask_quality_report(doc, policy)
    sheets = quality_sheets(doc)
    if path.suffix.lower() == ".csv":
        sheets = [sheets[1]]  # the problem rows are what a CSV is for
    return export_sheets(path, sheets)


