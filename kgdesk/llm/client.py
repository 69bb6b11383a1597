"""The LLM behind an interface: `LLMClient` and its OpenAI-compatible implementation.

Works against any OpenAI-compatible chat endpoint (DeepSeek, vLLM, Ollama, OpenAI). The
`openai` SDK is imported lazily inside the class so that `import kgdesk.llm` stays cheap and
offline mode never loads it. Every SDK or HTTP failure leaves this module as an `LLMError`
with a Chinese message; the API key never appears in messages, details or logs.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, TypeVar
from urllib.parse import urlsplit

from pydantic import BaseModel

from kgdesk.llm.accounting import TokenBudget, estimate_prompt_tokens, estimate_tokens
from kgdesk.llm.errors import (
    LLMAuthError,
    LLMConnectionError,
    LLMError,
    LLMInvalidOutputError,
    LLMNotConfiguredError,
    LLMRateLimitError,
    LLMRefusalError,
    LLMRequestError,
    LLMServerError,
    LLMStreamError,
    LLMTimeoutError,
)
from kgdesk.llm.jsonout import (
    JsonOutputError,
    json_instruction,
    parse_output,
    repair_messages,
    with_json_instruction,
)
from kgdesk.llm.retry import RetryPolicy, parse_retry_after
from kgdesk.llm.types import ChatMessage, LLMResult, OnToken, RetryRecord, TokenUsage

if TYPE_CHECKING:
    from openai import APIStatusError, AsyncOpenAI
    from openai.types.chat import ChatCompletion, ChatCompletionChunk

    from kgdesk.config.settings import Settings

log = logging.getLogger("kgdesk.llm")

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

JsonMode = Literal["auto", "json_object", "prompt"]
"""How JSON output is requested.

- "auto": response_format json_object plus the prompt instruction; if the endpoint answers
  400 to the optional parameters, the call is retried once without them and, when that works,
  they are not sent again by this client.
- "json_object": always send response_format (fail on endpoints that reject it).
- "prompt": never send response_format; rely on the instruction in the prompt.
"""

NO_KEY_PLACEHOLDER = "not-needed"
"""Sent as the bearer token when no key is configured (local vLLM/Ollama ignore it). It also
stops the SDK from falling back to OPENAI_API_KEY, which could leak a key to another host."""


def _sdk() -> ModuleType:
    import openai

    return openai


# ---------------------------------------------------------------------------------------
# The interface
# ---------------------------------------------------------------------------------------


class LLMClient(ABC):
    """What the pipeline sees of a language model: async chat completion plus validated JSON
    output with one repair round. Implementations raise only `LLMError`s.

    There is one code path, the async one (the agent runs on an asyncio loop, in the CLI and in
    the desktop's question worker alike); `complete` and `complete_json` run it to completion for
    scripts and tests and must not be called from a running loop.
    """

    model: str
    budget: TokenBudget | None

    @abstractmethod
    async def acomplete(
        self,
        messages: Sequence[ChatMessage],
        *,
        json_schema_model: type[BaseModel] | None = None,
        stream: bool = False,
        on_token: OnToken | None = None,
        include_schema: bool = True,
    ) -> LLMResult:
        """One chat completion. With `json_schema_model` the model is asked for a JSON object
        (not validated here: see `acomplete_json`). With `stream`, `on_token` gets each delta."""

    @abstractmethod
    async def aclose(self) -> None:
        """Release the connections opened on the running loop."""

    async def acomplete_json(
        self,
        messages: Sequence[ChatMessage],
        model: type[M],
        *,
        stream: bool = False,
        on_token: OnToken | None = None,
        include_schema: bool = True,
        label: str = "计划",
    ) -> tuple[M, LLMResult]:
        """Ask for JSON, validate it with `model`, repair once with the validation errors.

        Undeclared fields follow the target model's own config: `extra="forbid"` makes them a
        validation error (one repair round, then `LLMInvalidOutputError`); the pydantic
        default ("ignore") drops them silently. The Query DSL should forbid them. `label` names
        the thing in the Chinese error (语言模型返回的内容不是有效的{label}…).
        """
        msgs = list(messages)
        first = await self.acomplete(
            msgs, json_schema_model=model, stream=stream, on_token=on_token, include_schema=include_schema
        )
        try:
            return parse_output(first.text, model), first
        except JsonOutputError as e:
            feedback = e.feedback
        log.info("LLM output failed validation, asking for one repair: %s", feedback)
        second = await self.acomplete(
            repair_messages(msgs, first.text, feedback),
            json_schema_model=model,
            stream=stream,
            on_token=on_token,
            include_schema=include_schema,
        )
        second = replace(second, earlier=(first, *second.earlier))
        try:
            return parse_output(second.text, model), second
        except JsonOutputError as e:
            raise _invalid_output(label, first, second, e.feedback) from None

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run one call on a fresh loop and close that loop's connections with it."""

        async def once() -> T:
            try:
                return await coro
            finally:
                await self.aclose()

        return asyncio.run(once())

    def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        json_schema_model: type[BaseModel] | None = None,
        stream: bool = False,
        on_token: OnToken | None = None,
        include_schema: bool = True,
    ) -> LLMResult:
        """`acomplete` run to completion (scripts, tests, worker threads without a loop)."""
        return self._run(self.acomplete(
            messages, json_schema_model=json_schema_model, stream=stream, on_token=on_token,
            include_schema=include_schema,
        ))

    def complete_json(
        self,
        messages: Sequence[ChatMessage],
        model: type[M],
        *,
        stream: bool = False,
        on_token: OnToken | None = None,
        include_schema: bool = True,
        label: str = "计划",
    ) -> tuple[M, LLMResult]:
        """`acomplete_json` run to completion."""
        return self._run(self.acomplete_json(
            messages, model, stream=stream, on_token=on_token, include_schema=include_schema, label=label
        ))


def _invalid_output(label: str, first: LLMResult, second: LLMResult, feedback: str) -> LLMInvalidOutputError:
    return LLMInvalidOutputError(
        f"语言模型返回的内容不是有效的{label}（已按校验错误请模型修正一次，仍未通过），已放弃该结果。",
        output=second.text,
        detail=f"validation errors after repair:\n{feedback}",
        attempts=2,
        results=(first, replace(second, earlier=())),
    )


# ---------------------------------------------------------------------------------------
# One call: attempts, retries, accounting
# ---------------------------------------------------------------------------------------


class _StreamBroken(Exception):
    """A stream that stopped before its end. Once text has reached `on_token` a retry would
    repeat it to the listener, so only a stream cut before any text is retried."""

    def __init__(self, cause: BaseException | None, reason: str, *, retryable: bool) -> None:
        super().__init__(reason)
        self.cause = cause
        self.reason = reason
        self.retryable = retryable


@dataclass
class _Outcome:
    text: str
    refusal: str
    finish_reason: str | None
    usage: TokenUsage | None
    model: str
    first_token_at: float | None


@dataclass
class _StreamAccumulator:
    on_token: OnToken | None
    parts: list[str] = field(default_factory=list)
    refusal: list[str] = field(default_factory=list)
    finish_reason: str | None = None
    usage: TokenUsage | None = None
    model: str = ""
    first_token_at: float | None = None

    @property
    def delivered(self) -> bool:
        return bool(self.parts)

    def feed(self, chunk: ChatCompletionChunk) -> None:
        if chunk.model:
            self.model = chunk.model
        if chunk.usage is not None:
            self.usage = TokenUsage(chunk.usage.prompt_tokens or 0, chunk.usage.completion_tokens or 0)
        for choice in chunk.choices[:1]:
            delta = choice.delta
            if delta.content:
                if self.first_token_at is None:
                    self.first_token_at = time.monotonic()
                self.parts.append(delta.content)
                if self.on_token is not None:
                    self.on_token(delta.content)
            if delta.refusal:
                self.refusal.append(delta.refusal)
            if choice.finish_reason:
                self.finish_reason = choice.finish_reason

    def outcome(self) -> _Outcome:
        if self.finish_reason is None:
            # The SDK ends iteration quietly when the body just stops; no finish_reason means cut off.
            raise _StreamBroken(None, "stream ended without finish_reason", retryable=not self.delivered)
        return _Outcome(
            "".join(self.parts),
            "".join(self.refusal),
            self.finish_reason,
            self.usage,
            self.model,
            self.first_token_at,
        )


def _outcome_from_completion(resp: ChatCompletion) -> _Outcome:
    usage = resp.usage
    if not resp.choices:
        return _Outcome("", "", None, None, resp.model or "", None)
    choice = resp.choices[0]
    msg = choice.message
    return _Outcome(
        text=msg.content or "",
        refusal=msg.refusal or "",
        finish_reason=choice.finish_reason,
        usage=TokenUsage(usage.prompt_tokens or 0, usage.completion_tokens or 0)
        if usage is not None
        else None,
        model=resp.model or "",
        first_token_at=None,
    )


class _Call:
    """State of one `complete` call across its attempts; shared by the sync and async loops."""

    def __init__(
        self,
        client: OpenAICompatibleClient,
        messages: list[ChatMessage],
        *,
        stream: bool,
        on_token: OnToken | None,
        wants_json: bool,
    ) -> None:
        self.client = client
        self.messages = messages
        self.stream = stream
        self.on_token = on_token
        self.wants_json = wants_json
        self.started = time.monotonic()
        self.attempt = 0
        self.timeouts = 0
        self.waited_s = 0.0
        self.retries: list[RetryRecord] = []
        self.dropped_optional = False
        self.prompt_estimate = estimate_prompt_tokens(messages)

    # -- request ----------------------------------------------------------------------
    def send_response_format(self) -> bool:
        c = self.client
        if not self.wants_json or c.json_mode == "prompt":
            return False
        return c.json_mode == "json_object" or (c._json_object_ok and not self.dropped_optional)

    def send_stream_options(self) -> bool:
        return self.stream and self.client._stream_usage_ok and not self.dropped_optional

    def has_optional(self) -> bool:
        c = self.client
        rf_optional = self.wants_json and c.json_mode == "auto" and c._json_object_ok
        so_optional = self.stream and c._stream_usage_ok
        return (rf_optional or so_optional) and not self.dropped_optional

    def request_kwargs(self, sdk: ModuleType) -> dict[str, Any]:
        c = self.client
        return {
            "model": c.model,
            "messages": self.messages,
            "response_format": {"type": "json_object"} if self.send_response_format() else sdk.omit,
            "temperature": c.temperature if c.temperature is not None else sdk.omit,
            "max_tokens": c.max_tokens if c.max_tokens is not None else sdk.omit,
        }

    # -- failure handling -------------------------------------------------------------
    def after_failure(self, exc: Exception) -> float:
        """Decide on a failed attempt: return seconds to wait before retrying, or raise the LLMError."""
        sdk = _sdk()
        c = self.client
        if isinstance(exc, _StreamBroken):
            cause = exc.cause or exc

            def stream_error() -> LLMError:
                return self._error(
                    LLMStreamError, "语言模型的流式响应中途中断，回答不完整，已放弃。请稍后重试。", cause
                )

            if exc.retryable:
                return self._retry_or_raise("stream-cut", None, exc, stream_error)
            raise stream_error() from cause
        if not isinstance(exc, sdk.OpenAIError):
            raise exc
        if isinstance(exc, sdk.APITimeoutError):
            self.timeouts += 1
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
        if isinstance(exc, sdk.APIConnectionError):
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
        if isinstance(exc, sdk.APIStatusError):
            return self._after_status(exc)
        raise self._error(
            LLMError,
            "语言模型服务返回了无法识别的响应。请确认服务地址指向 OpenAI 兼容的接口。",
            exc,
        ) from exc

    def _after_status(self, exc: APIStatusError) -> float:
        c = self.client
        status = int(exc.status_code)
        server_msg = c.redact(_server_message(exc))
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
        if status == 400 and self.has_optional():
            # Some OpenAI-compatible servers reject response_format or stream_options: retry plainly once.
            self.dropped_optional = True
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
        self.retries.append(RetryRecord(self.attempt, reason, wait))
        self.waited_s += wait
        log.info("LLM attempt %d failed (%s); retrying in %.2fs", self.attempt, reason, wait)
        return wait

    def _error(self, cls: type[LLMError], message: str, exc: BaseException) -> LLMError:
        cause = exc.__cause__ or exc.__context__
        detail = f"{type(exc).__name__}: {exc}"
        if cause is not None and not isinstance(exc, _StreamBroken):
            detail += f" (caused by {type(cause).__name__}: {cause})"
        return cls(
            message,
            detail=self.client.redact(detail),
            attempts=self.attempt,
            retries=tuple(self.retries),
        )

    # -- success ----------------------------------------------------------------------
    def finish(self, outcome: _Outcome) -> LLMResult:
        c = self.client
        if self.dropped_optional:
            # The plain retry worked: stop sending what this endpoint rejects.
            if self.wants_json and c.json_mode == "auto":
                c._json_object_ok = False
            if self.stream:
                c._stream_usage_ok = False
        now = time.monotonic()
        total_ms = (now - self.started) * 1000.0
        first_ms = (
            (outcome.first_token_at - self.started) * 1000.0 if outcome.first_token_at is not None else None
        )
        usage = outcome.usage
        if usage is None or usage.total_tokens == 0:
            usage = TokenUsage(
                self.prompt_estimate,
                estimate_tokens(outcome.text) + estimate_tokens(outcome.refusal),
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


def _stored_api_key() -> str | None:
    """The key saved by the settings dialog (OS keyring); None for a keyless endpoint or no keyring."""
    from kgdesk.config import secrets  # lazy: the keyring backends load only when a client is built
    from kgdesk.errors import ConfigError

    try:
        return secrets.get_secret(secrets.LLM_API_KEY)
    except ConfigError as e:
        log.info("LLM API key not read from the keyring: %s", e.message)  # keyless endpoints are common
        return None


def _server_message(exc: APIStatusError) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
        if isinstance(body.get("message"), str):
            return str(body["message"])
    return str(getattr(exc, "message", "") or exc)


# ---------------------------------------------------------------------------------------
# The OpenAI-compatible implementation
# ---------------------------------------------------------------------------------------


class OpenAICompatibleClient(LLMClient):
    """Chat completions against any OpenAI-compatible endpoint through the real `openai` SDK.

    Timeouts: `timeout_s` bounds connecting and every read; for a non-streamed answer that is
    the whole wait for the response, for a streamed one the wait for the first byte and for
    each following chunk. Retries follow `retry_policy` (the SDK's own are off).
    """

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 60.0,
        retry_policy: RetryPolicy | None = None,
        budget: TokenBudget | None = None,
        json_mode: JsonMode = "auto",
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> None:
        if not base_url or not model:
            raise LLMNotConfiguredError("未配置语言模型（需要服务地址和模型名称），将只使用离线规则回答。")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self._api_key = api_key or NO_KEY_PLACEHOLDER
        self.timeout_s = timeout_s
        self.retry_policy = retry_policy or RetryPolicy()
        self.budget = budget
        self.json_mode: JsonMode = json_mode
        self.temperature = temperature
        self.max_tokens = max_tokens
        self._json_object_ok = True
        self._stream_usage_ok = True
        self._lock = threading.Lock()
        self._aclient: AsyncOpenAI | None = None
        self._aclient_loop: asyncio.AbstractEventLoop | None = None

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        *,
        retry_policy: RetryPolicy | None = None,
        budget: TokenBudget | None = None,
        json_mode: JsonMode = "auto",
        temperature: float | None = None,
        max_tokens: int | None = None,
        home: Path | None = None,
    ) -> OpenAICompatibleClient:
        """Endpoint, model, key (the environment, else the one saved in the OS keyring), timeout, retry
        wait and token limits from the effective settings.

        Without an explicit `budget` the token limits are a `PersistentTokenBudget`: its hourly
        window lives in SQLite under KGDESK_HOME (`home`), so the per-hour limit survives restarts
        and is shared by `kgdesk ask`, the desktop and its question worker process.
        """
        if not settings.llm_configured or settings.llm_base_url is None or settings.llm_model is None:
            raise LLMNotConfiguredError("未配置语言模型（需要服务地址和模型名称），将只使用离线规则回答。")
        limits = settings.limits
        policy = retry_policy or RetryPolicy(max_total_wait_s=limits.llm_max_retry_wait_s)
        if budget is None:
            from kgdesk.security.limits import PersistentTokenBudget  # lazy: security builds on kgdesk.llm

            budget = PersistentTokenBudget.from_limits(limits, home=home)
        return cls(
            base_url=settings.llm_base_url,
            model=settings.llm_model,
            api_key=(settings.llm_api_key.get_secret_value() if settings.llm_api_key else None) or _stored_api_key(),
            timeout_s=limits.llm_timeout_s,
            retry_policy=policy,
            budget=budget,
            json_mode=json_mode,
            temperature=temperature,
            max_tokens=max_tokens,
        )

    def __repr__(self) -> str:  # never the key
        return f"OpenAICompatibleClient(base_url={self.base_url!r}, model={self.model!r})"

    @property
    def host(self) -> str:
        parts = urlsplit(self.base_url)
        return parts.netloc or self.base_url

    def redact(self, text: str) -> str:
        key = self._api_key
        if key and key != NO_KEY_PLACEHOLDER and len(key) >= 4:
            text = text.replace(key, "***")
        return text

    # -- SDK clients ------------------------------------------------------------------
    def _timeout(self, sdk: ModuleType) -> Any:
        return sdk.Timeout(self.timeout_s, connect=min(self.timeout_s, 10.0))

    def _async_client(self) -> AsyncOpenAI:
        # httpx async pools are bound to the loop that opened them: one SDK client per loop.
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._aclient is None or self._aclient_loop is not loop:
                sdk = _sdk()
                self._aclient = sdk.AsyncOpenAI(
                    base_url=self.base_url, api_key=self._api_key, timeout=self._timeout(sdk), max_retries=0
                )
                self._aclient_loop = loop
            return self._aclient

    async def aclose(self) -> None:
        with self._lock:
            aclient, loop = self._aclient, self._aclient_loop
            self._aclient = None
            self._aclient_loop = None
        if aclient is not None and loop is asyncio.get_running_loop():
            await aclient.close()

    # -- calls ------------------------------------------------------------------------
    def _start(
        self,
        messages: Sequence[ChatMessage],
        json_schema_model: type[BaseModel] | None,
        stream: bool,
        on_token: OnToken | None,
        include_schema: bool,
    ) -> _Call:
        prepared = [ChatMessage(role=m["role"], content=m["content"]) for m in messages]
        if json_schema_model is not None:
            prepared = with_json_instruction(
                prepared, json_instruction(json_schema_model, include_schema=include_schema)
            )
        call = _Call(
            self, prepared, stream=stream, on_token=on_token, wants_json=json_schema_model is not None
        )
        if self.budget is not None:
            self.budget.check(call.prompt_estimate)
        return call

    async def acomplete(
        self,
        messages: Sequence[ChatMessage],
        *,
        json_schema_model: type[BaseModel] | None = None,
        stream: bool = False,
        on_token: OnToken | None = None,
        include_schema: bool = True,
    ) -> LLMResult:
        call = self._start(messages, json_schema_model, stream, on_token, include_schema)
        while True:
            call.attempt += 1
            try:
                outcome = await self._aattempt(call)
            except Exception as exc:
                wait = call.after_failure(exc)
                if wait > 0:
                    await asyncio.sleep(wait)
                continue
            return call.finish(outcome)

    async def _aattempt(self, call: _Call) -> _Outcome:
        sdk = _sdk()
        client = self._async_client()
        kwargs = call.request_kwargs(sdk)
        if not call.stream:
            return _outcome_from_completion(await client.chat.completions.create(**kwargs, stream=False))
        acc = _StreamAccumulator(call.on_token)
        stream = await client.chat.completions.create(
            **kwargs,
            stream=True,
            stream_options={"include_usage": True} if call.send_stream_options() else sdk.omit,
        )
        try:
            async for chunk in stream:
                acc.feed(chunk)
        except sdk.OpenAIError as e:
            if acc.delivered:
                raise _StreamBroken(e, "stream failed after text was delivered", retryable=False) from e
            raise
        finally:
            await stream.close()
        return acc.outcome()

    async def alist_models(self) -> list[str]:
        """Model ids the endpoint offers (GET /models): the settings page's connection test."""
        call = _Call(self, [], stream=False, on_token=None, wants_json=False)
        while True:
            call.attempt += 1
            try:
                page = await self._async_client().models.list()
                return [m.id for m in page.data]
            except Exception as exc:
                wait = call.after_failure(exc)
                if wait > 0:
                    await asyncio.sleep(wait)

    def list_models(self) -> list[str]:
        """`alist_models` run to completion (the settings test button calls it in a worker thread)."""
        return self._run(self.alist_models())
