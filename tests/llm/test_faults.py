"""Every fault mode ends in success within the retry policy or in a clear Chinese LLMError."""

from __future__ import annotations

import socket

import pytest

from kgdesk.config.settings import Limits, effective_settings
from kgdesk.llm import (
    ChatMessage,
    LLMConnectionError,
    LLMRateLimitError,
    LLMRefusalError,
    LLMServerError,
    LLMStreamError,
    LLMTimeoutError,
    OpenAICompatibleClient,
    RetryPolicy,
)
from tests.llm.helpers import StrictPlan, make_client
from tests.llm_fixtures import LLMEnv
from tests.llm_server import LLMTestServer, Reply

pytestmark = pytest.mark.llm

Q: list[ChatMessage] = [ChatMessage(role="user", content="在职人员有多少？")]


def test_429_then_success_honours_retry_after(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.rate_limited(retry_after_ms=120), Reply.text("好的"))

    result = llm_client.complete(Q)

    assert result.text == "好的" and result.attempts == 2
    (retry,) = result.retries
    assert retry.reason == "429" and retry.wait_s == pytest.approx(0.12)
    first, second = llm_server.requests
    assert second.received_at - first.received_at >= 0.12


def test_retry_after_beyond_the_budget_fails_at_once(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.rate_limited(retry_after_s=60))
    client = make_client(llm_env, retry_policy=RetryPolicy(max_total_wait_s=5.0))

    with pytest.raises(LLMRateLimitError) as info:
        client.complete(Q)

    assert "429" in info.value.message and "60" in info.value.message
    assert info.value.waited_s == 0 and len(llm_server.requests) == 1


def test_500_then_success(llm_client: OpenAICompatibleClient, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.server_error(500), Reply.server_error(503), Reply.text("好的"))

    result = llm_client.complete(Q)

    assert result.text == "好的" and result.attempts == 3
    assert [r.reason for r in result.retries] == ["500", "503"]


def test_persistent_500_stops_after_the_bounded_retries(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    llm_server.responder = lambda req: Reply.server_error(500)
    policy = RetryPolicy(max_attempts=4, base_delay_s=0.01, max_delay_s=0.05, max_total_wait_s=1.0)

    with pytest.raises(LLMServerError) as info:
        make_client(llm_env, retry_policy=policy).complete(Q)

    err = info.value
    assert "HTTP 500" in err.message and "共尝试 4 次" in err.message
    assert err.attempts == 4 and len(err.retries) == 3
    assert len(llm_server.requests) == 4
    assert err.waited_s <= policy.max_total_wait_s


def test_total_wait_is_bounded_by_the_configured_limit(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    """With the default back-off (0.5 s, 1 s, ...) a 0.3 s budget allows one short wait, then stops."""
    llm_server.responder = lambda req: Reply.server_error(502)
    settings = effective_settings(overrides={"limits": Limits(llm_max_retry_wait_s=0.3)})
    client = OpenAICompatibleClient.from_settings(settings)

    with pytest.raises(LLMServerError) as info:
        client.complete(Q)

    err = info.value
    assert err.waited_s <= 0.3 + 1e-9
    assert err.attempts == 2 and len(llm_server.requests) == 2


def test_slow_answer_within_the_timeout(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.slow("好的", delay_s=0.3))

    result = make_client(llm_env, timeout_s=2.0).complete(Q)

    assert result.text == "好的" and result.total_ms >= 300 and result.retries == ()


def test_timeout_is_a_clear_error(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    llm_server.responder = lambda req: Reply.hang(10)

    with pytest.raises(LLMTimeoutError) as info:
        make_client(llm_env, timeout_s=0.3).complete(Q)

    err = info.value
    assert "语言模型响应超时" in err.message and "0.3 秒" in err.message
    # Timeouts are retried once at most: a dead endpoint costs about two timeouts, not four.
    assert err.attempts == 2 and len(llm_server.requests) == 2
    assert [r.reason for r in err.retries] == ["timeout"]


def test_stream_timeout_between_chunks(llm_env: LLMEnv, llm_server: LLMTestServer) -> None:
    llm_server.script(Reply.text("一二三四五六", chunk_size=2, chunk_delay_s=5))
    tokens: list[str] = []

    with pytest.raises(LLMStreamError):
        make_client(llm_env, timeout_s=0.3).complete(Q, stream=True, on_token=tokens.append)

    assert tokens == ["一二"]  # text already shown is never repeated by a retry
    assert len(llm_server.requests) == 1


def test_truncated_stream_is_a_clear_error(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.truncated("在职人员共有十二人", after_chunks=2))
    tokens: list[str] = []

    with pytest.raises(LLMStreamError) as info:
        llm_client.complete(Q, stream=True, on_token=tokens.append)

    assert "流式响应中途中断" in info.value.message
    assert tokens == ["在职人", "员共有"]
    assert len(llm_server.requests) == 1


def test_stream_cut_before_any_text_is_retried(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.truncated("十二人", after_chunks=0), Reply.text("十二人"))

    result = llm_client.complete(Q, stream=True)

    assert result.text == "十二人" and result.attempts == 2


def test_truncated_plain_response_is_retried(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.truncated("十二人"), Reply.text("十二人"))

    result = llm_client.complete(Q)

    assert result.text == "十二人"
    assert [r.reason for r in result.retries] == ["connection"]


def test_truncated_plain_response_every_time(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.responder = lambda req: Reply.truncated("十二人")

    with pytest.raises(LLMConnectionError) as info:
        llm_client.complete(Q)

    assert "语言模型服务连接失败" in info.value.message
    assert info.value.attempts == llm_client.retry_policy.max_attempts


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("via", ["refusal", "content_filter"])
def test_refusal_is_a_clear_error(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer, stream: bool, via: str
) -> None:
    llm_server.script(Reply.refusal(via="refusal" if via == "refusal" else "content_filter"))

    with pytest.raises(LLMRefusalError) as info:
        llm_client.complete(Q, stream=stream)

    err = info.value
    assert "语言模型拒绝处理该请求" in err.message
    assert ("内容过滤" in err.message) == (via == "content_filter")
    assert len(err.results) == 1  # the spent tokens stay visible to the trace
    assert len(llm_server.requests) == 1  # a refusal is never retried


def test_refusal_inside_json_output_is_not_repaired(
    llm_client: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(Reply.refusal())

    with pytest.raises(LLMRefusalError):
        llm_client.complete_json(Q, StrictPlan)

    assert len(llm_server.requests) == 1


def test_connection_refused(llm_env: LLMEnv) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again on exit: nothing listens there
    client = make_client(llm_env, base_url=f"http://127.0.0.1:{port}/v1")

    with pytest.raises(LLMConnectionError) as info:
        client.complete(Q)

    err = info.value
    assert f"127.0.0.1:{port}" in err.message and "语言模型服务连接失败" in err.message
    assert err.attempts == client.retry_policy.max_attempts
