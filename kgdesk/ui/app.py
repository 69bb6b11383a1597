"""The desktop's main coroutine: build the window, run until the user quits, shut down in order.

`kgdesk.app.composition.run_gui` creates the QApplication and the qasync loop and awaits
`desktop_main` (this module is only imported there and in tests).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QApplication

from kgdesk.app.desktop import Desktop
from kgdesk.app.notifications import ErrorFunnel
from kgdesk.errors import KgdeskError
from kgdesk.ui import theme
from kgdesk.ui.aio import MainThreadGC, executor, run_sync, shutdown_executor
from kgdesk.ui.context import UiContext
from kgdesk.ui.errors import ErrorPresenter
from kgdesk.ui.main_window import MainWindow
from kgdesk.ui.prompts import confirm

log = logging.getLogger("kgdesk.ui")

STARTUP_PROBE_ENV = "KGDESK_STARTUP_PROBE"
"""File to which the time the window was first shown is written (bench/ui_responsiveness.py)."""
EXIT_AFTER_SHOWN_ENV = "KGDESK_EXIT_AFTER_SHOWN"


def create_application(argv: Sequence[str] | None = None) -> QApplication:
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_DontShowIconsInMenus, False)
    app = QApplication.instance() or QApplication(list(argv or sys.argv))
    assert isinstance(app, QApplication)
    app.setApplicationName("kgdesk")
    app.setApplicationDisplayName("kgdesk")
    app.setOrganizationName("kgdesk")
    app.setQuitOnLastWindowClosed(False)  # closing the window starts our own orderly shutdown
    theme.apply_theme(app)
    return app


class DesktopApp:
    """Owns the window, the error presenter and the shutdown sequence."""

    def __init__(self, app: QApplication, desktop: Desktop, errors: ErrorFunnel) -> None:
        self.app = app
        self.gc = MainThreadGC()
        self._chat_deferred = False  # conversations wait for the first-run set-up (see show)
        self.ctx = UiContext(desktop, errors)
        self.window = MainWindow(self.ctx)
        self.presenter = ErrorPresenter(errors, lambda: self.window if self.window.isVisible() else None)
        self.quit_event = asyncio.Event()
        self.window.close_requested.connect(self.request_quit)
        app.aboutToQuit.connect(self.quit_event.set)

    def show(self) -> None:
        self.window.show()
        settings = self.ctx.desktop.settings
        # conversations belong to a user: before the first-run set-up names one, loading them would
        # create the first conversation for the default guest, and the chosen user's first question
        # in it would be refused (这个对话属于其他用户); they are loaded once the wizard is done
        self._chat_deferred = settings.first_run_needed()  # a few bytes of JSON, like the window state
        self.window.start(settings.window_state(), chat=not self._chat_deferred)
        self.ctx.tasks.spawn("startup", self._startup())

    async def _startup(self) -> None:
        desktop = self.ctx.desktop
        await run_sync(desktop.runtime.start_workers)  # warm worker processes; importing multiprocessing stays off the GUI thread
        if await run_sync(desktop.settings.first_run_needed):
            from kgdesk.ui.settings import run_first_run_wizard

            await run_first_run_wizard(self.ctx, self.window)
            self.window._settings_saved()  # status bar and chat mode follow the new settings
        if self._chat_deferred:
            self._chat_deferred = False
            self.window.chat_page.start()  # the conversations of the user the wizard named
        if await run_sync(desktop.runtime.local_mode):
            self.window.status.graph.setText("图数据库：本地 · 启动中…")
            theme.set_variant(self.window.status.graph, "state", "busy")
            try:
                await run_sync(desktop.runtime.ensure_graph)
            except KgdeskError as e:
                self.ctx.errors.report(e, context="启动本地图数据库")
            self.window.refresh_status()
            self.window.quality.refresh()
            self.window.chat_page.version_changed()

    def request_quit(self) -> None:
        self.ctx.tasks.spawn("quit", self._confirm_quit(), supersede=False)

    async def _confirm_quit(self) -> None:
        if self.window.import_page.building and not await confirm(
            self.window, "退出 kgdesk", "正在构建图谱。现在退出会取消构建（已写入的内容会撤回），确定退出吗？",
            "取消构建并退出", danger=True,
        ):
            return
        self.quit_event.set()

    async def run_until_quit(self) -> None:
        await self.quit_event.wait()
        await self.shutdown()

    async def shutdown(self) -> None:
        state = self.window.window_state()
        self.window.hide()
        await run_sync(self.ctx.desktop.settings.save_window_state, state)
        self.window.import_page.cancel_work()
        tasks = [t for t in self.ctx.tasks.cancel_all() if t is not asyncio.current_task()]
        if tasks:
            await asyncio.wait(tasks, timeout=30)
        try:
            await run_sync(self.ctx.desktop.shutdown)
        except Exception:
            log.warning("shutdown of the desktop services failed", exc_info=True)
        self.presenter.close()
        self.window.close_now()
        shutdown_executor()
        self.gc.stop()


async def desktop_main(
    app: QApplication, desktop: Desktop, errors: ErrorFunnel, on_shown: Callable[[MainWindow], None] | None = None
) -> None:
    started = time.perf_counter()
    # asyncio.to_thread and run_in_executor(None) use our daemon pool (not qasync's QThreads)
    asyncio.get_running_loop().set_default_executor(executor())
    d = DesktopApp(app, desktop, errors)
    d.show()
    probe = os.environ.get(STARTUP_PROBE_ENV)

    def shown() -> None:
        log.info("window shown %.0f ms after the GUI started", (time.perf_counter() - started) * 1000)
        if probe:
            with open(probe, "w", encoding="utf-8") as f:
                json.dump({"shown_at": time.time(), "gui_ms": (time.perf_counter() - started) * 1000}, f)
        if os.environ.get(EXIT_AFTER_SHOWN_ENV):
            d.quit_event.set()
        if on_shown is not None:
            on_shown(d.window)

    QTimer.singleShot(0, shown)  # after the first paint has been queued
    await d.run_until_quit()
