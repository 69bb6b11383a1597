"""The LLM behind an interface: `LLMClient` and its OpenAI-compatible implementation.

Works against any OpenAI-compatible chat endpoint (DeepSeek, vLLM, Ollama, llama.cpp, LM Studio,
OpenAI). The `openai` SDK is imported lazily so that `import kgdesk.llm` stays cheap and offline
mode never loads it. Every SDK or HTTP failure leaves this module as an `LLMError` with a Chinese
message; the API key never appears in messages, details or logs. One call's attempts live in
`call.py`; what the endpoint supports (its profile) in `profile.py`; the question's time in
`deadline.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Coroutine, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar
from urllib.parse import urlsplit

from pydantic import BaseModel

from kgdesk.llm.accounting import TokenBudget
from kgdesk.llm.call import (
    Call,
    Outcome,
    StreamAccumulator,
    StreamBroken,
    outcome_from_completion,
    sdk,
    stored_api_key,
)
from kgdesk.llm.deadline import QuestionDeadline, step_for_label
from kgdesk.llm.errors import LLMContextWindowError, LLMInvalidOutputError, LLMNotConfiguredError
from kgdesk.llm.jsonout import (
    JsonOutputError,
    json_instruction,
    parse_output,
    repair_messages,
    with_json_instruction,
)
from kgdesk.llm.profile import EndpointProfile, JsonSupport, ProfileStore, context_from_model_entry
from kgdesk.llm.retry import RetryPolicy
from kgdesk.llm.types import ChatMessage, LLMResult, OnToken

if TYPE_CHECKING:
    from openai import AsyncOpenAI

    from kgdesk.config.settings import Settings

log = logging.getLogger("kgdesk.llm")

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

JsonMode = Literal["auto", "json_object", "prompt"]
"""How JSON output is requested.

- "auto": what the endpoint's profile supports (json_schema, else json_object, else only the
  prompt instruction); a 400 to response_format steps down one level and retries, and when
  that works the lower level is kept (and saved in the profile).
- "json_object": always send response_format json_object (fail on endpoints that reject it).
- "prompt": never send response_format; rely on the instruction in the prompt.
"""

NO_KEY_PLACEHOLDER = "not-needed"
"""Sent as the bearer token when no key is configured (local vLLM/Ollama ignore it). It also
stops the SDK from falling back to OPENAI_API_KEY, which could leak a key to another host."""

OUTPUT_RESERVE_TOKENS = 1024
"""Tokens kept free for the answer when checking a prompt against the context window (unless
`max_tokens` says otherwise)."""


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
        step: str | None = None,
    ) -> LLMResult:
        """One chat completion. With `json_schema_model` the model is asked for a JSON object
        (not validated here: see `acomplete_json`). With `stream`, `on_token` gets each delta.
        `step` names the step in a deadline error (default: from the JSON label, or the narrative)."""

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
        step = step_for_label(label)
        first = await self.acomplete(
            msgs, json_schema_model=model, stream=stream, on_token=on_token, include_schema=include_schema,
            step=step,
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
            step=step,
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
# The OpenAI-compatible implementation
# ---------------------------------------------------------------------------------------


class OpenAICompatibleClient(LLMClient):
    """Chat completions against any OpenAI-compatible endpoint through the real `openai` SDK.

    Timeouts: every attempt waits at most min(`timeout_s`, what is left of the question's
    `deadline`) for connecting and for each read, and a whole attempt (a slow stream included)
    never outlasts the deadline. Retries follow `retry_policy` (the SDK's own are off).
    Cancelling the awaiting task (the desktop's 停止) cancels the HTTP request at once.

    `profile` says what the endpoint supports; with `profile_store` and no profile, the first
    call reads the cached one or lists the models (one GET) and learns the rest as it goes.
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
        deadline: QuestionDeadline | None = None,
        profile: EndpointProfile | None = None,
        profile_store: ProfileStore | None = None,
        context_tokens: int | None = None,
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
        self.deadline = deadline
        self.context_tokens_setting = context_tokens
        """The window to assume when the profile does not know one (limits.llm_context_tokens)."""
        self.profile_store = profile_store
        self.profile: EndpointProfile = profile or EndpointProfile(self.base_url, model)
        self._profile_ready = profile is not None or profile_store is None
        self._lock = threading.Lock()
        self._aclient: AsyncOpenAI | None = None
        self._aclient_loop: asyncio.AbstractEventLoop | None = None
        if deadline is not None and budget is not None:
            budget.on_question_start(deadline.restart)  # the agent's start_question() starts the clock

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
        profile: EndpointProfile | None = None,
    ) -> OpenAICompatibleClient:
        """Endpoint, model, key (the environment, else the one saved in the OS keyring), timeout,
        retry wait, token limits, the per-question deadline and the context window from the
        effective settings; the endpoint's profile cached under KGDESK_HOME (`home`).

        Without an explicit `budget` the token limits are a `PersistentTokenBudget`: its hourly
        window lives in SQLite under KGDESK_HOME, so the per-hour limit survives restarts and is
        shared by `kgdesk ask`, the desktop and its question worker process.
        """
        if not settings.llm_configured or settings.llm_base_url is None or settings.llm_model is None:
            raise LLMNotConfiguredError("未配置语言模型（需要服务地址和模型名称），将只使用离线规则回答。")
        from kgdesk.paths import home_dir

        limits = settings.limits
        policy = retry_policy or RetryPolicy(max_total_wait_s=limits.llm_max_retry_wait_s)
        if budget is None:
            from kgdesk.llm.budget import PersistentTokenBudget

            budget = PersistentTokenBudget.from_limits(limits, home=home)
        return cls(
            base_url=settings.llm_base_url,
            model=settings.llm_model,
            api_key=(settings.llm_api_key.get_secret_value() if settings.llm_api_key else None) or stored_api_key(),
            timeout_s=limits.llm_timeout_s,
            retry_policy=policy,
            budget=budget,
            json_mode=json_mode,
            temperature=temperature,
            max_tokens=max_tokens,
            deadline=QuestionDeadline(limits.llm_question_deadline_s),
            profile=profile,
            profile_store=ProfileStore(home or home_dir()),
            context_tokens=limits.llm_context_tokens or None,
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

    # -- what the endpoint supports ---------------------------------------------------
    def json_level(self) -> JsonSupport:
        if self.json_mode == "prompt":
            return "none"
        if self.json_mode == "json_object":
            return "json_object"
        return self.profile.json_mode

    @property
    def stream_usage_ok(self) -> bool:
        return self.profile.stream_usage

    @property
    def context_tokens(self) -> int | None:
        """The context window prompts must fit: the endpoint's own, else the setting."""
        return self.profile.context_tokens or self.context_tokens_setting

    def learned(self, *, json_level: JsonSupport | None, stream_usage: bool) -> None:
        """A call found out what the endpoint does not take: keep it, and save it with the profile."""
        changes: dict[str, Any] = {"stream_usage": self.profile.stream_usage and stream_usage}
        if json_level is not None and self.json_mode == "auto":
            changes["json_mode"] = json_level
        updated = replace(self.profile, **changes)
        if updated != self.profile:
            self.profile = updated.stamped()
            if self.profile_store is not None:
                self.profile_store.put(self.profile)

    async def _ensure_profile(self) -> None:
        """Once per client: the cached profile, else the context window from one GET /models."""
        if self._profile_ready:
            return
        self._profile_ready = True
        store = self.profile_store
        cached = store.get(self.base_url, self.model) if store is not None else None
        if cached is not None:
            self.profile = cached
            return
        window, source = await self._listed_context()
        self.profile = self.profile.stamped(context_tokens=window, context_source=source)
        if store is not None:
            store.put(self.profile)

    async def _listed_context(self) -> tuple[int | None, str]:
        """The window the model list gives for this model; (None, "") when it says nothing or fails."""
        openai = sdk()
        left = self.deadline.remaining() if self.deadline is not None else float("inf")
        t = max(0.01, min(self.timeout_s, 10.0, left))
        try:
            page = await self._async_client().models.list(timeout=openai.Timeout(t, connect=min(t, 5.0)))
        except openai.OpenAIError as e:
            log.info("LLM model list unavailable (%s); using the context window setting", self.redact(str(e)))
            return None, ""
        for m in page.data:
            if m.id == self.model:
                return context_from_model_entry(m.model_dump())
        return None, ""

    async def adetect_profile(self) -> EndpointProfile:
        """The full detection (settings test, `bench/eval.py --llm`): see kgdesk.llm.probe."""
        from kgdesk.llm.probe import probe_endpoint

        window, source = await self._listed_context()
        self.profile = await probe_endpoint(self, window, source)
        self._profile_ready = True
        if self.profile_store is not None:
            self.profile_store.put(self.profile)
        return self.profile

    def detect_profile(self) -> EndpointProfile:
        return self._run(self.adetect_profile())

    # -- SDK clients ------------------------------------------------------------------
    def _async_client(self) -> AsyncOpenAI:
        # httpx async pools are bound to the loop that opened them: one SDK client per loop.
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._aclient is None or self._aclient_loop is not loop:
                openai = sdk()
                self._aclient = openai.AsyncOpenAI(
                    base_url=self.base_url,
                    api_key=self._api_key,
                    timeout=openai.Timeout(self.timeout_s, connect=min(self.timeout_s, 10.0)),
                    max_retries=0,
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
        step: str | None,
    ) -> Call:
        prepared = [ChatMessage(role=m["role"], content=m["content"]) for m in messages]
        if json_schema_model is not None:
            prepared = with_json_instruction(
                prepared, json_instruction(json_schema_model, include_schema=include_schema)
            )
        call = Call(
            self,
            prepared,
            stream=stream,
            on_token=on_token,
            json_model=json_schema_model,
            step=step or (step_for_label(None) if json_schema_model is None else "生成结构化结果"),
        )
        self._check_window(call)
        if self.budget is not None:
            self.budget.check(call.prompt_estimate)
        return call

    def _check_window(self, call: Call) -> None:
        """Refuse a prompt the endpoint would silently truncate (Ollama keeps only the end)."""
        window = self.context_tokens
        if window is None:
            return
        reserve = self.max_tokens or min(OUTPUT_RESERVE_TOKENS, window // 4)
        if call.prompt_estimate + reserve <= window:
            return
        where = f"服务的模型列表（{self.profile.context_source}）" if self.profile.context_tokens else "设置中的“上下文窗口”"
        raise LLMContextWindowError(
            f"这次发给语言模型的内容约 {call.prompt_estimate} 个 token，加上回答所需的 {reserve} 个，"
            f"超过了模型的上下文窗口 {window} 个 token（来自{where}）。为避免服务静默截断提示词、"
            "给出错误的计划，这次请求没有发送。请换用上下文更大的模型，或在模型服务中调大上下文长度"
            "（如 Ollama 的 num_ctx）后再试。",
            prompt_tokens=call.prompt_estimate,
            context_tokens=window,
            detail=f"prompt≈{call.prompt_estimate} reserve={reserve} window={window} step={call.step!r}",
        )

    async def acomplete(
        self,
        messages: Sequence[ChatMessage],
        *,
        json_schema_model: type[BaseModel] | None = None,
        stream: bool = False,
        on_token: OnToken | None = None,
        include_schema: bool = True,
        step: str | None = None,
    ) -> LLMResult:
        deadline = self.deadline
        self._async_client()  # importing the SDK and building its client is not the model's time
        with deadline.running() if deadline is not None else contextlib.nullcontext():
            await self._ensure_profile()
            call = self._start(messages, json_schema_model, stream, on_token, include_schema, step)
            while True:
                call.attempt += 1
                call.check_deadline()
                try:
                    if deadline is not None and deadline.enabled:
                        async with asyncio.timeout(deadline.remaining()):
                            outcome = await self._aattempt(call)
                    else:
                        outcome = await self._aattempt(call)
                except Exception as exc:
                    wait = call.after_failure(exc)
                    if wait > 0:
                        await asyncio.sleep(wait)
                    continue
                return call.finish(outcome)

    async def _aattempt(self, call: Call) -> Outcome:
        openai = sdk()
        client = self._async_client()
        kwargs = call.request_kwargs(openai)
        if not call.stream:
            return outcome_from_completion(await client.chat.completions.create(**kwargs, stream=False))
        acc = StreamAccumulator(call.on_token)
        stream = await client.chat.completions.create(
            **kwargs,
            stream=True,
            stream_options={"include_usage": True} if call.stream_usage else openai.omit,
        )
        try:
            async for chunk in stream:
                acc.feed(chunk)
        except openai.OpenAIError as e:
            if acc.delivered:
                raise StreamBroken(e, "stream failed after text was delivered", retryable=False) from e
            raise
        finally:
            await stream.close()
        return acc.outcome()

    async def alist_models(self) -> list[str]:
        """Model ids the endpoint offers (GET /models): the settings page's connection test."""
        call = Call(self, [], stream=False, on_token=None, json_model=None, step="连接测试")
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
