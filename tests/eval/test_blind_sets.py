"""The blind held-out sets on the real local graph: zero wrong answers on each; accuracy reported.

Each set (runner.BLIND_SETS: tests/eval/heldout, heldout2, …) was written blind by a writer who never
read the planner, from templates.md and ledgers generated with a seed used nowhere else, with gold
computed by pandas. Its data folder is built into the local Neo4j, then every question is asked
through kgdesk's public question-answering service offline (deterministic planner, no LLM, --auto,
the set's fixed today) and scored against the gold literals of its questions.jsonl. Abstaining is
allowed; a wrong answer is not.

The questions are kept from the people changing the planner: a failure lists only ids and
classes, and the printed report holds aggregates and a per-class table, never question text.
Each set's README says when it was written and what the planner scored on it then.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import offline_home
from tests.eval import runner

MIN_ITEMS = 150
"""A blind set smaller than this measures too little to be a gate."""

# building a full-volume graph and asking ~150–390 questions per set on a shared 2-core machine
pytestmark = pytest.mark.timeout(2400)


class BlindRun:
    """A scored run behind an opaque repr, so that no traceback prints a question."""

    def __init__(self, eval_set: runner.EvalSet, scored: list[runner.Scored]) -> None:
        self.eval_set = eval_set
        self.scored = scored

    def __repr__(self) -> str:
        return f"<{self.eval_set.name} run: {len(self.scored)} items>"


@pytest.fixture(scope="module", params=[s.name for s in runner.BLIND_SETS])
def blind_run(
    request: pytest.FixtureRequest, graph: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BlindRun]:
    eval_set = runner.SETS[request.param]
    home = tmp_path_factory.mktemp(f"{eval_set.name}-home")
    with offline_home(home):  # module scope: the autouse KGDESK_HOME fixture has not run yet
        _, scored = runner.evaluate(graph, Path(home), eval_set)
        yield BlindRun(eval_set, scored)


def test_blind_set_has_no_wrong_answer(blind_run: BlindRun, capsys: pytest.CaptureFixture[str]) -> None:
    eval_set, scored = blind_run.eval_set, blind_run.scored
    with capsys.disabled():
        print("\n" + runner.heldout_report(scored, folder=eval_set.folder))
    expected = len(runner.load_items(eval_set.questions))
    if len(scored) != expected or expected < MIN_ITEMS:
        pytest.fail(f"{len(scored)} results for {expected} items of {eval_set.folder}", pytrace=False)
    wrong = runner.wrong_ids(scored)
    if wrong:  # pytrace=False: the message is all that is shown (ids and classes, never a question)
        pytest.fail(f"{len(wrong)} wrong answers in {eval_set.folder}: " + ", ".join(wrong), pytrace=False)
