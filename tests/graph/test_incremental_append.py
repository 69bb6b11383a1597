"""Append mode: an update whose files were only added, each holding keys no other file holds (a new
month of 考勤 and 排班), plans and diffs only the added rows and the month runs; the old rows of the
dirty labels and their edges stay as the basis wrote them. Still equal to a full rebuild — nodes,
relationships (服务于 runs that grow by a month and change `结束`, and a new run) and meta-schema —
and a file that repeats another's keys falls back to planning the dirty labels whole."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from kgdesk.graph.connection import GraphConnection
from kgdesk.graph.scope import Basis, dirty_scope
from kgdesk.templates.loader import default_template_set
from tests.graph.helpers import add_month, published_build
from tests.graph.test_incremental_scope import _equals_full_rebuild

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(900)]

MONTH_RUNS = {"服务于"}
DIRTY = {"服务于", "有考勤", "所属项目", "有排班"}


def _read_types(monkeypatch: pytest.MonkeyPatch) -> list[set[str]]:
    """The relationship types of the current edges each update's diff reads."""
    from kgdesk.graph import delta

    seen: list[set[str]] = []
    real = delta._rule_relationships

    def spy(db: Any, groups: list[tuple[str, str]]) -> list[dict[str, Any]]:
        seen.append({t for t, _r in groups})
        return real(db, groups)

    monkeypatch.setattr(delta, "_rule_relationships", spy)
    return seen


def test_an_added_month_plans_only_its_rows_and_equals_a_full_rebuild(
    graph: GraphConnection, tmp_path: Path, test_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = tmp_path / "lib0"
    shutil.copytree(test_data_dir, base, ignore=shutil.ignore_patterns("*.md"))
    published_build(base, graph)
    lib = tmp_path / "lib1"
    shutil.copytree(base, lib)
    # 2026-05 continues the runs that reach 2026-04 (their 结束 changes); 2026-07 starts new runs
    assert add_month(base / "考勤与人员财务.xlsx", lib / "考勤-2026-05.xlsx", "2026-01", "2026-05") > 0
    assert add_month(base / "排班月报.xlsx", lib / "排班-2026-05.xlsx", "2026-01", "2026-05") > 0
    assert add_month(base / "排班月报.xlsx", lib / "排班-2026-07.xlsx", "2026-01", "2026-07") > 0

    read = _read_types(monkeypatch)
    update = published_build(lib, graph)
    monkeypatch.undo()
    assert read == [MONTH_RUNS]  # only the month runs' current edges are read (without append mode: DIRTY)
    w = update.written
    assert w["labels_carried_over"] > 0 and w["nodes_closed"] == 0
    assert w["relationships_closed"] > 0  # grown runs: closed and re-created with the new 结束
    _equals_full_rebuild(graph, lib, update)

    # a second added month on top of an append-mode version: again append mode, again equal
    lib2 = tmp_path / "lib2"
    shutil.copytree(lib, lib2)
    assert add_month(base / "考勤与人员财务.xlsx", lib2 / "考勤-2026-06.xlsx", "2026-04", "2026-06") > 0
    read = _read_types(monkeypatch)
    again = published_build(lib2, graph)
    monkeypatch.undo()
    assert read == [MONTH_RUNS]
    _equals_full_rebuild(graph, lib2, again)


def test_an_added_file_repeating_keys_falls_back_to_the_whole_labels(
    graph: GraphConnection, tmp_path: Path, test_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = tmp_path / "lib0"
    shutil.copytree(test_data_dir, base, ignore=shutil.ignore_patterns("*.md"))
    published_build(base, graph)
    lib = tmp_path / "lib1"
    shutil.copytree(base, lib)
    assert add_month(base / "考勤与人员财务.xlsx", lib / "考勤-2026-05.xlsx", "2026-01", "2026-05") > 0
    # 排班's 2026-02 again in a second file: keys of 排班月报.xlsx, merged across the two files
    assert add_month(base / "排班月报.xlsx", lib / "排班-2026-02-again.xlsx", "2026-02", "2026-02") > 0

    read = _read_types(monkeypatch)
    update = published_build(lib, graph)
    monkeypatch.undo()
    assert read == [DIRTY]  # planned and diffed as before: every dirty rule's current edges
    assert update.written["labels_carried_over"] > 0
    _equals_full_rebuild(graph, lib, update)


@pytest.mark.parametrize(("change", "append"), [("add", True), ("replace", False), ("remove", False)])
def test_append_mode_only_when_every_changed_file_was_added(change: str, append: bool) -> None:
    ts = default_template_set()
    files = {"项目信息.xlsx": ("a", "项目信息"), "考勤与人员财务.xlsx": ("b", "考勤与人员财务")}
    basis = Basis("v1", "fp", dict(files), {"labels": {lbl: {"count": 1} for lbl in ts.labels}})
    now = dict(files)
    if change == "add":
        now["考勤-2026-05.xlsx"] = ("c", "考勤与人员财务")
    elif change == "replace":
        now["考勤与人员财务.xlsx"] = ("c", "考勤与人员财务")
    else:
        del now["考勤与人员财务.xlsx"]
    scope = dirty_scope(ts, basis, now, "fp")
    assert scope is not None and scope.labels == {"考勤"}
    assert (scope.full_rule_ends is not None) is append
    if append:
        assert {t for t, _r, _s, _e in scope.full_rule_ends or ()} == MONTH_RUNS
        assert {ts.relations[i].type for i in scope.carried_rules} == {"服务于"}  # 当前服务项目编号, clean ends
