"""Plain and streamed completions through the real openai SDK against the local server."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from kgdesk.config.settings import effective_settings
from kgdesk.errors import ConfigError
from kgdesk.llm import (
    ChatMessage,
    LLMAuthError,
    LLMNotConfiguredError,
    LLMRequestError,
    OpenAICompatibleClient,
)
from tests.llm.helpers import make_client
from tests.llm_fixtures import TEST_API_KEY, LLMEnv
from tests.llm_server import DEFAULT_MODEL, LLMTestServer, Reply

pytestmark = pytest.mark.llm

Q: list[ChatMessage] = [
    ChatMessage(role="system", content="你是物业台账问答助手。"),
    ChatMessage(role="user", content="在职人员有多少？"),
]


def test_plain_completion(llm_client: OpenAICompatibleClient, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.text("共有 12 人在职。", usage={"prompt_tokens": 21, "completion_tokens": 7}))

    result = llm_client.complete(Q)

    assert result.text == "共有 12 人在职。"
    assert result.finish_reason == "stop"
    assert result.usage.prompt_tokens == 21 and result.usage.completion_tokens == 7
    assert not result.usage.estimated
    assert result.streamed is False and result.attempts == 1 and result.retries == ()
    assert result.total_ms > 0 and result.first_token_ms == result.total_ms
    (req,) = llm_server.requests
    assert req.model == DEFAULT_MODEL and req.stream is False
    assert req.messages == [dict(m) for m in Q]
    assert req.response_format is None  # plain text: no JSON mode
    assert req.has_auth and "authorization" not in req.headers


def test_settings_come_from_environment(llm_env: LLMEnv) -> None:
    client = OpenAICompatibleClient.from_settings(effective_settings())
    limits = effective_settings().limits

    assert client.base_url == llm_env.base_url and client.model == llm_env.model
    assert client.timeout_s == limits.llm_timeout_s
    assert client.retry_policy.max_total_wait_s == limits.llm_max_retry_wait_s
    assert client.budget is not None
    assert client.budget.per_question == limits.llm_tokens_per_question
    assert client.budget.per_hour == limits.llm_tokens_per_hour
    assert TEST_API_KEY not in repr(client)


def test_not_configured_is_a_config_error() -> None:
    with pytest.raises(LLMNotConfiguredError) as info:
        OpenAICompatibleClient.from_settings(effective_settings())
    assert isinstance(info.value, ConfigError)
    assert "未配置语言模型" in info.value.message


def test_streaming_delivers_tokens_in_order_and_counts_usage(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    content = "在职人员共有十二人，其中女性五人。"
    llm_server.script(Reply.text(content, chunk_size=3, delay_s=0.15))
    tokens: list[str] = []

    result = llm_client.complete(Q, stream=True, on_token=tokens.append)

    assert tokens == [content[i : i + 3] for i in range(0, len(content), 3)]
    assert result.text == content and result.streamed
    assert result.finish_reason == "stop"
    # The server counts characters: usage came from the final include_usage chunk, not our estimate.
    assert not result.usage.estimated
    assert result.usage.completion_tokens == len(content)
    assert result.first_token_ms is not None and 150 <= result.first_token_ms <= result.total_ms
    (req,) = llm_server.requests
    assert req.stream is True and req.stream_options == {"include_usage": True}


def test_streaming_without_usage_is_estimated(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.text("十二人", usage=False))

    result = llm_client.complete(Q, stream=True)

    assert result.usage.estimated
    assert result.usage.completion_tokens == 3
    assert result.usage.prompt_tokens > 0


def test_async_completion_and_stream_across_event_loops(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.text("第一次"), Reply.text("第二次流式", chunk_size=2))
    tokens: list[str] = []

    first = asyncio.run(llm_client.acomplete(Q))
    # A second event loop (as a new qasync loop would be) must not reuse the first loop's pool.
    second = asyncio.run(llm_client.acomplete(Q, stream=True, on_token=tokens.append))

    assert first.text == "第一次"
    assert second.text == "第二次流式" and tokens == ["第二", "次流", "式"]
    assert [r.stream for r in llm_server.requests] == [False, True]


def test_responder_reacts_to_the_prompt(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.responder = lambda req: f"你问的是：{req.last_user_content}"

    assert llm_client.complete(Q).text == "你问的是：在职人员有多少？"


def test_list_models(llm_client: OpenAICompatibleClient) -> None:
    assert llm_client.list_models() == [DEFAULT_MODEL]


def test_wrong_key_is_an_auth_error_without_the_key(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    llm_server.api_key = "sk-the-server-expects-another-key"
    client = make_client(llm_env)

    with pytest.raises(LLMAuthError) as info:
        client.complete(Q)

    err = info.value
    assert "API 密钥" in err.message and "401" in err.message
    assert len(llm_server.requests) == 1  # never retried
    for text in (str(err), err.detail, repr(err), repr(client)):
        assert TEST_API_KEY not in text


def test_server_text_echoing_the_key_is_redacted(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.error(400, f"bad request from key {TEST_API_KEY}"))
    client = make_client(llm_env)

    with pytest.raises(LLMRequestError) as info:
        client.complete(Q)

    assert "HTTP 400" in info.value.message
    assert TEST_API_KEY not in info.value.message and TEST_API_KEY not in info.value.detail
    assert "***" in info.value.message


def test_unknown_model_is_a_clear_error(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.error(404, "model not found"))

    with pytest.raises(LLMRequestError) as info:
        make_client(llm_env).complete(Q)

    assert "找不到模型" in info.value.message and DEFAULT_MODEL in info.value.message


def test_importing_kgdesk_llm_does_not_load_the_sdk() -> None:
    code = "import sys, kgdesk.llm; sys.exit(1 if 'openai' in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_key_saved_in_the_keyring_is_sent(llm_env: LLMEnv, llm_server: LLMTestServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings dialog saves the key in the OS keyring only; a client built from settings uses it."""
    import keyring

    from kgdesk.config import secrets
    from tests.config.test_secrets import MemoryKeyring

    before = keyring.get_keyring()
    monkeypatch.delenv("KGDESK_LLM_API_KEY")
    keyring.set_keyring(MemoryKeyring())
    try:
        secrets.set_secret(secrets.LLM_API_KEY, "sk-saved-in-keyring-42")
        llm_server.api_key = "sk-saved-in-keyring-42"  # the server refuses any other key with 401
        llm_server.script(Reply.text("好的"))
        client = OpenAICompatibleClient.from_settings(effective_settings())
        assert client.complete(Q).text == "好的"
        assert "sk-saved-in-keyring-42" not in repr(client)
    finally:
        keyring.set_keyring(before)
