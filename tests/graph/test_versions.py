"""Versions against the real server: failure between stages, cancel, a killed server, the lease, folders."""

from __future__ import annotations

import json
import os
import re
import signal
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from kgdesk.app.building import BuildReport, build_and_publish
from kgdesk.graph.builder import BuildHooks
from kgdesk.graph.connection import GraphConnection
from kgdesk.graph.dbaccess import graph_access
from kgdesk.graph.service import recover_at_start
from kgdesk.graph.versions import BuildLease, VersionStore, new_version_id, write_json_atomic
from kgdesk.paths import version_sources_dir
from kgdesk.progress import CancelToken, ProgressEvent
from tests.graph.helpers import (
    current_or_build,
    data_versions,
    node_counts,
    published,
    rel_counts,
    store_state,
    version_record,
)
from tests.graph.oracle import Expected, expected_counts
from tests.neo4j_fixtures import make_test_server, random_password

pytestmark = pytest.mark.timeout(900)  # a busy machine starts servers slowly


class Boom(RuntimeError):
    pass


@pytest.fixture
def good(graph: GraphConnection, test_data_dir: Path) -> str:
    """A published version of data/test_data (reused when the graph already holds exactly it)."""
    e = expected_counts(test_data_dir)
    return current_or_build(graph, test_data_dir, e.nodes, e.relationships)


def _publish(paths: list[Path], conn: GraphConnection, **kw: Any) -> BuildReport:
    report = build_and_publish(paths, conn, **kw)
    assert report.status == "published", report.error
    assert report.version is not None
    return report


def _assert_answering(conn: GraphConnection, version: str, expected: Expected) -> None:
    """The previous version is still the published one, complete, and the only data in the graph."""
    assert published(conn) == version
    assert node_counts(conn, version) == expected.nodes
    assert rel_counts(conn, version) == expected.relationships


def _assert_no_leftovers(conn: GraphConnection, version: str, expected: Expected) -> None:
    """Nothing of a failed or killed build is left (no element written or closed by a version that
    was never published), every element is valid in some kept version (an element still current may
    carry the id of an old, pruned version that wrote it), and `version` holds exactly the expected data."""
    records = conn.read(
        "MATCH (v:_KgdeskVersion) RETURN v.version AS v, v.published_at IS NOT NULL AS pub, "
        "coalesce(v.cleaned, false) AS cleaned"
    )
    kept = sorted(r["v"] for r in records if r["pub"] and not r["cleaned"])
    never = sorted(r["v"] for r in records if not r["pub"])
    assert version in kept
    for pattern in ("(x) WHERE x._uid IS NOT NULL", "()-[x]->() WHERE x._rule IS NOT NULL"):
        stray = conn.read(
            f"MATCH {pattern} AND (x._version IN $never OR x._to IN $never OR NOT any(k IN $kept WHERE "
            "x._version <= k AND (x._to IS NULL OR k < x._to))) RETURN count(*) AS c",
            {"kept": kept, "never": never},
        )
        assert stray[0]["c"] == 0, pattern
    assert node_counts(conn, version) == expected.nodes
    assert rel_counts(conn, version) == expected.relationships


@pytest.mark.neo4j
def test_failure_between_stages_keeps_the_previous_version(
    graph: GraphConnection, test_data_dir: Path, good: str
) -> None:
    expected = expected_counts(test_data_dir)
    seen: list[str] = []

    def fail(version: str) -> None:
        seen.append(version)
        # all nodes of the new version are in the graph right now, and nobody sees them
        assert sum(node_counts(graph, version).values()) == expected.total_nodes
        assert published(graph) == good
        raise Boom("injected")

    before = store_state(graph)
    report = build_and_publish([test_data_dir], graph, hooks=BuildHooks(between_stages=fail), incremental=False)
    assert report.status == "failed" and report.version == seen[0]
    assert store_state(graph) == before  # exactly as it was: what it created deleted, what it closed reopened
    assert report.error and "之前发布的版本仍在使用" in report.error
    assert report.to_json()["error"] == report.error
    assert report.to_json()["published_version"] == good
    _assert_answering(graph, good, expected)
    _assert_no_leftovers(graph, good, expected)  # the failed build deleted its own nodes
    rec = version_record(graph, seen[0])
    assert rec is not None and rec["status"] == "failed" and rec["cleaned"]
    manifest = VersionStore().read_manifest(seen[0])
    assert manifest is not None and manifest["status"] == "failed"
    # and the next build publishes normally
    nxt = _publish([test_data_dir], graph)
    assert nxt.version is not None
    _assert_no_leftovers(graph, nxt.version, expected)


@pytest.mark.neo4j
def test_cancel_mid_build_keeps_the_previous_version(
    graph: GraphConnection, test_data_dir: Path, good: str
) -> None:
    expected = expected_counts(test_data_dir)
    cancel = CancelToken()
    batches: list[tuple[str, str, int]] = []

    def after_batch(stage: str, item: str, done: int) -> None:
        batches.append((stage, item, done))
        if stage == "relationships" and len([b for b in batches if b[0] == stage]) == 3:
            cancel.cancel()  # as the GUI's cancel button would, from any thread

    before = store_state(graph)
    report = build_and_publish(
        [test_data_dir],
        graph,
        cancel=cancel,
        hooks=BuildHooks(after_batch=after_batch),
        node_batch=40,
        rel_batch=25,
        incremental=False,  # a full copy, so there are relationship batches to cancel in
    )
    assert store_state(graph) == before
    assert report.status == "failed" and report.error_code == "E_CANCELLED"
    assert report.error == "构建已取消；之前发布的版本仍在使用"
    assert len([b for b in batches if b[0] == "relationships"]) == 3  # stopped at the next batch boundary
    _assert_answering(graph, good, expected)
    _assert_no_leftovers(graph, good, expected)
    assert report.version is not None
    rec = version_record(graph, report.version)
    assert rec is not None and rec["status"] == "failed"
    manifest = VersionStore().read_manifest(report.version)
    assert manifest is not None and manifest["status"] == "cancelled"


@pytest.mark.neo4j
def test_cancel_while_two_sessions_write_nodes_keeps_the_previous_version(
    graph: GraphConnection, test_data_dir: Path, good: str
) -> None:
    """Node batches go out two at a time (builder.WRITERS): a cancel sends no further batch, and
    the one still in flight has committed before the undo runs, so nothing of the build is left."""
    expected = expected_counts(test_data_dir)
    cancel = CancelToken()
    batches: list[tuple[str, str, int]] = []

    def after_batch(stage: str, item: str, done: int) -> None:
        batches.append((stage, item, done))
        if len(batches) == 3:
            cancel.cancel()

    before = store_state(graph)
    report = build_and_publish(
        [test_data_dir], graph, cancel=cancel, hooks=BuildHooks(after_batch=after_batch), node_batch=40,
        writers=2, incremental=False,
    )
    assert report.status == "failed" and report.error_code == "E_CANCELLED"
    assert [b[0] for b in batches] == ["nodes"] * 3
    assert store_state(graph) == before
    _assert_answering(graph, good, expected)
    _assert_no_leftovers(graph, good, expected)


@pytest.mark.neo4j
def test_read_back_mismatch_is_not_published(graph: GraphConnection, test_data_dir: Path, good: str) -> None:
    """Something else deletes a node mid-build: the read-back catches it and nothing is published."""
    expected = expected_counts(test_data_dir)

    def sabotage(version: str) -> None:
        graph.write("MATCH (n:岗位 {_version: $v}) WITH n LIMIT 1 DETACH DELETE n", {"v": version})

    report = build_and_publish([test_data_dir], graph, hooks=BuildHooks(between_stages=sabotage), incremental=False)
    assert report.status == "failed" and report.error_code == "E_READBACK_MISMATCH"
    assert report.error is not None and "岗位" in report.error
    _assert_answering(graph, good, expected)
    _assert_no_leftovers(graph, good, expected)


@pytest.mark.neo4j
def test_two_builders_are_serialised_by_the_lease(graph: GraphConnection, test_data_dir: Path) -> None:
    expected = expected_counts(test_data_dir)
    first_has_lock = threading.Event()
    spans: dict[str, list[float]] = {"a": [], "b": []}
    events_b: list[ProgressEvent] = []
    reports: dict[str, BuildReport] = {}

    def progress_a(e: ProgressEvent) -> None:
        if e.stage == "cleanup" and not spans["a"]:
            spans["a"].append(time.monotonic())
            first_has_lock.set()

    def progress_b(e: ProgressEvent) -> None:
        events_b.append(e)
        if e.stage == "cleanup" and not spans["b"]:
            spans["b"].append(time.monotonic())

    def run(name: str, **kw: Any) -> None:
        reports[name] = build_and_publish([test_data_dir], graph, **kw)
        spans[name].append(time.monotonic())

    slow = BuildHooks(between_stages=lambda _v: time.sleep(2.0))
    ta = threading.Thread(target=run, args=("a",), kwargs={"progress": progress_a, "hooks": slow})
    ta.start()
    assert first_has_lock.wait(120)
    tb = threading.Thread(target=run, args=("b",), kwargs={"progress": progress_b})
    tb.start()
    ta.join(300)
    tb.join(300)
    assert reports["a"].status == reports["b"].status == "published"
    # b waited for a: it said so, and it only got the lease after a had finished
    assert any(e.stage == "lock" and "等待" in e.message for e in events_b)
    assert spans["b"][0] >= spans["a"][1] - 0.5
    latest = reports["b"].version
    assert latest is not None and published(graph) == latest
    _assert_no_leftovers(graph, latest, expected)


@pytest.mark.neo4j
def test_a_live_lease_blocks_and_an_expired_one_is_taken_over(
    graph: GraphConnection, test_data_dir: Path, good: str
) -> None:
    db = graph_access(graph)
    other = BuildLease(db, lease_seconds=30, holder="other-host:1:deadbeef")
    other.acquire(wait_seconds=5)
    try:
        report = build_and_publish([test_data_dir], graph, lock_wait_seconds=1.5)
        assert report.status == "failed" and report.error_code == "E_BUILD_LOCKED"
        assert report.error is not None and "other-host" in report.error
        assert published(graph) == good
    finally:
        other.stop_renewing()  # the holder "dies": no more renewals, no release
    graph.write("MATCH (l:_KgdeskLock {name: 'build'}) SET l.expires_at = timestamp() - 1")
    report = build_and_publish([test_data_dir], graph, lock_wait_seconds=5)
    assert report.status == "published"

    # a lease that is lost mid-build (taken over after it looked expired) stops the build
    def steal(_version: str) -> None:
        graph.write(
            "MATCH (l:_KgdeskLock {name: 'build'}) SET l.holder = 'thief:2:cafebabe', l.expires_at = timestamp() + 60000"
        )
        time.sleep(2.0)  # the victim's heartbeat (every lease/3 s) notices

    try:
        lost = build_and_publish(
            [test_data_dir], graph, lease_seconds=3, hooks=BuildHooks(between_stages=steal), incremental=False
        )
        assert lost.status == "failed" and lost.error_code == "E_BUILD_LOCK_LOST"
        assert published(graph) == report.version
        assert lost.version is not None and lost.version not in data_versions(graph)  # it still removed its nodes
    finally:
        graph.write("MATCH (l:_KgdeskLock {name: 'build'}) SET l.holder = null, l.expires_at = 0")


@pytest.mark.neo4j
def test_killed_server_mid_build_keeps_previous_version_and_next_build_cleans(
    test_data_dir: Path, tmp_path: Path
) -> None:
    expected = expected_counts(test_data_dir)
    password = random_password()
    home = tmp_path / "server"
    server = make_test_server(home, password=password)
    server.start()
    try:
        with GraphConnection(server.uri, "neo4j", password, "neo4j", max_retry_time_s=2.0) as conn:
            good = _publish([test_data_dir], conn, lease_seconds=4).version
            assert good is not None
            killed: list[int] = []

            def kill(stage: str, _item: str, _done: int) -> None:
                if stage == "relationships" and not killed and server.pid:
                    killed.append(server.pid)
                    os.kill(server.pid, signal.SIGKILL)
                    deadline = time.monotonic() + 30
                    while server.status().running and time.monotonic() < deadline:
                        time.sleep(0.2)

            broken = build_and_publish(
                [test_data_dir], conn, hooks=BuildHooks(after_batch=kill), rel_batch=50, lease_seconds=4,
                incremental=False,
            )
            assert killed and broken.status == "failed"
            assert broken.error is not None and "之前发布的版本仍在使用" in broken.error
        assert not server.status().running
    finally:
        server.stop()

    restarted = make_test_server(home, password=password)
    restarted.start()
    try:
        with GraphConnection(restarted.uri, "neo4j", password, "neo4j") as conn:
            _assert_answering(conn, good, expected)
            # the broken build's committed batches are still there, invisible to readers
            assert broken.version is not None
            leftovers = data_versions(conn)
            assert leftovers.get(broken.version, 0) > 0
            rec = version_record(conn, broken.version)
            assert rec is not None and rec["status"] == "building"
            time.sleep(4.5)  # the dead builder's lease expires
            assert recover_at_start(conn) == [broken.version]
            _assert_no_leftovers(conn, good, expected)
            rec = version_record(conn, broken.version)
            assert rec is not None and rec["status"] == "failed" and rec["cleaned"]
            nxt = _publish([test_data_dir], conn)
            assert nxt.version is not None
            _assert_no_leftovers(conn, nxt.version, expected)
    finally:
        restarted.stop()


@pytest.mark.neo4j
def test_next_build_cleans_a_killed_builders_leftovers(
    graph: GraphConnection, test_data_dir: Path, good: str
) -> None:
    """Leftovers of a builder process that died (status building, lease expired) go at the next build."""
    expected = expected_counts(test_data_dir)
    dead = new_version_id()
    graph.write(
        "CREATE (:_KgdeskVersion {version: $v, status: 'building', cleaned: false}) "
        "WITH 1 AS x UNWIND range(1, 120) AS i CREATE (:考勤 {_version: $v, _uid: $v + '#' + i, _key: toString(i)})",
        {"v": dead},
    )
    graph.write(
        "MATCH (a:考勤 {_version: $v}), (b:考勤 {_version: $v}) WHERE a._key = '1' AND b._key <> '1' "
        "CREATE (a)-[:有考勤 {_version: $v}]->(b)",
        {"v": dead},
    )
    graph.write(
        "MERGE (l:_KgdeskLock {name: 'build'}) SET l.holder = 'dead:9:00000000', l.expires_at = timestamp() - 1"
    )
    nxt = _publish([test_data_dir], graph)
    assert nxt.version is not None
    _assert_no_leftovers(graph, nxt.version, expected)
    rec = version_record(graph, dead)
    assert rec is not None and rec["status"] == "failed"
    assert good != nxt.version


@pytest.mark.neo4j
def test_only_ten_versions_are_kept(graph: GraphConnection, test_data_dir: Path, tmp_path: Path) -> None:
    """Pruning removes only the folders it created (marker), never a symlink, and says what it removed."""
    store = VersionStore()
    fake = [f"2020010{d}-000000-000000-0000000{d}" for d in range(1, 10)] + [
        "20200110-000000-000000-00000010"
    ]
    for v in fake:
        store.create(v)
    foreign = store.path("20190101-000000-000000-0000000f")  # not ours: no marker
    version_sources_dir(foreign).mkdir(parents=True)
    outside = tmp_path / "precious"
    outside.mkdir()
    (outside / "keep.txt").write_text("x")
    (store.root / "20190102-000000-000000-0000000s").symlink_to(outside, target_is_directory=True)
    report = _publish([test_data_dir], graph)
    assert report.version is not None
    assert report.pruned == [fake[0]] and report.to_json()["pruned_versions"] == [fake[0]]
    kept = [v for v in store.versions() if store.owns(v)]
    assert len(kept) == 10 and report.version in kept and fake[0] not in kept
    assert foreign.is_dir() and (outside / "keep.txt").exists()
    records = graph.read("MATCH (v:_KgdeskVersion) RETURN count(v) AS c")[0]["c"]
    assert records <= 10


def test_version_ids_sort_and_use_beijing_time() -> None:
    at = datetime(2026, 11, 30, 2, 15, 0, 123456, tzinfo=UTC)
    v = new_version_id(at)
    assert re.fullmatch(r"20261130-101500-123456-[0-9a-f]{8}", v)
    assert new_version_id(at) != v
    assert sorted([new_version_id(datetime(2027, 1, 1, tzinfo=UTC)), v])[0] == v


def test_atomic_json_and_prune_protects_the_published(tmp_path: Path) -> None:
    store = VersionStore(tmp_path)
    versions = [f"2026010{d}-000000-000000-aaaaaaa{d}" for d in range(1, 6)]
    for v in versions:
        store.create(v)
    assert store.prune(keep=2, protect=[versions[0]]) == versions[1:3]
    assert store.versions() == [versions[0], *versions[3:]]
    target = tmp_path / "x.json"
    write_json_atomic(target, {"a": "中文"})
    write_json_atomic(target, {"a": 2})
    assert json.loads(target.read_text(encoding="utf-8")) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_unreachable_server_fails_cleanly(test_data_dir: Path) -> None:
    with GraphConnection(
        "bolt://127.0.0.1:9", "neo4j", "x" * 12, connection_timeout_s=1, max_retry_time_s=1
    ) as conn:
        report = build_and_publish([test_data_dir], conn)
    assert report.status == "failed" and report.error and "之前发布的版本仍在使用" in report.error
    assert report.error_code and report.error_code.startswith("E_GRAPH")
