"""One error funnel: task, worker-thread and slot errors end as one Chinese message on the GUI thread."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QMessageBox

from kgdesk.app.notifications import ErrorFunnel
from kgdesk.errors import GraphError
from kgdesk.ui.context import UiContext
from kgdesk.ui.errors import ErrorPresenter
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio, until


@pytest.fixture
def presenter(window: MainWindow, errors: ErrorFunnel) -> Iterator[ErrorPresenter]:
    errors.install()
    p = ErrorPresenter(errors, lambda: window)
    try:
        yield p
    finally:
        p.close()
        errors.uninstall()
        for box in p.visible_boxes:
            box.done(0)


def test_task_error_is_shown_in_chinese(window: MainWindow, ctx: UiContext, aio: Aio, presenter: ErrorPresenter) -> None:
    async def fails() -> None:
        raise GraphError("图数据库连接中断（服务器已停止或网络不可达）")

    async def scenario() -> None:
        ctx.tasks.spawn("demo", fails())
        await until(lambda: presenter.visible_boxes, 10)

    aio.run(scenario())
    box = presenter.visible_boxes[0]
    assert isinstance(box, QMessageBox) and box.parent() is window
    assert box.text() == "图数据库连接中断（服务器已停止或网络不可达）"
    assert "demo" in box.informativeText()


def test_worker_thread_crash_reaches_gui_thread_and_log(
    window: MainWindow, aio: Aio, presenter: ErrorPresenter, caplog: pytest.LogCaptureFixture
) -> None:
    gui_thread = threading.get_ident()
    shown_on: list[int] = []
    original = presenter._show

    def spy(note: object) -> None:
        shown_on.append(threading.get_ident())
        original(note)  # type: ignore[arg-type]

    presenter._show = spy  # type: ignore[method-assign]
    presenter.received.disconnect()
    presenter.received.connect(spy)

    def boom() -> None:
        raise ValueError("secret detail that only the log may keep")

    async def scenario() -> None:
        t = threading.Thread(target=boom, name="kgdesk-test-worker")
        t.start()
        t.join()
        await until(lambda: presenter.shown, 10)

    with caplog.at_level(logging.ERROR, logger="kgdesk.errors"):
        aio.run(scenario())
    note = presenter.shown[0]
    assert note.code == "E_INTERNAL" and "内部错误" in note.message
    assert "secret detail" not in note.message  # the user sees no internals…
    assert "secret detail" in caplog.text and "Traceback" in caplog.text  # …the log keeps the cause
    assert shown_on == [gui_thread]


class _Emitter(QObject):
    fire = Signal()


def test_exception_in_a_qt_slot_goes_through_sys_excepthook(window: MainWindow, aio: Aio, presenter: ErrorPresenter) -> None:
    emitter = _Emitter()

    def slot() -> None:
        raise KeyError("x")

    emitter.fire.connect(slot)

    async def scenario() -> None:
        QTimer.singleShot(0, emitter.fire.emit)
        await until(lambda: presenter.shown, 10)

    aio.run(scenario())
    assert presenter.shown[0].code == "E_INTERNAL"


def test_same_message_is_shown_once(window: MainWindow, ctx: UiContext, aio: Aio, presenter: ErrorPresenter) -> None:
    async def fails() -> None:
        raise GraphError("同一个错误")

    async def scenario() -> None:
        ctx.tasks.spawn("a", fails())
        ctx.tasks.spawn("b", fails())
        await until(lambda: len(presenter.shown) == 2, 10)
        await asyncio.sleep(0.05)

    aio.run(scenario())
    assert len(presenter.visible_boxes) == 1


def test_cancellation_is_not_an_error(ctx: UiContext, aio: Aio, presenter: ErrorPresenter) -> None:
    async def slow() -> None:
        await asyncio.sleep(10)

    async def scenario() -> None:
        t = ctx.tasks.spawn("slow", slow())
        ctx.tasks.spawn("slow", slow())  # supersedes the first
        await asyncio.sleep(0.05)
        assert t.cancelled()

    aio.run(scenario())
    assert presenter.shown == []
