"""Shared bits for the LLM tests: target models and a client factory with test-sized limits."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from kgdesk.llm import OpenAICompatibleClient, RetryPolicy, TokenBudget
from tests.llm_fixtures import FAST_RETRY, LLMEnv


class StrictPlan(BaseModel):
    """Shaped like the Query DSL: undeclared fields are errors (the recommended config)."""

    model_config = ConfigDict(extra="forbid")

    query_type: Literal["existence", "count", "list"]
    entity: str
    limit: int | None = None


class LoosePlan(BaseModel):
    """Pydantic's default config: undeclared fields are dropped."""

    query_type: Literal["existence", "count", "list"]
    entity: str


GOOD_PLAN: dict[str, Any] = {"query_type": "count", "entity": "人员"}


def make_client(
    env: LLMEnv,
    *,
    timeout_s: float = 5.0,
    retry_policy: RetryPolicy = FAST_RETRY,
    budget: TokenBudget | None = None,
    base_url: str | None = None,
    **kwargs: Any,
) -> OpenAICompatibleClient:
    return OpenAICompatibleClient(
        base_url=base_url or env.base_url,
        model=env.model,
        api_key=env.api_key,
        timeout_s=timeout_s,
        retry_policy=retry_policy,
        budget=budget,
        **kwargs,
    )
