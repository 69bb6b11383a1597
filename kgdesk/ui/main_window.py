"""The main window: navigation rail, import and chat pages, status bar, window-wide drag and drop."""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
    QShortcut,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from kgdesk.app.contracts import StatusInfo
from kgdesk.app.preferences import WindowState
from kgdesk.ui import theme
from kgdesk.ui.aio import run_sync
from kgdesk.ui.context import UiContext
from kgdesk.ui.import_page import ImportPage, local_paths

log = logging.getLogger("kgdesk.ui")

STATUS_REFRESH_MS = 15_000


class NavRail(QFrame):
    """Left rail: page buttons (exclusive) on top, dialog buttons at the bottom."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("navRail")
        self.setFixedWidth(92)
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 8, 0, 8)
        self.lay.setSpacing(2)
        logo = QLabel()
        logo.setPixmap(theme.app_icon().pixmap(36, 36))
        logo.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.lay.addWidget(logo)
        title = QLabel("kgdesk")
        title.setObjectName("appTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.lay.addWidget(title)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self._bottom_started = False

    def _button(self, text: str, icon_name: str) -> QToolButton:
        b = QToolButton()
        b.setText(text)
        b.setIcon(theme.icon(icon_name, theme.TEXT))
        b.setIconSize(QSize(22, 22))
        b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        b.setCursor(Qt.CursorShape.PointingHandCursor)
        b.setMinimumWidth(80)
        b.setAccessibleName(text)
        return b

    def add_page(self, text: str, icon_name: str) -> QToolButton:
        b = self._button(text, icon_name)
        b.setCheckable(True)
        self.group.addButton(b)
        self.lay.addWidget(b, 0, Qt.AlignmentFlag.AlignHCenter)
        return b

    def add_action(self, text: str, icon_name: str) -> QToolButton:
        if not self._bottom_started:
            self.lay.addStretch(1)
            self._bottom_started = True
        b = self._button(text, icon_name)
        self.lay.addWidget(b, 0, Qt.AlignmentFlag.AlignHCenter)
        return b


class StatusPanel:
    """The three permanent status bar fields: graph server, published version, LLM."""

    def __init__(self, window: QMainWindow) -> None:
        bar = window.statusBar()
        bar.setSizeGripEnabled(True)
        self.graph = QLabel("图数据库：检查中…")
        self.graph.setObjectName("statusGraph")
        self.version = QLabel("数据版本：—")
        self.version.setObjectName("statusVersion")
        self.llm = QLabel("语言模型：—")
        self.llm.setObjectName("statusLlm")
        self.user = QLabel("")
        self.user.setObjectName("statusUser")
        for w in (self.graph, self.version, self.llm):
            bar.addWidget(w)
        bar.addPermanentWidget(self.user)
        theme.set_variant(self.graph, "state", "busy")
        self.info: StatusInfo | None = None

    def show_info(self, info: StatusInfo) -> None:
        self.info = info
        self.graph.setText(info.graph_text)
        theme.set_variant(self.graph, "state", info.graph_state)
        self.version.setText(f"数据版本：{info.version}" if info.version else "数据版本：尚未发布")
        theme.set_variant(self.version, "state", "ok" if info.version else "off")
        self.llm.setText(info.llm_text)
        theme.set_variant(self.llm, "state", "ok" if info.llm_online else "off")


class MainWindow(QMainWindow):
    close_requested = Signal()
    activated = Signal()

    def __init__(self, ctx: UiContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.setWindowTitle("kgdesk · 台账知识图谱")
        self.setWindowIcon(theme.app_icon())
        self.setAcceptDrops(True)
        self.resize(1280, 800)
        self.setMinimumSize(QSize(960, 600))
        self._closing = False

        central = QWidget()
        lay = QHBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.nav = NavRail()
        lay.addWidget(self.nav)
        self.pages = QStackedWidget()
        lay.addWidget(self.pages, 1)
        self.setCentralWidget(central)

        self.import_page = ImportPage(ctx)
        self.pages.addWidget(self.import_page)
        from kgdesk.ui.chat_page import ChatPage

        self.chat_page = ChatPage(ctx)
        self.pages.addWidget(self.chat_page)

        self.nav_import = self.nav.add_page("导入", "import")
        self.nav_chat = self.nav.add_page("问答", "chat")
        self.nav_import.setChecked(True)
        self.nav_import.clicked.connect(lambda: self.show_page(self.import_page))
        self.nav_chat.clicked.connect(lambda: self.show_page(self.chat_page))
        self.nav_quality = self.nav.add_action("数据质量", "quality")
        self.nav_history = self.nav.add_action("运行记录", "history")
        self.nav_audit = self.nav.add_action("审计日志", "audit")
        self.nav_settings = self.nav.add_action("设置", "settings")

        self.status = StatusPanel(self)

        from kgdesk.ui.quality import QualityWatcher

        self.quality = QualityWatcher(ctx, self)
        for page in (self.import_page, self.chat_page):
            page.header.quality_mark.clicked.connect(self.quality.open_dialog)
        self.quality.changed.connect(self._quality_changed)
        self.nav_quality.clicked.connect(self.quality.open_dialog)
        self.nav_settings.clicked.connect(self.open_settings)
        self.nav_history.clicked.connect(self.open_history)
        self.nav_audit.clicked.connect(self.open_audit)

        self.import_page.published.connect(self._on_published)
        self._status_timer = QTimer(self)
        self._status_timer.setInterval(STATUS_REFRESH_MS)
        self._status_timer.timeout.connect(self.refresh_status)
        self._drag_active = False
        self.shortcuts = self._shortcuts()

    def _shortcuts(self) -> dict[str, QShortcut]:
        """Ctrl+N new conversation, Ctrl+F search, Ctrl+L the question box, Ctrl+E export the latest answer."""
        keys = {
            "new": ("Ctrl+N", lambda: self._on_chat(self.chat_page.new_thread)),
            "find": ("Ctrl+F", lambda: self._on_chat(self.chat_page.focus_search)),
            "ask": ("Ctrl+L", lambda: self._on_chat(self.chat_page.focus_input)),
            "export": ("Ctrl+E", lambda: self._on_chat(self.chat_page.export_last)),
        }
        out = {}
        for name, (key, fn) in keys.items():
            sc = QShortcut(QKeySequence(key), self)
            sc.setContext(Qt.ShortcutContext.WindowShortcut)
            sc.activated.connect(fn)
            out[name] = sc
        return out

    def _on_chat(self, fn: object) -> None:
        self.show_page(self.chat_page)
        assert callable(fn)
        fn()

    # -- pages -----------------------------------------------------------------------------
    def show_page(self, page: QWidget) -> None:
        self.pages.setCurrentWidget(page)
        (self.nav_import if page is self.import_page else self.nav_chat).setChecked(True)

    def start(self, state: WindowState | None = None, *, chat: bool = True) -> None:
        """Background work after the window is on screen (status, quality, chat threads); `state`:
        where the user left off last time (the page, the open conversation); `chat=False`: the
        conversations are loaded later (`chat_page.start`, once the first-run set-up named the user)."""
        self._status_timer.start()
        self.refresh_status()
        self.quality.start()
        if state is not None and state.page == "chat":
            self.show_page(self.chat_page)
        if chat:
            self.chat_page.start(state.thread_id if state is not None else None)
        self.import_page.start()

    def window_state(self) -> WindowState:
        page = "chat" if self.pages.currentWidget() is self.chat_page else "import"
        return WindowState(page, self.chat_page.thread_id)

    def refresh_status(self) -> asyncio.Task[None]:
        return self.ctx.tasks.spawn("status", self._refresh_status())

    async def _refresh_status(self) -> None:
        info = await run_sync(self.ctx.desktop.runtime.status)
        self.status.show_info(info)
        self.status.user.setText(await run_sync(self.ctx.desktop.settings.user_text))

    def _on_published(self, _version: str) -> None:
        self.refresh_status()
        self.quality.refresh()
        self.chat_page.version_changed()

    def _quality_changed(self, problems: int) -> None:
        for page in (self.import_page, self.chat_page):
            page.header.quality_mark.set_count(problems)

    # -- dialogs ---------------------------------------------------------------------------
    def open_settings(self) -> None:
        from kgdesk.ui.settings import open_settings

        self.ctx.tasks.spawn("settings", open_settings(self.ctx, self, on_saved=self._settings_saved))

    def _settings_saved(self) -> None:
        self.refresh_status()
        self.chat_page.settings_changed()

    def open_history(self) -> None:
        from kgdesk.ui.history import open_history

        self.ctx.tasks.spawn("history", open_history(self.ctx, self))

    def open_audit(self) -> None:
        from kgdesk.ui.history import open_audit

        self.ctx.tasks.spawn("audit", open_audit(self.ctx, self))

    # -- drag and drop (anywhere on the window) ---------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and local_paths(event.mimeData().urls()) and not self.import_page.building:
            event.acceptProposedAction()
            self._drag_active = True
            self.import_page.drop_zone.set_active(True)
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self._drag_active:
            event.acceptProposedAction()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._drag_active = False
        self.import_page.drop_zone.set_active(False)

    def dropEvent(self, event: QDropEvent) -> None:
        self._drag_active = False
        self.import_page.drop_zone.set_active(False)
        paths = local_paths(event.mimeData().urls())
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.show_page(self.import_page)
        self.import_page.add_paths(paths)

    # -- activation and closing --------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self.activated.emit()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._closing:
            event.accept()
            return
        # The composition root decides how to shut down (cancel tasks, stop the local server).
        event.ignore()
        self.close_requested.emit()

    def close_now(self) -> None:
        self._closing = True
        self._status_timer.stop()
        self.quality.stop()
        self.close()
