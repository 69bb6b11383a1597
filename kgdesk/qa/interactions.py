"""The async protocol the agent awaits when it needs the user (the plan runner never does).

`confirm_slots` (is this what you asked?), `confirm_plan` (run this query?), `choose_scope`
(more than 30 results: narrow down?) and `choose_values` (which of these did you mean?). The GUI
implements it with modal dialogs opened with `open()` and awaited; the CLI with `--auto` rules
(`AutoInteractor`) or stdin (`ConsoleInteractor`). `AutoInteractor` confirms understanding and
plans, falls back to a summary for scope, and never picks values for the user.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kgdesk.qa.understanding import ChoiceRequest, Option

SCOPE_SUMMARY = "summary"
SCOPE_ALL = "all"


@dataclass(frozen=True)
class Reply:
    """Answer to a confirmation: ok, or not ok with optional feedback (a corrected question)."""

    ok: bool
    feedback: str | None = None


@dataclass
class SlotConfirmation:
    question: str
    slots: list[tuple[str, str]]

    def text(self) -> str:
        return "\n".join(f"- {k}：{v}" for k, v in self.slots)


@dataclass
class PlanConfirmation:
    question: str
    description: list[str]
    plan_json: dict[str, object] = field(default_factory=dict)

    def text(self) -> str:
        return "\n".join(f"{i}. {line}" for i, line in enumerate(self.description, start=1))


@dataclass
class ScopeRequest:
    question: str
    total: int
    prompt: str
    options: list[Option]


class Interactor(ABC):
    """What the agent may ask the user. Every method may take as long as the user needs."""

    @abstractmethod
    async def confirm_slots(self, request: SlotConfirmation) -> Reply: ...

    @abstractmethod
    async def confirm_plan(self, request: PlanConfirmation) -> Reply: ...

    @abstractmethod
    async def choose_scope(self, request: ScopeRequest) -> str | None:
        """The id of the chosen option, or None (cancel)."""

    @abstractmethod
    async def choose_values(self, request: ChoiceRequest) -> list[str] | None:
        """Ids of the chosen options (several when `request.multiple`), or None: none of them."""


class AutoInteractor(Interactor):
    """--auto: confirm understanding and plans; a summary instead of narrowing; never choose values."""

    async def confirm_slots(self, request: SlotConfirmation) -> Reply:
        return Reply(True)

    async def confirm_plan(self, request: PlanConfirmation) -> Reply:
        return Reply(True)

    async def choose_scope(self, request: ScopeRequest) -> str | None:
        return SCOPE_SUMMARY

    async def choose_values(self, request: ChoiceRequest) -> list[str] | None:
        return None


class ScriptedInteractor(Interactor):
    """Answers from prepared lists, in order (tests, scripted demos); records every request."""

    def __init__(
        self,
        *,
        slots: Sequence[Reply] = (),
        plans: Sequence[Reply] = (),
        scopes: Sequence[str | None] = (),
        values: Sequence[list[str] | None] = (),
    ) -> None:
        self._slots = list(slots)
        self._plans = list(plans)
        self._scopes = list(scopes)
        self._values = list(values)
        self.requests: list[object] = []

    async def confirm_slots(self, request: SlotConfirmation) -> Reply:
        self.requests.append(request)
        return self._slots.pop(0) if self._slots else Reply(True)

    async def confirm_plan(self, request: PlanConfirmation) -> Reply:
        self.requests.append(request)
        return self._plans.pop(0) if self._plans else Reply(True)

    async def choose_scope(self, request: ScopeRequest) -> str | None:
        self.requests.append(request)
        return self._scopes.pop(0) if self._scopes else SCOPE_SUMMARY

    async def choose_values(self, request: ChoiceRequest) -> list[str] | None:
        self.requests.append(request)
        return self._values.pop(0) if self._values else None


class ConsoleInteractor(Interactor):
    """Interactive terminal: reads replies with `input_fn` in a worker thread (never blocks the loop)."""

    def __init__(
        self, input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print
    ) -> None:
        self._in = input_fn
        self._out = output_fn

    async def _ask(self, prompt: str) -> str:
        return (await asyncio.to_thread(self._in, prompt)).strip()

    async def _confirm(self, title: str, body: str) -> Reply:
        self._out(f"{title}\n{body}")
        ans = await self._ask("确认吗？（回车=是，n=否，或直接输入修改后的问题）：")
        if ans in ("", "y", "Y", "是", "对", "确认"):
            return Reply(True)
        if ans in ("n", "N", "否", "不"):
            return Reply(False)
        return Reply(False, ans)

    async def confirm_slots(self, request: SlotConfirmation) -> Reply:
        return await self._confirm("我对问题的理解：", request.text())

    async def confirm_plan(self, request: PlanConfirmation) -> Reply:
        return await self._confirm("查询计划：", request.text())

    def _options(self, options: Sequence[Option]) -> str:
        return "\n".join(
            f"  {i}. {o.label}{('（' + o.detail + '）') if o.detail else ''}"
            for i, o in enumerate(options, 1)
        )

    async def choose_scope(self, request: ScopeRequest) -> str | None:
        self._out(f"{request.prompt}\n{self._options(request.options)}")
        ans = await self._ask("请选择序号（回车=汇总）：")
        if not ans:
            return SCOPE_SUMMARY
        return (
            _pick(ans, request.options, multiple=False)[0]
            if _pick(ans, request.options, multiple=False)
            else None
        )

    async def choose_values(self, request: ChoiceRequest) -> list[str] | None:
        self._out(f"{request.prompt}\n{self._options(request.options)}")
        hint = "可多选，用逗号分隔" if request.multiple else "单选"
        ans = await self._ask(f"请选择序号（{hint}；回车=都不是）：")
        if not ans:
            return None
        picked = _pick(ans, request.options, multiple=request.multiple)
        return picked or None


def _pick(answer: str, options: Sequence[Option], *, multiple: bool) -> list[str]:
    """Strict parsing of '1', '1,3', '1、2', or full option labels; anything else picks nothing."""
    parts = [
        p.strip()
        for p in answer.replace("，", ",").replace("、", ",").replace(";", ",").replace("；", ",").split(",")
    ]
    out: list[str] = []
    for p in parts:
        if not p:
            continue
        if p.isdigit() and 1 <= int(p) <= len(options):
            out.append(options[int(p) - 1].id)
            continue
        match = [o.id for o in options if p in (o.label, o.id)]
        if len(match) != 1:
            return []
        out.append(match[0])
    out = list(dict.fromkeys(out))
    if not multiple and len(out) > 1:
        return []
    return out
