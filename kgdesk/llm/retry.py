"""The retry policy: which failures are retried, how long to wait, and when to give up.

The SDK's own retries are switched off (max_retries=0) so that this is the only policy and its
total wait is bounded by `limits.llm_max_retry_wait_s`.
"""

from __future__ import annotations

import email.utils
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential back-off with jitter, honouring Retry-After, within a total wait budget.

    - `max_attempts` counts the first try: 4 means up to 3 retries.
    - Timeouts are retried at most `max_timeout_attempts - 1` times because each costs a full
      `timeout_s`; a dead endpoint should fail in about two timeouts, not four.
    - A Retry-After longer than what is left of `max_total_wait_s` ends the retries at once
      (waiting less than the server asked would only earn another 429).
    """

    max_attempts: int = 4
    max_timeout_attempts: int = 2
    base_delay_s: float = 0.5
    max_delay_s: float = 8.0
    max_total_wait_s: float = 20.0
    jitter: float = 0.2
    """Up to this fraction is added at random to each back-off so parallel clients spread out."""

    def backoff_s(self, retry_index: int) -> float:
        """Back-off before retry number `retry_index` (0 = the first retry)."""
        delay = min(self.max_delay_s, self.base_delay_s * (2**retry_index))
        if self.jitter > 0:
            delay += delay * self.jitter * random.random()
        return min(delay, self.max_delay_s)

    def next_wait(
        self, *, attempt: int, waited_s: float, retry_after_s: float | None, timeouts: int
    ) -> float | None:
        """Seconds to sleep before the next attempt, or None to give up.

        `attempt` is the number of the attempt that just failed (1-based); `timeouts` how many
        attempts so far ended in a timeout.
        """
        if attempt >= self.max_attempts or timeouts >= self.max_timeout_attempts:
            return None
        remaining = self.max_total_wait_s - waited_s
        if retry_after_s is not None:
            wait = max(0.0, retry_after_s)
            return wait if wait <= remaining else None
        if remaining <= 0:
            return None  # a zero budget means no retries
        return min(self.backoff_s(attempt - 1), remaining)


def parse_retry_after(headers: Mapping[str, str] | None, *, now: float | None = None) -> float | None:
    """Seconds the server asks us to wait: `retry-after-ms`, then `Retry-After` (seconds or HTTP date)."""
    if not headers:
        return None
    lowered = {k.lower(): v for k, v in headers.items()}
    ms = lowered.get("retry-after-ms")
    if ms is not None:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))
