"""The hourly LLM token window kept in SQLite under KGDESK_HOME, shared by every kgdesk process
(`kgdesk ask`, the desktop and its question worker): the per-hour limit survives restarts."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from kgdesk.config.settings import Limits
from kgdesk.llm.accounting import TokenBudget
from kgdesk.llm.errors import LLMTokenLimitError
from kgdesk.llm.types import TokenUsage
from kgdesk.paths import llm_usage_db

log = logging.getLogger("kgdesk.llm.budget")


class TokenLimitExceeded(LLMTokenLimitError):
    """The per-question or per-hour token budget is used up (no request was sent)."""

    code = "E_LLM_TOKEN_LIMIT"
    limit: str = ""
    """Which budget: the question's or the hour's."""


def _token_error(message: str, limit: str) -> TokenLimitExceeded:
    e = TokenLimitExceeded(message, detail=limit)
    e.limit = limit
    return e


# ---------------------------------------------------------------------- the persistent budget


class PersistentTokenBudget(TokenBudget):
    """A TokenBudget whose rolling hour is shared by every kgdesk process of this KGDESK_HOME.

    If the usage file cannot be used, it falls back to the in-memory window (and logs why): a
    broken counter must not stop questions, and the in-process limit still holds.
    """

    def __init__(
        self,
        per_question: int,
        per_hour: int,
        *,
        home: Path | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(per_question, per_hour, clock=clock)
        self.path = llm_usage_db(home)
        self._db_ok = True

    @classmethod
    def from_limits(cls, limits: Limits, *, home: Path | None = None) -> PersistentTokenBudget:
        return cls(limits.llm_tokens_per_question, limits.llm_tokens_per_hour, home=home)

    def _conn(self) -> sqlite3.Connection:
        conn = sqlite3.connect(str(self.path), timeout=5.0, isolation_level=None)
        conn.execute("PRAGMA busy_timeout = 5000")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE IF NOT EXISTS usage (ts REAL NOT NULL, tokens INTEGER NOT NULL)")
        return conn

    def _db_hour_used(self) -> int | None:
        if not self._db_ok:
            return None
        cutoff = self._clock() - 3600.0
        try:
            conn = self._conn()
            try:
                conn.execute("DELETE FROM usage WHERE ts <= ?", (cutoff - 86400.0,))
                row = conn.execute("SELECT COALESCE(SUM(tokens), 0) FROM usage WHERE ts > ?", (cutoff,)).fetchone()
            finally:
                conn.close()
        except (sqlite3.Error, OSError) as e:
            log.warning("token usage file unusable (%s); the hourly limit holds in this process only", e)
            self._db_ok = False
            return None
        return int(row[0])

    def _hour_used_locked(self) -> int:
        used = self._db_hour_used()
        return super()._hour_used_locked() if used is None else used

    def check(self, upcoming_tokens: int = 0) -> None:
        try:
            super().check(upcoming_tokens)
        except TokenLimitExceeded:
            raise
        except LLMTokenLimitError as e:
            limit = "tokens_per_question" if "本问题" in e.message else "tokens_per_hour"
            raise _token_error(e.message, limit) from None

    def record(self, usage: TokenUsage) -> None:
        super().record(usage)
        n = usage.total_tokens
        if n <= 0 or not self._db_ok:
            return
        try:
            conn = self._conn()
            try:
                conn.execute("INSERT INTO usage (ts, tokens) VALUES (?, ?)", (self._clock(), int(n)))
            finally:
                conn.close()
        except (sqlite3.Error, OSError) as e:
            log.warning("could not record token usage (%s)", e)
            self._db_ok = False
