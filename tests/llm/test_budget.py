"""Token accounting: usage per call, estimates when none is reported, per-question and per-hour limits."""

from __future__ import annotations

import pytest

from kgdesk.llm import (
    ChatMessage,
    LLMTokenLimitError,
    TokenBudget,
    TokenUsage,
    estimate_prompt_tokens,
    estimate_tokens,
)
from tests.llm.helpers import make_client
from tests.llm_fixtures import LLMEnv
from tests.llm_server import LLMTestServer, Reply

Q: list[ChatMessage] = [ChatMessage(role="user", content="在职人员有多少？")]


def test_estimate_tokens() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("在职人员") == 4
    assert estimate_tokens("abcdefgh") == 2
    assert estimate_tokens("人员 count") == 2 + 2  # " count" is 6 characters -> 2
    assert estimate_prompt_tokens(Q) == estimate_tokens(Q[0]["content"]) + 4


@pytest.mark.llm
def test_question_limit_stops_the_next_call(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    budget = TokenBudget(per_question=60, per_hour=10_000)
    llm_server.script(
        Reply.text("十二人", usage={"prompt_tokens": 30, "completion_tokens": 25}), Reply.text("又一次")
    )
    client = make_client(llm_env, budget=budget)

    with budget.question():
        client.complete(Q)
        assert budget.question_used == 55
        with pytest.raises(LLMTokenLimitError) as info:
            client.complete(Q)

    assert "本问题的语言模型用量已达上限" in info.value.message and "60" in info.value.message
    assert len(llm_server.requests) == 1  # the refused call never reached the endpoint

    budget.start_question()  # a new question starts from zero; the hour keeps counting
    assert client.complete(Q).text == "又一次"
    assert budget.hour_used > 55


@pytest.mark.llm
def test_estimated_usage_counts_against_the_budget(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    budget = TokenBudget(per_question=1_000, per_hour=1_000)
    llm_server.script(Reply.text("十二人", usage=False))

    result = make_client(llm_env, budget=budget).complete(Q)

    assert result.usage.estimated
    assert budget.question_used == result.usage.total_tokens == estimate_prompt_tokens(Q) + 3


def test_hour_limit_rolls_over() -> None:
    now = [1_000.0]
    budget = TokenBudget(per_question=0, per_hour=100, clock=lambda: now[0])

    budget.record(TokenUsage(60, 30))
    budget.check(10)
    with pytest.raises(LLMTokenLimitError, match="最近一小时的语言模型用量已达上限"):
        budget.check(11)

    now[0] += 3_601
    assert budget.hour_used == 0
    budget.check(100)


def test_zero_limits_mean_unlimited() -> None:
    budget = TokenBudget(per_question=0, per_hour=0)
    budget.record(TokenUsage(10**9, 10**9))
    budget.check(10**9)
