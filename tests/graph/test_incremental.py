"""Incremental publish with validity intervals, against the real local graph server.

Each update's "valid in new" graph must equal a full rebuild of the same library (every node and
relationship with every user-visible property); failed and cancelled updates leave the graph exactly
as it was; rollback is a pointer move; pruning keeps what kept versions need; an old-scheme graph
still answers and the next build takes it over.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.builder import BuildHooks
from kgdesk.graph.connection import GraphConnection
from kgdesk.graph.dbaccess import graph_access
from kgdesk.graph.intervals import move_pointer_back, prune_data
from kgdesk.graph.meta_schema import load_published_schema
from kgdesk.progress import CancelToken
from tests.graph.helpers import (
    add_month,
    edit_rows,
    node_counts,
    published,
    published_build,
    store_state,
    version_content,
    version_record,
    version_schema,
)

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(900)]

MONTHLY = ("考勤与人员财务.xlsx", "排班月报.xlsx")


class Boom(RuntimeError):
    pass


@pytest.fixture
def libraries(tmp_path: Path, test_data_dir: Path) -> list[Path]:
    """Four states of one library: the base, + one month of 考勤 and 排班, a replaced 项目信息
    (one project fewer, one renamed), and without 设备信息."""
    base = tmp_path / "lib0"
    shutil.copytree(test_data_dir, base, ignore=shutil.ignore_patterns("*.md"))
    month = tmp_path / "lib1"
    shutil.copytree(base, month)
    for name in MONTHLY:
        assert add_month(base / name, month / name.replace(".xlsx", "-2026-05.xlsx"), "2026-01", "2026-05") > 0
    replaced = tmp_path / "lib2"
    shutil.copytree(month, replaced)
    edit_rows(replaced / "项目信息.xlsx", drop_last=1)
    from openpyxl import load_workbook

    wb = load_workbook(replaced / "项目信息.xlsx")
    ws = wb["数据"]
    col = [c.value for c in ws[1]].index("项目名称") + 1
    ws.cell(row=3, column=col).value = "改名后的项目"
    wb.save(replaced / "项目信息.xlsx")
    removed = tmp_path / "lib3"
    shutil.copytree(replaced, removed)
    (removed / "设备信息.xlsx").unlink()
    return [base, month, replaced, removed]


def test_updates_equal_a_full_rebuild(graph: GraphConnection, libraries: list[Path]) -> None:
    first = published_build(libraries[0], graph)
    assert first.version is not None
    updates = [first]
    for lib in libraries[1:]:
        updates.append(published_build(lib, graph))
    total = first.written["nodes_created"]
    month, replaced, removed = (u.written for u in updates[1:])
    # an update writes what changed, and leaves the rest alone
    assert 0 < month["nodes_created"] < total / 5 and month["nodes_kept"] > total / 2
    assert month["nodes_closed"] == 0 and month["relationships_closed"] > 0  # 服务于 month runs got longer
    assert replaced["nodes_closed"] >= 2 and replaced["nodes_created"] >= 1
    assert removed["nodes_created"] == 0 and removed["nodes_closed"] == first.nodes["设备"]
    # each update planned only the labels its changed files touch (kgdesk.graph.scope)
    assert all(w["labels_carried_over"] > 0 for w in (month, replaced, removed))
    contents = [version_content(graph, u.version or "") for u in updates]
    # a full rebuild (every element written anew) of each library gives the same graph
    for lib, update, content in zip(libraries, updates, contents, strict=True):
        full = published_build(lib, graph, incremental=False)
        assert full.written["nodes_kept"] == 0 and full.version is not None
        assert version_content(graph, full.version) == content
        assert full.nodes == update.nodes and full.relationships == update.relationships
        assert version_schema(graph, full.version) == version_schema(graph, update.version or "")
    # and every kept version still reads as it was published
    assert [version_content(graph, u.version or "") for u in updates] == contents
    assert "设备" not in node_counts(graph, updates[3].version or "")


def test_failed_and_cancelled_updates_leave_the_graph_exactly_as_it_was(
    graph: GraphConnection, libraries: list[Path]
) -> None:
    good = published_build(libraries[0], graph).version
    before = store_state(graph)
    schema = load_published_schema(graph)

    def fail(_version: str) -> None:
        raise Boom("injected")

    report = build_and_publish([libraries[2]], graph, hooks=BuildHooks(between_stages=fail))
    assert report.status == "failed" and "之前发布的版本仍在使用" in (report.error or "")
    assert store_state(graph) == before and published(graph) == good

    def fail_after_closing(stage: str, _item: str, _done: int) -> None:
        if stage == "close":
            raise Boom("after some elements were closed")

    report = build_and_publish([libraries[3]], graph, hooks=BuildHooks(after_batch=fail_after_closing))
    assert report.status == "failed" and report.written["nodes_closed"] > 0
    assert store_state(graph) == before and published(graph) == good

    cancel = CancelToken()

    def cancel_midway(stage: str, _item: str, _done: int) -> None:
        if stage == "relationships":
            cancel.cancel()

    report = build_and_publish(
        [libraries[2]], graph, cancel=cancel, hooks=BuildHooks(after_batch=cancel_midway), rel_batch=5
    )
    assert report.status == "failed" and report.error_code == "E_CANCELLED"
    assert store_state(graph) == before and published(graph) == good
    assert load_published_schema(graph) == schema
    rec = version_record(graph, report.version or "")
    assert rec is not None and rec["status"] == "failed" and rec["cleaned"]


def test_rollback_is_a_pointer_move_and_the_next_update_is_still_right(
    graph: GraphConnection, libraries: list[Path]
) -> None:
    a = published_build(libraries[0], graph).version
    b = published_build(libraries[1], graph).version
    assert a is not None and b is not None
    content_a = version_content(graph, a)
    data = store_state(graph)
    previous, _at = move_pointer_back(graph_access(graph), a)
    assert previous == b and published(graph) == a
    assert store_state(graph) == data  # no data written
    assert version_content(graph, a) == content_a
    schema = load_published_schema(graph)
    assert schema is not None and schema["version"] == a
    rec_a, rec_b = version_record(graph, a), version_record(graph, b)
    assert rec_a is not None and rec_a["status"] == "published" and rec_a["republished_at"]
    assert rec_b is not None and rec_b["status"] == "superseded"
    # the next update starts from the newest written data, not from the rolled-back pointer
    c = published_build(libraries[2], graph).version
    full = published_build(libraries[2], graph, incremental=False).version
    assert c is not None and full is not None
    assert version_content(graph, c) == version_content(graph, full)
    assert version_content(graph, a) == content_a


def test_pruning_keeps_what_kept_versions_need(graph: GraphConnection, libraries: list[Path]) -> None:
    versions = [published_build(lib, graph, keep_versions=2).version or "" for lib in libraries]
    contents = {v: version_content(graph, v) for v in versions[-2:]}
    assert versions[1] not in {str(r["v"]) for r in graph.read(
        "MATCH (v:_KgdeskVersion) WHERE NOT coalesce(v.cleaned, false) RETURN v.version AS v")}
    # nothing left that only a forgotten version needed
    orphans = graph.read(
        "MATCH (n) WHERE n._uid IS NOT NULL AND NOT any(k IN $kept WHERE n._version <= k AND "
        "(n._to IS NULL OR k < n._to)) RETURN count(n) AS c",
        {"kept": versions[-2:]},
    )
    assert orphans[0]["c"] == 0
    assert {v: version_content(graph, v) for v in versions[-2:]} == contents
    # pruning never takes what the published version needs, also after a rollback to an old one
    db = graph_access(graph)
    move_pointer_back(db, versions[-2])
    dropped, _n = prune_data(db, keep=1)
    assert dropped == [] and published(graph) == versions[-2]
    assert {v: version_content(graph, v) for v in versions[-2:]} == contents


def test_an_old_scheme_graph_answers_and_the_next_build_takes_it_over(
    graph: GraphConnection, libraries: list[Path]
) -> None:
    old = published_build(libraries[0], graph, incremental=False, keep_versions=1).version
    assert old is not None
    content = version_content(graph, old)
    # what the full-copy scheme left: `_version` only, and records without `intervals`
    graph.write("MATCH (n) WHERE n._uid IS NOT NULL AND n._version <> $v DETACH DELETE n", {"v": old})
    graph.write("MATCH (n) WHERE n._uid IS NOT NULL REMOVE n._hash, n._to")
    graph.write("MATCH ()-[r]->() WHERE r._rule IS NOT NULL REMOVE r._hash, r._to")
    graph.write("MATCH (v:_KgdeskVersion) REMOVE v.intervals")
    assert version_content(graph, old) == content  # still answers
    new = published_build(libraries[1], graph)
    assert new.written["nodes_kept"] == 0  # no hashes yet: the first build writes everything once
    rec = version_record(graph, old)
    assert rec is not None and rec["intervals"] and not rec["cleaned"]
    assert version_content(graph, old) == content  # and the old version is kept for a rollback
    nxt = published_build(libraries[2], graph)
    assert nxt.written["nodes_kept"] > nxt.written["nodes_created"]  # incremental from then on


def test_the_read_back_without_a_scan_equals_the_scan(graph: GraphConnection, libraries: list[Path]) -> None:
    from kgdesk.graph.builder import GraphBuilder, rule_groups
    from kgdesk.graph.intervals import data_labels, relationship_types
    from kgdesk.graph.planner import plan_graph
    from kgdesk.templates.loader import default_template_set
    from kgdesk.templates.validator import validate_paths

    db = graph_access(graph)
    for lib in (libraries[1], libraries[3]):
        version = published_build(lib, graph).version or ""
        plan = plan_graph(validate_paths([lib]).dataset, default_template_set(), version)
        builder = GraphBuilder(db)
        scan = builder.read_back(plan)
        # with the metadata's rule groups too (what a build passes: the statements' text stays the same)
        for groups in ((), rule_groups(default_template_set())):
            fast = builder.read_back_newest(plan, data_labels(db), relationship_types(db), groups)
            assert fast is not None
            assert (fast.nodes, fast.groups, fast.relationships, fast.broken) == (
                scan.nodes, scan.groups, scan.relationships, scan.broken)
            assert fast.nodes == plan.node_counts() and fast.groups == plan.group_counts()
    # a current edge at a node the version closed (a hand edit, or a bug keeping an edge whose end
    # changed): both read-backs see it, though the fast one looks only at what this version closed
    edited = graph.write(
        "MATCH (n:设备 {_to: $v})-[r]-(m) WHERE r._to = $v AND m._to IS NULL "
        "WITH r LIMIT 1 SET r._to = null RETURN elementId(r) AS id", {"v": version})
    assert len(edited) == 1
    try:
        fast = builder.read_back_newest(plan, data_labels(db), relationship_types(db))
        assert fast is not None and fast.broken == builder.read_back(plan).broken == 1
    finally:
        graph.write("MATCH ()-[r]->() WHERE elementId(r) = $id SET r._to = $v", {"id": edited[0]["id"], "v": version})
