"""The import page's library panel: every ledger the graph is built from, and what a build will change.

Shows only what kgdesk.app.library_desk computed (typed views); the page forwards the user's actions.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QMessageBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from kgdesk.ui.models import TableModel
from kgdesk.ui.widgets import button, label

if TYPE_CHECKING:
    from kgdesk.app.library_desk import Pending
    from kgdesk.app.library_service import LibraryRow, LibraryView

Index = QModelIndex | QPersistentModelIndex
_CHANGE = {"added": "新增", "replaced": "替换", "removed": "移除"}


def months_text(months: Sequence[str]) -> str:
    if not months:
        return "—"
    return months[0] if len(months) == 1 else f"{months[0]}～{months[-1]}（{len(months)} 个月）"


class LibraryTableModel(TableModel):
    HEADERS = ("文件", "模板", "导入行数", "月份", "警告", "已发布", "添加人", "添加时间")

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[LibraryRow] = []

    def set_rows(self, rows: Sequence[LibraryRow]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def row_total(self) -> int:
        return len(self.rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        r = self.rows[index.row()]
        e = r.entry
        values = (e.file, e.template or "—", str(e.imported_rows), months_text(e.months), str(e.warnings),
                  "是" if r.in_published else "否（构建后发布）", e.added_by or "—", e.added_at.replace("T", " ")[:16])
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 0 and e.key_ranges:
            return "\n".join(f"{k.label}：{k.first} … {k.last}（{k.count} 个）" for k in e.key_ranges)
        return values[index.column()]


SHOWN_ITEMS = 6


def changes_text(pending: Pending | None) -> tuple[str, str]:
    """(what will change, drop-a-template warning) for the panel; empty strings when nothing changes."""
    if pending is None:
        return "", ""
    ch = pending.changes
    changed = [f for f in ch.files if f.change in _CHANGE]
    if not changed:
        return "与已发布版本相比没有变化。", ""
    counts = "、".join(f"{_CHANGE[c]} {n} 个" for c in _CHANGE if (n := sum(1 for f in changed if f.change == c)))
    items = "、".join(f"{_CHANGE[f.change]}「{f.file}」（{f.rows_before} → {f.rows_after} 行）"
                      for f in changed[:SHOWN_ITEMS])
    more = f" 等 {len(changed)} 个文件" if len(changed) > SHOWN_ITEMS else ""
    templates = [t for t in ch.templates if t.added or t.replaced or t.removed]
    per_template = "；".join(f"{t.template} {t.rows_before} → {t.rows_after} 行" for t in templates[:SHOWN_ITEMS])
    if len(templates) > SHOWN_ITEMS:
        per_template += f" 等 {len(templates)} 个模板"
    text = f"构建将带来的变化（{counts}文件）：{items}{more}。按模板：{per_template}。"
    return text, "；".join(ch.warnings())


class LibraryPanel(QFrame):
    """Title, the library table, remove, and the change summary above the build button."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("libraryPanel")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 6)
        top = QHBoxLayout()
        self.title = label("台账库", "section")
        top.addWidget(self.title, 1)
        self.versions_btn = button("版本…", "history", tip="已发布的版本：列表、两个版本的差异、回滚到较早的版本")
        top.addWidget(self.versions_btn)
        self.remove_btn = button("移除所选", "trash", tip="从台账库移除选中的文件（下次构建后生效）")
        self.remove_btn.setEnabled(False)
        top.addWidget(self.remove_btn)
        lay.addLayout(top)
        self.model = LibraryTableModel()
        self.table = QTableView()
        self.table.setObjectName("libraryTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._selection_changed())
        lay.addWidget(self.table, 1)
        self.changes = label("", "muted", wrap=True)
        self.changes.setObjectName("changesText")
        lay.addWidget(self.changes)
        self.drop_warning = label("", wrap=True)
        self.drop_warning.setObjectName("dropWarning")
        self.drop_warning.setProperty("role", "warning")
        self.drop_warning.hide()
        lay.addWidget(self.drop_warning)
        self.hide()

    def _selection_changed(self) -> None:
        self.remove_btn.setEnabled(self.selected_file() is not None)

    def selected_file(self) -> str | None:
        idx = self.table.currentIndex()
        rows = self.table.selectionModel().selectedRows()
        if not rows or not idx.isValid() or idx.row() >= len(self.model.rows):
            return None
        return self.model.rows[rows[0].row()].entry.file

    def set_view(self, view: LibraryView) -> None:
        self.model.set_rows(view.rows)
        head = f"台账库：{len(view.rows)} 个文件"
        head += f" · 已发布版本 {view.published_version}" if view.published_version else " · 尚未发布"
        if view.not_in_library:
            others = "、".join(f"{f.file}（{f.added_by or '其他用户'}）" for f in view.not_in_library)
            head += f" · 发布版本中还有其他用户的文件，构建时取回：{others}"
        if not view.graph_reachable:
            head += " · 图数据库未连接，按本机记录显示"
        self.title.setText(head)
        self.setVisible(bool(view.rows or view.not_in_library or view.published_version))
        self._selection_changed()

    def set_pending(self, pending: Pending | None) -> None:
        text, warning = changes_text(pending)
        self.changes.setText(text)
        self.drop_warning.setText(f"⚠ {warning}" if warning else "")
        self.drop_warning.setVisible(bool(warning))


def confirm_text(pending: Pending) -> str:
    lines = []
    for name, who in pending.replaces:
        lines.append(f"将替换台账库中的「{name}」" + (f"（由 {who} 添加）" if who else ""))
    lines += pending.changes.warnings()
    text, _warning = changes_text(pending)
    if text:
        lines.append(text)
    return "\n".join(lines) + "\n\n继续构建吗？"


async def ask_to_continue(parent: QWidget, title: str, text: str) -> bool:
    """A question box that does not block the event loop; True when the user chose to go on."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent)
    go = box.addButton("继续构建", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("取消", QMessageBox.ButtonRole.RejectRole)
    box.setObjectName("libraryConfirm")
    done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    def finished(result: int) -> None:
        if not done.done():
            done.set_result(result)

    box.finished.connect(finished)
    box.open()
    try:
        await done
    finally:
        box.deleteLater()
    return box.clickedButton() is go
