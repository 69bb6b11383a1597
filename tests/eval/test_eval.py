"""The evaluation set on the real local graph: zero wrong answers, every answer cited.

data/test_data is built into the local Neo4j (tests/neo4j_fixtures.py), then every question of
questions.jsonl is asked through kgdesk's public question-answering service in offline mode
(deterministic planner, no LLM, --auto) and scored against gold answers that tests/eval/gold.py
computes from the Excel files with pandas. Abstaining is allowed; a wrong answer is not.
The summary (accuracy, citation rate, wrong-answer rate, abstain rate) is printed in the output.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import offline_home
from tests.eval import runner

ITEMS = runner.load_items()

# building the graph and asking ~90 questions on a shared 2-core machine takes minutes
pytestmark = pytest.mark.timeout(1500)


@pytest.fixture(scope="module")
def evaluation(graph: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, runner.Scored]]:
    home = tmp_path_factory.mktemp("eval-home")
    with offline_home(home):  # module scope: the autouse KGDESK_HOME fixture has not run yet
        runner.build(graph, Path(home))
        scored = runner.run(ITEMS, runner.make_asker(graph, Path(home)))
        yield {s.item.id: s for s in scored}


@pytest.mark.parametrize("item_id", [it.id for it in ITEMS])
def test_question(item_id: str, evaluation: dict[str, runner.Scored]) -> None:
    s = evaluation[item_id]
    assert not s.outcome.wrong, "wrong answer:\n" + runner.describe(s)
    if s.outcome.citation_ok is False:
        pytest.fail(f"{item_id}: invalid citations {s.outcome.citation_problems}\n" + runner.describe(s))


def test_whole_set(evaluation: dict[str, runner.Scored], capsys: pytest.CaptureFixture[str]) -> None:
    scored = list(evaluation.values())
    summary = runner.summarize(scored)
    with capsys.disabled():
        print("\n" + runner.report(scored))
    assert summary.total == len(ITEMS) >= 50
    assert summary.wrong == 0, f"{summary.wrong} wrong answers (see the report above)"
    assert summary.cited == summary.answered, (
        "answered results without a valid citation (see the report above)"
    )
