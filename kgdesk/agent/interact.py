"""Interactions around the qa protocol (kgdesk/qa/interactions.py).

- `MemoInteractor` wraps the front's interactor for one question: it records every request in
  order, answers a request it has already seen with the same answer (a re-run after a choice
  must not interrupt the user twice), accepts answers given in advance (a reply to a pending
  clarification), and notes the choices a non-interactive front declined so they can become a
  pending clarification.
- `NonInteractive` is `--auto` without a terminal: confirms, summarises, never chooses values.
- `StdinInteractor` asks in Chinese on a terminal and asks again after an invalid reply.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kgdesk.agent.ingress import IngressKind, classify, option_letter
from kgdesk.qa.interactions import (
    SCOPE_SUMMARY,
    AutoInteractor,
    Interactor,
    PlanConfirmation,
    Reply,
    ScopeRequest,
    SlotConfirmation,
)
from kgdesk.qa.lexicon import normalize
from kgdesk.qa.understanding import ChoiceRequest, Option

MAX_INVALID_REPLIES = 3


def slots_key(slots: Sequence[tuple[str, str]]) -> str:
    return "slots:" + json.dumps([list(s) for s in slots], ensure_ascii=False)


def plan_key(plan_json: dict[str, Any]) -> str:
    return "plan:" + json.dumps(plan_json, ensure_ascii=False, sort_keys=True, default=str)


def values_key(text: str, options: Sequence[Option]) -> str:
    return "values:" + normalize(text) + ":" + ",".join(o.id for o in options)


def scope_key(prompt: str, options: Sequence[Option]) -> str:
    return "scope:" + prompt + ":" + ",".join(o.id for o in options)


@dataclass
class InteractionRecord:
    kind: str  # confirm_slots | confirm_plan | choose_scope | choose_values
    prompt: str
    answer: Any
    replayed: bool = False
    options: list[Option] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        ans = self.answer
        if isinstance(ans, Reply):
            ans = {"ok": ans.ok, "feedback": ans.feedback}
        return {"kind": self.kind, "prompt": self.prompt[:300], "answer": ans, "replayed": self.replayed}


class MemoInteractor(Interactor):
    def __init__(
        self,
        inner: Interactor,
        *,
        on_ask: Callable[[str, str], None] | None = None,
    ) -> None:
        self.inner = inner
        self.memo: dict[str, Any] = {}
        self.records: list[InteractionRecord] = []
        self.declined: list[ChoiceRequest] = []
        self.declined_scope: list[ScopeRequest] = []
        self._on_ask = on_ask

    @property
    def non_interactive(self) -> bool:
        return isinstance(self.inner, AutoInteractor)

    def preload(self, key: str, answer: Any) -> None:
        self.memo[key] = answer

    def choices_given(self) -> dict[str, list[str]]:
        """Value choices answered so far (asked or given in advance): carried into a new pending
        clarification, so answering it replays the earlier ones too."""
        return {k: list(v) for k, v in self.memo.items() if k.startswith("values:") and isinstance(v, list) and v}

    def asked(self, kind: str | None = None) -> list[InteractionRecord]:
        """What reached the user (not replays)."""
        return [r for r in self.records if not r.replayed and (kind is None or r.kind == kind)]

    async def _through(self, kind: str, key: str, prompt: str, call: Callable[[], Any], options: list[Option] | None = None) -> Any:
        if key in self.memo:
            ans = self.memo[key]
            self.records.append(InteractionRecord(kind, prompt, ans, True, options or []))
            return ans
        if self._on_ask is not None:
            self._on_ask(kind, prompt)
        ans = await call()
        self.memo[key] = ans
        self.records.append(InteractionRecord(kind, prompt, ans, False, options or []))
        return ans

    async def confirm_slots(self, request: SlotConfirmation) -> Reply:
        ans: Reply = await self._through(
            "confirm_slots", slots_key(request.slots), request.text(), lambda: self.inner.confirm_slots(request)
        )
        return ans

    async def confirm_plan(self, request: PlanConfirmation) -> Reply:
        ans: Reply = await self._through(
            "confirm_plan", plan_key(request.plan_json), request.text(), lambda: self.inner.confirm_plan(request)
        )
        return ans

    async def choose_scope(self, request: ScopeRequest) -> str | None:
        ans: str | None = await self._through(
            "choose_scope",
            scope_key(request.prompt, request.options),
            request.prompt,
            lambda: self.inner.choose_scope(request),
            list(request.options),
        )
        return ans

    async def choose_values(self, request: ChoiceRequest) -> list[str] | None:
        key = values_key(request.text, request.options)
        ans: list[str] | None = await self._through(
            "choose_values", key, request.prompt, lambda: self.inner.choose_values(request), list(request.options)
        )
        if not ans and self.non_interactive and all(r.text != request.text for r in self.declined):
            self.declined.append(request)
        return ans


class NonInteractive(AutoInteractor):
    """The CLI without a terminal and without --auto behaves as --auto; a needed choice becomes `clarify`."""

    async def choose_scope(self, request: ScopeRequest) -> str | None:
        return SCOPE_SUMMARY


def options_text(options: Sequence[Option]) -> str:
    lines = []
    for i, o in enumerate(options):
        detail = f"（{o.detail}）" if o.detail else ""
        lines.append(f"  {option_letter(i)}. {o.label}{detail}")
    return "\n".join(lines)


def parse_choice(answer: str, options: Sequence[Option], *, multiple: bool) -> list[str] | str | None:
    """Option ids, None for 都不是, or the string "invalid"."""
    ing = classify(answer)
    if ing.kind is IngressKind.NONE_OF_THESE:
        return None
    if ing.kind is IngressKind.CHOICE:
        idx = list(ing.choices)
        if not idx or any(i >= len(options) for i in idx) or (len(idx) > 1 and not multiple):
            return "invalid"
        return [options[i].id for i in idx]
    match = [o.id for o in options if answer.strip() in (o.label, o.id)]
    return match if len(match) == 1 else "invalid"


class StdinInteractor(Interactor):
    """Prompts in Chinese on a terminal; reads in a worker thread so the loop stays responsive."""

    def __init__(self, input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print) -> None:
        self._in = input_fn
        self._out = output_fn

    async def _ask(self, prompt: str) -> str:
        try:
            return (await asyncio.to_thread(self._in, prompt)).strip()
        except EOFError:
            return ""

    async def _confirm(self, title: str, body: str, what: str) -> Reply:
        self._out(f"{title}\n{body}")
        ans = await self._ask(f"{what}吗？（回车或“确认”=是；“取消”=放弃；也可以直接说要怎么改）：")
        ing = classify(ans) if ans else None
        if ing is None or ing.kind in (IngressKind.CONFIRM, IngressKind.CONTINUE):
            return Reply(True)
        if ing.kind is IngressKind.CANCEL:
            return Reply(False)
        return Reply(False, ans)

    async def confirm_slots(self, request: SlotConfirmation) -> Reply:
        return await self._confirm("我对问题的理解：", request.text(), "理解正确")

    async def confirm_plan(self, request: PlanConfirmation) -> Reply:
        return await self._confirm("查询计划：", request.text(), "按这个计划查询")

    async def choose_scope(self, request: ScopeRequest) -> str | None:
        self._out(f"{request.prompt}\n{options_text(request.options)}")
        for _ in range(MAX_INVALID_REPLIES):
            ans = await self._ask("请选择字母（回车=汇总）：")
            if not ans:
                return SCOPE_SUMMARY
            picked = parse_choice(ans, request.options, multiple=False)
            if isinstance(picked, list):
                return picked[0]
            if picked is None:
                return None
            self._out("没有看懂这个选择，请回复选项前的字母。")
        return SCOPE_SUMMARY

    async def choose_values(self, request: ChoiceRequest) -> list[str] | None:
        self._out(f"{request.prompt}\n{options_text(request.options)}")
        hint = "可多选，如 A、C" if request.multiple else "单选"
        for _ in range(MAX_INVALID_REPLIES):
            ans = await self._ask(f"请选择字母（{hint}；“都不是”=没有要找的）：")
            if not ans:
                self._out("请回复选项前的字母，或回复“都不是”。")
                continue
            picked = parse_choice(ans, request.options, multiple=request.multiple)
            if picked is None or isinstance(picked, list):
                return picked
            self._out("没有看懂这个选择，请回复选项前的字母（例如 A），或回复“都不是”。")
        return None
