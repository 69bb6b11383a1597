"""The ledger library against the real local graph server: add, replace, remove, rollback, restart, two homes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kgdesk.app.building import BuildReport, build_and_publish
from kgdesk.app.library import Library
from kgdesk.app.library_service import add_to_library, library_view, remove_from_library
from kgdesk.app.library_sync import LibraryBuild, build_library, compute_changes, published_library
from kgdesk.app.library_versions import diff_versions, list_versions, rollback
from kgdesk.graph.connection import GraphConnection
from kgdesk.graph.dbaccess import graph_access
from kgdesk.graph.versions import VersionStore
from kgdesk.progress import CancelToken, ProgressEvent
from kgdesk.security.audit import read_records
from tests.graph.helpers import (
    add_month,
    edit_rows,
    node_counts,
    published,
    rel_counts,
    store_state,
    version_content,
)
from tests.neo4j_fixtures import reset_database

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(900)]

LATER = ("排班月报.xlsx", "考勤与人员财务.xlsx")


@pytest.fixture
def empty_graph(graph: GraphConnection, neo4j_env: dict[str, str]) -> GraphConnection:
    reset_database(graph)
    return graph


@pytest.fixture
def ledgers(tmp_path: Path, test_data_dir: Path) -> Path:
    """A private copy of data/test_data (tests edit files)."""
    out = tmp_path / "ledgers"
    shutil.copytree(test_data_dir, out, ignore=shutil.ignore_patterns("*.md"))
    return out


def _published(out: LibraryBuild) -> str:
    assert out.report.status == "published", out.report.error
    assert out.report.version is not None
    return out.report.version


def _first(ledgers: Path) -> list[Path]:
    return sorted(p for p in ledgers.glob("*.xlsx") if p.name not in LATER)


def test_adding_a_month_keeps_everything_else_and_survives_a_restart(
    empty_graph: GraphConnection, ledgers: Path, tmp_path: Path
) -> None:
    full = build_and_publish([ledgers], empty_graph, home=tmp_path / "other-home")
    assert full.status == "published"
    reset_database(empty_graph)

    v1 = _published(build_library(_first(ledgers)))
    assert node_counts(empty_graph, v1) != node_counts_of(full)
    # the case: dropping only this month's two files must not publish only those two
    out = build_library([ledgers / n for n in LATER])
    v2 = _published(out)
    assert node_counts(empty_graph, v2) == node_counts_of(full)
    assert rel_counts(empty_graph, v2) == full.relationships
    assert out.report.written["nodes_kept"] > out.report.written["nodes_created"]  # an update, not a rewrite
    assert out.changes is not None
    assert {f.file for f in out.changes.files if f.change == "added"} == set(LATER)
    assert not out.changes.dropped_templates

    # a restart: a new Library on the same home reads the same files, all in the published version
    view = library_view()
    assert len(view.rows) == 15 and all(r.in_published for r in view.rows)
    assert view.published_version == v2 and not view.changes.has_changes
    assert {r.entry.file for r in view.rows} == {p.name for p in ledgers.glob("*.xlsx")}
    att = next(r.entry for r in view.rows if r.entry.file == "考勤与人员财务.xlsx")
    assert att.months and att.template == "考勤与人员财务" and att.sha256 and att.added_by
    assert Library().file_path(att.file).is_file()

    # after the restart, next month's two files are still an update of what is there
    may = [add_month(ledgers / n, tmp_path / "五月" / n.replace(".xlsx", "-2026-05.xlsx"), "2026-01", "2026-05")
           for n in LATER]
    assert all(may)
    out = build_library(sorted((tmp_path / "五月").glob("*.xlsx")))
    v3 = _published(out)
    written = out.report.written
    assert 0 < written["nodes_created"] < written["nodes_kept"] / 5 and written["nodes_closed"] == 0
    assert len(Library().load().files) == 17
    rebuilt = build_and_publish(Library().paths(), empty_graph, incremental=False, home=tmp_path / "other-home")
    assert rebuilt.status == "published" and rebuilt.version is not None
    assert version_content(empty_graph, v3) == version_content(empty_graph, rebuilt.version)


def node_counts_of(report: BuildReport) -> dict[str, int]:
    return {k: v for k, v in report.nodes.items() if v}


def test_replace_remove_reject_and_rollback(empty_graph: GraphConnection, ledgers: Path, tmp_path: Path) -> None:
    v1 = _published(build_library([ledgers]))
    n1 = node_counts(empty_graph, v1)

    # a rejected file changes nothing
    bad = tmp_path / "新" / "项目信息.xlsx"
    bad.parent.mkdir()
    bad.write_bytes(b"not a workbook")
    before = Library().manifest_path.read_bytes()
    result = add_to_library([bad])
    assert [o.action for o in result.outcomes] == ["rejected"]
    assert Library().manifest_path.read_bytes() == before

    # same name replaces: one project fewer
    shutil.copy2(ledgers / "项目信息.xlsx", bad)
    edit_rows(bad, drop_last=1)
    result = add_to_library([bad])
    assert [o.action for o in result.outcomes] == ["replaced"] and result.outcomes[0].replaced_added_by
    # a second project ledger with other name: added, and its shared keys are reported
    extra = tmp_path / "新" / "项目信息-补充.xlsx"
    shutil.copy2(bad, extra)
    edit_rows(extra, drop_last=2)
    result = add_to_library([extra])
    (o,) = result.outcomes
    assert o.action == "added" and [(x.file, x.label) for x in o.overlaps] == [("项目信息.xlsx", "项目")]
    assert o.overlaps[0].count == n1["项目"] - 3 and "合并规则" in o.overlaps[0].message(o.file)
    assert remove_from_library([extra.name]) == ([extra.name], [])
    view = library_view()
    assert [c.change for c in view.changes.files if c.file == "项目信息.xlsx"] == ["replaced"]
    assert not next(r for r in view.rows if r.entry.file == "项目信息.xlsx").in_published
    v2 = _published(build_library([]))
    assert node_counts(empty_graph, v2)["项目"] == n1["项目"] - 1

    # removing a file: the change set warns that a template is dropped
    removed, missing = remove_from_library(["设备信息.xlsx"])
    assert removed == ["设备信息.xlsx"] and not missing
    changes = compute_changes(Library().load(), published_library(graph_access(empty_graph)))
    assert changes.dropped_templates == ["设备信息"] and "设备信息" in changes.warnings()[0]
    assert remove_from_library(["没有这个文件.xlsx"]) == ([], ["没有这个文件.xlsx"])
    v3 = _published(build_library([]))
    assert "设备" not in node_counts(empty_graph, v3)

    # versions: list, diff, rollback to the first one
    listed = list_versions(empty_graph)
    assert [v.version for v in listed] == [v3, v2, v1] and listed[0].published
    assert listed[2].can_rollback and len(listed[2].files) == 15 and listed[2].nodes == sum(n1.values())
    d = diff_versions(empty_graph, v1, v3)
    changes_by_file = {f["file"]: f["change"] for f in d.files}
    assert changes_by_file["设备信息.xlsx"] == "removed" and changes_by_file["项目信息.xlsx"] == "replaced"
    assert d.nodes["设备"]["b"] == 0 and d.nodes["项目"]["change"] == -1
    assert all(v.kept_in_graph for v in listed)
    data = store_state(empty_graph)
    back = rollback(v1)
    assert back.status == "published" and back.version == v1, back.error
    assert published(empty_graph) == v1 and store_state(empty_graph) == data  # a pointer move: no data written
    assert node_counts(empty_graph, v1) == n1
    state = Library().load()
    assert len(state.files) == 15 and state.base_version == v1
    listed = list_versions(empty_graph)
    assert [v.version for v in listed] == [v3, v2, v1] and listed[2].published and not listed[0].published
    record = [r for r in read_records() if r.action == "rollback"][-1]
    assert record.decision == "published" and record.detail["rollback_of"] == v1


def test_cancelled_library_build_keeps_the_published_version(
    empty_graph: GraphConnection, ledgers: Path
) -> None:
    v1 = _published(build_library(_first(ledgers)))
    n1 = node_counts(empty_graph, v1)
    before = store_state(empty_graph)
    cancel = CancelToken()

    def progress(e: ProgressEvent) -> None:
        if e.stage == "nodes" and e.done:
            cancel.cancel()

    out = build_library([ledgers / n for n in LATER], progress=progress, cancel=cancel)
    assert out.report.status == "failed" and out.report.error_code == "E_CANCELLED"
    assert published(empty_graph) == v1 and node_counts(empty_graph, v1) == n1
    assert store_state(empty_graph) == before
    # the files are in the library; the next build publishes them
    assert {f.file for f in Library().load().files} >= set(LATER)
    assert _published(build_library([])) != v1


def test_two_homes_on_one_server_share_one_library(
    empty_graph: GraphConnection, ledgers: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home_a, home_b = tmp_path / "home-a", tmp_path / "home-b"
    for h in (home_a, home_b):
        h.mkdir()

    def as_user(home: Path, user: str) -> None:
        monkeypatch.setenv("KGDESK_HOME", str(home))
        monkeypatch.setenv("KGDESK_USER", user)

    as_user(home_a, "张三")
    va = _published(build_library(_first(ledgers)))
    first_nodes = sum(node_counts(empty_graph, va).values())

    as_user(home_b, "李四")  # knows nothing of A's files: it pulls them from the version's copies
    assert not (home_b / "versions" / va).exists()
    out = build_library([ledgers / LATER[0]])
    vb = _published(out)
    assert out.sync is not None and len(out.sync.pulled) == len(_first(ledgers))
    assert sum(node_counts(empty_graph, vb).values()) > first_nodes
    files_b = {f.file: f.added_by for f in published_library(graph_access(empty_graph)).files}
    assert files_b[LATER[0]] == "李四" and files_b["项目信息.xlsx"] == "张三"

    as_user(home_a, "张三")  # A adds the last file: B's file must not be dropped
    out = build_library([ledgers / LATER[1]])
    vc = _published(out)
    assert out.sync is not None and out.sync.pulled == [LATER[0]]
    names = {f.file for f in published_library(graph_access(empty_graph)).files}
    assert names == {p.name for p in ledgers.glob("*.xlsx")}
    full = build_and_publish([ledgers], None, dry_run=True)
    assert node_counts(empty_graph, vc) == node_counts_of(full)

    # B removes a file on purpose, after syncing: A's next build follows the removal, not undoes it
    as_user(home_b, "李四")
    assert _published(build_library([])) != vc  # B syncs with vc first
    remove_from_library(["设备信息.xlsx"])
    vd = _published(build_library([]))
    as_user(home_a, "张三")
    out = build_library([])
    ve = _published(out)
    assert out.sync is not None and out.sync.followed_removals == ["设备信息.xlsx"]
    assert "设备" not in node_counts(empty_graph, ve) and vd != ve
    assert VersionStore(home_a).read_manifest(ve) is not None


def test_an_only_build_does_not_make_the_library_forget_files(empty_graph: GraphConnection, ledgers: Path) -> None:
    v1 = _published(build_library([ledgers]))
    n1 = node_counts(empty_graph, v1)
    only = build_and_publish([ledgers / "项目信息.xlsx"], empty_graph)  # `kgdesk build --only`
    assert only.status == "published" and set(only.nodes) == {"项目"}
    out = build_library([])
    assert out.sync is not None and not out.sync.followed_removals
    assert node_counts(empty_graph, _published(out)) == n1


def test_a_publish_by_another_desktop_during_a_build_is_merged_not_overwritten(
    empty_graph: GraphConnection, ledgers: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home_a, home_b = tmp_path / "home-a", tmp_path / "home-b"
    for h in (home_a, home_b):
        h.mkdir()
    monkeypatch.setenv("KGDESK_HOME", str(home_a))
    _published(build_library(_first(ledgers)))
    fired: list[str] = []

    def meanwhile(e: ProgressEvent) -> None:
        """While A plans (before it takes the build lease), B publishes its own file."""
        if e.stage != "plan" or fired:
            return
        fired.append("b")
        monkeypatch.setenv("KGDESK_HOME", str(home_b))
        try:
            fired.append(_published(build_library([ledgers / LATER[1]])))
        finally:
            monkeypatch.setenv("KGDESK_HOME", str(home_a))

    out = build_library([ledgers / LATER[0]], progress=meanwhile)
    version = _published(out)
    assert len(fired) == 2 and version != fired[1]
    assert out.sync is not None and out.sync.pulled == [LATER[1]]
    names = {f.file for f in published_library(graph_access(empty_graph)).files}
    assert names == {p.name for p in ledgers.glob("*.xlsx")}


def test_shared_library_refuses_when_it_cannot_tell_or_cannot_fetch(
    empty_graph: GraphConnection, ledgers: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home_a, home_b, home_c = (tmp_path / n for n in ("home-a", "home-b", "home-c"))
    for h in (home_a, home_b, home_c):
        h.mkdir()

    def at(home: Path) -> None:
        monkeypatch.setenv("KGDESK_HOME", str(home))

    at(home_a)
    v1 = _published(build_library(_first(ledgers)))
    at(home_b)
    _published(build_library([]))  # B now agrees with A's version

    # both replace 项目信息.xlsx: A publishes first, B cannot tell which one should win
    for home, drop in ((home_a, 1), (home_b, 2)):
        changed = tmp_path / f"改-{home.name}" / "项目信息.xlsx"
        changed.parent.mkdir()
        shutil.copy2(ledgers / "项目信息.xlsx", changed)
        edit_rows(changed, drop_last=drop)
        at(home)
        add_to_library([changed])
    at(home_a)
    va = _published(build_library([]))
    at(home_b)
    out = build_library([])
    assert out.report.status == "failed" and out.report.error_code == "E_LIBRARY_CONFLICT"
    assert "项目信息.xlsx" in (out.report.error or "") and "仍在使用" in (out.report.error or "")
    assert published(empty_graph) == va
    # the way out the message names: remove here (A's copy is pulled), then add B's again
    remove_from_library(["项目信息.xlsx"])
    assert _published(build_library([])) != va
    add_to_library([tmp_path / "改-home-b" / "项目信息.xlsx"])
    _published(build_library([]))

    # a desktop that cannot get another user's file refuses instead of dropping it
    empty_graph.write("MATCH (s:_KgdeskSource) DETACH DELETE s")
    at(home_c)
    before = published(empty_graph)
    out = build_library([])
    assert out.report.error_code == "E_LIBRARY_INCOMPLETE" and published(empty_graph) == before
    assert "未构建新版本" in (out.report.error or "") and v1 != before
