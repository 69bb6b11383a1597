"""Qt item models over the core's result objects (read-only views; no rules live here)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from kgdesk.app.desktop import issue_title

if TYPE_CHECKING:
    from kgdesk.app.contracts import FileResult, Issue, RowData

Index = QModelIndex | QPersistentModelIndex

RED = QColor("#b42318")
AMBER = QColor("#b54708")
GREEN = QColor("#067647")
GREY = QColor("#6b7280")
MISSING_BG = QColor("#fee4e2")
BAD_BG = QColor("#fef0c7")

def code_text(code: str) -> str:
    """The Chinese title of an issue code; the one table is kgdesk.templates.records.ISSUE_TITLES."""
    return issue_title(code)


@dataclass
class FileRow:
    """One line of the import table: a file the user added, and its result once validated."""

    path: Path
    result: FileResult | None = None
    state: str = "pending"  # pending | validating | done | failed

    @property
    def name(self) -> str:
        return self.result.file if self.result is not None else self.path.name


class TableModel(QAbstractTableModel):
    """A flat, read-only table: subclasses say how many rows and which column headers."""

    HEADERS: Sequence[str] = ()

    def row_total(self) -> int:
        raise NotImplementedError

    def headers(self) -> Sequence[str]:
        return self.HEADERS

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.row_total()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers())

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers()[section]
        return None


class FileTableModel(TableModel):
    HEADERS = ("文件", "模板", "行数", "错误", "警告", "状态")

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[FileRow] = []
        self.references: dict[str, list[Issue]] = {}

    # -- updates ---------------------------------------------------------------------------
    def set_paths(self, paths: Sequence[Path], state: str = "validating") -> None:
        old = {r.path.resolve(): r for r in self.rows}
        self.beginResetModel()
        self.rows = []
        for p in paths:
            prev = old.get(p.resolve())
            self.rows.append(FileRow(p, prev.result if prev else None, state))
        self.endResetModel()

    def set_results(self, files: Sequence[FileResult], references: Sequence[Issue]) -> None:
        by_path = {f.path.resolve(): f for f in files}
        by_name = {f.file: f for f in files}
        self.references = {}
        for ref in references:
            self.references.setdefault(ref.file, []).append(ref)
        self.beginResetModel()
        for r in self.rows:
            r.result = by_path.get(r.path.resolve()) or by_name.get(r.path.name)
            r.state = "done" if r.result is not None else "failed"
        self.endResetModel()

    def set_state(self, state: str) -> None:
        for r in self.rows:
            r.state = state
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(self.HEADERS) - 1))

    def issues_for(self, row: int) -> list[Issue]:
        r = self.rows[row]
        if r.result is None:
            return []
        refs = self.references.get(r.result.file, [])
        return sorted([*r.result.errors, *r.result.warnings, *refs], key=lambda i: (i.severity != "error", i.row or 0))

    def warning_count(self, r: FileRow) -> int:
        if r.result is None:
            return 0
        return len(r.result.warnings) + len(self.references.get(r.result.file, []))

    # -- Qt model --------------------------------------------------------------------------
    def row_total(self) -> int:
        return len(self.rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self.rows[index.row()]
        res = r.result
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return r.name
            if res is None:
                return {5: {"validating": "校验中…", "pending": "待校验", "failed": "未校验"}.get(r.state, "")}.get(col, "")
            if col == 1:
                return res.template or "未识别"
            if col == 2:
                return str(res.rows)
            if col == 3:
                return str(len(res.errors))
            if col == 4:
                return str(self.warning_count(r))
            if col == 5:
                if r.state == "validating":
                    return "校验中…"
                if not res.accepted:
                    return "✗ 拒收"
                return f"✓ 接收 {res.imported_rows} 行" + (f"，跳过 {res.skipped_rows} 行" if res.skipped_rows else "")
        if role == Qt.ItemDataRole.ForegroundRole and res is not None:
            if col in (3, 5) and not res.accepted:
                return QBrush(RED)
            if col == 4 and self.warning_count(r):
                return QBrush(AMBER)
            if col == 5 and res.accepted:
                return QBrush(GREEN)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (2, 3, 4):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return str(r.path)
        return None


class IssueTableModel(TableModel):
    HEADERS = ("行号", "级别", "问题", "字段", "值", "说明")

    def __init__(self) -> None:
        super().__init__()
        self.issues: list[Issue] = []

    def set_issues(self, issues: Sequence[Issue]) -> None:
        self.beginResetModel()
        self.issues = list(issues)
        self.endResetModel()

    def row_total(self) -> int:
        return len(self.issues)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        i = self.issues[index.row()]
        col = index.column()
        is_error = i.code.startswith("E_")
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                f"第 {i.row} 行" if i.row else "整个文件",
                "错误" if is_error else "警告",
                code_text(i.code),
                "、".join(i.fields),
                i.value if i.value is not None else "",
                i.message,
            )[col]
        if role == Qt.ItemDataRole.ForegroundRole and col == 1:
            return QBrush(RED if is_error else AMBER)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{i.code}：{i.message}"
        return None


def row_detail_html(row: RowData | None, columns: Sequence[str], problem_fields: Sequence[str]) -> str:
    """The raw text of one data row, problem fields highlighted; empty values shown as they are."""
    if row is None:
        return ""
    from html import escape

    cells = []
    keys = list(columns) or list(row.raw)
    for c in row.raw:
        if c not in keys:
            keys.append(c)
    for c in keys:
        v = row.raw.get(c, "")
        style = f"background:{MISSING_BG.name()};" if c in problem_fields else ""
        cells.append(
            f"<td style='padding:2px 8px;color:#6b7280;white-space:nowrap'>{escape(c)}</td>"
            f"<td style='padding:2px 8px;{style}'>{escape(v)}</td>"
        )
    body = "".join(f"<tr>{c}</tr>" for c in cells)
    return f"<b>第 {row.row} 行的原始内容</b><table cellspacing='0'>{body}</table>"
