"""The evaluation set on an incrementally built graph: the same questions, no wrong answer.

data/test_data is reached through updates (a partial library, then one with an extra month and a
project fewer, then the real one), so the graph holds closed elements of two older versions next to
the published one; every question must still see only the published version (`valid_in`).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from tests.conftest import DATA, offline_home
from tests.eval import runner
from tests.graph.helpers import add_month, edit_rows

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(1500)]

LATER = ("排班月报.xlsx", "考勤与人员财务.xlsx")


@pytest.fixture(scope="module")
def scored(graph: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[runner.Scored]]:
    test_data_dir = DATA / "test_data"
    home = tmp_path_factory.mktemp("incr-eval-home")
    work = tmp_path_factory.mktemp("incr-eval-libs")
    partial = work / "partial"
    shutil.copytree(test_data_dir, partial, ignore=shutil.ignore_patterns("*.md", *LATER))
    edit_rows(partial / "项目信息.xlsx", drop_last=1)
    more = work / "more"
    shutil.copytree(test_data_dir, more, ignore=shutil.ignore_patterns("*.md"))
    for name in LATER:
        add_month(test_data_dir / name, more / name.replace(".xlsx", "-2026-05.xlsx"), "2026-01", "2026-05")
    with offline_home(home):
        for lib in (partial, more, test_data_dir):
            report = build_and_publish([lib], graph, home=home)
            assert report.status == "published", report.error
        assert report.written["nodes_kept"] > report.written["nodes_created"]  # the last one was an update
        closed = graph.read("MATCH (n) WHERE n._to IS NOT NULL RETURN count(n) AS c")[0]["c"]
        assert closed > 0  # older versions' elements are in the graph next to the published ones
        yield runner.run(runner.load_items(), runner.make_asker(graph, Path(home)))


def test_no_wrong_answer_on_an_incrementally_built_graph(scored: list[runner.Scored]) -> None:
    wrong = [s for s in scored if s.outcome.wrong]
    assert not wrong, "\n\n".join(runner.describe(s) for s in wrong)
    summary = runner.summarize(scored)
    assert summary.accuracy > 0.5, runner.summary_table(summary)
