"""The per-question deadline across attempts and calls, and cancellation of an in-flight request,
through the real openai SDK against a stalled local server."""

from __future__ import annotations

import asyncio
import time

import pytest

from kgdesk.config.settings import Limits, effective_settings
from kgdesk.llm import (
    ChatMessage,
    LLMDeadlineError,
    LLMTimeoutError,
    OpenAICompatibleClient,
    QuestionDeadline,
    RetryPolicy,
    TokenBudget,
)
from tests.llm.helpers import GOOD_PLAN, StrictPlan, make_client
from tests.llm_fixtures import FAST_RETRY, LLMEnv
from tests.llm_server import LLMTestServer, Reply

pytestmark = pytest.mark.llm

Q: list[ChatMessage] = [ChatMessage(role="user", content="在职人员有多少？")]


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


# ---------------------------------------------------------------------- the deadline object


def test_only_time_inside_calls_counts() -> None:
    clock = FakeClock()
    d = QuestionDeadline(10.0, clock=clock)
    with d.running():
        clock.now += 4.0
        with d.running():  # nested: counted once
            clock.now += 1.0
    assert d.remaining() == pytest.approx(5.0)
    clock.now += 60.0  # a user thinking at a confirmation dialog
    assert d.remaining() == pytest.approx(5.0) and not d.expired
    with d.running():
        clock.now += 6.0
        assert d.expired and d.remaining() == 0.0
    d.restart()
    assert d.remaining() == pytest.approx(10.0)


def test_zero_means_no_deadline() -> None:
    d = QuestionDeadline(0)
    assert not d.enabled and d.remaining() == float("inf") and not d.expired


def test_the_budget_restarts_the_deadline_with_each_question() -> None:
    clock = FakeClock()
    d = QuestionDeadline(1.0, clock=clock)
    budget = TokenBudget(0, 0)
    budget.on_question_start(d.restart)
    with d.running():
        clock.now += 2.0
    assert d.expired
    budget.start_question()
    assert d.remaining() == pytest.approx(1.0)


def test_settings_carry_the_deadline_into_the_client(llm_env: LLMEnv) -> None:
    assert Limits().llm_question_deadline_s == 45.0
    client = OpenAICompatibleClient.from_settings(
        effective_settings(overrides={"limits": Limits(llm_question_deadline_s=12.0)})
    )
    assert client.deadline is not None and client.deadline.total_s == 12.0
    assert client.budget is not None
    client.budget.start_question()  # what the agent calls per question: the deadline restarts
    assert client.deadline.remaining() == pytest.approx(12.0)


# ---------------------------------------------------------------------- against a stalled server


def test_a_stalled_server_is_given_up_at_the_deadline_not_the_per_call_timeout(
    llm_env: LLMEnv, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.hang(30), Reply.hang(30), Reply.hang(30))
    # per call 20 s and two timeout attempts would be 40 s; the question has 0.5 s
    client = make_client(llm_env, timeout_s=20.0, deadline=QuestionDeadline(0.5))

    with pytest.raises(LLMDeadlineError) as info:
        client.complete_json(Q, StrictPlan, label="查询计划")

    err = info.value
    assert isinstance(err, LLMTimeoutError)  # callers that handle timeouts handle this too
    assert err.step == "理解问题（生成查询计划）" and err.code == "E_LLM_DEADLINE"
    assert "理解问题（生成查询计划）" in err.message and "0.5 秒" in err.message
    assert "离线规则已先尝试过" in err.message
    assert len(llm_server.requests) == 1  # no second attempt after the deadline


def test_the_deadline_spans_calls_and_a_used_up_deadline_sends_nothing(
    llm_env: LLMEnv, llm_server: LLMTestServer
) -> None:
    deadline = QuestionDeadline(0.6)
    client = make_client(llm_env, timeout_s=20.0, deadline=deadline)
    llm_server.script(Reply.json(GOOD_PLAN), Reply.hang(30))

    async def question() -> tuple[str, BaseException | None, BaseException | None]:
        plan, _ = await client.acomplete_json(Q, StrictPlan, label="查询计划")
        with pytest.raises(LLMDeadlineError) as second:
            await client.acomplete(Q)  # the narrative: the rest of the question's time
        with pytest.raises(LLMDeadlineError) as third:
            await client.acomplete(Q)
        await client.aclose()
        return plan.entity, second.value, third.value

    entity, second, third = asyncio.run(question())
    assert entity == "人员"
    assert isinstance(second, LLMDeadlineError) and second.step == "撰写回答小结"
    assert isinstance(third, LLMDeadlineError) and third.attempts == 0 and "未能再发送请求" in third.message
    assert len(llm_server.requests) == 2  # the third call was refused before sending


def test_a_retry_that_cannot_start_before_the_deadline_is_not_waited_for(
    llm_env: LLMEnv, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.rate_limited(retry_after_s=5), Reply.json(GOOD_PLAN))
    policy = RetryPolicy(base_delay_s=0.01, max_delay_s=0.05, max_total_wait_s=30.0, jitter=0.0)
    client = make_client(llm_env, retry_policy=policy, deadline=QuestionDeadline(1.0))

    with pytest.raises(LLMDeadlineError) as info:
        client.complete(Q)

    assert "429" in info.value.detail
    assert len(llm_server.requests) == 1 and llm_server.pending == 1


def test_without_a_deadline_the_per_call_timeout_still_applies(
    llm_env: LLMEnv, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.hang(30), Reply.hang(30))
    client = make_client(llm_env, timeout_s=0.3, retry_policy=FAST_RETRY)
    with pytest.raises(LLMTimeoutError) as info:
        client.complete(Q)
    assert not isinstance(info.value, LLMDeadlineError)
    assert info.value.attempts == 2


# ---------------------------------------------------------------------- cancellation (停止)


def test_cancelling_the_task_cancels_the_in_flight_request(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.hang(60))
    client = make_client(llm_env, timeout_s=60.0, deadline=QuestionDeadline(60.0))

    async def main() -> BaseException | None:
        task = asyncio.ensure_future(client.acomplete(Q, stream=True))
        while not llm_server.requests:  # the request is on the server, which stalls
            await asyncio.sleep(0.01)
        task.cancel()
        done, _ = await asyncio.wait([task], timeout=20)
        await client.aclose()
        assert done, "the cancelled request did not end"
        return task.exception() if not task.cancelled() else None

    assert asyncio.run(main()) is None  # cancelled, not an error
    # the server saw the client hang up while it was stalling: the HTTP request really ended
    for _ in range(200):
        if llm_server.disconnects:
            break
        time.sleep(0.02)
    assert llm_server.disconnects == 1
