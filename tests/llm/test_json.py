"""Structured output: JSON requested, extracted, validated by pydantic, repaired once."""

from __future__ import annotations

import asyncio

import pytest

from kgdesk.llm import ChatMessage, LLMInvalidOutputError, OpenAICompatibleClient
from tests.llm.helpers import GOOD_PLAN, LoosePlan, StrictPlan
from tests.llm_server import LLMTestServer, Reply

pytestmark = pytest.mark.llm

Q: list[ChatMessage] = [
    ChatMessage(role="system", content="把问题转换成查询计划。"),
    ChatMessage(role="user", content="在职人员有多少？"),
]


def test_valid_json(llm_client: OpenAICompatibleClient, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.json(GOOD_PLAN))

    plan, result = llm_client.complete_json(Q, StrictPlan)

    assert plan == StrictPlan(query_type="count", entity="人员")
    assert not result.repaired and len(result.calls) == 1
    (req,) = llm_server.requests
    assert req.response_format == {"type": "json_object"}
    system = req.messages[0]
    assert system["role"] == "system" and system["content"].startswith("把问题转换成查询计划。")
    assert "JSON" in system["content"] and "StrictPlan = {query_type:" in system["content"]  # instruction + type
    assert sum(m["role"] == "system" for m in req.messages) == 1


def test_fenced_json_with_prose_is_accepted(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.fenced_json({**GOOD_PLAN, "limit": 5}))

    plan, result = llm_client.complete_json(Q, StrictPlan)

    assert plan.limit == 5 and not result.repaired


def test_streamed_json(llm_client: OpenAICompatibleClient, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.json(GOOD_PLAN, chunk_size=4))
    tokens: list[str] = []

    plan, result = llm_client.complete_json(Q, StrictPlan, stream=True, on_token=tokens.append)

    assert plan.entity == "人员" and result.streamed
    assert "".join(tokens) == result.text


def test_invalid_then_repaired_shows_the_validation_error(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(
        Reply.json({"query_type": "how_many", "entity": "人员"}),  # not an allowed value
        Reply.json(GOOD_PLAN),
    )

    plan, result = llm_client.complete_json(Q, StrictPlan)

    assert plan.query_type == "count"
    assert result.repaired and len(result.calls) == 2
    assert result.total_usage.total_tokens == sum(c.usage.total_tokens for c in result.calls)
    first, second = llm_server.requests
    # The repair turn repeats the conversation, shows the bad output, then the validation error.
    assert second.messages[: len(first.messages)] == first.messages
    assert second.messages[-2] == {
        "role": "assistant",
        "content": '{"query_type": "how_many", "entity": "人员"}',
    }
    feedback = second.messages[-1]
    assert feedback["role"] == "user"
    assert "未通过校验" in feedback["content"]
    assert "query_type" in feedback["content"] and "literal_error" in feedback["content"]


def test_malformed_json_then_repaired(llm_client: OpenAICompatibleClient, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.malformed(), Reply.json(GOOD_PLAN))

    plan, result = llm_client.complete_json(Q, StrictPlan)

    assert plan.entity == "人员" and result.repaired
    assert "不是有效的 JSON" in llm_server.requests[1].last_user_content


def test_invalid_twice_is_an_error(llm_client: OpenAICompatibleClient, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.malformed(), Reply.json({"entity": "人员"}))

    with pytest.raises(LLMInvalidOutputError) as info:
        llm_client.complete_json(Q, StrictPlan)

    err = info.value
    assert err.message.startswith("语言模型返回的内容不是有效的计划")
    assert "query_type" in err.detail and "missing" in err.detail
    assert err.output == '{"entity": "人员"}'
    assert len(err.results) == 2 and err.attempts == 2
    assert len(llm_server.requests) == 2  # exactly one repair attempt


def test_label_names_the_thing_in_the_error(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.malformed(), Reply.malformed())

    with pytest.raises(LLMInvalidOutputError, match="不是有效的派生概念"):
        llm_client.complete_json(Q, StrictPlan, label="派生概念")


def test_extra_fields_are_repaired_when_the_model_forbids_them(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.json_with_extra(GOOD_PLAN, {"confidence": 0.9}), Reply.json(GOOD_PLAN))

    plan, result = llm_client.complete_json(Q, StrictPlan)

    assert plan == StrictPlan(query_type="count", entity="人员") and result.repaired
    feedback = llm_server.requests[1].last_user_content
    assert "confidence" in feedback and "extra_forbidden" in feedback


def test_extra_fields_are_dropped_when_the_model_ignores_them(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.json_with_extra(GOOD_PLAN, {"confidence": 0.9}))

    plan, result = llm_client.complete_json(Q, LoosePlan)

    assert plan.model_dump() == GOOD_PLAN and not result.repaired
    assert len(llm_server.requests) == 1


def test_async_json_with_repair(llm_client: OpenAICompatibleClient, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.json({"query_type": "count"}), Reply.json(GOOD_PLAN))

    plan, result = asyncio.run(llm_client.acomplete_json(Q, StrictPlan))

    assert plan.entity == "人员" and result.repaired
    assert "entity" in llm_server.requests[1].last_user_content


def test_endpoint_without_response_format_falls_back_to_the_prompt(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.reject_params = {"response_format"}
    llm_server.script(Reply.json(GOOD_PLAN), Reply.json(GOOD_PLAN))

    plan, result = llm_client.complete_json(Q, StrictPlan)
    again, _ = llm_client.complete_json(Q, StrictPlan)

    assert plan == again
    assert [r.reason for r in result.retries] == ["unsupported-params"]
    rejected, plain, later = llm_server.requests
    assert rejected.response_format == {"type": "json_object"}
    assert plain.response_format is None and "JSON" in plain.messages[0]["content"]
    assert later.response_format is None  # remembered for the next call
