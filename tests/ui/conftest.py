"""GUI test set-up: an offscreen QApplication (pytest-qt), a qasync loop per test, the window.

Tests are coroutines run on the Qt loop with `aio.run(coro)`: widgets are driven with QTest and
direct signals inside the coroutine, and `until(...)` awaits a condition while the Qt loop keeps
running (never a nested qtbot wait inside a running task).
"""

from __future__ import annotations

import asyncio
import gc
import os
import time
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import keyring
import pytest
from keyring.backend import KeyringBackend

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication, QDialog, QWidget
from qasync import QEventLoop

from kgdesk.app.desktop import Desktop
from kgdesk.app.notifications import ErrorFunnel
from kgdesk.ui import theme
from kgdesk.ui.context import UiContext

T = TypeVar("T")
pytestmark = pytest.mark.gui


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/ui/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.gui)


@dataclass
class Aio:
    loop: QEventLoop

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
        return self.loop.run_until_complete(asyncio.wait_for(coro, timeout))


async def until(cond: Callable[[], object], timeout: float = 20.0, what: str = "") -> None:
    """Await (keeping the Qt loop running) until `cond()` is true."""
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or cond}")
        await asyncio.sleep(0.02)


async def modal_dialog(kind: type[QDialog] | None = None, timeout: float = 10.0) -> QDialog:
    """The dialog currently open (modal or not), optionally of a given class."""
    found: list[QDialog] = []

    def look() -> bool:
        for w in QApplication.topLevelWidgets():
            if isinstance(w, QDialog) and w.isVisible() and (kind is None or isinstance(w, kind)):
                found.append(w)
                return True
        return False

    await until(look, timeout, f"a visible {kind.__name__ if kind else 'dialog'}")
    return found[0]


@pytest.fixture
def gui_app(qapp: QApplication) -> QApplication:
    theme.apply_theme(qapp)
    qapp.setQuitOnLastWindowClosed(False)
    return qapp


_CLOSED_LOOPS: list[QEventLoop] = []
"""Closed qasync loops are kept alive: letting the cyclic GC finalise one (its Qt signal objects)
outside the Qt loop could hang the test process."""


@pytest.fixture
def aio(gui_app: QApplication) -> Iterator[Aio]:
    from kgdesk.ui.aio import MainThreadGC, executor

    loop = QEventLoop(gui_app)
    loop.set_default_executor(executor())  # as the app: asyncio.to_thread on daemon threads, no QThreads
    asyncio.set_event_loop(loop)
    collector = MainThreadGC()  # as in the app: Qt objects are never collected on a worker thread
    try:
        yield Aio(loop)
    finally:
        pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for t in pending:
            t.cancel()
        if pending:
            loop.run_until_complete(asyncio.wait(pending, timeout=10))
        for w in QApplication.topLevelWidgets():
            if isinstance(w, QDialog) and w.isVisible():
                w.reject()

        async def settle() -> None:  # deferred deletes and the cycle collector run inside the Qt loop
            await asyncio.sleep(0.05)
            gc.collect()
            await asyncio.sleep(0)

        loop.run_until_complete(settle())
        loop.close()
        asyncio.set_event_loop(None)
        _CLOSED_LOOPS.append(loop)
        collector.stop()


@pytest.fixture
def errors() -> ErrorFunnel:
    return ErrorFunnel()  # a private funnel: tests never install process-wide hooks by accident


@pytest.fixture
def ctx(_fresh_home: Path, errors: ErrorFunnel) -> Iterator[UiContext]:
    c = UiContext(Desktop(_fresh_home), errors)
    try:
        yield c
    finally:
        c.desktop.shutdown()  # closes the driver; stops a local server only if this test started one


@pytest.fixture
def window(ctx: UiContext, aio: Aio) -> Iterator[Any]:
    from kgdesk.ui.main_window import MainWindow

    w = MainWindow(ctx)
    w.show()
    try:
        yield w
    finally:
        pending = ctx.tasks.cancel_all()  # as the app's shutdown: tasks end before widgets go
        if pending:
            aio.loop.run_until_complete(asyncio.wait(pending, timeout=60))
        w.close_now()
        w.deleteLater()


class MemoryKeyring(KeyringBackend):
    """An in-memory keyring for tests: secure enough for kgdesk's check, never touches disk."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.store.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.store[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        from keyring.errors import PasswordDeleteError

        if (service, username) not in self.store:
            raise PasswordDeleteError(username)
        del self.store[(service, username)]


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    previous = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    try:
        yield ring
    finally:
        keyring.set_keyring(previous)


def visible_texts(root: QWidget) -> str:
    """All label and button texts under `root` (for assertions on what the user sees)."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    parts = [w.text() for w in root.findChildren(QLabel) if w.isVisibleTo(root)]
    parts += [w.text() for w in root.findChildren(QAbstractButton) if w.isVisibleTo(root)]
    return "\n".join(parts)
