"""Excel out: an answer (summary, result table with a source column, citations) and the quality
viewer's problem rows (one sheet per file, bad cells filled, a reason per row) to .xlsx.

Every workbook is written by `kgdesk.security.exports.write_xlsx`, which keeps the formula-
injection neutralisation (text cells are strings, never formulas; dangerous ones get the quote
prefix). The problem-row workbook is then styled here (fills, comments, frozen header) with
openpyxl, which re-reads string cells as strings: no value is rewritten after neutralisation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from kgdesk.app.contracts import ProblemRow, QualityFile, QualityReport
from kgdesk.app.preferences import SettingsService
from kgdesk.app.wording import plain
from kgdesk.security.exports import ExportError, Sheet, answer_sheets, write_xlsx

MISSING_FILL = "FEE4E2"
BAD_FILL = "FEF0C7"
REASON_COLUMN = "问题说明"
ROW_COLUMN = "原文件行号"
SOURCE_COLUMN = "来源（文件 · 工作表 · 行）"
_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_UNESCAPE = re.compile(r"\\(.)")
_SOURCE = re.compile(r"^(?P<file>.+?)(?:·(?P<sheet>[^ ]+))? 第 (?P<rows>.+?) 行$")


# ---------------------------------------------------------------------- answers


def _cells(line: str) -> list[str]:
    s = line.strip()
    s = s[1:] if s.startswith("|") else s
    s = s[:-1] if s.endswith("|") and not s.endswith("\\|") else s
    parts = _CELL_SPLIT.split(s)
    return [_UNESCAPE.sub(r"\1", p.strip()) for p in parts]


def _source_text(text: str) -> str:
    """'人员信息.xlsx·数据 第 3、5–7 行；…' → '人员信息.xlsx · 数据 · 第 3、5–7 行；…'."""
    out = []
    for part in text.split("；"):
        m = _SOURCE.match(part.strip())
        if m is None:
            out.append(part.strip())
            continue
        pieces = [m["file"], m["sheet"], f"第 {m['rows']} 行"]
        out.append(" · ".join(p for p in pieces if p))
    return "；".join(out)


def markdown_tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """Every Markdown table of an answer as (headers, rows), cells unescaped."""
    tables: list[tuple[list[str], list[list[str]]]] = []
    block: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.lstrip().startswith("|"):
            block.append(line)
            continue
        if len(block) >= 2 and set(block[1].replace("|", "").strip()) <= set("-: "):
            headers = _cells(block[0])
            rows = [_cells(b) for b in block[2:]]
            tables.append((headers, [r + [""] * (len(headers) - len(r)) for r in rows]))
        block = []
    return tables


def _prose(text: str) -> str:
    """The answer without its tables and Markdown marks, for one cell."""
    lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith("|")]
    out = "\n".join(ln.removeprefix("> ") for ln in lines).strip()
    return _UNESCAPE.sub(r"\1", out.replace("**", ""))


def answer_workbook(doc: Mapping[str, Any], question: str | None = None) -> list[Sheet]:
    """回答 (question, status, answer, value, conditions, steps, version), 结果 (the answer's table,
    its source column as file · sheet · row), 引用 (every citation: template, file, sheet, row)."""
    text = str(doc.get("answer") or "")
    tables = markdown_tables(text)
    table: dict[str, Any] | None = None
    if tables:
        headers, rows = tables[0]
        if "来源" in headers:
            i = headers.index("来源")
            headers = [*headers[:i], SOURCE_COLUMN, *headers[i + 1:]]
            rows = [[*r[:i], _source_text(r[i]), *r[i + 1:]] for r in rows]
        table = {"columns": headers, "rows": rows}
    shaped = {**doc, "answer": _prose(text), "table": table}
    sheets = answer_sheets(shaped, question)
    summary = sheets[0]
    conditions = [ln.removeprefix("条件：") for ln in _prose(text).splitlines() if ln.startswith("条件：")]
    for c in conditions:
        summary.rows.append(["条件", c])
    for n, step in enumerate(doc.get("plan_description") or [], start=1):
        summary.rows.append([f"查询步骤 {n}", plain(str(step))])
    for extra in tables[1:]:
        sheets.insert(-1 if doc.get("citations") else len(sheets), Sheet("结果", extra[0], extra[1]))
    return sheets


def export_answer(path: Path, doc: Mapping[str, Any], question: str | None = None) -> Path:
    return write_xlsx(_xlsx(path), answer_workbook(doc, question))


# ---------------------------------------------------------------------- quality problem rows


def _reason(r: ProblemRow) -> str:
    parts = [f"「{f}」缺失" for f in r.get("missing") or []]
    parts += [str(i.get("message") or i.get("code") or "") for i in r.get("issues") or []]
    return "；".join(dict.fromkeys(p for p in parts if p)) or "所在文件被拒收"


def _file_columns(f: QualityFile) -> list[str]:
    cols = list(f.get("columns") or [])
    for r in f.get("problem_rows") or []:
        cols += [c for c in (r.get("raw") or {}) if c not in cols]
    return cols


def problem_sheets(report: QualityReport) -> list[tuple[Sheet, QualityFile]]:
    """One sheet per file with problem rows: the template's columns as read (so the sheet can be
    fixed and imported again), then the original row number and the reason."""
    out: list[tuple[Sheet, QualityFile]] = []
    for f in report.get("files") or []:
        rows = f.get("problem_rows") or []
        if not rows:
            continue
        cols = _file_columns(f)
        sheet = Sheet(Path(str(f.get("file") or "文件")).stem, [*cols, ROW_COLUMN, REASON_COLUMN])
        for r in rows:
            raw = r.get("raw") or {}
            sheet.rows.append([*(raw.get(c, "") for c in cols), r.get("row"), _reason(r)])
        out.append((sheet, f))
    return out


def export_problem_rows(path: Path, report: QualityReport) -> Path:
    """The problem rows of a (masked) quality report, missing cells red, bad cells amber, each
    with the issue as a cell comment; a 说明 sheet first."""
    per_file = problem_sheets(report)
    if not per_file:
        raise ExportError("当前版本没有问题行，无需导出")
    guide = Sheet("说明", ["项目", "内容"], [
        ["数据版本", report.get("version")],
        ["怎么用", "每个工作表对应一个文件的问题行；红底是缺失的字段，黄底是有误的字段，"
                  "鼠标停在单元格上可看原因。改好后删除最后两列，把这些行放回原文件再导入。"],
    ])
    path = write_xlsx(_xlsx(path), [guide, *(s for s, _ in per_file)])
    _style_problems(path, per_file)
    return path


def _style_problems(path: Path, per_file: Sequence[tuple[Sheet, QualityFile]]) -> None:
    from openpyxl import load_workbook
    from openpyxl.comments import Comment
    from openpyxl.styles import Alignment, PatternFill
    from openpyxl.utils import get_column_letter

    wb = load_workbook(path)
    fills = {"missing": PatternFill("solid", start_color=MISSING_FILL, end_color=MISSING_FILL),
             "bad": PatternFill("solid", start_color=BAD_FILL, end_color=BAD_FILL)}
    for ws, (sheet, f) in zip(wb.worksheets[1:], per_file, strict=True):
        cols = sheet.headers[:-2]
        for n, r in enumerate(f.get("problem_rows") or [], start=2):
            marked = [("missing", x) for x in r.get("missing") or []] + [("bad", x) for x in r.get("bad") or []]
            for kind, fld in marked:
                if fld not in cols:
                    continue
                cell = ws.cell(row=n, column=cols.index(fld) + 1)
                cell.fill = fills[kind]
                why = [str(i.get("message")) for i in r.get("issues") or [] if fld in (i.get("fields") or [])]
                cell.comment = Comment("\n".join(why) or f"「{fld}」缺失", "kgdesk")
            ws.cell(row=n, column=len(cols) + 2).alignment = Alignment(wrap_text=True, vertical="top")
        ws.freeze_panes = "A2"
        ws.column_dimensions[get_column_letter(len(cols) + 2)].width = 60
    wb.save(path)


def _xlsx(path: Path) -> Path:
    return path if path.suffix.lower() == ".xlsx" else path.with_suffix(".xlsx")


class ExportService:
    """Excel exports of the desktop (answers as shown; problem rows through the quality service)."""

    def __init__(self, settings: SettingsService) -> None:
        self.settings = settings

    def answer(self, path: Path, doc: Mapping[str, Any], question: str | None = None) -> Path:
        """The answer document is already masked for the role by the core."""
        return export_answer(path, doc, question)

    def answers(self, path: Path, docs: Sequence[Mapping[str, Any]], title: str = "对话") -> Path:
        """A whole conversation: one 问答 sheet, one row per question."""
        sheet = Sheet(title, ["问题", "状态", "回答", "数据版本", "来源"])
        for d in docs:
            cites = "；".join(f"{c.get('file')} · {c.get('sheet') or ''} · 第 {c.get('row')} 行"
                             for c in d.get("citations") or [] if isinstance(c, Mapping))
            sheet.rows.append([d.get("question"), d.get("status"), _prose(str(d.get("answer") or "")),
                               d.get("version"), cites])
        return write_xlsx(_xlsx(path), [sheet])
