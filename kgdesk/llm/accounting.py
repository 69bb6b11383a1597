"""Token estimates and the per-question / per-hour token budget."""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from kgdesk.llm.errors import LLMTokenLimitError
from kgdesk.llm.types import ChatMessage, TokenUsage

_MESSAGE_OVERHEAD = 4  # role markers and separators per message, as chat templates add them


def _is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (
        0x4E00 <= o <= 0x9FFF
        or 0x3400 <= o <= 0x4DBF
        or 0x3000 <= o <= 0x303F  # CJK punctuation
        or 0xFF00 <= o <= 0xFFEF  # full-width forms
        or 0x20000 <= o <= 0x2FFFF
    )


def estimate_tokens(text: str) -> int:
    """Rough token count when the endpoint reports none: one per CJK character, one per 4 other characters.

    Deliberately on the high side for Chinese so budgets are not exceeded silently.
    """
    cjk = sum(1 for ch in text if _is_cjk(ch))
    other = len(text) - cjk
    return cjk + math.ceil(other / 4)


def estimate_prompt_tokens(messages: Iterable[ChatMessage]) -> int:
    return sum(estimate_tokens(m["content"]) + _MESSAGE_OVERHEAD for m in messages)


class TokenBudget:
    """Token limits per question and per rolling hour, shared by every call of one client.

    The pipeline calls `start_question()` (or uses `with budget.question():`) when a new
    question begins. Before each call the client checks that the estimated prompt still fits;
    after it, the real usage is recorded. A call that pushes the total over a limit completes,
    and the next one is refused with `LLMTokenLimitError`. A limit of 0 or less means none.
    One question at a time per budget; the hourly window lives in memory only.
    """

    def __init__(
        self, per_question: int, per_hour: int, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_question = per_question
        self.per_hour = per_hour
        self._clock = clock
        self._lock = threading.Lock()
        self._question_used = 0
        self._window: deque[tuple[float, int]] = deque()
        self._question_listeners: list[Callable[[], None]] = []

    def on_question_start(self, listener: Callable[[], None]) -> None:
        """Also run `listener` when a question starts (the client's deadline restarts with it)."""
        self._question_listeners.append(listener)

    def start_question(self) -> None:
        with self._lock:
            self._question_used = 0
        for listener in self._question_listeners:
            listener()

    @contextmanager
    def question(self) -> Iterator[TokenBudget]:
        self.start_question()
        yield self

    @property
    def question_used(self) -> int:
        with self._lock:
            return self._question_used

    @property
    def hour_used(self) -> int:
        with self._lock:
            return self._hour_used_locked()

    def _hour_used_locked(self) -> int:
        cutoff = self._clock() - 3600.0
        while self._window and self._window[0][0] <= cutoff:
            self._window.popleft()
        return sum(n for _, n in self._window)

    def check(self, upcoming_tokens: int = 0) -> None:
        """Refuse a call whose prompt would not fit in what is left."""
        with self._lock:
            q_used = self._question_used
            h_used = self._hour_used_locked()
        if self.per_question > 0 and q_used + upcoming_tokens > self.per_question:
            raise LLMTokenLimitError(
                f"本问题的语言模型用量已达上限（每个问题 {self.per_question} 个 token，已用 {q_used} 个）。"
                "请把问题拆小后再问，或在设置中调高上限。",
                detail=f"question budget: used={q_used} upcoming={upcoming_tokens} limit={self.per_question}",
            )
        if self.per_hour > 0 and h_used + upcoming_tokens > self.per_hour:
            raise LLMTokenLimitError(
                f"最近一小时的语言模型用量已达上限（每小时 {self.per_hour} 个 token，已用 {h_used} 个）。"
                "请稍后再试，或在设置中调高上限。",
                detail=f"hour budget: used={h_used} upcoming={upcoming_tokens} limit={self.per_hour}",
            )

    def record(self, usage: TokenUsage) -> None:
        n = usage.total_tokens
        if n <= 0:
            return
        with self._lock:
            self._question_used += n
            self._window.append((self._clock(), n))
