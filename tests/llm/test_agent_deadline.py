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
