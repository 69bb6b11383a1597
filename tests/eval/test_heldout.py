"""The held-out evaluation set on the real local graph: zero wrong answers; accuracy reported.

tests/eval/heldout/data (ledgers generated with a seed used nowhere else) is built into the local
Neo4j, then every held-out question is asked through kgdesk's public question-answering service
offline (deterministic planner, no LLM, --auto, the set's fixed today) and scored against the
gold literals of tests/eval/heldout/questions.jsonl. Abstaining is allowed; a wrong answer is not.

The questions are kept from the people changing the planner: a failure lists only ids and
classes, and the printed report holds aggregates and a per-class table, never question text.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import offline_home
from tests.eval import runner

ITEMS = runner.load_items(runner.HELDOUT_QUESTIONS)

# building the full-volume held-out graph and asking ~390 questions on a shared 2-core machine
pytestmark = pytest.mark.timeout(2400)


class HeldoutRun:
    """The scored held-out run behind an opaque repr, so that no traceback prints a question."""

    def __init__(self, scored: list[runner.Scored]) -> None:
        self.scored = scored

    def __repr__(self) -> str:
        return f"<held-out run: {len(self.scored)} items>"


@pytest.fixture(scope="module")
def heldout(graph: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[HeldoutRun]:
    home = tmp_path_factory.mktemp("heldout-home")
    with offline_home(home):  # module scope: the autouse KGDESK_HOME fixture has not run yet
        runner.build(graph, Path(home), runner.HELDOUT_DATA)
        asker = runner.make_asker(graph, Path(home), today=runner.HELDOUT_TODAY)
        yield HeldoutRun(runner.run(ITEMS, asker, runner.HELDOUT_DATA))


def test_heldout_has_no_wrong_answer(heldout: HeldoutRun, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print("\n" + runner.heldout_report(heldout.scored))
    if len(heldout.scored) != len(ITEMS) or len(ITEMS) < 300:
        pytest.fail(f"{len(heldout.scored)} results for {len(ITEMS)} held-out items", pytrace=False)
    wrong = runner.wrong_ids(heldout.scored)
    if wrong:  # pytrace=False: the message is all that is shown (ids and classes, never a question)
        pytest.fail(f"{len(wrong)} wrong held-out answers: " + ", ".join(wrong), pytrace=False)
