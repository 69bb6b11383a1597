"""What the deterministic planner's scanner produces and every later phase reads: the mentions
of a question (`_M`), the parsed question (`_Parsed`), and the signal that stops planning with
an understanding that is not a plan (`_Stop`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.understanding import ChoiceRequest, UnderstandingStatus

NEEDS_LLM_MESSAGE = "需要语言模型"


MAX_SET_STEPS = 12


class _Stop(Exception):
    """Stop planning with an understanding that is not a plan (clarify / needs LLM / insufficient)."""

    def __init__(
        self,
        status: UnderstandingStatus,
        message: str,
        choices: list[ChoiceRequest] | None = None,
        *,
        reason: str | None = None,
        missing: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.choices = choices or []
        self.reason = reason
        self.missing = missing


def _insufficient(message: str, reason: str, missing: str) -> _Stop:
    """The data cannot hold the answer: say why (cli.md reason codes) and what is missing."""
    return _Stop(UnderstandingStatus.INSUFFICIENT, message, reason=reason, missing=missing)


def _needs_llm(reason: str) -> _Stop:
    return _Stop(UnderstandingStatus.NEEDS_LLM, reason)


@dataclass
class _M:
    """One understood piece of the question, in normalised coordinates [s, e)."""

    kind: str
    s: int
    e: int
    text: str
    senses: list[Sense] = field(default_factory=list)
    data: Any = None

    def has(self, kind: str) -> bool:
        return any(x.kind == kind for x in self.senses)

    def sense(self, kind: str) -> Sense | None:
        return next((x for x in self.senses if x.kind == kind), None)

    def is_filler(self) -> bool:
        """A word the scan settled as changing nothing here."""
        return self.kind == "lex" and bool(self.senses) and all(x.kind == "filler" for x in self.senses)

    def become_filler(self) -> None:
        """A word settled as changing nothing here (a framing 既/也, a future modal, a joining 加)."""
        self.kind, self.senses = "lex", [Sense("filler", {}, self.text)]


@dataclass
class _Parsed:
    question: str
    text: str
    qn: str
    mentions: list[_M] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    """Leftover words that change nothing (瞅瞅, 给我): ignored and listed."""
    notes: list[str] = field(default_factory=list)
    """How the scan read a stretch of the question, shown with the plan (维保合同不算 → 采购记录 only)."""

    def of(self, kind: str) -> list[_M]:
        return [m for m in self.mentions if m.kind == kind]

    def lex(self, sense_kind: str) -> list[_M]:
        return [m for m in self.mentions if m.kind == "lex" and m.has(sense_kind)]

    def cue(self, name: str) -> list[_M]:
        return [
            m
            for m in self.mentions
            if m.kind == "lex" and any(s.kind == "cue" and s.name == name for s in m.senses)
        ]

    def next_after(self, m: _M, skip_fillers: bool = True) -> _M | None:
        for x in sorted(self.mentions, key=lambda x: x.s):
            if x.s >= m.e:
                if skip_fillers and x.kind == "lex" and all(s.kind == "filler" for s in x.senses):
                    continue
                return x
        return None

    def prev_before(self, m: _M, skip_fillers: bool = True) -> _M | None:
        best = None
        for x in sorted(self.mentions, key=lambda x: x.s):
            if x.e <= m.s:
                if skip_fillers and x.kind == "lex" and all(s.kind == "filler" for s in x.senses):
                    continue
                best = x
        return best
