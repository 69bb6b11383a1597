"""The one result of a question: what the plan runner produces and the agent completes.

`to_json` is what `kgdesk ask --json` prints (cli.md). The runner fills status, answer, value,
citations, version, plan, queries (and `need` when only the user can go on); the agent adds the
thread, the turn, the source, the trace, the dialogs and the narrative. `rows`, `outcome` and
`need` stay in process.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kgdesk.qa.interactions import ScopeRequest
from kgdesk.qa.results import Outcome, Row
from kgdesk.qa.understanding import ChoiceRequest, Option

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def option_letter(i: int) -> str:
    """A, B, … Z, then numbers (the letters the user replies with)."""
    return LETTERS[i] if i < len(LETTERS) else str(i + 1)


@dataclass
class Need:
    """A choice only the user can make before the plan can be answered (the runner never asks).

    kind: `assumption` (an unstated default changes the result: with / without), `values` (an
    empty result: the graph's real values of a condition), `scope` (too many rows: narrow down).
    """

    kind: str
    request: ChoiceRequest | ScopeRequest
    probe: Any = None
    """For `values`: the `scope.Probe` whose filter the chosen values replace."""


@dataclass
class Answer:
    status: str
    """answered | clarify | insufficient | denied | error"""
    answer: str
    value: Any = None
    citations: list[dict[str, Any]] = field(default_factory=list)
    version: str | None = None
    plan: dict[str, Any] = field(default_factory=dict)
    queries: list[dict[str, Any]] = field(default_factory=list)
    trace: list[dict[str, Any]] = field(default_factory=list)
    thread_id: str = ""
    turn_id: int | None = None
    source: str = "query"
    """query | cache | reuse | protocol"""
    options: list[Option] = field(default_factory=list)
    narrative: str = ""
    interactions: list[dict[str, Any]] = field(default_factory=list)
    groundings: list[dict[str, Any]] = field(default_factory=list)
    plan_description: list[str] = field(default_factory=list)
    """The executed plan in Chinese lines (what confirm_plan showed), for 查询详情."""
    cancelled: bool = False
    """The user closed a dialog: audited as cancelled, not as an error (run history's failure rate)."""
    rows: list[Row] = field(default_factory=list, repr=False)
    """In process only: the (masked) rows the answer was computed from (the reuse check)."""
    outcome: Outcome | None = field(default=None, repr=False)
    need: Need | None = field(default=None, repr=False)
    reason: str | None = None
    """For insufficient (cli.md): no_such_entity | no_such_field | outside_coverage | no_records."""
    missing: str | None = None
    """For insufficient: the name, field or month the data lacks."""

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "status": self.status,
            "answer": self.answer,
            "value": self.value,
            "citations": self.citations,
            "version": self.version,
            "plan": self.plan,
            "queries": self.queries,
            "trace": self.trace,
            "thread_id": self.thread_id,
            "turn_id": self.turn_id,
            "source": self.source,
        }
        if self.status == "insufficient":
            doc["reason"], doc["missing"] = self.reason, self.missing
        if self.options:
            doc["options"] = [
                {"letter": option_letter(i), "id": o.id, "label": o.label, "detail": o.detail}
                for i, o in enumerate(self.options)
            ]
        if self.narrative:
            doc["narrative"] = self.narrative
        if self.plan_description:
            doc["plan_description"] = self.plan_description
        if self.cancelled:
            doc["cancelled"] = True
        return doc
