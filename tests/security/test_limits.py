"""Limits: question length, rows per answer, LLM tokens per question and per hour (across processes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgdesk.config.settings import Limits
from kgdesk.llm import TokenUsage
from kgdesk.llm.budget import PersistentTokenBudget, TokenLimitExceeded
from kgdesk.paths import llm_usage_db
from kgdesk.security.limits import LimitExceeded, check_question


def test_question_length() -> None:
    limits = Limits(max_question_chars=10)
    assert check_question("  有多少人？ ", limits) == "有多少人？"
    with pytest.raises(LimitExceeded) as e:
        check_question("一" * 11, limits)
    assert e.value.limit == "question_chars" and "11 个字" in e.value.message and "上限为 10" in e.value.message
    with pytest.raises(LimitExceeded, match="问题是空的"):
        check_question("   ", limits)
    assert check_question("一" * 5000, Limits(max_question_chars=0))  # 0 = no limit






def test_hourly_budget_holds_across_processes(tmp_path: Path) -> None:
    now = [1_000_000.0]
    first = PersistentTokenBudget(per_question=0, per_hour=1000, home=tmp_path, clock=lambda: now[0])
    first.check(100)
    first.record(TokenUsage(prompt_tokens=600, completion_tokens=200))
    # a second process (another `kgdesk ask`) on the same KGDESK_HOME sees the same hour
    second = PersistentTokenBudget(per_question=0, per_hour=1000, home=tmp_path, clock=lambda: now[0])
    assert second.hour_used == 800
    second.check(200)
    with pytest.raises(TokenLimitExceeded) as e:
        second.check(201)
    assert e.value.limit == "tokens_per_hour" and "最近一小时" in e.value.message
    now[0] += 3601  # an hour later the window is empty again
    second.check(900)


def test_per_question_budget(tmp_path: Path) -> None:
    b = PersistentTokenBudget.from_limits(Limits(llm_tokens_per_question=500, llm_tokens_per_hour=0), home=tmp_path)
    with b.question():
        b.record(TokenUsage(prompt_tokens=450, completion_tokens=40))
        with pytest.raises(TokenLimitExceeded, match="本问题"):
            b.check(20)
    with b.question():
        b.check(400)


def test_unusable_usage_file_falls_back_to_memory(tmp_path: Path) -> None:
    llm_usage_db(tmp_path).mkdir()
    b = PersistentTokenBudget(per_question=0, per_hour=100, home=tmp_path)
    b.record(TokenUsage(prompt_tokens=90))
    with pytest.raises(TokenLimitExceeded):
        b.check(20)
