"""The `Understander` interface: question → validated-ready DSL plan, or a reason not to guess.

The deterministic planner is one implementation; the LLM path (issue 6) is another that fills the
same `QueryPlan` through its JSON schema. Both receive the same context (schema, entity index,
lexicon, today, choices the user already made) and return an `Understanding`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.grounding import Embedder, EntityIndex
from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.values import ValueIndex
from kgdesk.templates.model import TemplateSet


class UnderstandingStatus(StrEnum):
    PLAN = "plan"
    CLARIFY = "clarify"
    """The question names something ambiguous: the user must choose (see `choices`)."""
    NEEDS_LLM = "needs_llm"
    """The deterministic rules do not cover this shape; an LLM (or a rephrasing) is needed."""
    INSUFFICIENT = "insufficient"
    """Understood, but the data cannot hold the answer (e.g. a month outside the coverage)."""
    EXPLAIN = "explain"


@dataclass(frozen=True)
class Option:
    """One choice offered to the user: `id` is what comes back (a node key, a value)."""

    id: str
    label: str
    detail: str = ""
    confidence: float | None = None


@dataclass
class ChoiceRequest:
    """An ambiguity the user must resolve: which entity / value the words `text` mean."""

    kind: str  # entity | value | window
    text: str
    prompt: str
    options: list[Option]
    multiple: bool = False


@dataclass(frozen=True)
class GroundingRecord:
    """Trace of one grounding: words → standard name, key, confidence, method."""

    text: str
    label: str
    key: str
    display: str
    confidence: float
    method: str

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "label": self.label,
            "key": self.key,
            "display": self.display,
            "confidence": self.confidence,
            "method": self.method,
        }


@dataclass
class Understanding:
    status: UnderstandingStatus
    plan: QueryPlan | None = None
    confidence: float = 0.0
    slots: list[tuple[str, str]] = field(default_factory=list)
    """(slot name, Chinese value) shown by confirm_slots."""
    message: str = ""
    choices: list[ChoiceRequest] = field(default_factory=list)
    groundings: list[GroundingRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    explain_text: str = ""
    explain_citations: list[dict[str, Any]] = field(default_factory=list)
    optional_fields: list[tuple[str, str]] = field(default_factory=list)
    """(node, field) of the plan's projection that nobody asked for by name (the main fields of a
    情况 question): dropped, with a note, when the role may not see them, instead of a refusal."""
    reason: str | None = None
    """For `insufficient`: no_such_entity | no_such_field | outside_coverage | no_records (cli.md)."""
    missing: str | None = None
    """For `insufficient`: the name, field or month that the data lacks."""
    ignored_words: list[str] = field(default_factory=list)
    """Words of the question that change nothing (瞅瞅, 给我…): ignored, shown to the user."""
    assumptions: list[str] = field(default_factory=list)
    """Defaults the rules chose that the question did not state (a year, a 口径, a fuzzy name)."""

    @property
    def certain(self) -> bool:
        """A plan that used every content word of the question and assumed nothing: the agent
        may treat it as final; otherwise an LLM reading is worth having (issue 18, routing)."""
        return self.status is UnderstandingStatus.PLAN and self.plan is not None and not self.assumptions

    def slots_text(self) -> str:
        return "；".join(f"{k}：{v}" for k, v in self.slots)

    def refused(self, reason: str) -> Understanding:
        """A last look's refusal of this understanding: an LLM is needed, the reason names the words, the groundings
        made so far are kept for the trace."""
        return Understanding(status=UnderstandingStatus.NEEDS_LLM, message=reason, groundings=self.groundings, reason=reason)


@dataclass
class UnderstandContext:
    schema: SchemaView
    index: EntityIndex
    values: ValueIndex
    lexicon: Lexicon
    templates: TemplateSet
    today: date
    choices: dict[str, list[str]] = field(default_factory=dict)
    """Words of the question → node keys or values the user chose in an earlier clarification."""
    embedder: Embedder | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    offline: bool = True


@runtime_checkable
class Understander(Protocol):
    name: str

    async def understand(self, question: str, ctx: UnderstandContext) -> Understanding: ...
