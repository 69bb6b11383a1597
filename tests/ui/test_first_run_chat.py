"""The first conversation belongs to the user the first-run set-up names, not to the default guest.

Conversations belong to a user (kgdesk.agent.access): loaded before the wizard saved the
identity, the first one was the guest's and the chosen user's first question in it was refused
(这个对话属于其他用户). The desktop starts the window without the conversations on a first run
(`MainWindow.start(chat=False)`) and loads them after the wizard, as this test does.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from kgdesk.agent.memory import HistoryStore
from kgdesk.paths import history_db
from kgdesk.ui.context import UiContext
from kgdesk.ui.main_window import MainWindow
from kgdesk.ui.settings import FirstRunWizard, run_first_run_wizard
from tests.ui.conftest import Aio, MemoryKeyring, modal_dialog, until


def test_first_conversation_is_the_chosen_users(
    window: MainWindow, ctx: UiContext, aio: Aio, memory_keyring: MemoryKeyring, _fresh_home: Path
) -> None:
    assert ctx.desktop.settings.first_run_needed()
    page = window.chat_page

    async def scenario() -> None:
        window.start(chat=False)
        await asyncio.sleep(0.5)  # the window's other start-up work runs; no conversation yet
        assert page.thread_id is None
        task = ctx.tasks.spawn("wizard", run_first_run_wizard(ctx, window))
        wiz = await modal_dialog(FirstRunWizard)
        assert isinstance(wiz, FirstRunWizard)
        wiz.next()
        wiz.next()
        wiz.form.user.setText("陈主管")
        wiz.form.role.setCurrentIndex(wiz.form.role.findData("manager"))
        wiz.accept()
        assert await task is True
        page.start()
        await until(lambda: page.thread_id is not None, 30, "the first conversation")

    aio.run(scenario())
    threads = HistoryStore(history_db(_fresh_home)).list_threads()
    assert [(t.id, t.user, t.role) for t in threads] == [(page.thread_id, "陈主管", "manager")]
