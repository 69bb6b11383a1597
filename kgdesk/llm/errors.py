"""LLM errors: SDK and HTTP failures translated at the boundary into Chinese, key-free messages."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kgdesk.errors import ConfigError, KgdeskError

if TYPE_CHECKING:
    from kgdesk.llm.types import LLMResult, RetryRecord


class LLMError(KgdeskError):
    """Base of every LLM failure.

    `message` is Chinese and safe to show; `detail` is technical text for the log and the
    trace (already stripped of the API key); `retries` and `results` let the trace show what
    was tried and what it cost even when the call failed.
    """

    code = "E_LLM"

    def __init__(
        self,
        message: str,
        *,
        detail: str = "",
        attempts: int = 0,
        retries: tuple[RetryRecord, ...] = (),
        results: tuple[LLMResult, ...] = (),
        code: str | None = None,
    ) -> None:
        super().__init__(message, code=code)
        self.detail = detail
        self.attempts = attempts
        self.retries = retries
        self.results = results

    @property
    def waited_s(self) -> float:
        """Seconds spent sleeping between attempts before giving up."""
        return sum(r.wait_s for r in self.retries)


class LLMNotConfiguredError(LLMError, ConfigError):
    """No endpoint or model configured: the caller should stay offline (exit code 2 in the CLI)."""

    code = "E_LLM_NOT_CONFIGURED"


class LLMConnectionError(LLMError):
    code = "E_LLM_CONNECTION"


class LLMTimeoutError(LLMConnectionError):
    code = "E_LLM_TIMEOUT"


class LLMRateLimitError(LLMError):
    code = "E_LLM_RATE_LIMIT"


class LLMServerError(LLMError):
    """5xx from the endpoint after all retries."""

    code = "E_LLM_SERVER"


class LLMAuthError(LLMError):
    """401/403: the key is wrong or lacks access; retrying cannot help."""

    code = "E_LLM_AUTH"


class LLMRequestError(LLMError):
    """Other 4xx: the endpoint rejected the request (unknown model, bad parameter)."""

    code = "E_LLM_REQUEST"


class LLMStreamError(LLMError):
    """A streamed answer stopped before its end; the partial text must not be used."""

    code = "E_LLM_STREAM"


class LLMRefusalError(LLMError):
    """The model refused (message.refusal) or the endpoint's content filter stopped it."""

    code = "E_LLM_REFUSAL"


class LLMInvalidOutputError(LLMError):
    """The output did not validate even after the one repair attempt; nothing may run on it."""

    code = "E_LLM_INVALID_OUTPUT"

    def __init__(
        self,
        message: str,
        *,
        output: str = "",
        detail: str = "",
        attempts: int = 0,
        results: tuple[LLMResult, ...] = (),
    ) -> None:
        super().__init__(message, detail=detail, attempts=attempts, results=results)
        self.output = output
        """The last raw model output, for the log and the trace (never shown as an answer)."""


class LLMTokenLimitError(LLMError):
    """The per-question or per-hour token budget is used up; no request was sent."""

    code = "E_LLM_TOKEN_LIMIT"


class LLMDeadlineError(LLMTimeoutError):
    """The question's model-time deadline is used up; `step` names the step that ran out of time."""

    code = "E_LLM_DEADLINE"

    def __init__(self, message: str, *, step: str, deadline_s: float, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.step = step
        self.deadline_s = deadline_s


class LLMContextWindowError(LLMError):
    """The prompt does not fit the endpoint's context window; it was refused, never truncated."""

    code = "E_LLM_CONTEXT"

    def __init__(self, message: str, *, prompt_tokens: int, context_tokens: int, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.prompt_tokens = prompt_tokens
        self.context_tokens = context_tokens
