"""The 版本 dialog of the import page: published versions, the difference of two, rollback.

A dialog, not a page: versions are looked at now and then, from the library they belong to, and
the import page (the library, what a build changes) must show the result of a rollback at once —
the dialog is opened from there and the page reloads the library when a rollback has published.

The list and the difference are read in a thread; a rollback runs in the worker process with the
build's progress and cancel (`LibraryDesk.rollback`, audited there as `rollback`, like the CLI).
Enter compares (the default button), Esc closes — or, while a rollback runs, asks it to stop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from kgdesk.errors import CancelledError, KgdeskError
from kgdesk.progress import CancelToken
from kgdesk.ui.aio import ThreadSafeProgress, run_sync, show_dialog
from kgdesk.ui.import_page import BuildProgress, failure_text, still_in_use
from kgdesk.ui.prompts import ConfirmBox
from kgdesk.ui.versions_view import (
    VersionTableModel,
    diff_summary,
    diff_tables,
    rollback_done_text,
    rollback_text,
    version_files_text,
)
from kgdesk.ui.widgets import Banner, button, label

if TYPE_CHECKING:
    from kgdesk.app.library_desk import VersionList
    from kgdesk.app.library_versions import VersionDiff, VersionInfo
    from kgdesk.ui.context import UiContext

ROLLBACK_TASK = "import.rollback"
"""The rollback's task name: the import page counts it as a build (no build or drop meanwhile)."""


class VersionsDialog(QDialog):
    """Version table on top, the selected version's files or the difference of two below."""

    published = Signal(str)  # the new version a rollback published

    def __init__(self, ctx: UiContext, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("versionsDialog")
        self.setWindowTitle("版本")
        self.resize(1080, 680)
        self.listed: VersionList | None = None
        self.shown_diff: VersionDiff | None = None
        self.last_rollback: dict[str, Any] | None = None
        self._cancel: CancelToken | None = None

        lay = QVBoxLayout(self)
        lay.addWidget(label("版本", "title"))
        self.summary = label("正在读取…", "muted", wrap=True, selectable=True)
        lay.addWidget(self.summary)
        self.banner = Banner()
        lay.addWidget(self.banner)
        self.progress = BuildProgress()
        self.progress.cancel_requested.connect(self.cancel_rollback)
        lay.addWidget(self.progress)

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self._make_table())
        split.addWidget(self._make_lower())
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([240, 320])  # the difference's tables need the room more than a few versions do
        lay.addWidget(split, 1)
        lay.addLayout(self._make_buttons())
        self._refresh_buttons()

    def _make_table(self) -> QTableView:
        self.model = VersionTableModel()
        self.table = QTableView()
        self.table.setObjectName("versionTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        h.setHighlightSections(False)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._selection_changed())
        return self.table

    def _make_lower(self) -> QWidget:
        lower = QWidget()
        lower_lay = QVBoxLayout(lower)
        lower_lay.setContentsMargins(0, 6, 0, 0)
        self.detail_title = label("选择一个版本查看它的文件；选择两个版本查看它们的差异", "section", wrap=True)
        self.detail = label("", "muted", wrap=True, selectable=True)
        self.detail.setObjectName("versionDetail")
        lower_lay.addWidget(self.detail_title)
        lower_lay.addWidget(self.detail)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("diffTabs")
        self.diff_tables: dict[str, QTableWidget] = {}
        for name in ("文件", "模板行数", "节点", "关系"):
            t = QTableWidget()
            t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            t.setAlternatingRowColors(True)
            t.verticalHeader().hide()
            t.setWordWrap(False)
            self.diff_tables[name] = t
            self.tabs.addTab(t, name)
        self.tabs.hide()
        lower_lay.addWidget(self.tabs, 1)
        return lower

    def _make_buttons(self) -> QHBoxLayout:
        bottom = QHBoxLayout()
        self.compare_btn = button("比较所选版本", "table", variant="primary",
                                  tip="选择一个版本：与当前发布的版本比较；选择两个版本：比较这两个版本（Enter）")
        self.rollback_btn = button("回滚到此版本", "undo",
                                   tip="用所选版本保存的源文件重新发布它（记入审计日志）")
        self.refresh_btn = button("刷新", "refresh")
        self.close_btn = button("关闭")
        self.close_btn.setAutoDefault(False)
        for b in (self.rollback_btn, self.refresh_btn):
            b.setAutoDefault(False)
        self.compare_btn.setDefault(True)
        bottom.addWidget(self.compare_btn)
        bottom.addWidget(self.rollback_btn)
        bottom.addStretch(1)
        bottom.addWidget(self.refresh_btn)
        bottom.addWidget(self.close_btn)
        self.compare_btn.clicked.connect(self.compare)
        self.rollback_btn.clicked.connect(self.start_rollback)
        self.refresh_btn.clicked.connect(self.refresh)
        self.close_btn.clicked.connect(self.reject)
        return bottom

    # -- state -----------------------------------------------------------------------------
    @property
    def rolling_back(self) -> bool:
        return self.ctx.tasks.running(ROLLBACK_TASK)

    def selected(self) -> list[VersionInfo]:
        """The selected versions, older first (a difference reads from the earlier to the later)."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()}, reverse=True)
        return [self.model.rows[r] for r in rows if r < len(self.model.rows)]

    def select(self, *versions: str) -> None:
        """Select these versions (keyboard and tests; the user clicks or uses Ctrl/Shift)."""
        sel = self.table.selectionModel()
        sel.clearSelection()
        for i, v in enumerate(self.model.rows):
            if v.version in versions:
                sel.select(self.model.index(i, 0), sel.SelectionFlag.Select | sel.SelectionFlag.Rows)

    def _refresh_buttons(self) -> None:
        chosen = self.selected()
        busy = self.rolling_back or self.ctx.tasks.running("import.build")
        published = self.listed.published_version if self.listed else None
        one = len(chosen) == 1
        self.compare_btn.setEnabled(not busy and (len(chosen) == 2 or (one and published is not None
                                                                          and not chosen[0].published)))
        self.compare_btn.setText("与当前发布的版本比较" if one else "比较所选的两个版本")
        self.rollback_btn.setEnabled(not busy and one and chosen[0].can_rollback)
        self.refresh_btn.setEnabled(not self.rolling_back)
        self.table.setEnabled(not self.rolling_back)

    def _selection_changed(self) -> None:
        chosen = self.selected()
        if len(chosen) == 1:
            self.detail_title.setText("所选版本的文件")
            self.detail.setText(version_files_text(chosen[0]))
            self.detail.show()
        elif len(chosen) > 2:
            self.detail_title.setText("比较需要恰好选择两个版本")
            self.detail.hide()
        self._refresh_buttons()

    # -- reading ---------------------------------------------------------------------------
    def refresh(self) -> asyncio.Task[None]:
        return self.ctx.tasks.spawn("versions.load", self._load())

    async def _load(self) -> None:
        keep = [v.version for v in self.selected()]
        try:
            listed = await run_sync(self.ctx.desktop.library().versions)
        except KgdeskError as e:
            self.summary.setText("")
            self.banner.show_message("error", f"无法读取版本列表：{e.message}")
            return
        self.listed = listed
        self.model.set_rows(listed.versions)
        if not listed.versions:
            self.summary.setText("还没有发布的版本。构建图谱后，每次发布的版本都会列在这里。")
        else:
            kept = sum(1 for v in listed.versions if v.can_rollback)
            self.summary.setText(
                f"共 {len(listed.versions)} 个已发布的版本（最新的在上面），当前发布：{listed.published_version or '无'}；"
                f"其中 {kept} 个可以回滚。按住 Ctrl 选择两个版本可查看差异。")
        if keep:
            self.select(*keep)
        self._refresh_buttons()

    def compare(self) -> asyncio.Task[None] | None:
        chosen = self.selected()
        published = self.listed.published_version if self.listed else None
        if len(chosen) == 2:
            a, b = chosen[0].version, chosen[1].version
        elif len(chosen) == 1 and published is not None and not chosen[0].published:
            a, b = published, chosen[0].version  # what going to the chosen one would change
        else:
            return None
        return self.ctx.tasks.spawn("versions.diff", self._compare(a, b))

    async def _compare(self, a: str, b: str) -> None:
        self.detail_title.setText(f"版本差异：{a} → {b}（正在比较…）")
        try:
            d = await run_sync(self.ctx.desktop.library().diff, a, b)
        except KgdeskError as e:
            self.detail_title.setText("版本差异")
            self.banner.show_message("error", f"无法比较这两个版本：{e.message}")
            return
        self.show_diff(d)

    def show_diff(self, d: VersionDiff) -> None:
        self.shown_diff = d
        self.detail_title.setText(f"版本差异：{d.a}（之前）→ {d.b}（之后）")
        self.detail.setText(diff_summary(d))
        self.detail.show()
        for name, (headers, rows) in diff_tables(d).items():
            fill(self.diff_tables[name], headers, rows)
        self.tabs.show()

    # -- rollback --------------------------------------------------------------------------
    def start_rollback(self) -> asyncio.Task[None] | None:
        chosen = self.selected()
        if len(chosen) != 1 or not chosen[0].can_rollback or self.rolling_back:
            return None
        return self.ctx.tasks.spawn(ROLLBACK_TASK, self._confirm_and_rollback(chosen[0]), supersede=False)

    async def _confirm_and_rollback(self, target: VersionInfo) -> None:
        self.banner.hide()
        try:
            plan = await run_sync(self.ctx.desktop.library().rollback_plan, target.version)
        except KgdeskError as e:
            self.banner.show_message("error", e.message)
            return
        box = ConfirmBox(self, "回滚到此版本", rollback_text(plan), "回滚", icon_name="undo")
        box.setObjectName("rollbackConfirm")
        try:
            if await show_dialog(box) != QDialog.DialogCode.Accepted:
                self.banner.show_message("info", "已取消回滚，图谱和台账库都没有改变。")
                return
        finally:
            box.deleteLater()
        try:
            await self._rollback(target)
        finally:
            asyncio.get_running_loop().call_soon(self._refresh_buttons)
        await self._load()

    async def _rollback(self, target: VersionInfo) -> None:
        token = CancelToken()
        self._cancel = token
        self.progress.start(f"回滚到版本 {target.version}")
        self._refresh_buttons()
        progress = ThreadSafeProgress(self.progress.update_event)
        try:
            # as a build: the worker stops by itself at a cancel, after undoing what it wrote
            out = await asyncio.shield(run_sync(self.ctx.desktop.library().rollback, target.version, progress, token))
            report = self.last_rollback = out.report
            if report.get("status") == "published":
                self.banner.show_message("success", rollback_done_text(report, len(target.files)))
                self.published.emit(str(report.get("version") or ""))
            elif token.cancelled or report.get("error_code") == "E_CANCELLED":
                self.last_rollback = {**report, "status": "cancelled"}
                self.banner.show_message("info", "回滚已取消，写入的内容已撤回。" + still_in_use(report))
            elif out.refused:
                self.banner.show_message("error", str(report.get("error") or "回滚被拒绝"))
            else:
                self.banner.show_message("error", failure_text(report).replace("构建失败", "回滚失败", 1))
        except CancelledError:
            self.last_rollback = {"status": "cancelled"}
            self.banner.show_message("info", "回滚已取消。" + still_in_use({}))
        except asyncio.CancelledError:
            token.cancel()  # the window is closing: the worker stops and undoes its writes
            raise
        except KgdeskError as e:
            self.last_rollback = {"status": "failed", "error": e.message}
            self.banner.show_message("error", f"回滚没有完成：{e.message}")
        finally:
            progress.close()
            if self._cancel is token:
                self._cancel = None
            self.progress.hide()

    def cancel_rollback(self) -> None:
        if self._cancel is not None:
            self._cancel.cancel()
            self.progress.cancelling()

    def reject(self) -> None:
        """Esc or 关闭: while a rollback runs, ask it to stop (the dialog stays to show how it ended)."""
        if self.rolling_back:
            self.cancel_rollback()
            return
        super().reject()


def fill(table: QTableWidget, headers: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    table.clear()
    table.setColumnCount(len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = QTableWidgetItem("" if value is None else str(value))
            item.setToolTip(item.text())
            table.setItem(r, c, item)
    h = table.horizontalHeader()
    h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    h.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)


async def open_versions(ctx: UiContext, parent: QWidget, on_published: Callable[[str], None]) -> None:
    """Open the dialog; `on_published(version)` runs after a rollback published (the page reloads)."""
    dlg = VersionsDialog(ctx, parent)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.published.connect(on_published)
    dlg.refresh()
    try:
        await show_dialog(dlg)
    finally:
        ctx.tasks.cancel("versions.load")
        ctx.tasks.cancel("versions.diff")
