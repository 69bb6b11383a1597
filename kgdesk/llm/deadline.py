"""The per-question deadline: one budget of seconds for every language-model call of a question.

A stalled server used to cost 60 s per attempt times two; now every attempt gets
min(per-call timeout, what is left of the question's deadline), back-off sleeps never outlast
it, and when it is used up the call fails with `LLMDeadlineError` naming the step.

Only time spent inside calls counts: a user who thinks for a minute at a confirmation dialog
has not used the model's time, so a replan after the dialog still gets what is left.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

STEP_NAMES: dict[str, str] = {
    "查询计划": "理解问题（生成查询计划）",
    "换算方案": "能力拓展（建立新的换算）",
    "审查结果": "能力拓展（审查换算）",
}
"""Chinese step names for the JSON labels the agent passes to `acomplete_json`."""

PLAIN_TEXT_STEP = "撰写回答小结"
"""The step of a plain-text call: the only one the agent makes is the narrative."""


def step_for_label(label: str | None) -> str:
    if label is None:
        return PLAIN_TEXT_STEP
    return STEP_NAMES.get(label, label)


class QuestionDeadline:
    """Seconds of model time one question may use, across all its calls and attempts.

    `restart()` begins a new question (the client's token budget calls it from
    `start_question()`, so the agent needs no extra call); `running()` brackets one call and
    may nest. A `total_s` of 0 or less means no deadline.
    """

    def __init__(self, total_s: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.total_s = float(total_s)
        self._clock = clock
        self._lock = threading.Lock()
        self._spent = 0.0
        self._depth = 0
        self._since = 0.0

    @property
    def enabled(self) -> bool:
        return self.total_s > 0

    def restart(self) -> None:
        with self._lock:
            self._spent = 0.0
            if self._depth:
                self._since = self._clock()

    def spent(self) -> float:
        with self._lock:
            return self._spent_locked()

    def _spent_locked(self) -> float:
        running = self._clock() - self._since if self._depth else 0.0
        return self._spent + running

    def remaining(self) -> float:
        """Seconds left; `inf` without a deadline, never negative."""
        if not self.enabled:
            return float("inf")
        with self._lock:
            return max(0.0, self.total_s - self._spent_locked())

    @property
    def expired(self) -> bool:
        return self.enabled and self.remaining() <= 0.0

    @contextmanager
    def running(self) -> Iterator[QuestionDeadline]:
        with self._lock:
            if self._depth == 0:
                self._since = self._clock()
            self._depth += 1
        try:
            yield self
        finally:
            with self._lock:
                self._depth -= 1
                if self._depth == 0:
                    self._spent += self._clock() - self._since
