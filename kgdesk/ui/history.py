"""Run history (questions asked: counts, failure rate, latency, LLM tokens) and the audit log viewer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from kgdesk.errors import KgdeskError
from kgdesk.ui.aio import run_sync, show_dialog
from kgdesk.ui.widgets import Banner, button, label

if TYPE_CHECKING:
    from kgdesk.ui.context import UiContext


STATUS_TEXT = {
    "answered": "已回答", "clarify": "需要补充", "insufficient": "数据不足", "denied": "无权查看", "error": "出错",
    "published": "已发布", "failed": "失败", "cancelled": "已取消", "checked": "已检查", "accepted": "全部通过",
    "rejected": "有文件被拒收", "ok": "完成",
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
    task = ctx.tasks.spawn("history.load", _load_history(ctx, dlg))
    try:
        await show_dialog(dlg)
    finally:
        task.cancel()


async def _load_history(ctx: UiContext, dlg: TableDialog) -> None:
    try:
        doc = await run_sync(ctx.desktop.run_history)
    except KgdeskError as e:
        dlg.summary.setText("")
        dlg.banner.show_message("warning", e.message)
        return
    s = doc.get("summary") or {}
    dlg.summary.setText(
        f"问题 {s.get('questions', 0)} 个 · 失败率 {float(s.get('failure_rate', 0)) * 100:.1f}% · "
        f"平均用时 {float(s.get('avg_ms', 0)) / 1000:.2f} 秒 · 语言模型用量 {s.get('llm_tokens', 0)} tokens · "
        f"构建 {s.get('builds', 0)} 次"
    )
    headers = ("时间", "类型", "用户", "状态", "用时（秒）", "模型用量（tokens）", "内容")
    rows = [
        (when(r.get("at")), r.get("kind"), r.get("user"), status_text(r.get("status")),
         f"{float(r.get('ms') or 0) / 1000:.2f}",
         r.get("tokens") or "", r.get("text"))
        for r in doc.get("runs") or []
    ]
    dlg.fill(headers, rows)


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


def _audit_view(ctx: UiContext) -> tuple[list[dict[str, Any]], str | None]:
    """The records the viewer may list and whose they are: None = everyone's (an admin), else the
    user's own (the integrity check always walks the whole log, every user's records)."""
    records = ctx.desktop.audit_records()
    return records, None if ctx.desktop.is_admin() else ctx.desktop.effective().user


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
        (when(r.get("at")), r.get("user"), r.get("role"), r.get("action"), status_text(r.get("decision")), r.get("ms"),
         r.get("summary"))
        for r in reversed(records)
    ]
    dlg.fill(headers, rows)
    return True


async def _verify_audit(ctx: UiContext, dlg: TableDialog) -> None:
    try:
        ok, message = await run_sync(ctx.desktop.verify_audit)
    except KgdeskError as e:
        dlg.banner.show_message("error", e.message)
        return
    # the list is re-read, so records written since it opened are there too; a non-admin's list holds
    # only their own records while the check covers everyone's: say so next to the two numbers
    if await _load_audit(ctx, dlg) and dlg.property("audit_own") is not None:
        shown = dlg.property("audit_shown")
        message = message.rstrip("。") + f"（校验覆盖所有用户的记录；下面只列出您本人的 {shown} 条）。"
    dlg.banner.show_message("success" if ok else "error", message)
