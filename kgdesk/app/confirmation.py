"""When the desktop asks the user to confirm its understanding of a question.

The agent asks `confirm_slots` and then `confirm_plan` for every planned question. Shown every
time, that is two modal dialogs for "一共有多少个项目？". `ConfirmingInteractor` wraps the GUI's
dialogs and applies the user's setting:

- `always`: both dialogs, as the agent asks them;
- `uncertain` (the default): nothing for a plain question; one understanding dialog, with the
  assumptions named, when the plan made one (a default condition the user did not state, a
  口径 note) or is of an unknown type;
- `never`: no confirmation (choices between readings are still asked: they are not confirmations).

The decision is here, Qt-free, so the CLI or a test can use the same rule; the dialogs stay dumb.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kgdesk.app.wording import ASSUMPTION_SLOT, plain
from kgdesk.config.settings import ConfirmMode
from kgdesk.qa.interactions import Interactor, PlanConfirmation, Reply, ScopeRequest, SlotConfirmation
from kgdesk.qa.understanding import ChoiceRequest


@dataclass(frozen=True)
class Uncertainty:
    """Why a plan needs the user's eye: the assumptions it made, in the plan's own Chinese lines."""

    assumptions: list[str]
    unknown_type: bool = False

    @property
    def uncertain(self) -> bool:
        return bool(self.assumptions) or self.unknown_type


def _filters(plan: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [f for s in plan.get("steps") or [] for f in (s.get("filters") or []) if isinstance(f, Mapping)]


def uncertainty(request: PlanConfirmation) -> Uncertainty:
    """The plan's assumptions: filters marked `assumption` (by their 条件 line) and its 口径 notes."""
    plan = request.plan_json or {}
    conditions = [line for line in request.description if line.startswith("条件：")]
    found: list[str] = []
    for i, f in enumerate(_filters(plan)):
        if f.get("assumption"):
            line = conditions[i] if i < len(conditions) else "一个默认条件"
            found.append(line.removeprefix("条件："))
    notes = plan.get("notes")
    found += [str(n) for n in (notes if isinstance(notes, list) else []) if str(n).strip()]
    return Uncertainty(list(dict.fromkeys(found)), unknown_type=plan.get("query_type") == "unknown")


def with_assumptions(slots: Sequence[tuple[str, str]], u: Uncertainty) -> list[tuple[str, str]]:
    """The understanding as the user confirms it, the assumptions named last."""
    out = [(k, plain(v)) for k, v in slots]
    out += [(ASSUMPTION_SLOT, a) for a in u.assumptions]
    if u.unknown_type:
        out.append((ASSUMPTION_SLOT, "没能确定您想要哪种结果（数量、名单还是汇总）"))
    return out


class ConfirmingInteractor(Interactor):
    """The GUI's interactor under the confirmation setting (see the module docstring)."""

    def __init__(self, inner: Interactor, mode: ConfirmMode = "uncertain") -> None:
        self.inner = inner
        self.mode: ConfirmMode = mode
        self.slots: list[tuple[str, str]] = []
        self.shown: list[str] = []
        """Which confirmations reached the user ("slots", "plan", "assumptions"), for tests."""

    async def confirm_slots(self, request: SlotConfirmation) -> Reply:
        self.slots = list(request.slots)
        if self.mode != "always":
            return Reply(True)  # judged with the plan, which says what was assumed
        self.shown.append("slots")
        return await self.inner.confirm_slots(SlotConfirmation(request.question, [(k, plain(v)) for k, v in request.slots]))

    async def confirm_plan(self, request: PlanConfirmation) -> Reply:
        plain_request = PlanConfirmation(request.question, [plain(x) for x in request.description], request.plan_json)
        if self.mode == "always":
            self.shown.append("plan")
            return await self.inner.confirm_plan(plain_request)
        if self.mode == "never":
            return Reply(True)
        u = uncertainty(request)
        if not u.uncertain:
            return Reply(True)
        self.shown.append("assumptions")
        return await self.inner.confirm_slots(SlotConfirmation(request.question, with_assumptions(self.slots, u)))

    async def choose_scope(self, request: ScopeRequest) -> str | None:
        return await self.inner.choose_scope(request)

    async def choose_values(self, request: ChoiceRequest) -> list[str] | None:
        return await self.inner.choose_values(request)
