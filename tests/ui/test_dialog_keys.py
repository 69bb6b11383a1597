"""Enter runs the primary action of every interaction dialog, even when 取消提问 has the focus; Esc
cancels the question. Offline, a correction is one item's new value, never free text."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog

from kgdesk.errors import CancelledError
from kgdesk.qa.interactions import Reply
from kgdesk.ui.interaction_dialogs import (
    ChooseBasisDialog,
    ChooseValuesDialog,
    ConfirmPlanDialog,
    ConfirmSlotsDialog,
    InteractionDialog,
)
from kgdesk.ui.interactor import QtInteractor
from kgdesk.ui.main_window import MainWindow
from kgdesk.ui.prompts import ConfirmBox, TextPrompt
from tests.ui.conftest import Aio, modal_dialog
from tests.ui.test_dialogs import BASIS, PLAN, SCOPE, SLOTS, VALUES

Call = Callable[[QtInteractor], Any]
CALLS: dict[str, tuple[Call, Any]] = {
    "slots": (lambda qi: qi.confirm_slots(SLOTS), Reply(True)),
    "plan": (lambda qi: qi.confirm_plan(PLAN), Reply(True)),
    "scope": (lambda qi: qi.choose_scope(SCOPE), "summary"),
    "values": (lambda qi: qi.choose_values(VALUES), ["XMSQ0102"]),
    "basis": (lambda qi: qi.choose_values(BASIS), ["with"]),  # kind "assumption": the 口径 dialog
}


def prepare(dlg: QDialog) -> None:
    """What a user does before Enter: pick a value where the dialog needs one."""
    if isinstance(dlg, ChooseValuesDialog | ChooseBasisDialog):
        dlg.set_checked([dlg.candidates[0].key])


def run(aio: Aio, window: MainWindow, call: Call, interact: Callable[[QDialog], None], *, offline: bool = False) -> Any:
    qi = QtInteractor(window, "测试问题", offline=offline)

    async def scenario() -> Any:
        task = asyncio.ensure_future(call(qi))
        dlg = await modal_dialog()
        interact(dlg)
        try:
            return await asyncio.wait_for(task, 10)
        except CancelledError as e:
            return e

    return aio.run(scenario())


@pytest.mark.parametrize("kind", list(CALLS))
def test_enter_runs_the_primary_action_even_from_the_cancel_button(kind: str, aio: Aio, window: MainWindow) -> None:
    call, expected = CALLS[kind]

    def interact(dlg: QDialog) -> None:
        assert isinstance(dlg, InteractionDialog)
        assert dlg.primary.isDefault() and dlg.primary.property("variant") == "primary"
        assert not dlg.cancel_btn.autoDefault() and not dlg.cancel_btn.isDefault()
        prepare(dlg)
        dlg.cancel_btn.setFocus()  # the trap of issue 15: focus on 取消提问, Enter pressed
        QTest.keyClick(dlg.cancel_btn, Qt.Key.Key_Return)

    assert run(aio, window, call, interact) == expected


@pytest.mark.parametrize("kind", list(CALLS))
def test_escape_cancels_the_question(kind: str, aio: Aio, window: MainWindow) -> None:
    call, _ = CALLS[kind]

    def interact(dlg: QDialog) -> None:
        prepare(dlg)
        QTest.keyClick(dlg, Qt.Key.Key_Escape)

    result = run(aio, window, call, interact)
    assert isinstance(result, CancelledError)


def test_offline_correction_edits_one_item(aio: Aio, window: MainWindow) -> None:
    def interact(dlg: QDialog) -> None:
        assert isinstance(dlg, ConfirmSlotsDialog)
        assert dlg.correct_btn.text() == "修改一项"
        QTest.mouseClick(dlg.correct_btn, Qt.MouseButton.LeftButton)
        combo = dlg.correction.slot
        assert combo.isVisible() and [combo.itemText(i) for i in range(combo.count())] == ["对象", "时间", "条件"]
        combo.setCurrentText("时间")
        assert "4月" in dlg.correction.edit.placeholderText()
        dlg.correction.edit.insert("4月")
        QTest.keyClick(dlg.correction.edit, Qt.Key.Key_Return)  # Enter now submits the edit

    assert run(aio, window, CALLS["slots"][0], interact, offline=True) == Reply(False, "4月")


def test_offline_plan_change_is_one_item_too(aio: Aio, window: MainWindow) -> None:
    def interact(dlg: QDialog) -> None:
        assert isinstance(dlg, ConfirmPlanDialog)
        assert dlg.change_btn.text() == "修改一项"
        QTest.mouseClick(dlg.change_btn, Qt.MouseButton.LeftButton)
        dlg.correction.slot.setCurrentText("条件")
        dlg.correction.edit.insert("只看保安")
        QTest.keyClick(dlg.correction.edit, Qt.Key.Key_Return)

    assert run(aio, window, CALLS["plan"][0], interact, offline=True) == Reply(False, "只看保安")


def test_online_correction_is_submitted_with_enter(aio: Aio, window: MainWindow) -> None:
    def interact(dlg: QDialog) -> None:
        assert isinstance(dlg, ConfirmSlotsDialog)
        QTest.mouseClick(dlg.correct_btn, Qt.MouseButton.LeftButton)
        assert dlg.primary is dlg.correct_btn and not dlg.correction.slot.isVisible()
        dlg.correction.edit.insert("不是3月，是4月")
        QTest.keyClick(dlg.correction.edit, Qt.Key.Key_Return)

    assert run(aio, window, CALLS["slots"][0], interact) == Reply(False, "不是3月，是4月")


def test_own_confirm_boxes_enter_and_escape(gui_app: Any) -> None:
    box = ConfirmBox(None, "删除对话", "删除对话「甲」？", "删除", danger=True)
    assert box.ok_btn.isDefault() and box.ok_btn.property("variant") == "danger"
    box.show()
    box.cancel_btn.setFocus()
    QTest.keyClick(box.cancel_btn, Qt.Key.Key_Return)
    assert box.result() == QDialog.DialogCode.Accepted
    prompt = TextPrompt(None, "重命名对话", "新的名称：", "旧名")
    prompt.show()
    QTest.keyClick(prompt.edit, Qt.Key.Key_Escape)
    assert prompt.result() == QDialog.DialogCode.Rejected
    box.deleteLater()
    prompt.deleteLater()
