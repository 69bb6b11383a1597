"""The audit log viewer: what its count and its verification count, and that they agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton

from kgdesk.config.settings import Settings, save_settings
from kgdesk.security import audit
from kgdesk.ui.context import UiContext
from kgdesk.ui.history import TableDialog, open_audit
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio, modal_dialog, until


def ask_record(home: Path, user: str, role: str, question: str) -> None:
    audit.record("question", user=user, role=role, question=question, decision="answered", duration_ms=12.0, home=home)


async def open_viewer(ctx: UiContext, window: MainWindow) -> TableDialog:
    ctx.tasks.spawn("audit", open_audit(ctx, window))
    dlg = await modal_dialog(TableDialog)
    assert isinstance(dlg, TableDialog)
    await until(lambda: dlg.summary.text() != "正在读取…", 30, "the audit records")
    return dlg


async def verify(dlg: TableDialog) -> str:
    next(b for b in dlg.findChildren(QPushButton) if b.text() == "校验完整性").click()
    await until(lambda: dlg.banner.isVisible(), 30, "the verification")
    return str(dlg.banner.text.text())


@pytest.mark.parametrize("role", ["manager", "admin"])
def test_viewer_and_verification_say_what_they_count(
    window: MainWindow, ctx: UiContext, aio: Aio, _fresh_home: Path, role: str
) -> None:
    """The first-run settings record belongs to "guest"; a manager's viewer lists only their own
    records while the verification walks every record. A record written while the viewer is open
    shows up after verifying."""
    save_settings(Settings(user="王主管", role=role, first_run_done=True), _fresh_home)
    audit.record("settings", user="guest", role="guest", detail={"change": "settings"}, home=_fresh_home)
    ask_record(_fresh_home, "王主管", role, "赵巷有多少员工？")
    ask_record(_fresh_home, "王主管", role, "有哪些人员？")

    async def scenario() -> tuple[str, int, str, str, int]:
        dlg = await open_viewer(ctx, window)
        before, rows_before = dlg.summary.text(), dlg.table.rowCount()
        ask_record(_fresh_home, "王主管", role, "青浦-工业园区有哪些设备？")  # meanwhile, another question
        message = await verify(dlg)
        after, rows_after = dlg.summary.text(), dlg.table.rowCount()
        dlg.accept()
        return before, rows_before, message, after, rows_after

    before, rows_before, message, after, rows_after = aio.run(scenario())
    assert "4 条记录的哈希链全部吻合" in message
    if role == "admin":  # everyone's records: the same number on both
        assert (rows_before, rows_after) == (3, 4)
        assert before.startswith("共 3 条记录（所有用户") and after.startswith("共 4 条记录（所有用户")
        assert "本人" not in message
    else:  # the user's own records, and both lines say so
        assert (rows_before, rows_after) == (2, 3)
        assert before.startswith("共 2 条记录：只列出您（王主管）本人的操作")
        assert after.startswith("共 3 条记录：只列出您（王主管）本人的操作")
        assert "校验覆盖所有用户的记录；下面只列出您本人的 3 条" in message
