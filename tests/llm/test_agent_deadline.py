"""The deadline as the user meets it: the agent on the real local graph, a real client whose endpoint
stalls; the answer names the step that ran out of time and says offline rules were tried, and the
next question gets a fresh deadline (the agent's start_question restarts it)."""

from __future__ import annotations

import pytest

from kgdesk.llm import OpenAICompatibleClient, QuestionDeadline, TokenBudget
from tests.agent.conftest import AgentFactory, Ask, ask, make_agent, published  # noqa: F401  (fixtures)
from tests.agent.test_agent_llm import QUESTION, expected_women, plan_reply, women_at
from tests.llm_fixtures import FAST_RETRY, LLMEnv
from tests.llm_server import LLMTestServer, Reply

pytestmark = pytest.mark.llm


def test_a_stalled_endpoint_ends_the_question_at_its_deadline(
    make_agent: AgentFactory, ask: Ask, llm_env: LLMEnv, llm_server: LLMTestServer  # noqa: F811
) -> None:
    client = OpenAICompatibleClient(
        base_url=llm_env.base_url,
        model=llm_env.model,
        api_key=llm_env.api_key,
        timeout_s=30.0,
        retry_policy=FAST_RETRY,
        budget=TokenBudget(2_000_000, 20_000_000),
        deadline=QuestionDeadline(1.0),
    )
    agent = make_agent(client)
    llm_server.script(Reply.hang(60), Reply.hang(60))

    r = ask(agent, QUESTION, auto=True)

    assert r.status == "error"
    assert "理解问题（生成查询计划）" in r.answer and "离线规则已先尝试过" in r.answer
    assert "没有执行任何查询" in r.answer and r.queries == []
    assert len(llm_server.requests) == 1  # no retry past the deadline

    # the next question starts with the whole deadline again
    llm_server.reset()
    llm_server.script(plan_reply(women_at("赵巷公园")))
    again = ask(agent, QUESTION, auto=True)
    assert again.status == "answered" and again.value == expected_women()


def test_a_prompt_over_the_window_is_refused_with_the_reason(
    make_agent: AgentFactory, ask: Ask, llm_env: LLMEnv, llm_server: LLMTestServer  # noqa: F811
) -> None:
    """An Ollama left at a small num_ctx (set as the window): the planning prompt is not sent to be
    truncated; the user reads why and what to change."""
    client = OpenAICompatibleClient(
        base_url=llm_env.base_url,
        model=llm_env.model,
        api_key=llm_env.api_key,
        retry_policy=FAST_RETRY,
        budget=TokenBudget(2_000_000, 20_000_000),
        context_tokens=2048,
    )
    r = ask(make_agent(client), QUESTION, auto=True)
    assert r.status == "error" and "上下文窗口 2048" in r.answer and "没有发送" in r.answer
    assert "没有执行任何查询" in r.answer and llm_server.requests == []
