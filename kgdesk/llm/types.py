"""Plain data the LLM layer hands back: messages in, results with their cost and timing out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypedDict

Role = Literal["system", "user", "assistant"]


class ChatMessage(TypedDict):
    role: Role
    content: str


OnToken = Callable[[str], None]
"""Receives each streamed text delta, in order, on the calling thread (or event loop)."""


@dataclass(frozen=True)
class TokenUsage:
    """Tokens of one call; `estimated` when the endpoint reported none and we counted ourselves."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated: bool = False

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def __add__(self, other: TokenUsage) -> TokenUsage:
        return TokenUsage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
            self.estimated or other.estimated,
        )


@dataclass(frozen=True)
class RetryRecord:
    """One failed attempt that was retried: why, and how long we waited before the next one."""

    attempt: int
    reason: str
    """Short machine-readable reason: "429", "500", "timeout", "connection", "unsupported-params"."""
    wait_s: float


@dataclass(frozen=True)
class LLMResult:
    """One chat call (all its attempts): text, cost and timing for the trace.

    `total_ms` spans the whole call including retries and back-off; `first_token_ms` is from
    the start of the call to the first content delta when streaming, and equals `total_ms`
    otherwise (the first token arrives with the whole response). For `complete_json`,
    `earlier` holds the calls that produced invalid output before this one (the repair path).
    """

    text: str
    model: str
    usage: TokenUsage
    finish_reason: str | None
    total_ms: float
    first_token_ms: float | None
    streamed: bool
    attempts: int = 1
    retries: tuple[RetryRecord, ...] = ()
    earlier: tuple[LLMResult, ...] = field(default=())
    reasoning: str = ""
    """What a reasoning model thought before answering (reasoning_content or <think>): the
    trace may show it, the answer never does."""

    @property
    def calls(self) -> tuple[LLMResult, ...]:
        """Every chat call behind this result, oldest first (more than one after a repair)."""
        return (*self.earlier, self)

    @property
    def total_usage(self) -> TokenUsage:
        total = TokenUsage()
        for call in self.calls:
            total = total + call.usage
        return total

    @property
    def repaired(self) -> bool:
        return bool(self.earlier)
