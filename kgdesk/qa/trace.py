"""The one per-question trace: every step with its milliseconds, every LLM call with tokens and
first-token latency, retries with their reasons. The agent and the plan runner write into the
same `Trace` (the runner's steps carry `stage: core`); it becomes `Answer.trace` and `--debug`.

Entries are plain JSON dicts (`{"step": "understand", "ms": 3, ...}`). Nothing here holds the
API key or data rows.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kgdesk.llm import LLMError, LLMResult


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


class Trace:
    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self._t0 = time.perf_counter()

    def add(self, step: str, ms: float | int | None = None, **extra: Any) -> dict[str, Any]:
        entry: dict[str, Any] = {"step": step, "ms": round(ms) if ms is not None else 0}
        entry.update({k: v for k, v in extra.items() if v is not None})
        self.entries.append(entry)
        return entry

    @contextmanager
    def step(self, step: str, **extra: Any) -> Iterator[dict[str, Any]]:
        """Time a block; the yielded dict can be filled with details while it runs."""
        entry: dict[str, Any] = {"step": step, "ms": 0, **{k: v for k, v in extra.items() if v is not None}}
        self.entries.append(entry)
        t0 = time.perf_counter()
        try:
            yield entry
        finally:
            entry["ms"] = _ms(time.perf_counter() - t0)

    def llm(self, purpose: str, result: LLMResult, *, attempt: int | None = None) -> None:
        """One logical LLM request (a repair round shows as its own call entries)."""
        for call in result.calls:
            self.entries.append(llm_entry(purpose, call, attempt=attempt, repaired=call is not result.calls[0]))

    def llm_error(self, purpose: str, error: LLMError, *, attempt: int | None = None) -> None:
        for call in error.results:
            self.entries.append(llm_entry(purpose, call, attempt=attempt))
        entry: dict[str, Any] = {
            "step": "llm_error",
            "ms": 0,
            "purpose": purpose,
            "code": error.code,
            "message": error.message,
            "attempts": error.attempts,
            "waited_s": round(error.waited_s, 3),
        }
        if error.retries:
            entry["retries"] = [{"attempt": r.attempt, "reason": r.reason, "wait_s": round(r.wait_s, 3)} for r in error.retries]
        if error.detail:
            entry["detail"] = error.detail[:500]
        if attempt is not None:
            entry["attempt"] = attempt
        self.entries.append(entry)

    def retry(self, stage: str, attempt: int, reason: str) -> None:
        self.add("retry", 0, stage=stage, attempt=attempt, reason=reason)

    def extend(self, entries: list[dict[str, Any]]) -> None:
        self.entries.extend(entries)

    @property
    def total_ms(self) -> int:
        return _ms(time.perf_counter() - self._t0)

    def llm_totals(self) -> dict[str, Any]:
        calls = [e for e in self.entries if e.get("step") == "llm"]
        return {
            "calls": len(calls),
            "prompt_tokens": sum(int(e.get("prompt_tokens") or 0) for e in calls),
            "completion_tokens": sum(int(e.get("completion_tokens") or 0) for e in calls),
        }

    def to_json(self) -> list[dict[str, Any]]:
        return [dict(e) for e in self.entries]


def llm_entry(purpose: str, call: LLMResult, *, attempt: int | None = None, repaired: bool = False) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "step": "llm",
        "ms": round(call.total_ms),
        "purpose": purpose,
        "model": call.model,
        "prompt_tokens": call.usage.prompt_tokens,
        "completion_tokens": call.usage.completion_tokens,
        "tokens_estimated": call.usage.estimated,
        "first_token_ms": round(call.first_token_ms) if call.first_token_ms is not None else None,
        "streamed": call.streamed,
        "http_attempts": call.attempts,
        "finish_reason": call.finish_reason,
    }
    if call.retries:
        entry["retries"] = [{"attempt": r.attempt, "reason": r.reason, "wait_s": round(r.wait_s, 3)} for r in call.retries]
    if repaired:
        entry["repair"] = True
    if attempt is not None:
        entry["attempt"] = attempt
    return entry
