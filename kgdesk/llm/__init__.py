"""Language-model access behind one interface; importing this package does not load the openai SDK."""

from kgdesk.llm.accounting import TokenBudget, estimate_prompt_tokens, estimate_tokens
from kgdesk.llm.client import JsonMode, LLMClient, OpenAICompatibleClient
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
    LLMTokenLimitError,
)
from kgdesk.llm.retry import RetryPolicy
from kgdesk.llm.types import ChatMessage, LLMResult, OnToken, RetryRecord, TokenUsage

__all__ = [
    "ChatMessage",
    "JsonMode",
    "LLMAuthError",
    "LLMClient",
    "LLMConnectionError",
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
    "RetryPolicy",
    "RetryRecord",
    "TokenBudget",
    "TokenUsage",
    "estimate_prompt_tokens",
    "estimate_tokens",
]
