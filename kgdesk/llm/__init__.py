"""Language-model access behind one interface; importing this package does not load the openai SDK."""

from kgdesk.llm.accounting import TokenBudget, estimate_prompt_tokens, estimate_tokens
from kgdesk.llm.client import JsonMode, LLMClient, OpenAICompatibleClient
from kgdesk.llm.deadline import QuestionDeadline
from kgdesk.llm.errors import (
    LLMAuthError,
    LLMConnectionError,
    LLMContextWindowError,
    LLMDeadlineError,
    LLMError,
    LLMInvalidOutputError,
    LLMNotConfiguredError,
    LLMRateLimitError,
    LLMRefusalError,
    LLMRequestError,
    LLMServerError,
    LLMStreamError,
    LLMTimeoutError,
    LLMTokenLimitError,
)
from kgdesk.llm.profile import EndpointProfile, ProfileStore
from kgdesk.llm.retry import RetryPolicy
from kgdesk.llm.types import ChatMessage, LLMResult, OnToken, RetryRecord, TokenUsage

__all__ = [
    "ChatMessage",
    "EndpointProfile",
    "JsonMode",
    "LLMAuthError",
    "LLMClient",
    "LLMConnectionError",
    "LLMContextWindowError",
    "LLMDeadlineError",
    "LLMError",
    "LLMInvalidOutputError",
    "LLMNotConfiguredError",
    "LLMRateLimitError",
    "LLMRefusalError",
    "LLMRequestError",
    "LLMResult",
    "LLMServerError",
    "LLMStreamError",
    "LLMTimeoutError",
    "LLMTokenLimitError",
    "OnToken",
    "OpenAICompatibleClient",
    "ProfileStore",
    "QuestionDeadline",
    "RetryPolicy",
    "RetryRecord",
    "TokenBudget",
    "TokenUsage",
    "estimate_prompt_tokens",
    "estimate_tokens",
]
