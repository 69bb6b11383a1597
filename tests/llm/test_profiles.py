"""Endpoint profiles end to end: the scripted server behaves like vLLM, llama.cpp, Ollama, gateways
without response_format, DeepSeek(-R1), Qwen3 and streams without usage; the real openai SDK and
the client detect, cache and use what each supports."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kgdesk.llm import (
    ChatMessage,
    EndpointProfile,
    LLMContextWindowError,
    OpenAICompatibleClient,
    ProfileStore,
)
from kgdesk.llm.reasoning import ThinkFilter, split_think
from tests.llm.helpers import GOOD_PLAN, StrictPlan, make_client
from tests.llm.quirks import preset
from tests.llm_fixtures import LLMEnv
from tests.llm_server import LLMTestServer, Reply

pytestmark = pytest.mark.llm

Q: list[ChatMessage] = [
    ChatMessage(role="system", content="你是物业台账问答助手。"),
    ChatMessage(role="user", content="在职人员有多少？"),
]
PROBE_OK = Reply.json({"ok": True})


def client_at(env: LLMEnv, home: Path, **kwargs: Any) -> OpenAICompatibleClient:
    return make_client(env, profile_store=ProfileStore(home), **kwargs)


def chat_requests(server: LLMTestServer) -> int:
    return len(server.requests)


# ---------------------------------------------------------------------- context windows


def test_vllm_window_and_json_schema_detected_cached_and_used(
    llm_env: LLMEnv, llm_server: LLMTestServer, tmp_path: Path
) -> None:
    llm_server.quirks = preset("vllm")
    llm_server.script(PROBE_OK)
    profile = client_at(llm_env, tmp_path).detect_profile()

    assert (profile.context_tokens, profile.context_source) == (32768, "max_model_len")
    assert profile.json_mode == "json_schema" and profile.stream_usage and profile.tool_calls and profile.probed
    assert chat_requests(llm_server) == 1  # everything accepted: one cheap chat call
    probe = llm_server.requests[0].body
    assert probe["response_format"]["type"] == "json_schema" and probe["tools"] and probe["stream_options"]

    # a later client (the next question, another process) reads the cache: no probe, json_schema sent
    llm_server.script(Reply.json(GOOD_PLAN))
    client = client_at(llm_env, tmp_path)
    plan, _ = client.complete_json(Q, StrictPlan)
    assert plan.entity == "人员" and client.context_tokens == 32768
    rf = llm_server.requests[1].response_format
    assert rf["type"] == "json_schema" and rf["json_schema"]["name"] == "StrictPlan"
    assert rf["json_schema"]["schema"]["properties"]["query_type"]
    assert chat_requests(llm_server) == 2


def test_llamacpp_window_from_meta(llm_env: LLMEnv, llm_server: LLMTestServer, tmp_path: Path) -> None:
    llm_server.quirks = preset("llamacpp")
    llm_server.script(Reply.json(GOOD_PLAN))
    client = client_at(llm_env, tmp_path)  # the question path: GET /models only, no probe
    client.complete_json(Q, StrictPlan)
    assert client.profile.context_tokens == 16384 and client.profile.context_source == "meta.n_ctx_train"
    assert not client.profile.probed
    assert ProfileStore(tmp_path).get(llm_env.base_url, llm_env.model) == client.profile


def test_ollama_4k_window_a_long_prompt_is_refused_not_truncated(
    llm_env: LLMEnv, llm_server: LLMTestServer, tmp_path: Path
) -> None:
    llm_server.quirks = preset("ollama-4k")
    long_q = [Q[0], ChatMessage(role="user", content="项目" * 2500)]  # 5000 characters
    client = client_at(llm_env, tmp_path, context_tokens=4096)  # the model list says nothing: the setting

    with pytest.raises(LLMContextWindowError) as info:
        client.complete(long_q)
    assert info.value.context_tokens == 4096 and info.value.prompt_tokens > 4096
    assert "4096" in info.value.message and "没有发送" in info.value.message and "num_ctx" in info.value.message
    assert chat_requests(llm_server) == 0

    llm_server.script(Reply.text("共 12 人。"))
    assert client.complete(Q).text == "共 12 人。"  # a prompt that fits goes through
    assert not llm_server.requests[0].truncated

    # what the check prevents: without a window the same server silently keeps only the end
    llm_server.script(Reply.text("？"))
    blind = make_client(llm_env)
    blind.complete(long_q)
    assert llm_server.requests[1].truncated


# ---------------------------------------------------------------------- JSON modes


def test_no_response_format_probe_and_prompt_only_json(
    llm_env: LLMEnv, llm_server: LLMTestServer, tmp_path: Path
) -> None:
    llm_server.quirks = preset("no-response-format")
    llm_server.script(PROBE_OK)
    profile = client_at(llm_env, tmp_path).detect_profile()
    assert profile.json_mode == "none" and profile.tool_calls is False
    probes = chat_requests(llm_server)
    assert probes > 1  # each 400 dropped one parameter

    llm_server.script(Reply.fenced_json(GOOD_PLAN))
    plan, _ = client_at(llm_env, tmp_path).complete_json(Q, StrictPlan)
    assert plan.entity == "人员"
    last = llm_server.requests[-1]
    assert last.response_format is None and "JSON" in last.messages[0]["content"]
    assert chat_requests(llm_server) == probes + 1


def test_the_question_path_learns_a_missing_response_format_and_saves_it(
    llm_env: LLMEnv, llm_server: LLMTestServer, tmp_path: Path
) -> None:
    llm_server.quirks = preset("no-response-format")
    llm_server.script(Reply.json(GOOD_PLAN), Reply.json(GOOD_PLAN))
    first = client_at(llm_env, tmp_path)
    first.complete_json(Q, StrictPlan)
    assert [r.response_format for r in llm_server.requests] == [{"type": "json_object"}, None]
    assert ProfileStore(tmp_path).get(llm_env.base_url, llm_env.model).json_mode == "none"  # type: ignore[union-attr]

    client_at(llm_env, tmp_path).complete_json(Q, StrictPlan)  # another process: straight to prompt-only
    assert llm_server.requests[2].response_format is None and chat_requests(llm_server) == 3


def test_json_object_only_gateway(llm_env: LLMEnv, llm_server: LLMTestServer, tmp_path: Path) -> None:
    llm_server.quirks = preset("json-object-only")
    llm_server.script(PROBE_OK)
    profile = client_at(llm_env, tmp_path).detect_profile()
    assert profile.json_mode == "json_object"
    assert [r.response_format["type"] for r in llm_server.requests] == ["json_schema", "json_object"]

    llm_server.script(Reply.json(GOOD_PLAN))
    plan, _ = client_at(llm_env, tmp_path).complete_json(Q, StrictPlan)
    assert plan.entity == "人员" and llm_server.requests[-1].response_format == {"type": "json_object"}


# ---------------------------------------------------------------------- reasoning models


@pytest.mark.parametrize("stream", [True, False])
def test_deepseek_r1_reasoning_content_is_kept_apart(
    llm_env: LLMEnv, llm_server: LLMTestServer, stream: bool
) -> None:
    llm_server.quirks = preset("deepseek-r1")
    llm_server.script(Reply.json(GOOD_PLAN, chunk_size=4))
    tokens: list[str] = []
    plan, result = make_client(llm_env).complete_json(Q, StrictPlan, stream=stream, on_token=tokens.append)
    assert plan.entity == "人员"
    assert result.reasoning == llm_server.quirks.reasoning_text
    assert "先找到人员" not in result.text and "先找到人员" not in "".join(tokens)


@pytest.mark.parametrize("stream", [True, False])
def test_qwen3_think_blocks_never_reach_the_listener_or_the_parser(
    llm_env: LLMEnv, llm_server: LLMTestServer, stream: bool
) -> None:
    llm_server.quirks = preset("qwen3-think")
    llm_server.script(Reply.json(GOOD_PLAN, chunk_size=2))  # tags split across deltas
    tokens: list[str] = []
    plan, result = make_client(llm_env).complete_json(Q, StrictPlan, stream=stream, on_token=tokens.append)
    assert plan.entity == "人员"
    assert "<think>" not in result.text and "先找到人员" in result.reasoning
    if stream:
        assert tokens and "think" not in "".join(tokens) and "先找到人员" not in "".join(tokens)


def test_think_filter_and_split() -> None:
    f = ThinkFilter()
    out = "".join(f.feed(p) for p in ["<th", "ink>想", "一想</thi", "nk>\n答", "案<"]) + f.flush()
    assert out == "\n答案<" and "".join(f.thinking) == "想一想"
    assert split_think("<think>x</think>\n{\"a\":1}") == ('{"a":1}', "x")
    assert split_think("<think>没有结束") == ("", "没有结束")


# ---------------------------------------------------------------------- streams without usage


def test_stream_without_usage_is_estimated_and_learned(
    llm_env: LLMEnv, llm_server: LLMTestServer, tmp_path: Path
) -> None:
    llm_server.quirks = preset("no-stream-usage")
    llm_server.script(Reply.text("共 12 人。"), Reply.text("共 12 人。"))
    client = client_at(llm_env, tmp_path)
    first = client.complete(Q, stream=True)
    assert first.usage.estimated and first.usage.prompt_tokens > 0
    assert llm_server.requests[0].stream_options == {"include_usage": True}
    assert client.profile.stream_usage is False
    client.complete(Q, stream=True)
    assert llm_server.requests[1].stream_options is None

    llm_server.script(PROBE_OK)
    assert client_at(llm_env, tmp_path).detect_profile().stream_usage is False


def test_a_broken_cache_file_is_ignored(llm_env: LLMEnv, llm_server: LLMTestServer, tmp_path: Path) -> None:
    (tmp_path / "llm_profiles.json").write_text("{not json", encoding="utf-8")
    llm_server.script(Reply.text("好"))
    client = client_at(llm_env, tmp_path)
    assert client.complete(Q).text == "好"
    assert isinstance(ProfileStore(tmp_path).get(llm_env.base_url, llm_env.model), EndpointProfile)
