"""The perfect-model assertions themselves (tests/eval/perfect_model.check), without a server: a wrong
answer fails, an unlisted failure fails, a listed gap that passes fails (the ratchet), and a blind set's
failure message holds ids and classes, never a question."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tests.eval import runner
from tests.eval.perfect_model import PerfectRun, PerfectSet, check
from tests.eval.scoring import Item, Outcome, Verdict

SECRET = "一个不能打印的问题"


def _scored(qid: str, verdict: Verdict) -> runner.Scored:
    item = Item.from_json({"id": qid, "class": "count", "question": f"{SECRET}{qid}", "type": "count",
                           "expected_status": "answered", "gold": {"kind": "number", "compute": "{}", "value": 1.0}})
    result: dict[str, Any] = {"status": "answered", "value": 1, "trace": [{"step": "llm"}]}
    return runner.Scored(item, 1.0, result, Outcome(verdict, "why"), 0.0)


def _run(verdicts: dict[str, Verdict], gaps: dict[str, str], *, blind: bool = True) -> PerfectRun:
    nowhere = Path("/nonexistent")
    eval_set = runner.EvalSet("x", "x", "x", nowhere, nowhere, date(2026, 1, 1), blind)
    pset = PerfectSet(eval_set=eval_set, plans={qid: {} for qid in verdicts}, known_gaps=gaps)
    return PerfectRun(pset, [_scored(qid, v) for qid, v in verdicts.items()])


def test_all_right_passes() -> None:
    check(_run({"a1": Verdict.CORRECT, "a2": Verdict.ABSTAINED}, {"a2": "a known reason"}))


@pytest.mark.parametrize(
    ("verdicts", "gaps", "needle"),
    [
        ({"a1": Verdict.WRONG}, {"a1": "even a known gap may not answer wrong"}, "wrong answers"),
        ({"a1": Verdict.ABSTAINED}, {}, "not answered although"),
        ({"a1": Verdict.CORRECT}, {"a1": "closed"}, "known gaps now answered"),
    ],
)
def test_failures_name_ids_and_classes_only(verdicts: dict[str, Verdict], gaps: dict[str, str], needle: str) -> None:
    with pytest.raises(pytest.fail.Exception) as e:
        check(_run(verdicts, gaps))
    assert needle in str(e.value) and "a1" in str(e.value)
    assert SECRET not in str(e.value)


def test_an_open_set_shows_its_questions() -> None:
    with pytest.raises(pytest.fail.Exception) as e:
        check(_run({"a1": Verdict.ABSTAINED}, {}, blind=False))
    assert SECRET in str(e.value)
