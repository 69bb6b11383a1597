"""What one question carries through the agent: its events, options and per-question context."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from kgdesk.agent.interact import MemoInteractor
from kgdesk.agent.memory import Turn
from kgdesk.qa import describe
from kgdesk.qa.answer import Answer
from kgdesk.qa.executor import ReadOnlyGraph
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.trace import Trace
from kgdesk.qa.understanding import UnderstandContext


@dataclass(frozen=True)
class AgentEvent:
    """What the GUI shows while a question runs.

    kind: `step` (step, state active|done|failed, text), `progress` (text), `text` (a streamed
    narrative delta), `retract` (the streamed narrative was dropped; text says why), `ask` (an
    interaction is about to be shown: step = its kind), `done` (data = the result document).
    """

    kind: str
    step: str = ""
    state: str = ""
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)


OnEvent = Callable[[AgentEvent], None]


@dataclass
class AgentOptions:
    auto: bool = False
    """--auto: confirm understanding and plans automatically (values are never chosen for the user)."""
    offline: bool = False
    """--no-llm: the deterministic planner only."""
    debug: bool = False
    narrative: bool = False
    """Ask the LLM for a short narrative over the rendered facts (streamed; numbers checked)."""
    review_capability: bool = True
    stream_llm: bool = True


AgentResult = Answer
"""The one result type of a question (kgdesk.qa.answer.Answer), under the name callers know."""


@dataclass(frozen=True)
class Published:
    """The published version, read once per question, with its schema and the reader on it."""

    version: str
    schema: SchemaView
    reader: ReadOnlyGraph


@dataclass
class QuestionContext:
    """One question of a thread, from the gate to the stored turn: who asks, where, with which
    options, the dialogs so far, and — once loaded — the published version read once (every run
    of the question uses it, so a version published in between cannot split a confirmed plan
    from the data it runs on)."""

    text: str
    """What the user sent (a question, or a reply to a pending dialog)."""
    tid: str
    conn: Any
    role: str | None
    user: str | None
    opts: AgentOptions
    emit: OnEvent
    trace: Trace
    memo: MemoInteractor
    policy_key: str
    today: date
    question: str = ""
    """The question being answered (for a reply: the pending one)."""
    published: Published | None = None
    prev_turn: Turn | None = None
    prev_key: str = ""
    data_changed: str = ""
    """Set when the previous turn's results would have answered but are of another data version."""
    understood_by: str = ""
    """followup | deterministic | llm: who produced the plan that ran."""
    model: str = ""
    """The language model in use ('' offline): part of the cache key of a model's answer."""
    """Set when the previous turn's results would have answered but are of another data version."""
    ctx: UnderstandContext = field(init=False)
    """Set once the entity index is loaded (after the cache check)."""

    @property
    def loaded(self) -> Published:
        if self.published is None:
            raise RuntimeError("the published version was not loaded for this question")
        return self.published

    @property
    def version(self) -> str:
        return self.loaded.version

    @property
    def schema(self) -> SchemaView:
        return self.loaded.schema


def key_fields(ctx: UnderstandContext) -> dict[str, tuple[str, ...]]:
    return {label: info.key for label, info in ctx.schema.labels.items()}


def index_display(index: Any) -> describe.NameOf:
    """(label, key) → standard name; the entity index builds its table once per version."""
    displays = getattr(index, "displays", None)
    if callable(displays):
        table: dict[tuple[str, str], str] = displays()
    else:
        table = {}
        for e in getattr(index, "entries", []):
            table.setdefault((e.label, e.key), e.display)

    def name_of(label: str, key: str) -> str | None:
        return table.get((label, key))

    return name_of
