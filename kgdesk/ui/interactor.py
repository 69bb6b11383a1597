"""The GUI's implementation of the question pipeline's Interactor: one modal dialog per interaction.

Which confirmations reach it is decided Qt-free by `kgdesk.app.confirmation.ConfirmingInteractor`
(the user's 确认方式 setting), which wraps this class in `AskingService.ask`.

Dialogs are opened with `open()` and awaited (`show_dialog`), never with a nested `exec()`.
Closing a dialog in any way other than its answer buttons raises `CancelledError`, which ends
the question cleanly ("已取消这个问题").
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QWidget

from kgdesk.app.dialog_types import (
    SCOPE_SUMMARY,
    ChoiceRequest,
    Interactor,
    PlanConfirmation,
    Reply,
    ScopeRequest,
    SlotConfirmation,
)
from kgdesk.app.wording import ASSUMPTION_SLOT
from kgdesk.errors import CancelledError
from kgdesk.ui.aio import show_dialog
from kgdesk.ui.interaction_dialogs import (
    Choice,
    ChooseBasisDialog,
    ChooseScopeDialog,
    ChooseValuesDialog,
    ConfirmPlanDialog,
    ConfirmSlotsDialog,
)

CANCELLED_TEXT = "已取消提问"
BASIS_KIND = "assumption"
"""ChoiceRequest.kind of a 口径 choice: an unstated default condition changes the result."""

StepCallback = Callable[[str, str, str], None]


class QtInteractor(Interactor):
    """Shows the dialogs over `parent`; `requests` and `dialogs` are kept for tests and screenshots."""

    def __init__(self, parent: QWidget | None, question: str = "", on_step: StepCallback | None = None, *,
                 offline: bool = False) -> None:
        self.parent = parent
        self.question = question
        self.current: QDialog | None = None
        self.requests: list[object] = []
        self.on_step = on_step
        self.offline = offline

    def _waiting(self, step: str, text: str = "等待您的确认") -> None:
        if self.on_step is not None:
            self.on_step(step, "active", text)

    async def _run(self, dlg: QDialog) -> bool:
        self.current = dlg
        try:
            accepted = await show_dialog(dlg) == QDialog.DialogCode.Accepted
        finally:
            self.current = None
        if not accepted:
            raise CancelledError(CANCELLED_TEXT)
        return True

    def close(self) -> None:
        """The question is over (answered, stopped, window closing): no dialog may stay open."""
        dlg = self.current
        if dlg is not None:
            with contextlib.suppress(RuntimeError):
                dlg.reject()

    async def confirm_slots(self, request: SlotConfirmation) -> Reply:
        self.requests.append(request)
        self._waiting("understand")
        assumed = sum(1 for k, _ in request.slots if k == ASSUMPTION_SLOT)
        intro = f"我理解您想知道下面这些；其中「{ASSUMPTION_SLOT}」是您没有说明、我按默认补上的：" if assumed else "我理解您想知道："
        dlg = ConfirmSlotsDialog(self.parent, intro, request.slots, question=request.question or self.question,
                                 offline=self.offline)
        try:
            await self._run(dlg)
            if dlg.result_correction:
                return Reply(False, dlg.result_correction)
            return Reply(True)
        finally:
            dlg.deleteLater()

    async def confirm_plan(self, request: PlanConfirmation) -> Reply:
        self.requests.append(request)
        self._waiting("plan")
        steps = [[str(i), line] for i, line in enumerate(request.description, start=1)]
        dlg = ConfirmPlanDialog(
            self.parent,
            "将按下面的步骤查找数据（只读），每一步的条件都已列出：",
            steps,
            headers=("步骤", "做什么"),
            question=request.question or self.question,
            offline=self.offline,
        )
        try:
            await self._run(dlg)
            if dlg.result_change:
                return Reply(False, dlg.result_change)
            return Reply(True)
        finally:
            dlg.deleteLater()

    async def choose_scope(self, request: ScopeRequest) -> str | None:
        self.requests.append(request)
        options = [Choice(o.id, o.label, o.detail) for o in request.options]
        message = request.prompt or f"共找到 {request.total} 条结果。"
        dlg = ChooseScopeDialog(self.parent, message, options, question=request.question or self.question,
                                default=SCOPE_SUMMARY)
        try:
            await self._run(dlg)
            chosen = dlg.chosen
            return chosen.key if chosen is not None else None
        finally:
            dlg.deleteLater()

    async def choose_values(self, request: ChoiceRequest) -> list[str] | None:
        self.requests.append(request)
        if request.kind == BASIS_KIND:
            return await self._choose_basis(request)
        options = [Choice(o.id, o.label, _detail(o.detail, o.confidence)) for o in request.options]
        message = request.prompt or f"“{request.text}”可能指下面几项："
        dlg = ChooseValuesDialog(self.parent, message, options, multiple=request.multiple, question=self.question)
        try:
            await self._run(dlg)
            if dlg.none_of_these:
                return None
            return dlg.selected
        finally:
            dlg.deleteLater()

    async def _choose_basis(self, request: ChoiceRequest) -> list[str] | None:
        """The 口径 choice: asked once the plan is made (both bases were run), so the step bar shows 计划."""
        if self.on_step is not None:
            self.on_step("plan", "active", "等待您选择统计口径")
        options = [Choice(o.id, o.label, basis_detail(o.detail)) for o in request.options]
        message = request.prompt or "问题没有说明按哪种口径统计，而不同口径的结果不同。"
        dlg = ChooseBasisDialog(self.parent, message, options, question=self.question)
        try:
            await self._run(dlg)
            return dlg.selected or None
        finally:
            dlg.deleteLater()


_LEADING_NUMBER = re.compile(r"-?\d")


def basis_detail(detail: str) -> str:
    """What a 口径 gives, readably. The request carries the result of the query under that basis
    ("3", "5 个：甲、乙……", "有"); a bare "3" under an option reads like an option number."""
    detail = detail.strip()
    if not detail:
        return ""
    sep = " " if _LEADING_NUMBER.match(detail) else "："
    return f"按这个口径统计，结果为{sep}{detail}"


def _detail(detail: str, confidence: float | None) -> str:
    if confidence is None:
        return detail
    sure = f"匹配度 {confidence:.0%}"
    return f"{detail} · {sure}" if detail else sure
