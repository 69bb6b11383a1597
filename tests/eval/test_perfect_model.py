"""With a perfect scripted model, the plain question service answers what the DSL can express (train set).

Issue 18: "with a perfect scripted LLM, the plain CLI answers everything the DSL can express".
For the train questions the rules did not answer when it was written (27), tests/eval/train/model_plans.py
holds the plan a perfect model would return (the user's words as values; kgdesk grounds them). The local
OpenAI-compatible test server replies with that plan to whichever of those questions its prompt
carries, through the real openai SDK, and the question goes through kgdesk's public service as
`kgdesk ask --auto` does with an endpoint configured (tests/eval/perfect_model.py, shared with the
second held-out set's test_perfect_model_heldout2.py). Rules that answer a question themselves may do so.

Asserted: no wrong answer; every question with a plan answered correctly except the known gaps
below, each with its reason — and each gap must still fail (a gap that now passes fails the test
until it is taken off the list), so the list can only shrink.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.eval import runner
from tests.eval.perfect_model import PerfectRun, PerfectSet, check, perfect_run
from tests.eval.train.model_plans import GAPS, PLANS

pytestmark = [pytest.mark.llm, pytest.mark.timeout(1200)]

KNOWN_GAPS: dict[str, str] = {**GAPS}
"""Questions whose right plan is not answered right (none now; a new gap is added here with its reason)."""

TRAIN = PerfectSet(
    eval_set=runner.SETS["train"],
    plans=PLANS,
    known_gaps=KNOWN_GAPS,
    unanswerable=GAPS,
)


@pytest.fixture(scope="module")
def scored(graph: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[PerfectRun]:
    yield from perfect_run(graph, tmp_path_factory, TRAIN)


def test_a_perfect_model_answers_what_the_dsl_expresses(scored: PerfectRun, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        check(scored)


@pytest.mark.parametrize("qid", sorted(PLANS))
def test_every_scripted_plan_is_a_valid_plan(qid: str) -> None:
    """A plan the DSL rejects would test the model's repair loop, not the answer path."""
    from kgdesk.qa.dsl import QueryPlan

    QueryPlan.model_validate(json.loads(json.dumps(PLANS[qid])))
