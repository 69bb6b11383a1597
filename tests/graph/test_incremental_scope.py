"""Updates that plan only what their changed files touch, against the real local graph server.

A partial plan carries the clean labels and rules over from the current version; the published graph
must still equal a full rebuild of the same library — also when a replaced file changes relations
whose other end is in an unchanged file, and when the basis on record cannot be trusted.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from kgdesk.app.building import BuildReport, build_and_publish
from kgdesk.graph.connection import GraphConnection
from kgdesk.graph.scope import PlanScope, current_basis, dirty_scope, planning_fingerprint
from kgdesk.graph.similarity import LexicalSimilarity
from kgdesk.templates.loader import default_template_set
from tests.graph.helpers import add_month, edit_rows, published_build, version_content, version_schema

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(900)]


def _set_cells(path: Path, changes: dict[tuple[int, str], Any]) -> None:
    """(Excel row, column name) → new value in the 数据 sheet."""
    wb = load_workbook(path)
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    for (row, name), value in changes.items():
        ws.cell(row=row, column=header.index(name) + 1).value = value
    wb.save(path)


def _equals_full_rebuild(conn: GraphConnection, folder: Path, update: BuildReport) -> None:
    content = version_content(conn, update.version or "")
    full = published_build(folder, conn, incremental=False)
    assert full.written["labels_carried_over"] == 0 and full.written["nodes_kept"] == 0
    assert version_content(conn, full.version or "") == content
    assert (full.nodes, full.relationships) == (update.nodes, update.relationships)
    assert version_schema(conn, full.version or "") == version_schema(conn, update.version or "")


def test_replacing_files_with_cross_file_relations_equals_a_full_rebuild(
    graph: GraphConnection, tmp_path: Path, test_data_dir: Path
) -> None:
    base = tmp_path / "lib0"
    shutil.copytree(test_data_dir, base, ignore=shutil.ignore_patterns("*.md"))
    published_build(base, graph)

    # 设备信息 replaced: another (unchanged) person responsible, another project, a dangling 责任人;
    # 项目片区关系 (a relationship-only template) replaced: one pair moved, the last one dropped
    devices = tmp_path / "lib1"
    shutil.copytree(base, devices)
    _set_cells(devices / "设备信息.xlsx", {(2, "设备责任人工号"): "KWL1503001", (3, "项目编号"): "XMSQ0102",
                                        (4, "设备责任人工号"): "KWL9999999"})
    _set_cells(devices / "项目片区关系.xlsx", {(2, "片区编号"): "PQ02"})
    edit_rows(devices / "项目片区关系.xlsx", drop_last=1)
    update = published_build(devices, graph)
    w = update.written
    assert w["labels_carried_over"] > 10  # only 设备 planned, plus the rules that end at it or use 项目片区关系
    assert w["nodes_created"] >= 2 and w["relationships_closed"] >= 3
    _equals_full_rebuild(graph, devices, update)

    # 人员信息 replaced: the dangling 责任人 now exists (an edge from the unchanged 设备 appears),
    # one person's name changes (every relation into 人员 is re-planned), one month of 考勤 added
    people = tmp_path / "lib2"
    shutil.copytree(devices, people)
    wb = load_workbook(people / "人员信息.xlsx")
    header = [c.value for c in wb["数据"][1]]
    row = dict(zip(header, [c.value for c in wb["数据"][2]], strict=True))
    edit_rows(people / "人员信息.xlsx", append=[{**row, "姓名": "新来的人", "工号": "KWL9999999"}])
    _set_cells(people / "人员信息.xlsx", {(3, "姓名"): "改名后的人"})
    assert add_month(base / "考勤与人员财务.xlsx", people / "考勤-2026-05.xlsx", "2026-01", "2026-05") > 0
    update = published_build(people, graph)
    assert update.written["labels_carried_over"] > 0
    _equals_full_rebuild(graph, people, update)

    # removing a file after a full rebuild: the rebuild's record is the basis
    removed = tmp_path / "lib3"
    shutil.copytree(people, removed)
    (removed / "人员证书.xlsx").unlink()
    update = published_build(removed, graph)
    assert update.written["labels_carried_over"] > 0 and "证书" not in update.nodes
    _equals_full_rebuild(graph, removed, update)


def test_an_untrusted_basis_plans_the_whole_library(
    graph: GraphConnection, tmp_path: Path, test_data_dir: Path
) -> None:
    base = tmp_path / "lib0"
    shutil.copytree(test_data_dir, base, ignore=shutil.ignore_patterns("*.md"))
    first = published_build(base, graph)
    ts = default_template_set()
    basis = current_basis(graph)
    assert basis is not None and basis.version == first.version
    fp = planning_fingerprint(ts, LexicalSimilarity())
    same = dirty_scope(ts, basis, dict(basis.files), fp)
    assert isinstance(same, PlanScope) and not same.labels and not same.rules  # nothing changed
    assert dirty_scope(ts, basis, dict(basis.files), "other metadata or code") is None
    assert dirty_scope(ts, None, dict(basis.files), fp) is None

    month = tmp_path / "lib1"
    shutil.copytree(base, month)
    assert add_month(base / "排班月报.xlsx", month / "排班-2026-05.xlsx", "2026-01", "2026-05") > 0
    for bad in ("not json", json.dumps({"fingerprint": "stale", "files": {}}), json.dumps({"files": []})):
        graph.write("MATCH (v:_KgdeskVersion) SET v.plan_basis = $b", {"b": bad})
        assert current_basis(graph) is None or dirty_scope(ts, current_basis(graph), {}, fp) is None
        update = published_build(month, graph)
        assert update.written["labels_carried_over"] == 0  # planned in full
        _equals_full_rebuild(graph, month, update)


def test_a_partial_update_that_does_not_add_up_fails_once_then_plans_in_full(
    graph: GraphConnection, tmp_path: Path, test_data_dir: Path
) -> None:
    """The graph edited by hand under a clean label: the partial update's read-back finds it, the
    update fails leaving the published version, and the next build plans the whole library."""
    base = tmp_path / "lib0"
    shutil.copytree(test_data_dir, base, ignore=shutil.ignore_patterns("*.md"))
    first = published_build(base, graph)
    graph.write("MATCH (n:`片区`) WHERE n._to IS NULL WITH n LIMIT 1 DETACH DELETE n")
    month = tmp_path / "lib1"
    shutil.copytree(base, month)
    assert add_month(base / "排班月报.xlsx", month / "排班-2026-05.xlsx", "2026-01", "2026-05") > 0
    failed = build_and_publish([month], graph)
    assert failed.status == "failed" and failed.error_code == "E_READBACK_MISMATCH"
    assert "下次构建将重新规划整个台账库" in (failed.error or "")
    basis = current_basis(graph)
    assert basis is None or basis.version != first.version
    again = published_build(month, graph)
    assert again.written["labels_carried_over"] == 0  # planned in full: the lost 片区 is written again
    _equals_full_rebuild(graph, month, again)


def test_files_only_added_hash_only_the_nodes_they_touch(
    graph: GraphConnection, tmp_path: Path, test_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A label whose files were only added to: a node all of whose records come from unchanged files
    is the basis's node (kept unhashed); a node an added file holds — a new key, or an old key the
    added file repeats (its sources grow) — is hashed and compared. Still equal to a full rebuild."""
    from kgdesk.graph import delta

    base = tmp_path / "lib0"
    shutil.copytree(test_data_dir, base, ignore=shutil.ignore_patterns("*.md"))
    published_build(base, graph)
    lib = tmp_path / "lib1"
    shutil.copytree(base, lib)
    assert add_month(base / "排班月报.xlsx", lib / "排班-2026-05.xlsx", "2026-01", "2026-05") > 0
    assert add_month(base / "考勤与人员财务.xlsx", lib / "考勤-2026-01-again.xlsx", "2026-01", "2026-01") > 0

    hashed: list[str] = []
    real = delta.node_hash

    def counting(label: str, row: dict[str, Any]) -> str:
        hashed.append(label)
        return real(label, row)

    monkeypatch.setattr(delta, "node_hash", counting)
    update = published_build(lib, graph)
    monkeypatch.undo()
    assert not update.rejected_files
    assert update.written["labels_carried_over"] > 0 and update.written["nodes_kept"] > 0
    # every hashed node is new or changed; without the shortcut every planned node of 排班/考勤 is hashed
    assert len(hashed) == update.written["nodes_created"] > 0
    _equals_full_rebuild(graph, lib, update)
