"""Data-quality viewer: the red header mark, and the dialog over the published version's report.

The report (kgdesk/quality/report.py) is read through the desktop adapter on window activation
and every 30 s. The dialog keeps its own state: loading, error (with retry), no version, no
issues, or the report grouped by file.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from kgdesk.errors import KgdeskError
from kgdesk.ui import theme
from kgdesk.ui.aio import run_sync
from kgdesk.ui.models import BAD_BG, MISSING_BG, TableModel, code_text
from kgdesk.ui.widgets import Banner, button, label, user_documents

_BEIJING = timezone(timedelta(hours=8))


def clock() -> str:
    """Beijing time, like the version ids, run history and audit log the user compares it with."""
    return datetime.now(_BEIJING).strftime("%H:%M:%S")

if TYPE_CHECKING:
    from kgdesk.ui.context import UiContext

log = logging.getLogger("kgdesk.ui")
REFRESH_MS = 30_000
ACTIVATION_DEBOUNCE_S = 2.0
Index = QModelIndex | QPersistentModelIndex


def problem_count(doc: dict[str, Any] | None) -> int:
    """Issues the header mark counts: errors + warnings of the published version's report."""
    if not doc or not doc.get("available", True) or not doc.get("has_issues"):
        return 0
    s = doc.get("summary") or {}
    return int(s.get("errors", 0)) + int(s.get("warnings", 0)) or 1


class ProblemRowsModel(TableModel):
    """Every field of each problem row: raw text as read, missing fields red, bad ones amber."""

    FIXED = ("行号", "状态", "问题")

    def __init__(self) -> None:
        super().__init__()
        self.columns: list[str] = []
        self.rows: list[dict[str, Any]] = []

    def set_file(self, section: dict[str, Any] | None) -> None:
        self.beginResetModel()
        if section is None:
            self.columns, self.rows = [], []
        else:
            self.rows = list(section.get("problem_rows") or [])
            cols = list(section.get("columns") or [])
            for r in self.rows:
                for c in r.get("raw", {}):
                    if c not in cols:
                        cols.append(c)
            self.columns = cols
        self.endResetModel()

    def row_total(self) -> int:
        return len(self.rows)

    def headers(self) -> list[str]:
        return [*self.FIXED, *self.columns]

    def field_at(self, column: int) -> str | None:
        return self.columns[column - len(self.FIXED)] if column >= len(self.FIXED) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self.rows[index.row()]
        col = index.column()
        fld = self.field_at(col)
        issues = r.get("issues") or []
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return f"第 {r['row']} 行"
            if col == 1:
                return "已导入" if r.get("imported") else "未导入"
            if col == 2:
                return "；".join(dict.fromkeys(code_text(i["code"]) for i in issues)) or "所在文件被拒收"
            return str((r.get("raw") or {}).get(fld, ""))  # shown exactly as read: "" stays empty, "0" stays 0
        if role == Qt.ItemDataRole.BackgroundRole and fld is not None:
            if fld in (r.get("missing") or []):
                return QBrush(MISSING_BG)
            if fld in (r.get("bad") or []):
                return QBrush(BAD_BG)
        if role == Qt.ItemDataRole.ForegroundRole and col == 1 and not r.get("imported"):
            return QBrush(QColor(theme.DANGER))
        if role == Qt.ItemDataRole.ToolTipRole:
            relevant = [i for i in issues if fld is None or fld in (i.get("fields") or [])]
            lines = [i["message"] for i in relevant]
            if fld is not None and fld in (r.get("missing") or []):
                lines.insert(0, f"「{fld}」缺失")
            return "\n".join(lines) or None
        return None

    def cell_state(self, row: int, field: str) -> str:
        r = self.rows[row]
        if field in (r.get("missing") or []):
            return "missing"
        if field in (r.get("bad") or []):
            return "bad"
        return "ok"


class QualityDialog(QDialog):
    """Non-modal viewer; `show_report` / `show_error` / `show_loading` switch its state."""

    retry_requested = Signal()
    export_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qualityDialog")
        self.setWindowTitle("数据质量 · 当前发布版本")
        self.resize(1100, 680)
        self.doc: dict[str, Any] | None = None
        root = QVBoxLayout(self)
        top = QHBoxLayout()
        self.title = label("数据质量", "title")
        self.subtitle = label("", "muted")
        col = QVBoxLayout()
        col.addWidget(self.title)
        col.addWidget(self.subtitle)
        top.addLayout(col, 1)
        self.refresh_btn = button("刷新", "refresh")
        self.refresh_btn.clicked.connect(self.retry_requested)
        self.export_btn = button("导出问题行（Excel）", "table", tip="导出为 Excel：每行写明原因，有问题的单元格标色（Ctrl+E）")
        self.export_btn.setObjectName("exportProblems")
        self.export_btn.clicked.connect(self.export_requested)
        self.export_btn.setEnabled(False)
        top.addWidget(self.export_btn, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.refresh_btn, 0, Qt.AlignmentFlag.AlignTop)
        root.addLayout(top)
        self.banner = Banner()
        root.addWidget(self.banner)
        export_key = QShortcut(QKeySequence("Ctrl+E"), self)
        export_key.activated.connect(self._export_key)

        self.stack = QStackedWidget()
        root.addWidget(self.stack, 1)
        # 0: message (loading, none, error with retry)
        msg = QWidget()
        ml = QVBoxLayout(msg)
        ml.addStretch(1)
        self.message = label("", "title", wrap=True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail = label("", "muted", wrap=True, selectable=True)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.retry_btn = button("重试", "refresh", variant="primary")
        self.retry_btn.clicked.connect(self.retry_requested)
        ml.addWidget(self.message)
        ml.addWidget(self.detail)
        ml.addWidget(self.retry_btn, 0, Qt.AlignmentFlag.AlignHCenter)
        ml.addStretch(2)
        self.stack.addWidget(msg)
        # 1: report
        split = QSplitter(Qt.Orientation.Horizontal)
        self.file_list = QListWidget()
        self.file_list.setObjectName("qualityFiles")
        self.file_list.setMinimumWidth(240)
        self.file_list.currentRowChanged.connect(self._select_file)
        split.addWidget(self.file_list)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(8, 0, 0, 0)
        self.file_title = label("", "section", selectable=True)
        self.file_counts = label("", "muted", wrap=True)
        self.file_issues = label("", wrap=True, selectable=True)
        self.legend = label(
            "<span style='background:#fee4e2'>&nbsp;红底&nbsp;</span> 缺失的字段　"
            "<span style='background:#fef0c7'>&nbsp;黄底&nbsp;</span> 有误的字段　"
            "空值和 0 按原样显示；鼠标停在单元格上可看原因",
            "muted",
        )
        self.rows = ProblemRowsModel()
        self.table = QTableView()
        self.table.setObjectName("qualityRows")
        self.table.setModel(self.rows)
        self.table.setAlternatingRowColors(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setMaximumSectionSize(320)
        for w in (self.file_title, self.file_counts, self.file_issues, self.legend):
            rl.addWidget(w)
        rl.addWidget(self.table, 1)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        self.stack.addWidget(split)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        close = button("关闭")
        close.clicked.connect(self.close)
        bottom.addWidget(close)
        root.addLayout(bottom)
        self.state = "empty"
        self.show_loading()

    def _export_key(self) -> None:
        if self.export_btn.isEnabled():
            self.export_requested.emit()

    # -- states ----------------------------------------------------------------------------
    def _message(self, state: str, text: str, detail: str = "", retry: bool = False) -> None:
        self.state = state
        self.message.setText(text)
        self.detail.setText(detail)
        self.retry_btn.setVisible(retry)
        self.stack.setCurrentIndex(0)

    def show_loading(self) -> None:
        if self.doc is None:
            self._message("loading", "正在读取数据质量报告…")
        self.refresh_btn.setEnabled(False)

    def show_error(self, text: str) -> None:
        self.refresh_btn.setEnabled(True)
        self.subtitle.setText(f"读取失败（{clock()}）")
        self._message("error", "无法读取数据质量报告", text, retry=True)

    def show_report(self, doc: dict[str, Any]) -> None:
        self.refresh_btn.setEnabled(True)
        previous = self.current_file()
        self.doc = doc
        if not doc.get("available", True):
            self.subtitle.setText("")
            self._message("none", "还没有发布的数据版本", str(doc.get("message") or "导入台账并构建图谱后，这里会显示数据质量报告。"))
            return
        s = doc.get("summary") or {}
        self.subtitle.setText(
            f"版本 {doc.get('version') or '—'} · 文件 {s.get('files', 0)} 个 · 错误 {s.get('errors', 0)} · "
            f"警告 {s.get('warnings', 0)} · 问题行 {s.get('problem_rows', 0)} · 未导入 {s.get('rows_not_imported', 0)} 行"
            f" · 刷新于 {clock()}"
        )
        if not doc.get("has_issues"):
            self._message("clean", "当前版本没有数据质量问题", "所有文件都已接收，没有错误或警告。")
            return
        self.state = "report"
        self.export_btn.setEnabled(any(f.get("problem_rows") for f in self.files))
        self.stack.setCurrentIndex(1)
        self.file_list.blockSignals(True)
        self.file_list.clear()
        for f in self.files:
            n_rows = len(f.get("problem_rows") or [])
            n_issues = sum((f.get("issue_counts") or {}).values())
            item = QListWidgetItem(f"{f['file']}\n问题 {n_issues} 条 · 问题行 {n_rows}")
            bad = f.get("status") != "accepted"
            item.setIcon(theme.icon("warning", theme.DANGER if bad else (theme.WARNING if n_issues else theme.SUCCESS)))
            item.setToolTip(f"{f.get('template') or '未识别模板'} · {'拒收' if bad else '接收'}")
            self.file_list.addItem(item)
        self.file_list.blockSignals(False)
        names = [f["file"] for f in self.files]
        self.file_list.setCurrentRow(names.index(previous) if previous in names else 0)
        self._select_file(self.file_list.currentRow())

    @property
    def files(self) -> list[dict[str, Any]]:
        """Files with something to show, worst first (the report keeps clean files too)."""
        files = list((self.doc or {}).get("files") or [])
        shown = [f for f in files if f.get("problem_rows") or f.get("file_issues") or f.get("issue_counts")]
        return sorted(shown, key=lambda f: (f.get("status") == "accepted", -len(f.get("problem_rows") or [])))

    def current_file(self) -> str | None:
        row = self.file_list.currentRow()
        files = self.files if self.doc else []
        return files[row]["file"] if 0 <= row < len(files) else None

    def select_file(self, name: str) -> None:
        names = [f["file"] for f in self.files]
        self.file_list.setCurrentRow(names.index(name))

    def _select_file(self, row: int) -> None:
        files = self.files
        if not 0 <= row < len(files):
            self.rows.set_file(None)
            return
        f = files[row]
        status = "接收" if f.get("status") == "accepted" else "拒收（整个文件未导入）"
        self.file_title.setText(f"{f['file']} · {f.get('template') or '未识别模板'} · {status}")
        counts = "，".join(f"{code_text(c)} {n}" for c, n in (f.get("issue_counts") or {}).items())
        self.file_counts.setText(
            f"共 {f.get('rows', 0)} 行，导入 {f.get('imported_rows', 0)} 行，未导入 {f.get('skipped_rows', 0)} 行。{counts}"
        )
        file_issues = f.get("file_issues") or []
        self.file_issues.setText("<br>".join(f"• {i['message']}" for i in file_issues))
        self.file_issues.setVisible(bool(file_issues))
        self.rows.set_file(f)


class QualityWatcher(QObject):
    """Reads the report on activation and every 30 s; drives the header marks and the dialog."""

    changed = Signal(int)  # problem count (0 = hide the marks)
    loaded = Signal(object)

    def __init__(self, ctx: UiContext, window: Any) -> None:
        super().__init__(window)
        self.ctx = ctx
        self.window = window
        self.doc: dict[str, Any] | None = None
        self.error: str | None = None
        self.dialog: QualityDialog | None = None
        self.refreshes = 0
        self._last = 0.0
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        window.activated.connect(self._on_activated)

    def start(self) -> None:
        self.timer.start()
        self.refresh()

    def stop(self) -> None:
        self.timer.stop()

    def _on_activated(self) -> None:
        if time.monotonic() - self._last >= ACTIVATION_DEBOUNCE_S:
            self.refresh()

    def refresh(self) -> asyncio.Task[None]:
        return self.ctx.tasks.spawn("quality.refresh", self._refresh())

    async def _refresh(self) -> None:
        self._last = time.monotonic()
        if self.dialog is not None:
            self.dialog.show_loading()
        try:
            doc = cast(dict[str, Any], await run_sync(self.ctx.desktop.quality.report))
        except KgdeskError as e:
            self._failed(e.message)
            return
        except (OSError, ValueError) as e:  # unreadable or half-written report file
            log.warning("quality report unreadable", exc_info=True)
            self._failed(f"报告文件无法读取（{e.__class__.__name__}）。")
            return
        finally:
            self.refreshes += 1
        self.doc, self.error = doc, None
        if self.dialog is not None:
            self.dialog.show_report(doc)
        self.changed.emit(problem_count(doc))
        self.loaded.emit(doc)

    def _failed(self, message: str) -> None:
        self.error = message
        if self.dialog is not None:
            self.dialog.show_error(message)

    def open_dialog(self) -> QualityDialog:
        if self.dialog is None:
            self.dialog = QualityDialog(self.window)
            self.dialog.retry_requested.connect(self.refresh)
            self.dialog.export_requested.connect(self.ask_export)
            self.dialog.finished.connect(self._dialog_closed)
        if self.error is not None:
            self.dialog.show_error(self.error)
        elif self.doc is not None:
            self.dialog.show_report(self.doc)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        self.refresh()
        return self.dialog

    def ask_export(self) -> QFileDialog | None:
        if self.dialog is None:
            return None
        version = (self.doc or {}).get("version") or "当前版本"
        dlg = QFileDialog(self.dialog, "导出问题行", f"{user_documents()}/数据质量问题行-{version}.xlsx",
                          "Excel 工作簿 (*.xlsx)")
        dlg.setObjectName("exportProblemsDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.setDefaultSuffix("xlsx")
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.fileSelected.connect(lambda f: self.ctx.tasks.spawn("quality.export", self.export(Path(f))))
        dlg.open()
        return dlg

    async def export(self, path: Path) -> Path | None:
        """The problem rows (masked for the role, read again by the service) to `path`."""
        try:
            written = await run_sync(self.ctx.desktop.quality.export_problems, path)
        except KgdeskError as e:
            if self.dialog is not None:
                self.dialog.banner.show_message("error", e.message)
            return None
        if self.dialog is not None:
            self.dialog.banner.show_message("success", f"已导出到 {written}。改好后可以把这些行放回原文件重新导入。")
        return written

    def _dialog_closed(self, _result: int) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
        self.dialog = None


def issue_lines(issues: Sequence[dict[str, Any]]) -> str:
    return "\n".join(f"{code_text(i['code'])}：{i['message']}" for i in issues)
