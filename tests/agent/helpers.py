"""Agent test helpers: a recording interactor (scripted answers, every request kept in order) and
one question through a plain agent."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import date
from typing import Any

from kgdesk.agent.agent import Agent
from kgdesk.agent.memory import HistoryStore
from kgdesk.qa.answer import Answer
from kgdesk.qa.interactions import (
    SCOPE_SUMMARY,
    AutoInteractor,
    Interactor,
    PlanConfirmation,
    Reply,
    ScopeRequest,
    SlotConfirmation,
)
from kgdesk.qa.policy import Policy
from kgdesk.qa.understanding import ChoiceRequest


class RecordingUI(Interactor):
    """Answers from prepared lists, in order; a 口径 (assumption) choice takes the stated default
    ("with") unless told otherwise, and is recorded like every other request."""

    def __init__(
        self,
        *,
        slots: Sequence[Reply] = (),
        plans: Sequence[Reply] = (),
        values: Sequence[list[str] | None] = (),
        scopes: Sequence[str | None] = (),
        assumption: str | None = "with",
    ) -> None:
        self._slots = list(slots)
        self._plans = list(plans)
        self._values = list(values)
        self._scopes = list(scopes)
        self.assumption = assumption
        self.requests: list[object] = []

    def kinds(self, *, with_assumptions: bool = False) -> list[str]:
        out = []
        for r in self.requests:
            if isinstance(r, SlotConfirmation):
                out.append("slots")
            elif isinstance(r, PlanConfirmation):
                out.append("plan")
            elif isinstance(r, ScopeRequest):
                out.append("scope")
            elif isinstance(r, ChoiceRequest):
                if r.kind == "assumption" and not with_assumptions:
                    continue
                out.append("assumption" if r.kind == "assumption" else "values")
        return out

    def of(self, cls: type) -> list[object]:
        return [r for r in self.requests if isinstance(r, cls)]

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
        if request.kind == "assumption":
            return [self.assumption] if self.assumption else None
        return self._values.pop(0) if self._values else None


def question_agent(today: date, policy: Policy | None = None) -> Agent:
    """An agent as the CLI composes it, without an LLM, on an in-memory history."""
    return Agent(store=HistoryStore(), today=today, policy=policy)


def ask_once(
    agent: Agent, question: str, *, conn: Any, interactor: Interactor | None = None, role: str | None = None
) -> Answer:
    """One question in a new thread, through the agent (the one way a question is answered)."""
    return asyncio.run(agent.ask(question, conn=conn, interactor=interactor or AutoInteractor(), role=role))
