"""Scripted replies of the local LLM test server for whole-app runs: the screenshots
(scripts/screenshots.py) and the GUI responsiveness bench (bench/ui_responsiveness.py).

The app talks to `LLMTestServer` through the real openai SDK, as it would to DeepSeek or vLLM.
`DesktopResponder` answers the two kinds of request a desktop question makes:

- planning (the question the rules cannot read): the plan registered for that question, or an
  honest "insufficient" for any other question;
- the narrative over a rendered answer: the answer's first sentence, streamed in small chunks,
  so every number in it is one the answer holds (the agent's number check keeps it).

Usage is reported as a model would count it (kgdesk's own estimate: one token per CJK character,
one per four others), not as the test server's default of one per character, which would make
the per-question token limit refuse the narrative after a planning call.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kgdesk.agent.prompts import USER_CLOSE, USER_OPEN
from kgdesk.llm.accounting import estimate_tokens
from tests.llm_server import RecordedRequest, Reply


def count_women_plan(project_name: str | None = None) -> dict[str, Any]:
    """Count of 人员 with 性别 = 女, optionally of those who serve project `project_name`."""
    filters: list[dict[str, Any]] = [
        {"node": "n0", "field": "性别", "op": "eq", "value": "女", "value_source": "user_text"}
    ]
    step: dict[str, Any] = {"id": "s1", "entity": "人员", "filters": filters}
    if project_name is not None:
        step["hops"] = [{"source": "n0", "rel": "服务于", "direction": "out", "target": "项目"}]
        filters[:0] = [
            {"node": "n1", "field": "项目名称", "op": "eq", "value": project_name, "value_source": "user_text"},
        ]
        filters.append({"node": "r1", "field": "依据", "op": "eq", "value": "人员信息", "value_source": "derived"})
    return {
        "query_type": "count",
        "steps": [step],
        "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
    }


_BLOCK = re.compile(re.escape(USER_OPEN) + r"\n(.*?)\n" + re.escape(USER_CLOSE), re.S)
_MARKUP = re.compile(r"\*\*|__|`|^#+\s*|^\s*[-*]\s+", re.M)


def first_sentence(answer_markdown: str) -> str:
    """The answer's first line of prose, without Markdown, cut after its first 。"""
    for line in answer_markdown.splitlines():
        text = _MARKUP.sub("", line).strip()
        if not text or text.startswith("|"):
            continue
        cut = text.find("。")
        return text[: cut + 1] if cut >= 0 else text.rstrip("：:") + "。"
    return ""


def _norm(question: str) -> str:
    return question.strip().rstrip("？?。.! ")


@dataclass
class DesktopResponder:
    """`server.responder = DesktopResponder({question: plan})`; thread-safe (the server is threaded)."""

    plans: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    chunk_size: int = 2
    chunk_delay_s: float = 0.03
    plan_delay_s: float = 0.3
    """A model takes a moment to plan; the GUI must stay responsive meanwhile."""
    seen: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __call__(self, request: RecordedRequest) -> Reply:
        system = str(request.messages[0].get("content") or "") if request.messages else ""
        user = request.last_user_content
        blocks = _BLOCK.findall(user)
        prompt_tokens = estimate_tokens(request.all_content)
        if "简短总结" in system and len(blocks) >= 2:  # kgdesk.agent.narrative
            with self._lock:
                self.seen.append(f"narrative({prompt_tokens})")
            sentence = first_sentence(blocks[1])
            text = f"根据当前发布版本的台账，{sentence}每一条结果都可以点击下方的来源行核对原始记录。"
            return Reply.text(text, chunk_size=self.chunk_size, chunk_delay_s=self.chunk_delay_s,
                              usage=_usage(prompt_tokens, text))
        question = blocks[-1].strip() if blocks else ""
        with self._lock:
            self.seen.append(f"plan({prompt_tokens})")
        plan = next((p for q, p in self.plans.items() if _norm(q) == _norm(question)), None)
        if plan is None:
            reply: dict[str, Any] = {"status": "insufficient", "plan": None, "missing_concepts": [],
                                     "message": "（脚本化的测试模型没有为这个问题准备查询计划）"}
        else:
            reply = {"status": "plan", "plan": plan, "message": "", "missing_concepts": []}
        completion = json.dumps(reply, ensure_ascii=False)
        return Reply.json(reply, delay_s=self.plan_delay_s, usage=_usage(prompt_tokens, completion))


def _usage(prompt_tokens: int, completion: str) -> dict[str, int]:
    completion_tokens = estimate_tokens(completion)
    return {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens}
