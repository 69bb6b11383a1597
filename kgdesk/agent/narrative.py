"""An optional LLM narrative on top of the rendered facts, checked number by number.

The model sees the question and the answer already rendered from this execution (masked for the
role), never rows, and writes two or three sentences. It is streamed to the caller as it comes;
afterwards every number in it must appear in the rendered answer or the machine value (as the
same number, or as a percentage of it). One stray number and the whole narrative is dropped —
and the trace says which number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from kgdesk.agent.prompts import SAFETY, delimit
from kgdesk.llm import ChatMessage, LLMClient, LLMError
from kgdesk.qa.trace import Trace

_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![A-Za-z0-9_])")
"""Numbers as written: 12, 3.5, 9,360,000.00. Digits inside codes (XMSQ0122, KWL2307024) are not numbers;
Chinese characters next to a number do not hide it (they count as word characters for regex word
classes, hence the ASCII classes)."""
_MAX_FACTS_CHARS = 6000


@dataclass(frozen=True)
class Narrative:
    text: str
    kept: bool
    reason: str = ""


def numbers_in(text: str) -> list[float]:
    out: list[float] = []
    for m in _NUMBER.finditer(text):
        raw = m.group(0).replace(",", "")
        try:
            out.append(float(raw))
        except ValueError:
            continue
    return out


def _collect(value: Any, acc: set[float]) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float)):
        acc.add(float(value))
    elif isinstance(value, str):
        acc.update(numbers_in(value))
    elif isinstance(value, dict):
        for v in value.values():
            _collect(v, acc)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _collect(v, acc)


def allowed_numbers(answer: str, value: Any, extra: Iterable[Any] = ()) -> set[float]:
    acc: set[float] = set()
    acc.update(numbers_in(answer))
    _collect(value, acc)
    for x in extra:
        _collect(x, acc)
    return acc


def _matches(n: float, allowed: set[float]) -> bool:
    for a in allowed:
        for cand in (a, a * 100, a / 100):
            if abs(n - cand) <= max(1e-6, abs(cand) * 1e-4) or round(cand, 2) == round(n, 2):
                return True
    return False


def unsupported_numbers(text: str, allowed: set[float]) -> list[str]:
    bad: list[str] = []
    for m in _NUMBER.finditer(text):
        raw = m.group(0)
        try:
            n = float(raw.replace(",", ""))
        except ValueError:
            continue
        if not _matches(n, allowed):
            bad.append(raw)
    return bad


def _messages(question: str, answer: str) -> list[ChatMessage]:
    system = (
        SAFETY
        + "\n\n现在的任务是：根据已经从数据中算出的回答，用两三句通顺的中文做一个简短总结。"
        "只能复述回答里已有的事实和数字，不得推测、不得补充回答中没有的数字或结论；"
        "数字一律用阿拉伯数字照抄回答中的写法；不要输出表格、来源列表或 Markdown 标题。"
    )
    facts = answer[:_MAX_FACTS_CHARS]
    user = f"用户的问题（数据）：\n{delimit(question)}\n\n已算出的回答（数据）：\n{delimit(facts)}"
    return [ChatMessage(role="system", content=system), ChatMessage(role="user", content=user)]


async def narrate(
    client: LLMClient,
    question: str,
    answer: str,
    value: Any,
    *,
    trace: Trace,
    on_delta: Callable[[str], None] | None = None,
) -> Narrative:
    """Stream a narrative; return it with `kept=False` (and the reason) when a number is not supported.
    LLM failures never fail the answer: the facts stand on their own."""
    try:
        res = await client.acomplete(_messages(question, answer), stream=True, on_token=on_delta)
    except LLMError as e:
        trace.llm_error("narrative", e)
        trace.add("narrative", 0, kept=False, reason=f"语言模型调用失败：{e.message}")
        return Narrative("", False, f"语言模型调用失败：{e.message}")
    trace.llm("narrative", res)
    text = res.text.strip()
    if not text:
        trace.add("narrative", 0, kept=False, reason="模型没有输出内容")
        return Narrative("", False, "模型没有输出内容")
    bad = unsupported_numbers(text, allowed_numbers(answer, value))
    if bad:
        reason = f"叙述中的数字 {'、'.join(bad[:5])} 不在查询结果中，已丢弃该叙述"
        trace.add("narrative", 0, kept=False, reason=reason)
        return Narrative(text, False, reason)
    trace.add("narrative", 0, kept=True)
    return Narrative(text, True)
