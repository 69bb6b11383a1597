"""The train evaluation set on the real local graph: zero wrong answers; accuracy reported.

tests/eval/train/data (ledgers generated with a seed used nowhere else) is built into the local
Neo4j, then every train question is asked through kgdesk's public question-answering service
offline (deterministic planner, no LLM, --auto, the set's fixed today) and scored against the
gold literals of tests/eval/train/questions.jsonl. Abstaining is allowed; a wrong answer is not.

Unlike the held-out set the train set is open to the people changing the planner: the printed
report lists every wrong and abstained question, and a failure names them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import offline_home
from tests.eval import runner

TRAIN = runner.SETS["train"]
ITEMS = runner.load_items(TRAIN.questions)

# building the full-volume train graph and asking ~300 questions on a shared 2-core machine
pytestmark = pytest.mark.timeout(2400)


@pytest.fixture(scope="module")
def train(graph: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[runner.Scored]]:
    home = tmp_path_factory.mktemp("train-home")
    with offline_home(home):  # module scope: the autouse KGDESK_HOME fixture has not run yet
        _, scored = runner.evaluate(graph, Path(home), TRAIN)
        yield scored


def test_train_has_no_wrong_answer(train: list[runner.Scored], capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print("\n" + runner.train_report(train))
    if len(train) != len(ITEMS) or len(ITEMS) < 220:
        pytest.fail(f"{len(train)} results for {len(ITEMS)} train items", pytrace=False)
    wrong = [s for s in train if s.outcome.wrong]
    if wrong:
        lines = [f"{s.item.id} [{s.item.cls}] {s.item.question}: {s.outcome.reason}" for s in wrong]
        pytest.fail(f"{len(wrong)} wrong train answers:\n" + "\n".join(lines), pytrace=False)
