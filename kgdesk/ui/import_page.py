"""Import page: the ledger library, files in (drop or dialog), validation per file and row, build.

The graph is always built from the whole library (kgdesk.app.library): dropped files are added
to it at the next build, a same-named file replaces the library's copy after the user agrees, and
the page says what the build will change. Everything it computes comes from the desktop adapter
(`kgdesk.app.desktop`); this module only shows results and forwards the user's actions.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from kgdesk.errors import CancelledError, KgdeskError
from kgdesk.progress import CancelToken, ProgressEvent
from kgdesk.ui import theme
from kgdesk.ui.aio import ThreadSafeProgress, run_sync
from kgdesk.ui.import_library import LibraryPanel, ask_to_continue, confirm_text
from kgdesk.ui.models import FileTableModel, IssueTableModel, row_detail_html
from kgdesk.ui.widgets import Banner, PageHeader, button, label, user_documents

if TYPE_CHECKING:
    from kgdesk.app.library_desk import Pending
    from kgdesk.app.library_service import LibraryView
    from kgdesk.ui.context import UiContext

log = logging.getLogger("kgdesk.ui")

STAGE_TEXT = {
    "validate": "校验文件",
    "read": "读取文件",
    "plan": "规划节点和关系",
    "prepare": "准备",
    "lock": "获取构建锁",
    "constraints": "创建约束和索引",
    "nodes": "写入节点",
    "relationships": "写入关系",
    "readback": "核对数量",
    "verify": "核对数量",
    "schema": "生成元模式",
    "quality": "生成质量报告",
    "publish": "发布新版本",
    "cleanup": "清理中断构建的残留",
    "prune": "清理旧版本",
    "copy": "保存源文件副本",
}
EXCEL_FILTER = "Excel 台账 (*.xlsx *.xlsm *.xls);;所有文件 (*)"


def local_paths(urls: Sequence[QUrl]) -> list[Path]:
    return [Path(u.toLocalFile()) for u in urls if u.isLocalFile() and u.toLocalFile()]


def _plain(text: str) -> str:
    """Text without separators, to see whether a message only repeats the stage line."""
    return "".join(ch for ch in text if ch not in " ·：:")


class DropZone(QFrame):
    """The empty state: where to drop files, and the same actions as buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("dropZone")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(40, 40, 40, 40)
        lay.addStretch(1)
        icon = QLabel()
        icon.setPixmap(theme.icon("import", theme.PRIMARY).pixmap(48, 48))
        icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(icon)
        title = label("把 Excel 台账或文件夹拖到窗口里", "title")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(title)
        hint = label(
            "支持 .xlsx / .xls，可一次拖入多个文件或整个文件夹。原文件不会被修改。\n"
            "kgdesk 自动识别 15 种台账模板，逐行校验并标出行号。",
            "muted",
        )
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(hint)
        row = QHBoxLayout()
        row.addStretch(1)
        self.add_files = button("选择文件…", "file-add", variant="primary")
        self.add_folder = button("选择文件夹…", "folder")
        row.addWidget(self.add_files)
        row.addWidget(self.add_folder)
        row.addStretch(1)
        lay.addSpacing(12)
        lay.addLayout(row)
        lay.addStretch(2)

    def set_active(self, active: bool) -> None:
        theme.set_variant(self, "active", "true" if active else "false")


class BuildProgress(QFrame):
    """Stage label, progress bar and the cancel button of a running validation or build."""

    cancel_requested = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setProperty("role", "card")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 8, 12, 8)
        col = QVBoxLayout()
        col.setSpacing(4)
        self.stage = label("", "section")
        self.detail = label("", "muted")
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        col.addWidget(self.stage)
        col.addWidget(self.bar)
        col.addWidget(self.detail)
        lay.addLayout(col, 1)
        self.cancel = button("取消", "stop", variant="danger")
        self.cancel.clicked.connect(self.cancel_requested)
        lay.addWidget(self.cancel, 0, Qt.AlignmentFlag.AlignVCenter)
        self.hide()

    def start(self, title: str) -> None:
        self.stage.setText(title)
        self.detail.setText("")
        self.bar.setRange(0, 0)  # busy until the first counted event
        self.cancel.setEnabled(True)
        self.cancel.setText("取消")
        self.show()

    def update_event(self, e: ProgressEvent) -> None:
        # a stage this page does not know yet shows the core's Chinese message, never its English key
        stage = STAGE_TEXT.get(e.stage) or e.message or "处理中"
        title = f"{stage}" + (f" · {e.item}" if e.item else "")
        self.stage.setText(title)
        if e.total:
            self.bar.setRange(0, e.total)
            self.bar.setValue(min(e.done, e.total))
            self.bar.setFormat(f"{e.done} / {e.total}")
        else:
            self.bar.setRange(0, 0)
        same = _plain(e.message) in (_plain(title), _plain(stage))
        self.detail.setText("" if same else e.message)

    def cancelling(self) -> None:
        self.cancel.setEnabled(False)
        self.cancel.setText("正在取消…")
        self.detail.setText("正在停止，已写入的内容会被撤回…")


class ImportPage(QWidget):
    """Files, their validation, and the build. Signals let the window refresh status and quality."""

    published = Signal(str)  # the new version id
    busy_changed = Signal(bool)

    def __init__(self, ctx: UiContext) -> None:
        super().__init__()
        self.ctx = ctx
        from kgdesk.app.desktop import ImportSession

        self.session = ImportSession()
        self._cancel: CancelToken | None = None
        self.last_build: dict[str, Any] | None = None
        self.view: LibraryView | None = None
        self.pending: Pending | None = None

        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.setSpacing(0)
        self.header = PageHeader("导入台账", "拖入 Excel 台账 → 校验 → 构建知识图谱")
        self.add_files_btn = button("添加文件…", "file-add")
        self.add_folder_btn = button("添加文件夹…", "folder")
        self.clear_btn = button("清空", "trash")
        self.build_btn = button("构建图谱", "build", variant="primary",
                                tip="把新文件加入台账库，用整个台账库构建新的图谱版本，成功后发布")
        for b in (self.add_files_btn, self.add_folder_btn, self.clear_btn, self.build_btn):
            self.header.action_bar.addWidget(b)
        root.addWidget(self.header)

        body = QVBoxLayout()
        body.setContentsMargins(20, 16, 20, 16)
        body.setSpacing(10)
        root.addLayout(body, 1)

        self.banner = Banner()
        body.addWidget(self.banner)
        self.progress = BuildProgress()
        body.addWidget(self.progress)
        self.library_panel = LibraryPanel()
        body.addWidget(self.library_panel, 3)
        self.library_panel.remove_btn.clicked.connect(self.remove_selected)
        self.library_panel.versions_btn.clicked.connect(self.open_versions)

        self.stack = QStackedWidget()
        body.addWidget(self.stack, 2)
        self.drop_zone = DropZone()
        self.stack.addWidget(self.drop_zone)

        self.files = FileTableModel()
        self.table = QTableView()
        self.table.setObjectName("fileTable")
        self.table.setModel(self.files)
        self._setup_table(self.table, stretch=0)
        self.table.selectionModel().selectionChanged.connect(self._file_selected)

        self.issues = IssueTableModel()
        self.issue_table = QTableView()
        self.issue_table.setObjectName("issueTable")
        self.issue_table.setModel(self.issues)
        self._setup_table(self.issue_table, stretch=5)
        self.issue_table.selectionModel().selectionChanged.connect(self._issue_selected)
        self.row_view = QTextBrowser()
        self.row_view.setObjectName("rowView")
        self.row_view.setOpenLinks(False)
        self.issue_title = label("选择上方的文件查看它的问题", "section")

        lower = QWidget()
        lower_lay = QVBoxLayout(lower)
        lower_lay.setContentsMargins(0, 6, 0, 0)
        lower_lay.addWidget(self.issue_title)
        issues_split = QSplitter(Qt.Orientation.Horizontal)
        issues_split.addWidget(self.issue_table)
        issues_split.addWidget(self.row_view)
        issues_split.setStretchFactor(0, 3)
        issues_split.setStretchFactor(1, 2)
        lower_lay.addWidget(issues_split, 1)

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(lower)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        self.stack.addWidget(split)
        self.summary = label("", "muted")
        body.addWidget(self.summary)

        self.add_files_btn.clicked.connect(self.choose_files)
        self.drop_zone.add_files.clicked.connect(self.choose_files)
        self.add_folder_btn.clicked.connect(self.choose_folder)
        self.drop_zone.add_folder.clicked.connect(self.choose_folder)
        self.clear_btn.clicked.connect(self.clear)
        self.build_btn.clicked.connect(self.start_build)
        self.progress.cancel_requested.connect(self.cancel_work)
        self._refresh_buttons()

    @staticmethod
    def _setup_table(t: QTableView, stretch: int) -> None:
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        t.setAlternatingRowColors(True)
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        t.verticalHeader().hide()
        t.verticalHeader().setDefaultSectionSize(28)
        t.setShowGrid(False)
        h = t.horizontalHeader()
        h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
        h.setHighlightSections(False)
        t.setWordWrap(False)

    # -- state -----------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.ctx.tasks.running("import.validate") or self.ctx.tasks.running("import.build")

    @property
    def building(self) -> bool:
        """A build, or a rollback (which is one) from the 版本 dialog."""
        return self.ctx.tasks.running("import.build") or self.ctx.tasks.running("import.rollback")

    def _refresh_buttons(self) -> None:
        run = self.session.run
        accepted = bool(run and run.accepted_files) or bool(self.view and self.view.rows)
        building = self.building
        validating = self.ctx.tasks.running("import.validate")
        self.build_btn.setEnabled(accepted and not building and not validating)
        self.library_panel.remove_btn.setEnabled(
            not building and self.library_panel.selected_file() is not None)
        self.clear_btn.setEnabled(bool(self.session.paths) and not building)
        self.add_files_btn.setEnabled(not building)
        self.add_folder_btn.setEnabled(not building)
        self.setAcceptDrops(False)
        self.stack.setCurrentIndex(1 if self.session.paths else 0)
        if run is not None and not validating:
            s = run.summary()
            self.summary.setText(
                f"共 {len(run.files)} 个文件：接收 {s['accepted']} 个，拒收 {s['rejected']} 个，警告 {s['warnings']} 条"
            )
        elif not self.session.paths:
            self.summary.setText("")

    # -- adding files ----------------------------------------------------------------------
    def choose_files(self) -> None:
        dlg = QFileDialog(self, "选择 Excel 台账", user_documents(), EXCEL_FILTER)
        dlg.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dlg.filesSelected.connect(lambda files: self.add_paths([Path(f) for f in files]))
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.open()

    def choose_folder(self) -> None:
        dlg = QFileDialog(self, "选择包含台账的文件夹", user_documents())
        dlg.setFileMode(QFileDialog.FileMode.Directory)
        dlg.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dlg.fileSelected.connect(lambda d: self.add_paths([Path(d)]) if d else None)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.open()

    def add_paths(self, paths: Sequence[Path]) -> asyncio.Task[None] | None:
        """Add files/folders and validate the whole set again (cross-file checks need all of them)."""
        if not paths:
            return None
        if self.building:
            self.banner.show_message("warning", "正在构建图谱，请等构建结束后再添加文件。")
            return None
        return self.ctx.tasks.spawn("import.validate", self._validate(list(paths)))

    def clear(self) -> None:
        if self.building:
            return
        self.ctx.tasks.cancel("import.validate")
        if self._cancel:
            self._cancel.cancel()
        self.session.clear()
        self._update_pending()
        self.files.set_paths([])
        self.issues.set_issues([])
        self.row_view.clear()
        self.banner.hide()
        self.progress.hide()
        self._refresh_buttons()

    async def _validate(self, new_paths: list[Path]) -> None:
        token = CancelToken()
        if self._cancel is not None:
            self._cancel.cancel()  # the previous validation is superseded
        self._cancel = token
        self.banner.hide()
        self.busy_changed.emit(True)
        progress = ThreadSafeProgress(self.progress.update_event)
        try:
            await self._ensure_library()
            expanded = await run_sync(self.ctx.desktop.collect, new_paths)
            added = self.session.add(new_paths, expanded)
            if not added and self.session.run is not None:
                self.banner.show_message("info", "这些文件已经在列表中了。")
                return
            if not self.session.paths:
                self.banner.show_message("warning", "没有找到 Excel 文件（.xlsx / .xls）。")
                return
            self.files.set_paths(self.session.paths)
            self._refresh_buttons()
            self.progress.start("校验文件")
            run = await run_sync(self.ctx.desktop.validate, list(self.session.paths), progress, token)
            self.session.run = run
            self._update_pending()
            self.files.set_results(run.files, run.references)
            if self.table.currentIndex().row() < 0 and self.files.rows:
                self.table.selectRow(0)
            else:
                self._show_issues(self.table.currentIndex().row())
        except (CancelledError, asyncio.CancelledError):
            self.files.set_state("pending")
            raise
        except KgdeskError as e:
            self.files.set_state("failed")
            self.banner.show_message("error", f"校验没有完成：{e.message}")
        finally:
            progress.close()
            if self._cancel is token:
                self._cancel = None
                self.progress.hide()
            self.busy_changed.emit(False)
            # the task still counts as running while this block runs; refresh once it is done
            asyncio.get_running_loop().call_soon(self._refresh_buttons)

    # -- issues ----------------------------------------------------------------------------
    def _file_selected(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = selected.indexes()
        self._show_issues(rows[0].row() if rows else -1)

    def _show_issues(self, row: int) -> None:
        self.row_view.clear()
        if row < 0 or row >= len(self.files.rows):
            self.issues.set_issues([])
            self.issue_title.setText("选择上方的文件查看它的问题")
            return
        fr = self.files.rows[row]
        issues = self.files.issues_for(row)
        self.issues.set_issues(issues)
        if fr.result is None:
            self.issue_title.setText(f"{fr.name}：尚未校验")
        elif not issues:
            self.issue_title.setText(f"{fr.name}：没有发现问题")
        else:
            self.issue_title.setText(f"{fr.name}：{len(issues)} 个问题（点击一行查看该行原始内容）")
            self.issue_table.selectRow(0)

    def _issue_selected(self, selected: QItemSelection, _d: QItemSelection) -> None:
        idx = selected.indexes()
        if not idx:
            return
        issue = self.issues.issues[idx[0].row()]
        fr = self.files.rows[self.table.currentIndex().row()] if self.table.currentIndex().isValid() else None
        if fr is None or fr.result is None or issue.row is None:
            self.row_view.setHtml(f"<p>{issue.message}</p>")
            return
        data = next((d for d in fr.result.data_rows if d.row == issue.row), None)
        html = row_detail_html(data, fr.result.columns, issue.fields)
        self.row_view.setHtml(f"<p>{issue.message}</p>{html}" if html else f"<p>{issue.message}</p>")

    def selected_file_index(self) -> QModelIndex:
        return self.table.currentIndex()

    # -- the library -------------------------------------------------------------------------
    def start(self) -> None:
        """Background work once the window's loop runs (MainWindow.start): show the library."""
        self.refresh_library()

    def refresh_library(self) -> asyncio.Task[None]:
        return self.ctx.tasks.spawn("import.library", self._load_library())

    async def _ensure_library(self) -> None:
        if self.view is None:
            await self._load_library()

    async def _load_library(self) -> None:
        """This computer's records first (instant), then the published version from the graph."""
        library = self.ctx.desktop.library()
        for use_graph in (False, True):
            try:
                self.view = await run_sync(library.view, use_graph)
            except KgdeskError as e:
                self.banner.show_message("error", f"无法读取台账库：{e.message}")
                return
            self.library_panel.set_view(self.view)
            self._update_pending()
            self._refresh_buttons()

    def _update_pending(self) -> None:
        if self.view is None:
            return
        self.pending = self.ctx.desktop.library().pending(self.view, self.session.run)
        self.library_panel.set_pending(self.pending)

    def remove_selected(self) -> asyncio.Task[None] | None:
        name = self.library_panel.selected_file()
        if name is None or self.building:
            return None
        return self.ctx.tasks.spawn("import.remove", self._remove(name))

    async def _remove(self, name: str) -> None:
        removed, missing = await run_sync(self.ctx.desktop.library().remove, [name])
        if removed:
            self.banner.show_message("info", f"已从台账库移除「{name}」，下次构建图谱后生效。")
        else:
            self.banner.show_message("warning", f"台账库中已经没有「{'、'.join(missing)}」。")
        await self._load_library()

    def open_versions(self) -> asyncio.Task[None]:
        """The 版本 dialog (kgdesk.ui.versions_dialog); after a rollback the library is read again."""
        from kgdesk.ui.versions_dialog import open_versions

        return self.ctx.tasks.spawn("versions", open_versions(self.ctx, self, self._rolled_back))

    def _rolled_back(self, version: str) -> None:
        self.refresh_library()
        self.published.emit(version)

    # -- build -----------------------------------------------------------------------------
    def start_build(self) -> asyncio.Task[None] | None:
        if self.busy or not (self.session.paths or (self.view and self.view.rows)):
            return None
        return self.ctx.tasks.spawn("import.build", self._confirm_and_build(list(self.session.paths)),
                                    supersede=False)

    async def _confirm_and_build(self, paths: list[Path]) -> None:
        """Ask first when a file replaces the library's copy or a template would disappear."""
        await self._ensure_library()
        pending = self.pending
        if pending is not None and (pending.replaces or pending.changes.dropped_templates):
            self._refresh_buttons()
            if not await ask_to_continue(self, "确认构建", confirm_text(pending)):
                self.banner.show_message("info", "已取消构建，台账库没有改变。")
                asyncio.get_running_loop().call_soon(self._refresh_buttons)
                return
        try:
            await self._build(paths)
            if (self.last_build or {}).get("status") == "published":
                self._forget_added_files()  # they are in the library now, which the panel shows
            await self._load_library()
        finally:
            asyncio.get_running_loop().call_soon(self._refresh_buttons)

    def _forget_added_files(self) -> None:
        self.session.clear()
        self.files.set_paths([])
        self.issues.set_issues([])
        self.row_view.clear()
        self.issue_title.setText("选择上方的文件查看它的问题")

    def cancel_work(self) -> None:
        if self._cancel is not None:
            self._cancel.cancel()
            if self.building:
                self.progress.cancelling()
            else:
                self.ctx.tasks.cancel("import.validate")

    async def _build(self, paths: list[Path]) -> None:
        token = CancelToken()
        self._cancel = token
        self.banner.hide()
        self.progress.start("开始构建")
        self.busy_changed.emit(True)
        self._refresh_buttons()
        progress = ThreadSafeProgress(self.progress.update_event)
        try:
            # The worker checks the token between batches; we wait for it to stop by itself so
            # the core can roll back its half-written version before we say "cancelled".
            report = await asyncio.shield(run_sync(self.ctx.desktop.build, paths, progress, token))
            self.last_build = report
            if report.get("status") == "published":
                notes = "".join(f" {n}。" for n in report.get("library_notes") or [])
                if report.get("rejected_files"):
                    notes += f" 拒收 {len(report['rejected_files'])} 个文件（未加入台账库）：{'、'.join(report['rejected_files'])}。"
                self.banner.show_message("success", published_text(report) + notes)
                self.published.emit(str(report.get("version") or ""))
            elif token.cancelled or report.get("error_code") == "E_CANCELLED":
                self.last_build = {**report, "status": "cancelled"}
                self.banner.show_message("info", "构建已取消，写入的内容已撤回。" + still_in_use(report))
            else:
                self.banner.show_message("error", failure_text(report))
        except CancelledError:
            self.last_build = {"status": "cancelled"}
            self.banner.show_message("info", "构建已取消。" + still_in_use({}))
        except asyncio.CancelledError:
            token.cancel()  # window closing: ask the worker to stop and roll back
            raise
        except KgdeskError as e:
            self.last_build = {"status": "failed", "error": e.message}
            self.banner.show_message("error", failure_text(self.last_build))
        finally:
            progress.close()
            if self._cancel is token:
                self._cancel = None
            self.progress.hide()
            self.busy_changed.emit(False)
            # the task is still "running" while this block runs; refresh once it is done
            asyncio.get_running_loop().call_soon(self._refresh_buttons)


def published_text(report: dict[str, Any]) -> str:
    nodes: dict[str, int] = report.get("nodes") or {}
    rels: dict[str, int] = report.get("relationships") or {}
    n_total, r_total = sum(nodes.values()), sum(rels.values())
    top = "，".join(f"{k} {v}" for k, v in sorted(nodes.items(), key=lambda kv: -kv[1])[:6])
    text = (
        f"已发布新版本 {report.get('version', '')}：节点 {n_total} 个（{top}），关系 {r_total} 条"
        f"，用时 {float(report.get('seconds') or 0):.1f} 秒。"
    )
    if report.get("warnings"):
        text += f" 警告 {report['warnings']} 条"
        if report.get("skipped_rows"):
            text += f"，跳过 {report['skipped_rows']} 行"
        text += "，可在“数据质量”中查看。"
    return text


def still_in_use(report: dict[str, Any]) -> str:
    previous = report.get("published_version")
    return f"之前发布的版本 {previous} 仍在使用。" if previous else "之前发布的版本（如有）仍在使用。"


def failure_text(report: dict[str, Any]) -> str:
    reason = str(report.get("error") or "构建没有通过核对").rstrip("。")
    if not reason.startswith("构建失败"):
        reason = f"构建失败：{reason}"
    if "仍在使用" in reason:
        return reason + "。"
    return f"{reason}。{still_in_use(report)}"
