"""The QA core's `Policy` hook (kgdesk/qa/policy.py) filled with the permissions of this package.

`SecurityPolicy()` replaces `AllowAll()` where the pipeline is composed:

- `permit(plan, role=, user=)`: `check_plan`; a denied plan never reaches the compiler, and the
  message names the missing intents and fields in Chinese.
- `mask_rows(plan, rows, role=)`: rows of this execution → only what the role may see; banded
  ages (computed here when the caller has not evaluated the derived attribute yet); groups with
  fewer than the minimum number of entities removed where the plan uses `aggregate`-level fields.
- `mask_answer(doc, role=)`: the finished document with every withheld text value and every
  secret scrubbed, and the suppression note appended to the answer.

Also `permit_intents` for the intent-level check before planning, `mask_schema` for the schema
planners and prompts see, and `fingerprint(role)` for answer-cache keys. The withheld values of the
current question travel from `mask_rows` to `mask_answer` in a context variable, so concurrent
questions in different threads or tasks never mix; `permit` (called on the question's own task
before anything runs) creates that record, so rows masked in a worker thread still reach it.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.policy import PolicyDecision
from kgdesk.qa.schema import SchemaView
from kgdesk.security.aggregates import guard_differencing, protect_group_citations
from kgdesk.security.masking import ResultMasker, mask_schema_view
from kgdesk.security.permissions import Decision, Permissions, Policy, Withheld, default_permissions
from kgdesk.security.plancheck import check_plan, denial_message, result_rules
from kgdesk.security.redact import scrub


@dataclass
class _Question:
    withheld: Withheld = field(default_factory=Withheld)
    notes: list[str] = field(default_factory=list)
    aggregate_only: bool = False
    """The result groups or counts a field this role may only aggregate (no per-group sources)."""
    population: list[dict[str, Any]] = field(default_factory=list)
    """Citations of suppressed groups' members, cited with the rest of the population."""


_CURRENT: contextvars.ContextVar[_Question | None] = contextvars.ContextVar("kgdesk_security_question", default=None)


class SecurityPolicy:
    """Roles, intents and field masking for the QA pipeline (satisfies `kgdesk.qa.policy.Policy`)."""

    def __init__(
        self,
        perms: Permissions | None = None,
        *,
        min_group_size: int | None = None,
        today: date | None = None,
    ) -> None:
        self.perms = perms or default_permissions()
        if min_group_size is None:
            from kgdesk.config.settings import Limits

            min_group_size = Limits().min_group_size
        self.min_group_size = min_group_size
        self.today = today

    @classmethod
    def from_settings(cls, settings: Any) -> SecurityPolicy:
        """With the minimum group size of the effective settings' limits."""
        return cls(min_group_size=settings.limits.min_group_size)

    def policy(self, role: str | None, user: str | None = None) -> Policy:
        """Unknown or missing role → the default role (deny by default)."""
        name = role if role and role in self.perms.roles else self.perms.default_role
        return self.perms.policy(name, user=user or "", min_group_size=self.min_group_size)

    def fingerprint(self, role: str | None) -> str:
        """For answer-cache keys: what this role may see."""
        return self.policy(role).fingerprint

    def mask_schema(self, schema: SchemaView, *, role: str | None) -> SchemaView:
        """The published schema as planners and prompts may see it for this role (no values of
        fields the role cannot see)."""
        return mask_schema_view(schema, self.policy(role))

    # -- before planning ---------------------------------------------------------------
    def permit_intents(self, intents: Iterable[str], *, role: str | None, user: str | None = None) -> Decision:
        return self.policy(role, user).intent_check(intents)

    # -- the qa Policy protocol --------------------------------------------------------
    def permit(self, plan: QueryPlan, *, role: str | None, user: str | None) -> PolicyDecision:
        # The question's record of withheld values starts here, in the caller's context: the rows are
        # masked in a worker thread (asyncio.to_thread copies the context), so `mask_rows` must find
        # this object and fill it in place; one it created itself would be lost with the thread's copy.
        if _CURRENT.get() is None:
            _CURRENT.set(_Question())
        pol = self.policy(role, user)
        violations = check_plan(plan, pol)
        if not violations:
            return PolicyDecision(True)
        first = violations[0]
        return PolicyDecision(False, denial_message(violations, pol), first.intent or first.field)

    def mask_rows(
        self,
        plan: QueryPlan,
        rows: list[dict[str, Any]],
        *,
        role: str | None,
        count_members: Callable[[QueryPlan], int] | None = None,
    ) -> list[dict[str, Any]]:
        """`count_members(plan)`: the distinct entities a plan's output step matches (see
        `member_counter`); given, a filter that leaves out fewer than the minimum group size of
        people from an aggregate-only result is refused (PlanDenied), as differencing."""
        pol = self.policy(role)
        rules = result_rules(plan, pol)
        if rules.aggregate_only and count_members is not None:
            guard_differencing(plan, pol, rows, count_members)
        masker = ResultMasker(pol, plan, rules, today=self.today)
        out = masker.mask_plan_rows(rows)
        q = _CURRENT.get()
        if q is None:
            q = _Question()
            _CURRENT.set(q)
        q.aggregate_only = q.aggregate_only or bool(rules.aggregate_only)
        q.population.extend(p.to_json() for p in masker.suppressed_sources)
        q.withheld.values |= masker.withheld.values
        q.withheld.fields |= masker.withheld.fields
        q.notes.extend(n for n in masker.notes if n not in q.notes)
        return out

    def mask_answer(self, doc: dict[str, Any], *, role: str | None) -> dict[str, Any]:
        q = _CURRENT.get()
        _CURRENT.set(None)
        out: dict[str, Any] = dict(doc)
        if q is not None:
            out = q.withheld.scrub(out)
            if q.aggregate_only:
                out = protect_group_citations(out, q.population)
            if q.notes and isinstance(out.get("answer"), str):
                out["answer"] = out["answer"].rstrip() + "\n\n" + "\n".join(q.notes)
        scrubbed: dict[str, Any] = scrub(out)
        return scrubbed

    def start_question(self) -> None:
        """Forget the withheld values of an earlier question in this context (optional)."""
        _CURRENT.set(None)


def member_counter(reader: Any, schema: Any, version: str, row_cap: int) -> Callable[[QueryPlan], int]:
    """`count_members` for `mask_rows` over the question's own GraphReader: the distinct keys of a
    plan's output step, compiled by the whitelisted compiler and run read-only (EXPLAIN-checked)."""
    from kgdesk.qa.compiler import compile_step

    def count(plan: QueryPlan) -> int:
        query = compile_step(plan, plan.output_step, schema, version=version, row_cap=row_cap, keys_only=True)
        return len(reader.run(query).rows)

    return count
