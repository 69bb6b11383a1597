"""bench/eval.py --llm's report: usage per question from the answer's trace; a blind set shows totals only."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from llm_eval import report, usage_of

from tests.eval.scoring import Verdict


def _scored(qid: str, question: str, verdict: Verdict, trace: list[dict[str, object]], seconds: float) -> SimpleNamespace:
    return SimpleNamespace(
        item=SimpleNamespace(id=qid, question=question),
        outcome=SimpleNamespace(verdict=verdict),
        result={"status": "answered", "trace": trace},
        seconds=seconds,
    )


TRACE = [
    {"step": "understand", "ms": 3},
    {"step": "llm", "purpose": "understand", "ms": 1200, "prompt_tokens": 2700, "completion_tokens": 150},
    {"step": "llm", "purpose": "understand", "ms": 800, "prompt_tokens": 1800, "completion_tokens": 120},
]


def test_usage_comes_from_the_llm_steps_of_the_trace() -> None:
    u = usage_of({"trace": TRACE})
    assert (u.calls, u.prompt_tokens, u.completion_tokens, u.model_ms, u.tokens) == (2, 4500, 270, 2000, 4770)
    assert usage_of({"trace": []}).calls == 0


def test_the_report_lists_questions_unless_the_set_is_blind() -> None:
    scored = [
        _scored("q01", "赵德胜有消防设施操作员证书吗？", Verdict.CORRECT, [], 0.4),
        _scored("q02", "在赵巷公园干活的女同志有几位", Verdict.WRONG, TRACE, 2.5),
    ]
    dev = report(scored, blind=False)
    assert "q02" in dev and "在赵巷公园干活的女同志有几位" in dev and "4770" in dev
    assert "共 2 题：正确 1（50.0%），错误 1；用到语言模型的 1 题，共 2 次调用、4770 tokens" in dev
    blind = report(scored, blind=True)
    assert "q0" not in blind and "赵巷" not in blind and "赵德胜" not in blind
    assert "共 2 题" in blind and "p50" in blind
