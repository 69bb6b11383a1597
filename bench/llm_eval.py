"""`bench/eval.py --llm`: the eval questions through the configured language model, so a department
can judge its own model before trusting it.

The agent runs as `kgdesk ask --auto` does with an endpoint configured (rules first, the model where
they are not sure), against the same freshly built graph as the offline evaluation. Per question it
prints the verdict, the model's calls, tokens and the seconds the question took; for a blind set
(held-out) only the totals, never a question or an answer.
"""

from __future__ import annotations

import asyncio
import os
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

EVAL_TOKENS_PER_HOUR = 50_000_000
"""The evaluation's hourly token limit (the setting's default, 600,000, stops a 300-question run)."""

LLM_VARS = ("KGDESK_LLM_BASE_URL", "KGDESK_LLM_MODEL", "KGDESK_LLM_API_KEY", "KGDESK_EMBEDDING_MODEL")


def keep_llm_env() -> dict[str, str]:
    """The endpoint variables, taken before the bench's offline home clears them."""
    return {k: os.environ[k] for k in LLM_VARS if os.environ.get(k)}


def restore_llm_env(saved: Mapping[str, str]) -> None:
    os.environ.update(saved)


@dataclass(frozen=True)
class Usage:
    calls: int
    prompt_tokens: int
    completion_tokens: int
    model_ms: int

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def usage_of(result: Mapping[str, Any]) -> Usage:
    """The model calls of one answer, from its trace (`llm` steps)."""
    calls = [t for t in result.get("trace") or [] if t.get("step") == "llm"]
    return Usage(
        calls=len(calls),
        prompt_tokens=sum(int(t.get("prompt_tokens") or 0) for t in calls),
        completion_tokens=sum(int(t.get("completion_tokens") or 0) for t in calls),
        model_ms=sum(int(t.get("ms") or 0) for t in calls),
    )


def make_llm_asker(conn: Any, home: Path, *, today: date, role: str) -> tuple[Callable[[str], dict[str, Any]], str]:
    """(asker, a line describing the endpoint and its detected profile). Raises SystemExit without an endpoint."""
    from kgdesk.agent.agent import Agent, AgentOptions
    from kgdesk.app.asking import ask_async, history_store, make_client, make_policy
    from kgdesk.config.settings import effective_settings
    from kgdesk.llm import OpenAICompatibleClient

    settings = effective_settings()
    # the hourly budget is the user's guard against a runaway bill; an evaluation asks hundreds of
    # questions within minutes and would be cut off part-way (each question's own limit still holds)
    limits = settings.limits.model_copy(update={"llm_tokens_per_hour": EVAL_TOKENS_PER_HOUR})
    settings = settings.model_copy(update={"limits": limits})
    client = make_client(settings, offline=False, home=home)
    if not isinstance(client, OpenAICompatibleClient):
        raise SystemExit("--llm 需要先配置语言模型：KGDESK_LLM_BASE_URL 和 KGDESK_LLM_MODEL（以及需要时 KGDESK_LLM_API_KEY）")
    profile = client.detect_profile()
    window = f"{client.context_tokens} token（{profile.context_source or '设置'}）"
    about = (
        f"语言模型 {client.model} @ {client.host}：上下文 {window}，JSON {profile.json_mode}，"
        f"每小时 token 上限 {EVAL_TOKENS_PER_HOUR:,}（评测专用；每个问题的上限不变），"
        f"流式用量 {'有' if profile.stream_usage else '无'}，工具调用 {'支持' if profile.tool_calls else '不支持'}"
    )
    agent = Agent(
        store=history_store(home), client=client, policy=make_policy(settings), limits=settings.limits, today=today
    )

    def ask(question: str) -> dict[str, Any]:
        async def once() -> dict[str, Any]:
            try:
                options = AgentOptions(auto=True, offline=False, narrative=False)
                result = await ask_async(question, conn=conn, settings=settings, options=options, agent=agent, role=role)
                return result.to_json()
            finally:
                await client.aclose()  # the SDK's connections belong to this loop

        return asyncio.run(once())

    return ask, about


def _pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))] if ordered else 0.0


def report(scored: Sequence[Any], *, blind: bool) -> str:
    """Per question (unless `blind`): verdict, calls, tokens, seconds; then the totals."""
    lines: list[str] = []
    usages = [usage_of(s.result) for s in scored]
    if not blind:
        lines.append(f"{'题号':<6}{'结果':<10}{'调用':>4}{'tokens':>9}{'模型秒':>8}{'总秒':>7}  问题")
        for s, u in zip(scored, usages, strict=True):
            lines.append(
                f"{s.item.id:<6}{s.outcome.verdict.value:<10}{u.calls:>4}{u.tokens:>9}{u.model_ms / 1000:>8.1f}"
                f"{s.seconds:>7.1f}  {s.item.question}"
            )
    used = [u for u in usages if u.calls]
    n = len(scored)
    correct = sum(s.outcome.verdict.value == "correct" for s in scored)
    wrong = sum(s.outcome.verdict.value == "wrong" for s in scored)
    lines.append(
        f"共 {n} 题：正确 {correct}（{correct / n:.1%}），错误 {wrong}；用到语言模型的 {len(used)} 题，"
        f"共 {sum(u.calls for u in usages)} 次调用、{sum(u.tokens for u in usages)} tokens"
        if n
        else "没有题目"
    )
    if used:
        tokens = [u.tokens for u in used]
        seconds = [s.seconds for s, u in zip(scored, usages, strict=True) if u.calls]
        lines.append(
            f"用到模型的题：每题 tokens p50 {statistics.median(tokens):.0f} / p95 {_pct(tokens, 0.95):.0f}；"
            f"每题耗时 p50 {statistics.median(seconds):.1f} 秒 / p95 {_pct(seconds, 0.95):.1f} 秒"
        )
    return "\n".join(lines)
