"""Run history (questions asked: counts, failure rate, latency, LLM tokens) and the audit log viewer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from kgdesk.app.contracts import OUTCOME_TEXT, AuditEntry, RunEntry
from kgdesk.app.run_log import matches, summary_text
from kgdesk.errors import KgdeskError
from kgdesk.ui.aio import run_sync, show_dialog
from kgdesk.ui.widgets import Banner, button, label

if TYPE_CHECKING:
    from kgdesk.ui.context import UiContext


STATUS_TEXT = {
    **OUTCOME_TEXT, "checked": "已检查", "accepted": "全部通过", "rejected": "有文件被拒收", "ok": "完成",
}


def when(ts: object) -> str:
    """'2026-11-30T12:47:45.193+08:00' → '2026-11-30 12:47:45' (the log keeps Beijing time)."""
    text = str(ts or "")
    return text[:19].replace("T", " ") if len(text) >= 19 else text


def status_text(status: object) -> str:
    return STATUS_TEXT.get(str(status), str(status or ""))


class TableDialog(QDialog):
    """A title, a summary line, a banner for state, a read-only table and a close button."""

    def __init__(self, title: str, parent: QWidget | None, object_name: str) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setWindowTitle(title)
        self.resize(1000, 620)
        lay = QVBoxLayout(self)
        self.title = label(title, "title")
        self.summary = label("", "muted", wrap=True, selectable=True)
        lay.addWidget(self.title)
        lay.addWidget(self.summary)
        self.banner = Banner()
        lay.addWidget(self.banner)
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        lay.addWidget(self.table, 1)
        bottom = QHBoxLayout()
        self.extra = QHBoxLayout()
        bottom.addLayout(self.extra)
        bottom.addStretch(1)
        close = button("关闭")
        close.clicked.connect(self.accept)
        bottom.addWidget(close)
        lay.addLayout(bottom)

    def fill(self, headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        self.table.clear()
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(list(headers))
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                item = QTableWidgetItem("" if value is None else str(value))
                item.setToolTip(item.text())
                self.table.setItem(r, c, item)
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        h.setMaximumSectionSize(360)
        if headers:
            h.setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)


async def open_history(ctx: UiContext, parent: QWidget) -> None:
    dlg = TableDialog("运行记录", parent, "historyDialog")
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.summary.setText("正在读取…")
    search = SearchBox(dlg, "在运行记录中搜索（问题、文件、状态、用户）")
    task = ctx.tasks.spawn("history.load", _load_history(ctx, dlg, search))
    try:
        await show_dialog(dlg)
    finally:
        task.cancel()


RUN_HEADERS = ("时间", "类型", "用户", "状态", "用时（秒）", "模型用量（tokens）", "内容")


def run_rows(entries: Sequence[RunEntry]) -> list[tuple[Any, ...]]:
    return [
        (when(r.at), r.kind, r.user, status_text(r.status), f"{float(r.ms or 0) / 1000:.2f}", r.tokens or "", r.text)
        for r in entries
    ]


async def _load_history(ctx: UiContext, dlg: TableDialog, search: SearchBox) -> None:
    try:
        log = await run_sync(ctx.desktop.history.run_log)
    except KgdeskError as e:
        dlg.summary.setText("")
        dlg.banner.show_message("warning", e.message)
        return
    dlg.summary.setText(summary_text(log.summary))

    def show(text: str) -> None:
        entries = [r for r in log.runs if matches(r, text)]
        dlg.fill(RUN_HEADERS, run_rows(entries))
        search.count.setText(f"找到 {len(entries)} 条" if text.strip() else "")

    search.changed.connect(show)
    show(search.text())


class SearchBox(QObject):
    """A search field above a viewer's table; `changed` carries the text as the user types."""

    changed = Signal(str)

    def __init__(self, dlg: TableDialog, placeholder: str) -> None:
        super().__init__(dlg)
        row = QHBoxLayout()
        self.edit = QLineEdit()
        self.edit.setObjectName("searchEdit")
        self.edit.setPlaceholderText(placeholder)
        self.edit.setClearButtonEnabled(True)
        self.count = label("", "muted")
        row.addWidget(self.edit, 1)
        row.addWidget(self.count)
        lay = dlg.layout()
        assert isinstance(lay, QVBoxLayout)
        lay.insertLayout(3, row)
        self.edit.textChanged.connect(self.changed)
        find = QShortcut(QKeySequence.StandardKey.Find, dlg)
        find.activated.connect(self.focus)

    def focus(self) -> None:
        self.edit.setFocus()
        self.edit.selectAll()

    def text(self) -> str:
        return self.edit.text()


async def open_audit(ctx: UiContext, parent: QWidget) -> None:
    dlg = TableDialog("审计日志", parent, "auditDialog")
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    verify = button("校验完整性", "check")
    dlg.extra.addWidget(verify)
    dlg.summary.setText("正在读取…")
    verify.clicked.connect(lambda: ctx.tasks.spawn("audit.verify", _verify_audit(ctx, dlg)))
    task = ctx.tasks.spawn("audit.load", _load_audit(ctx, dlg))
    try:
        await show_dialog(dlg)
    finally:
        task.cancel()
        ctx.tasks.cancel("audit.verify")


def _audit_view(ctx: UiContext) -> tuple[list[AuditEntry], str | None]:
    """The records the viewer may list and whose they are: None = everyone's (an admin), else the
    user's own (the integrity check always walks the whole log, every user's records)."""
    return ctx.desktop.history.audit_records(), ctx.desktop.settings.audit_user()


def audit_summary(shown: int, own: str | None) -> str:
    if own is None:
        return f"共 {shown} 条记录（所有用户，最新的在上面）"
    return f"共 {shown} 条记录：只列出您（{own}）本人的操作，最新的在上面；查看所有用户的记录需要管理员角色"


async def _load_audit(ctx: UiContext, dlg: TableDialog) -> bool:
    try:
        records, own = await run_sync(_audit_view, ctx)
    except KgdeskError as e:
        dlg.summary.setText("")
        dlg.banner.show_message("warning", e.message)
        return False
    dlg.setProperty("audit_own", own)
    dlg.setProperty("audit_shown", len(records))
    dlg.summary.setText(audit_summary(len(records), own))
    headers = ("时间", "用户", "角色", "操作", "结果", "用时（毫秒）", "内容")
    rows = [
        (when(r.at), r.user, r.role, r.action, status_text(r.decision), r.ms, r.summary)
        for r in reversed(records)
    ]
    dlg.fill(headers, rows)
    return True


async def _verify_audit(ctx: UiContext, dlg: TableDialog) -> None:
    try:
        ok, message = await run_sync(ctx.desktop.history.verify_audit)
    except KgdeskError as e:
        dlg.banner.show_message("error", e.message)
        return
    # the list is re-read, so records written since it opened are there too; a non-admin's list holds
    # only their own records while the check covers everyone's: say so next to the two numbers
    if await _load_audit(ctx, dlg) and dlg.property("audit_own") is not None:
        shown = dlg.property("audit_shown")
        message = message.rstrip("。") + f"（校验覆盖所有用户的记录；下面只列出您本人的 {shown} 条）。"
    dlg.banner.show_message("success" if ok else "error", message)
