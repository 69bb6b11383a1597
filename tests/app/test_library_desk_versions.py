"""The import page's service for versions (`LibraryDesk`): list, diff, what a rollback changes, and the
rollback in the worker process — against the real local graph server, audited like the CLI's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kgdesk.app.desktop import Desktop
from kgdesk.app.library import Library
from kgdesk.app.library_service import remove_from_library
from kgdesk.graph.connection import GraphConnection
from kgdesk.progress import ProgressEvent
from kgdesk.security.audit import read_records
from tests.graph.helpers import node_counts, published
from tests.neo4j_fixtures import reset_database

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(600)]

FIRST = ("项目信息.xlsx", "片区信息.xlsx", "项目片区关系.xlsx")
LATER = "设备信息.xlsx"


@pytest.fixture
def ledgers(tmp_path: Path, test_data_dir: Path) -> Path:
    out = tmp_path / "ledgers"
    out.mkdir()
    for name in (*FIRST, LATER):
        shutil.copy2(test_data_dir / name, out / name)
    return out


def test_versions_diff_plan_and_rollback_through_the_desktop(
    _fresh_home: Path, graph: GraphConnection, neo4j_env: dict[str, str], ledgers: Path
) -> None:
    reset_database(graph)
    desk = Desktop(_fresh_home)
    lib = desk.library()
    try:
        assert lib.versions().versions == [] and lib.versions().published_version is None
        r1 = lib.build([ledgers / n for n in FIRST])
        assert r1.report["status"] == "published", r1.report
        r2 = lib.build([ledgers / LATER])
        assert r2.report["status"] == "published", r2.report
        v1, v2 = r1.report["version"], r2.report["version"]

        listed = lib.versions()
        assert [v.version for v in listed.versions] == [v2, v1] and listed.published_version == v2
        new, old = listed.versions
        assert new.published and not new.can_rollback and old.can_rollback and not old.published
        assert sorted(old.files) == sorted(FIRST) and len(new.files) == 4 and new.user
        assert old.nodes == sum(r1.report["nodes"].values()) and new.nodes == sum(r2.report["nodes"].values())
        assert old.relationships == sum(r1.report["relationships"].values())
        assert new.node_counts["设备"] > 0 and "设备" not in old.node_counts

        d = lib.diff(v1, v2)
        assert {f["file"]: f["change"] for f in d.files}[LATER] == "added"
        assert d.nodes["设备"] == {"a": 0, "b": new.node_counts["设备"], "change": new.node_counts["设备"]}
        assert any(t["template"] == "设备信息" and t["a"] == 0 and t["b"] > 0 for t in d.templates)

        # what going back to v1 changes, and the library's unbuilt removal it would give up
        remove_from_library(["项目片区关系.xlsx"])
        plan = lib.rollback_plan(v1)
        assert plan.target.version == v1 and plan.published_version == v2
        assert plan.diff is not None and (plan.diff.a, plan.diff.b) == (v2, v1)
        assert {f["file"]: f["change"] for f in plan.diff.files}[LATER] == "removed"
        assert plan.unbuilt is not None and [f.file for f in plan.unbuilt.files if f.change == "removed"] == [
            "项目片区关系.xlsx"]
        with pytest.raises(Exception, match="没有可回滚的版本") as refused:
            lib.rollback_plan("19990101-000000-nope")
        assert getattr(refused.value, "code", "") == "E_NO_SUCH_VERSION"

        # the refusals of the core come back as values with its Chinese message, nothing published
        for version, code in (("19990101-000000-nope", "E_NO_SUCH_VERSION"), (v2, "E_ALREADY_PUBLISHED")):
            out = lib.rollback(version)
            assert out.refused and out.report["error_code"] == code and out.report["status"] == "failed"
            assert out.report["error"] and out.report["rollback_of"] == version
            assert published(graph) == v2

        # the rollback: progress from the worker, a new version marked rollback_of, the library follows
        seen: list[ProgressEvent] = []
        out = lib.rollback(v1, seen.append)
        assert not out.refused and out.report["status"] == "published", out.report
        v3 = out.report["version"]
        assert published(graph) == v3 and out.report["rollback_of"] == v1
        assert {e.stage for e in seen} >= {"nodes", "publish"}
        assert node_counts(graph, v3) == {k: n for k, n in old.node_counts.items() if n}
        assert sorted(f.file for f in Library(_fresh_home).load().files) == sorted(FIRST)
        top = lib.versions().versions[0]
        assert top.version == v3 and top.published and top.rollback_of == v1
        records = [r for r in read_records() if r.action == "rollback"]
        assert [r.decision for r in records][-1] == "published" and records[-1].detail["rollback_of"] == v1
        assert [r.detail["rollback_of"] for r in records[:-1]] == ["19990101-000000-nope", v2]
    finally:
        desk.shutdown()
