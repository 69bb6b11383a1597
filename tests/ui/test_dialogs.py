"""The four interaction dialogs behind the Interactor: accept, correct in words, choose, cancel → question cancelled."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog

from kgdesk.errors import CancelledError
from kgdesk.qa.interactions import PlanConfirmation, Reply, ScopeRequest, SlotConfirmation
from kgdesk.qa.understanding import ChoiceRequest, Option
from kgdesk.ui.interaction_dialogs import (
    ChooseBasisDialog,
    ChooseScopeDialog,
    ChooseValuesDialog,
    ConfirmPlanDialog,
    ConfirmSlotsDialog,
)
from kgdesk.ui.interactor import QtInteractor, basis_detail
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio, modal_dialog, visible_texts

SLOTS = SlotConfirmation("3月青浦-区图书馆有几个人加班？", [("意图", "统计人数"), ("对象", "人员"), ("项目", "青浦-区图书馆（XMSQ0102）"),
                                                     ("时间", "2026-03"), ("条件", "加班天数 > 0")])
PLAN = PlanConfirmation("3月青浦-区图书馆有几个人加班？",
                        ["找到项目 青浦-区图书馆（XMSQ0102）", "取 2026-03 的考勤记录", "统计 加班天数 > 0 的人员数"], {"query_type": "count"})
SCOPE = ScopeRequest("有哪些人？", 120, "共找到 120 人，要怎么看？",
                     [Option("summary", "只看汇总", "按项目统计人数"), Option("project:XMSQ0102", "只看 青浦-区图书馆"), Option("all", "全部列出")])
VALUES = ChoiceRequest("entity", "图书馆", "“图书馆”可能指：",
                       [Option("XMSQ0102", "青浦-区图书馆（XMSQ0102）", "服务中", 0.92), Option("XMSQ0205", "徐汇-图书馆（XMSQ0205）", "已到期", 0.81)],
                       multiple=True)
# as the pipeline asks it: the count under the stated default and without it (kgdesk.qa.pipeline)
BASIS = ChoiceRequest("assumption", "依据=人员信息", "问题没有说明口径，两种口径的结果不同，请选择：",
                      [Option("with", "只算人员信息中登记的当前服务项目", "3"),
                       Option("without", "也算考勤、排班记录中出现过的（不限时间）", "4")])


def ask(aio: Aio, coro_fn: Any, interact: Any) -> Any:
    """Run an interactor call, and `interact(dialog)` with the dialog it opens; return result or exception."""

    async def scenario() -> Any:
        task = asyncio.ensure_future(coro_fn())
        dlg = await modal_dialog()
        assert dlg.isModal() and dlg.windowModality() == Qt.WindowModality.WindowModal
        interact(dlg)
        try:
            return await asyncio.wait_for(task, 10)
        except CancelledError as e:
            return e

    return aio.run(scenario())


@pytest.fixture
def qi(window: MainWindow) -> QtInteractor:
    return QtInteractor(window, "测试问题")


def test_confirm_slots_confirm(aio: Aio, qi: QtInteractor) -> None:
    def interact(dlg: QDialog) -> None:
        assert isinstance(dlg, ConfirmSlotsDialog)
        assert "3月青浦-区图书馆" in dlg.question.text()
        QTest.mouseClick(dlg.confirm_btn, Qt.MouseButton.LeftButton)

    assert ask(aio, lambda: qi.confirm_slots(SLOTS), interact) == Reply(True)


def test_confirm_slots_shows_every_slot_and_takes_a_correction(aio: Aio, qi: QtInteractor) -> None:
    def interact(dlg: QDialog) -> None:
        assert isinstance(dlg, ConfirmSlotsDialog)
        from PySide6.QtWidgets import QTableWidget

        t = dlg.findChild(QTableWidget, "slotsTable")
        assert t is not None
        shown = [(t.item(r, 0).text(), t.item(r, 1).text()) for r in range(t.rowCount())]
        assert shown == SLOTS.slots
        QTest.mouseClick(dlg.correct_btn, Qt.MouseButton.LeftButton)  # opens the correction box
        assert dlg.isVisible() and dlg.correction.isVisible()
        QTest.mouseClick(dlg.correct_btn, Qt.MouseButton.LeftButton)  # empty: refused, stays open
        assert dlg.isVisible()
        dlg.correction.edit.insert("不是3月，是4月")  # IME input (QTest.keyClicks is ASCII-only)
        QTest.mouseClick(dlg.correct_btn, Qt.MouseButton.LeftButton)

    assert ask(aio, lambda: qi.confirm_slots(SLOTS), interact) == Reply(False, "不是3月，是4月")


def test_confirm_plan_approve_and_change(aio: Aio, qi: QtInteractor) -> None:
    def approve(dlg: QDialog) -> None:
        assert isinstance(dlg, ConfirmPlanDialog)
        steps = [dlg.steps.item(r, 1).text() for r in range(dlg.steps.rowCount())]
        assert steps == PLAN.description
        assert [dlg.steps.horizontalHeaderItem(c).text() for c in range(2)] == ["步骤", "做什么"]
        QTest.mouseClick(dlg.approve_btn, Qt.MouseButton.LeftButton)

    assert ask(aio, lambda: qi.confirm_plan(PLAN), approve) == Reply(True)

    def change(dlg: QDialog) -> None:
        assert isinstance(dlg, ConfirmPlanDialog)
        QTest.mouseClick(dlg.change_btn, Qt.MouseButton.LeftButton)
        dlg.correction.edit.insert("按片区分组")
        QTest.mouseClick(dlg.change_btn, Qt.MouseButton.LeftButton)

    assert ask(aio, lambda: qi.confirm_plan(PLAN), change) == Reply(False, "按片区分组")


def test_choose_scope(aio: Aio, qi: QtInteractor) -> None:
    def interact(dlg: QDialog) -> None:
        assert isinstance(dlg, ChooseScopeDialog)
        assert [r.text().split("　")[0] for r in dlg.radios] == ["只看汇总", "只看 青浦-区图书馆", "全部列出"]
        assert "120" in dlg.message.text()
        dlg.radios[1].click()
        QTest.mouseClick(dlg.ok_btn, Qt.MouseButton.LeftButton)

    assert ask(aio, lambda: qi.choose_scope(SCOPE), interact) == "project:XMSQ0102"


def test_choose_values_multi_select(aio: Aio, qi: QtInteractor) -> None:
    def interact(dlg: QDialog) -> None:
        assert isinstance(dlg, ChooseValuesDialog)
        assert not dlg.ok_btn.isEnabled()  # nothing chosen yet
        assert "匹配度 92%" in dlg.list.item(0).text()
        for i in (0, 1):
            rect = dlg.list.visualItemRect(dlg.list.item(i))
            QTest.mouseClick(dlg.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        assert dlg.selected == ["XMSQ0102", "XMSQ0205"]
        QTest.mouseClick(dlg.ok_btn, Qt.MouseButton.LeftButton)

    assert ask(aio, lambda: qi.choose_values(VALUES), interact) == ["XMSQ0102", "XMSQ0205"]


def test_choose_values_single_and_none_of_these(aio: Aio, qi: QtInteractor) -> None:
    single = ChoiceRequest(VALUES.kind, VALUES.text, VALUES.prompt, VALUES.options, multiple=False)

    def pick_one(dlg: QDialog) -> None:
        assert isinstance(dlg, ChooseValuesDialog)
        dlg.set_checked(["XMSQ0102"])
        dlg.set_checked(["XMSQ0205"])  # single choice: the second replaces the first
        assert dlg.selected == ["XMSQ0205"]
        dlg.ok_btn.click()

    assert ask(aio, lambda: qi.choose_values(single), pick_one) == ["XMSQ0205"]

    def none(dlg: QDialog) -> None:
        assert isinstance(dlg, ChooseValuesDialog)
        dlg.set_checked(["XMSQ0102"])
        dlg.none_btn.click()  # 都不是 clears the choices
        assert dlg.selected == [] and dlg.ok_btn.isEnabled()
        dlg.ok_btn.click()

    assert ask(aio, lambda: qi.choose_values(VALUES), none) is None


def test_counting_basis_has_its_own_wording_and_no_none_of_these(aio: Aio, window: MainWindow) -> None:
    """The 口径 choice is not "which value did you mean": its own title and question, a readable result
    under each option, exactly one answer (nothing preselected, no 都不是), and the step bar on 计划."""
    page = window.chat_page
    page.steps.show()
    page.steps.set_step("plan", "done")
    page._on_step("ground", "active", "等待您的确认")  # what the desktop maps choose_values to
    qi = QtInteractor(window, "赵巷有多少员工？", on_step=page._on_step)

    def interact(dlg: QDialog) -> None:
        assert isinstance(dlg, ChooseBasisDialog)
        assert dlg.windowTitle() == "选择统计口径"
        assert dlg.heading.text() == "按哪种口径统计？"
        assert "赵巷有多少员工？" in dlg.question.text() and "口径" in dlg.message.text()
        texts = visible_texts(dlg)
        assert "都不是" not in texts and "您指的是" not in texts
        assert [r.text() for r in dlg.radios] == [o.label for o in BASIS.options]
        assert "按这个口径统计，结果为 3" in texts and "按这个口径统计，结果为 4" in texts
        assert not any(r.isChecked() for r in dlg.radios) and not dlg.ok_btn.isEnabled()
        assert page.steps.states["plan"] == "active" and page.steps.states["ground"] == "done"
        assert page.steps.states["execute"] == "pending"
        dlg.radios[1].click()
        assert dlg.ok_btn.isEnabled()
        QTest.mouseClick(dlg.ok_btn, Qt.MouseButton.LeftButton)

    assert ask(aio, lambda: qi.choose_values(BASIS), interact) == ["without"]


def test_basis_detail_reads_as_a_result() -> None:
    assert basis_detail("3") == "按这个口径统计，结果为 3"
    assert basis_detail("3 人") == "按这个口径统计，结果为 3 人"
    assert basis_detail("有") == "按这个口径统计，结果为：有"
    assert basis_detail("") == ""


@pytest.mark.parametrize("how", ["cancel_button", "escape", "close"])
@pytest.mark.parametrize("which", ["slots", "plan", "scope", "values", "basis"])
def test_closing_any_dialog_cancels_the_question(aio: Aio, qi: QtInteractor, which: str, how: str) -> None:
    call = {"slots": lambda: qi.confirm_slots(SLOTS), "plan": lambda: qi.confirm_plan(PLAN),
            "scope": lambda: qi.choose_scope(SCOPE), "values": lambda: qi.choose_values(VALUES),
            "basis": lambda: qi.choose_values(BASIS)}[which]

    def interact(dlg: QDialog) -> None:
        if how == "cancel_button":
            QTest.mouseClick(dlg.cancel_btn, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
        elif how == "escape":
            QTest.keyClick(dlg, Qt.Key.Key_Escape)
        else:
            dlg.close()

    result = ask(aio, call, interact)
    assert isinstance(result, CancelledError) and result.message == "已取消提问"
    assert qi.current is None
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]


def test_interactor_close_rejects_open_dialog(aio: Aio, qi: QtInteractor) -> None:
    """When the question is stopped from outside, its dialog goes away and the call ends cancelled."""
    result = ask(aio, lambda: qi.confirm_plan(PLAN), lambda dlg: qi.close())
    assert isinstance(result, CancelledError)


def test_cancelling_the_task_closes_the_dialog(aio: Aio, qi: QtInteractor) -> None:
    async def scenario() -> bool:
        task = asyncio.ensure_future(qi.choose_scope(SCOPE))
        dlg = await modal_dialog(ChooseScopeDialog)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await asyncio.sleep(0.05)
        return shiboken6.isValid(dlg) and dlg.isVisible()

    assert aio.run(scenario()) is False
