"""Ctrl+N new conversation, Ctrl+F search in conversations and answers, Ctrl+L the question box;
search in the run log; the window reopens on the page and the conversation the user left."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from kgdesk.agent.memory import HistoryStore
from kgdesk.app.preferences import WindowState
from kgdesk.paths import history_db
from kgdesk.security.audit import record
from kgdesk.ui.context import UiContext
from kgdesk.ui.history import SearchBox, TableDialog
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio, modal_dialog, until

CTRL = Qt.KeyboardModifier.ControlModifier


def threads_with_answers(home: Path) -> tuple[str, str]:
    store = HistoryStore(history_db(home))
    a = store.create_thread("人员问题")
    b = store.create_thread("设备问题")
    answer = "青浦-北斗园区共有 **4** 台设备：硬盘录像机1#、摄像机2#……"
    store.add_turn(b, kind="question", question="北斗园区有哪些设备？", status="answered", answer=answer,
                   document={"status": "answered", "answer": answer})
    return a, b


@pytest.fixture
def shown(window: MainWindow, aio: Aio) -> Iterator[MainWindow]:
    window.start()
    window.activateWindow()
    aio.run(until(lambda: window.chat_page.thread_id is not None, 30, "a thread"))
    yield window


def test_ctrl_n_and_ctrl_l(shown: MainWindow, aio: Aio) -> None:
    page = shown.chat_page
    before, first = page.thread_panel.list.count(), page.thread_id
    QTest.keyClick(shown, Qt.Key.Key_N, CTRL)
    aio.run(until(lambda: page.thread_panel.list.count() == before + 1 and page.thread_id != first, 30, "new thread"))
    assert shown.pages.currentWidget() is page
    page.thread_panel.search.setFocus()
    QTest.keyClick(shown, Qt.Key.Key_L, CTRL)
    aio.run(until(lambda: QApplication.focusWidget() is page.input, 10, "focus on the question box"))


def test_ctrl_f_searches_conversations_and_answers(window: MainWindow, aio: Aio, _fresh_home: Path) -> None:
    _, devices = threads_with_answers(_fresh_home)
    window.start()
    window.activateWindow()
    page = window.chat_page
    aio.run(until(lambda: page.thread_id is not None, 30, "a thread"))
    window.show_page(window.import_page)
    QTest.keyClick(window, Qt.Key.Key_F, CTRL)
    assert window.pages.currentWidget() is page
    aio.run(until(lambda: QApplication.focusWidget() is page.thread_panel.search, 10, "focus on search"))
    page.thread_panel.search.setText("硬盘录像机")  # a word only in an answer
    hits = page.thread_panel.hits
    aio.run(until(lambda: hits.isVisible() and hits.count() == 1, 30, "one hit"))
    assert "设备问题" in hits.item(0).text() and "硬盘录像机" in hits.item(0).text()
    hits.itemClicked.emit(hits.item(0))
    aio.run(until(lambda: page.thread_id == devices and len(page.cards) == 1, 30, "the thread opened"))
    page.thread_panel.search.setText("没有这个词")
    aio.run(until(lambda: hits.isVisible() and hits.count() == 0 and "没有找到" in page.thread_panel.hint.text(), 30))
    QTest.keyClick(page.thread_panel.search, Qt.Key.Key_Escape)  # Esc clears the search
    assert page.thread_panel.search.text() == ""
    assert page.thread_panel.list.isVisible() and not hits.isVisible()


def test_run_log_search(window: MainWindow, aio: Aio, _fresh_home: Path) -> None:
    for q, d in (("保安有几个人", "answered"), ("北斗园区的设备", "insufficient"), ("保洁的工资", "denied")):
        record("question", user="guest", role="guest", question=q, decision=d, duration_ms=50, home=_fresh_home)

    async def scenario() -> TableDialog:
        window.open_history()
        dlg = await modal_dialog(TableDialog)
        assert isinstance(dlg, TableDialog)
        await until(lambda: dlg.table.rowCount() == 3, 30, "rows")
        return dlg

    dlg = aio.run(scenario())
    try:
        [box] = dlg.findChildren(SearchBox)
        box.edit.setText("数据不足")  # an outcome, as shown in Chinese
        assert dlg.table.rowCount() == 1 and dlg.table.item(0, 6).text() == "北斗园区的设备"
        box.edit.setText("保")
        assert dlg.table.rowCount() == 2 and box.count.text() == "找到 2 条"
        box.edit.clear()
        assert dlg.table.rowCount() == 3
    finally:
        dlg.reject()


def test_window_reopens_where_the_user_left(ctx: UiContext, aio: Aio, _fresh_home: Path) -> None:
    _, devices = threads_with_answers(_fresh_home)
    first = MainWindow(ctx)
    first.show()
    first.start()
    page = first.chat_page
    aio.run(until(lambda: page.thread_id is not None, 30, "a thread"))
    first.show_page(page)
    aio.run(page._load_threads(select=devices))
    assert first.window_state() == WindowState("chat", devices)
    ctx.desktop.settings.save_window_state(first.window_state())
    pending = ctx.tasks.cancel_all()
    if pending:
        aio.run(_wait(pending))
    first.close_now()
    first.deleteLater()

    second = MainWindow(ctx)
    second.show()
    try:
        second.start(ctx.desktop.settings.window_state())
        assert second.pages.currentWidget() is second.chat_page and second.nav_chat.isChecked()
        aio.run(until(lambda: second.chat_page.thread_id == devices and len(second.chat_page.cards) == 1, 30,
                      "the conversation the user left"))
    finally:
        pending = ctx.tasks.cancel_all()
        if pending:
            aio.run(_wait(pending))
        second.close_now()
        second.deleteLater()


async def _wait(tasks: object) -> None:
    import asyncio

    await asyncio.wait(tasks, timeout=30)  # type: ignore[arg-type]
