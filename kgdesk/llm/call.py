"""One chat call across its attempts: request parameters, failure handling, retries, accounting.

Split from `client.py`, which keeps the interface and the SDK plumbing; everything here is
driven by `OpenAICompatibleClient` and never imported elsewhere.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from kgdesk.llm.accounting import estimate_prompt_tokens, estimate_tokens
from kgdesk.llm.errors import (
    LLMAuthError,
    LLMConnectionError,
    LLMDeadlineError,
    LLMError,
    LLMRateLimitError,
    LLMRefusalError,
    LLMRequestError,
    LLMServerError,
    LLMStreamError,
    LLMTimeoutError,
)
from kgdesk.llm.reasoning import ThinkFilter, reasoning_of, split_think
from kgdesk.llm.retry import parse_retry_after
from kgdesk.llm.types import ChatMessage, LLMResult, OnToken, RetryRecord, TokenUsage

if TYPE_CHECKING:
    from openai import APIStatusError
    from openai.types.chat import ChatCompletion, ChatCompletionChunk
    from pydantic import BaseModel

    from kgdesk.llm.client import OpenAICompatibleClient
    from kgdesk.llm.profile import JsonSupport

log = logging.getLogger("kgdesk.llm")


def sdk() -> ModuleType:
    import openai

    return openai


class StreamBroken(Exception):
    """A stream that stopped before its end. Once text has reached `on_token` a retry would
    repeat it to the listener, so only a stream cut before any text is retried."""

    def __init__(self, cause: BaseException | None, reason: str, *, retryable: bool) -> None:
        super().__init__(reason)
        self.cause = cause
        self.reason = reason
        self.retryable = retryable


@dataclass
class Outcome:
    text: str
    refusal: str
    finish_reason: str | None
    usage: TokenUsage | None
    model: str
    first_token_at: float | None
    reasoning: str = ""


@dataclass
class StreamAccumulator:
    """Collects a streamed answer; thinking (reasoning_content or <think> blocks) is kept apart."""

    on_token: OnToken | None
    parts: list[str] = field(default_factory=list)
    refusal: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    finish_reason: str | None = None
    usage: TokenUsage | None = None
    model: str = ""
    first_token_at: float | None = None
    think: ThinkFilter = field(default_factory=ThinkFilter)

    @property
    def delivered(self) -> bool:
        return bool(self.parts)

    def _emit(self, text: str) -> None:
        if not text:
            return
        if self.first_token_at is None:
            self.first_token_at = time.monotonic()
        self.parts.append(text)
        if self.on_token is not None:
            self.on_token(text)

    def feed(self, chunk: ChatCompletionChunk) -> None:
        if chunk.model:
            self.model = chunk.model
        if chunk.usage is not None:
            self.usage = TokenUsage(chunk.usage.prompt_tokens or 0, chunk.usage.completion_tokens or 0)
        for choice in chunk.choices[:1]:
            delta = choice.delta
            thought = reasoning_of(delta)
            if thought:
                self.reasoning.append(thought)
            if delta.content:
                self._emit(self.think.feed(delta.content))
            if delta.refusal:
                self.refusal.append(delta.refusal)
            if choice.finish_reason:
                self.finish_reason = choice.finish_reason

    def outcome(self) -> Outcome:
        if self.finish_reason is None:
            # The SDK ends iteration quietly when the body just stops; no finish_reason means cut off.
            raise StreamBroken(None, "stream ended without finish_reason", retryable=not self.delivered)
        self._emit(self.think.flush())
        return Outcome(
            "".join(self.parts),
            "".join(self.refusal),
            self.finish_reason,
            self.usage,
            self.model,
            self.first_token_at,
            "".join(self.reasoning) + "".join(self.think.thinking),
        )


def outcome_from_completion(resp: ChatCompletion) -> Outcome:
    usage = resp.usage
    if not resp.choices:
        return Outcome("", "", None, None, resp.model or "", None)
    choice = resp.choices[0]
    msg = choice.message
    text, inline = split_think(msg.content or "")
    return Outcome(
        text=text,
        refusal=msg.refusal or "",
        finish_reason=choice.finish_reason,
        usage=TokenUsage(usage.prompt_tokens or 0, usage.completion_tokens or 0)
        if usage is not None
        else None,
        model=resp.model or "",
        first_token_at=None,
        reasoning=reasoning_of(msg) + inline,
    )


class Call:
    """State of one `complete` call across its attempts: what is sent, what failed, what was waited.

    `json_level` and `stream_usage` start from what the client knows of the endpoint (its
    profile) and step down when the endpoint answers 400 to them: json_schema → json_object →
    prompt only; stream_options dropped. A call that worked after stepping down tells the
    client, which stops sending what was rejected (and updates the cached profile).
    """

    def __init__(
        self,
        client: OpenAICompatibleClient,
        messages: list[ChatMessage],
        *,
        stream: bool,
        on_token: OnToken | None,
        json_model: type[BaseModel] | None,
        step: str,
    ) -> None:
        self.client = client
        self.messages = messages
        self.stream = stream
        self.on_token = on_token
        self.json_model = json_model
        self.wants_json = json_model is not None
        self.step = step
        self.started = time.monotonic()
        self.attempt = 0
        self.timeouts = 0
        self.waited_s = 0.0
        self.retries: list[RetryRecord] = []
        self.json_level: JsonSupport = client.json_level() if self.wants_json else "none"
        self.stream_usage = stream and client.stream_usage_ok
        self.stepped_down = False
        self.last_failure = ""
        self.prompt_estimate = estimate_prompt_tokens(messages)

    # -- request ----------------------------------------------------------------------
    def has_optional(self) -> bool:
        optional_rf = self.client.json_mode == "auto" and self.json_level != "none"
        return optional_rf or self.stream_usage

    def response_format(self) -> dict[str, Any] | None:
        if self.json_level == "json_schema" and self.json_model is not None:
            return {
                "type": "json_schema",
                "json_schema": {
                    "name": self.json_model.__name__,
                    "schema": self.json_model.model_json_schema(),
                    "strict": False,
                },
            }
        if self.json_level == "json_object":
            return {"type": "json_object"}
        return None

    def step_down(self, server_msg: str) -> bool:
        """Drop one optional parameter the endpoint rejected; False when nothing is left to drop."""
        msg = server_msg.lower()
        rf_optional = self.client.json_mode == "auto" and self.json_level != "none"
        if self.stream_usage and ("stream_options" in msg or "include_usage" in msg or not rf_optional):
            self.stream_usage = False
        elif rf_optional:
            self.json_level = "json_object" if self.json_level == "json_schema" else "none"
        else:
            return False
        self.stepped_down = True
        return True

    def attempt_timeout_s(self) -> float:
        """This attempt's timeout: the per-call timeout, cut to what is left of the question's deadline."""
        c = self.client
        left = c.deadline.remaining() if c.deadline is not None else float("inf")
        return max(0.01, min(c.timeout_s, left))

    def request_kwargs(self, openai: ModuleType) -> dict[str, Any]:
        c = self.client
        rf = self.response_format()
        t = self.attempt_timeout_s()
        return {
            "model": c.model,
            "messages": self.messages,
            "response_format": rf if rf is not None else openai.omit,
            "temperature": c.temperature if c.temperature is not None else openai.omit,
            "max_tokens": c.max_tokens if c.max_tokens is not None else openai.omit,
            "timeout": openai.Timeout(t, connect=min(t, 10.0)),
        }

    # -- the deadline -----------------------------------------------------------------
    def check_deadline(self) -> None:
        """Before an attempt: a used-up deadline ends the call without sending anything."""
        d = self.client.deadline
        if d is not None and d.expired:
            self.attempt -= 1  # this attempt was never sent
            raise self.deadline_error()

    def deadline_error(self, exc: BaseException | None = None) -> LLMDeadlineError:
        d = self.client.deadline
        total = d.total_s if d is not None else self.client.timeout_s
        tried = f"共尝试 {self.attempt} 次" if self.attempt else "未能再发送请求"
        detail = f"deadline {total:g}s used up in step {self.step!r}"
        if self.last_failure:
            detail += f"; last failure: {self.last_failure}"
        if exc is not None:
            detail += f"; {type(exc).__name__}: {exc}"
        return LLMDeadlineError(
            f"语言模型在“{self.step}”这一步超时：本问题可用的语言模型时间（{total:g} 秒）已用完，{tried}。"
            "离线规则已先尝试过，但不足以单独回答这个问题。请稍后重试、把问题问得更具体，"
            "或在设置的“限制”中调大“每个问题的语言模型时限”。",
            step=self.step,
            deadline_s=total,
            detail=self.client.redact(detail),
            attempts=self.attempt,
            retries=tuple(self.retries),
        )

    # -- failure handling -------------------------------------------------------------
    def after_failure(self, exc: Exception) -> float:
        """Decide on a failed attempt: return seconds to wait before retrying, or raise the LLMError."""
        openai = sdk()
        c = self.client
        if isinstance(exc, StreamBroken):
            cause = exc.cause or exc

            def stream_error() -> LLMError:
                return self._error(
                    LLMStreamError, "语言模型的流式响应中途中断，回答不完整，已放弃。请稍后重试。", cause
                )

            if exc.retryable:
                return self._retry_or_raise("stream-cut", None, exc, stream_error)
            raise stream_error() from cause
        if isinstance(exc, TimeoutError):  # asyncio.timeout: the question's deadline cut the attempt
            raise self.deadline_error(exc) from exc
        if not isinstance(exc, openai.OpenAIError):
            raise exc
        if isinstance(exc, openai.APITimeoutError):
            self.timeouts += 1
            d = c.deadline
            if d is not None and d.remaining() <= 0.05:
                raise self.deadline_error(exc) from exc
            return self._retry_or_raise(
                "timeout",
                None,
                exc,
                lambda: self._error(
                    LLMTimeoutError,
                    f"语言模型响应超时（每次最多等待 {c.timeout_s:g} 秒，共尝试 {self.attempt} 次）。"
                    "请检查模型服务是否过载，或在设置中调大超时时间。",
                    exc,
                ),
            )
        if isinstance(exc, openai.APIConnectionError):
            return self._retry_or_raise(
                "connection",
                None,
                exc,
                lambda: self._error(
                    LLMConnectionError,
                    f"语言模型服务连接失败（{c.host}，共尝试 {self.attempt} 次）。请检查设置中的服务地址、网络和模型服务是否已启动。",
                    exc,
                ),
            )
        if isinstance(exc, openai.APIStatusError):
            return self._after_status(exc)
        raise self._error(
            LLMError,
            "语言模型服务返回了无法识别的响应。请确认服务地址指向 OpenAI 兼容的接口。",
            exc,
        ) from exc

    def _after_status(self, exc: APIStatusError) -> float:
        c = self.client
        status = int(exc.status_code)
        server_msg = c.redact(server_message(exc))
        if status == 429:
            retry_after = parse_retry_after(dict(exc.response.headers))

            def rate_error() -> LLMError:
                if retry_after is not None and retry_after > c.retry_policy.max_total_wait_s - self.waited_s:
                    text = (
                        f"语言模型服务限流（HTTP 429）：服务要求等待 {retry_after:.0f} 秒，"
                        f"超过了允许的最长等待 {c.retry_policy.max_total_wait_s:g} 秒。请稍后再试。"
                    )
                else:
                    text = f"语言模型服务限流（HTTP 429），共尝试 {self.attempt} 次仍未恢复。请稍后再试。"
                return self._error(LLMRateLimitError, text, exc)

            return self._retry_or_raise("429", retry_after, exc, rate_error)
        if status >= 500 or status == 408:
            return self._retry_or_raise(
                str(status),
                parse_retry_after(dict(exc.response.headers)),
                exc,
                lambda: self._error(
                    LLMServerError,
                    f"语言模型服务出错（HTTP {status}），共尝试 {self.attempt} 次。请稍后再试或联系服务管理员。",
                    exc,
                ),
            )
        if status in (401, 403):
            raise self._error(
                LLMAuthError,
                f"语言模型服务拒绝了访问（HTTP {status}）。请在设置中检查 API 密钥和模型权限。",
                exc,
            ) from exc
        if status == 400 and self.has_optional() and self.step_down(server_msg):
            # Some OpenAI-compatible servers reject response_format or stream_options: step down and retry.
            self.retries.append(RetryRecord(self.attempt, "unsupported-params", 0.0))
            log.info("LLM endpoint rejected optional parameters (%s); retrying without them", server_msg)
            return 0.0
        if status == 404:
            text = f"语言模型服务找不到模型“{c.model}”或接口地址有误（HTTP 404）。请检查设置中的服务地址和模型名称。"
        else:
            text = f"语言模型服务拒绝了请求（HTTP {status}）：{server_msg[:200]}"
        raise self._error(LLMRequestError, text, exc) from exc

    def _retry_or_raise(
        self, reason: str, retry_after: float | None, exc: Exception, make_error: Callable[[], LLMError]
    ) -> float:
        policy = self.client.retry_policy
        wait = policy.next_wait(
            attempt=self.attempt, waited_s=self.waited_s, retry_after_s=retry_after, timeouts=self.timeouts
        )
        if wait is None:
            raise make_error() from exc
        self.last_failure = reason
        d = self.client.deadline
        if d is not None and wait >= d.remaining():
            raise self.deadline_error(exc) from exc  # the retry could not start before the deadline
        self.retries.append(RetryRecord(self.attempt, reason, wait))
        self.waited_s += wait
        log.info("LLM attempt %d failed (%s); retrying in %.2fs", self.attempt, reason, wait)
        return wait

    def _error(self, cls: type[LLMError], message: str, exc: BaseException) -> LLMError:
        cause = exc.__cause__ or exc.__context__
        detail = f"{type(exc).__name__}: {exc}"
        if cause is not None and not isinstance(exc, StreamBroken):
            detail += f" (caused by {type(cause).__name__}: {cause})"
        return cls(
            message,
            detail=self.client.redact(detail),
            attempts=self.attempt,
            retries=tuple(self.retries),
        )

    # -- success ----------------------------------------------------------------------
    def finish(self, outcome: Outcome) -> LLMResult:
        c = self.client
        if self.stepped_down:
            # The plainer retry worked: stop sending what this endpoint rejects.
            c.learned(json_level=self.json_level if self.wants_json else None, stream_usage=self.stream_usage)
        elif self.stream_usage and outcome.usage is None:
            c.learned(json_level=None, stream_usage=False)  # accepted stream_options, sent no usage
        now = time.monotonic()
        total_ms = (now - self.started) * 1000.0
        first_ms = (
            (outcome.first_token_at - self.started) * 1000.0 if outcome.first_token_at is not None else None
        )
        usage = outcome.usage
        if usage is None or usage.total_tokens == 0:
            usage = TokenUsage(
                self.prompt_estimate,
                estimate_tokens(outcome.text) + estimate_tokens(outcome.refusal) + estimate_tokens(outcome.reasoning),
                estimated=True,
            )
        result = LLMResult(
            text=outcome.text,
            model=outcome.model or c.model,
            usage=usage,
            finish_reason=outcome.finish_reason,
            total_ms=total_ms,
            first_token_ms=first_ms if self.stream else total_ms,
            streamed=self.stream,
            attempts=self.attempt,
            retries=tuple(self.retries),
            reasoning=outcome.reasoning,
        )
        if c.budget is not None:
            c.budget.record(usage)
        if outcome.refusal or outcome.finish_reason == "content_filter":
            why = "内容过滤" if outcome.finish_reason == "content_filter" else "模型拒答"
            raise LLMRefusalError(
                f"语言模型拒绝处理该请求（{why}）。请换一种问法，或关闭语言模型后用离线方式提问。",
                detail=c.redact(f"finish_reason={outcome.finish_reason} refusal={outcome.refusal[:500]!r}"),
                attempts=self.attempt,
                retries=tuple(self.retries),
                results=(result,),
            )
        return result


def stored_api_key() -> str | None:
    """The key saved by the settings dialog (OS keyring); None for a keyless endpoint or no keyring."""
    from kgdesk.config import secrets  # lazy: the keyring backends load only when a client is built
    from kgdesk.errors import ConfigError

    try:
        return secrets.get_secret(secrets.LLM_API_KEY)
    except ConfigError as e:
        log.info("LLM API key not read from the keyring: %s", e.message)  # keyless endpoints are common
        return None


def server_message(exc: APIStatusError) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
        if isinstance(body.get("message"), str):
            return str(body["message"])
    return str(getattr(exc, "message", "") or exc)
