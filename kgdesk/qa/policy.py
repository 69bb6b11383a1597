"""The permissions hook: called before planning a query and on its results.

Another issue fills it (roles × intents, sensitive fields masked before anything leaves the core);
qa only guarantees the call sites. The default allows everything and masks nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from kgdesk.qa.dsl import QueryPlan


@dataclass(frozen=True)
class PolicyDecision:
    allowed: bool
    message: str = ""
    """Chinese, names the missing permission when denied."""
    permission: str | None = None


@runtime_checkable
class Policy(Protocol):
    def permit(self, plan: QueryPlan, *, role: str | None, user: str | None) -> PolicyDecision:
        """Before any query runs: may this role ask this?"""
        ...

    def mask_rows(
        self,
        plan: QueryPlan,
        rows: list[dict[str, Any]],
        *,
        role: str | None,
        count_members: Callable[[QueryPlan], int] | None = None,
    ) -> list[dict[str, Any]]:
        """On the raw rows of this execution, before any fact is computed or rendered;
        `count_members(plan)` counts the distinct entities a plan matches (differencing checks)."""
        ...

    def mask_answer(self, doc: dict[str, Any], *, role: str | None) -> dict[str, Any]:
        """On the finished answer (answer, value, trace, plan) before it leaves the core."""
        ...


class AllowAll:
    def permit(self, plan: QueryPlan, *, role: str | None, user: str | None) -> PolicyDecision:
        return PolicyDecision(True)

    def mask_rows(
        self,
        plan: QueryPlan,
        rows: list[dict[str, Any]],
        *,
        role: str | None,
        count_members: Callable[[QueryPlan], int] | None = None,
    ) -> list[dict[str, Any]]:
        return rows

    def mask_answer(self, doc: dict[str, Any], *, role: str | None) -> dict[str, Any]:
        return doc
