"""The desktop's Qt-free services: the composition, the run log's outcome counts and search, the
window state, conversation search, Chinese messages for driver and network errors, and the
evidence layout's determinism."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import neo4j.exceptions as nx
import pytest

from kgdesk.app.contracts import Outcome, RunEntry
from kgdesk.app.desktop import Desktop
from kgdesk.app.evidence import MAX_NODES, EvidenceEdge, color_of, layout
from kgdesk.app.notifications import user_message
from kgdesk.app.preferences import WindowState
from kgdesk.app.run_log import matches
from kgdesk.security.audit import record


def test_desktop_is_a_composition_and_imports_no_qt(_fresh_home: Path) -> None:
    desk = Desktop(_fresh_home)
    try:
        for name in ("settings", "runtime", "imports", "quality", "history", "conversations", "sources",
                     "exports", "evidence"):
            assert getattr(desk, name) is not None
        assert desk.settings.confirm_mode() == "uncertain"  # the default of 确认我的理解
    finally:
        desk.shutdown()
    code = ("import sys, kgdesk.app.desktop, kgdesk.app.evidence, kgdesk.app.excel_export; "
            "print([m for m in sys.modules if m.split('.')[0] in ('PySide6', 'qasync')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_run_log_counts_every_outcome(_fresh_home: Path) -> None:
    for decision in ("answered", "answered", "clarify", "insufficient", "denied", "error", "cancelled"):
        record("question", user="guest", role="guest", question=f"问题-{decision}", decision=decision,
               duration_ms=100, home=_fresh_home)
    log = Desktop(_fresh_home).history.run_log()
    assert log.summary.outcomes == {o.value: (2 if o is Outcome.ANSWERED else 1) for o in Outcome}
    assert log.summary.questions == 7
    assert log.summary.failure_rate == pytest.approx(5 / 7)  # cancelled and insufficient count too
    assert [r.text for r in log.runs if matches(r, "已取消")] == ["问题-cancelled"]
    assert [r.text for r in log.runs if matches(r, "INSUFF")] == ["问题-insufficient"]  # case-insensitive


def test_run_log_search_looks_at_every_shown_column() -> None:
    e = RunEntry("2026-12-01T10:00:00+08:00", "构建", "小李", "published", 1200, "", "人员信息.xlsx")
    assert matches(e, "人员信息") and matches(e, "小李") and matches(e, "已发布") and matches(e, "")
    assert not matches(e, "项目信息")


def test_window_state_round_trip_and_damaged_file(_fresh_home: Path) -> None:
    s = Desktop(_fresh_home).settings
    assert s.window_state() == WindowState()
    s.save_window_state(WindowState("chat", "t-42"))
    assert Desktop(_fresh_home).settings.window_state() == WindowState("chat", "t-42")
    (_fresh_home / "window_state.json").write_text("{broken", encoding="utf-8")
    assert s.window_state() == WindowState()


def test_conversation_search_finds_titles_questions_and_answers(_fresh_home: Path) -> None:
    from kgdesk.agent.memory import HistoryStore
    from kgdesk.paths import history_db

    conv = Desktop(_fresh_home).conversations
    t = conv.new_thread("三月加班")
    store = HistoryStore(history_db(_fresh_home))
    answer = "符合条件的人员共 **3** 人（青浦-区图书馆）"
    store.add_turn(t.id, kind="question", question="保安有几个人？", status="answered", answer=answer,
                   document={"status": "answered", "answer": answer})
    hits = conv.search("图书馆")
    assert [(h.thread_id, h.title) for h in hits] == [(t.id, "三月加班")] and "图书馆" in hits[0].snippet
    assert [h.turn_id for h in conv.search("加班")] == [None]  # the title matched
    assert conv.search("保安") and conv.search("没有的词") == [] and conv.search("  ") == []


@pytest.mark.parametrize("exc", [
    nx.ServiceUnavailable("Couldn't connect to localhost:7687 (resolved to ('127.0.0.1:7687',))"),
    nx.SessionExpired("Connection to 127.0.0.1:7687 closed"),
    ConnectionRefusedError(111, "Connection refused"),
    TimeoutError("timed out"),
    ConnectionResetError(104, "Connection reset by peer"),
])
def test_driver_and_network_errors_read_as_chinese(exc: BaseException) -> None:
    message, code = user_message(exc)
    assert code in ("E_GRAPH", "E_NETWORK")
    assert not any(w in message for w in ("Couldn", "Connection", "refused", "timed", "reset")), message
    assert any("\u4e00" <= ch <= "\u9fff" for ch in message)


def test_evidence_layout_is_deterministic_and_bounded() -> None:
    plan = {"steps": [{"entity": "人员", "hops": [{"rel": "服务于", "target": "项目"}]}]}
    found = [(f"p{i}", "人员", f"员工{i:03d}", i + 1) for i in range(230)] + [("x1", "项目", "青浦-区图书馆", 1)]
    edges = [EvidenceEdge(f"p{i}", "x1", "服务于") for i in range(230)]
    a = layout(found, edges, plan)
    assert a == layout(list(reversed(found)), list(reversed(edges)), plan)  # whatever order the rows came in
    assert a.labels == ["人员", "项目"] and len(a.nodes) == 231 and a.left_out == 0 and len(a.edges) == 230
    assert [n.name for n in a.nodes[:2]] == ["员工000", "员工001"]
    assert len({(n.x, n.y) for n in a.nodes}) == 231  # no two nodes on one spot
    assert a.colors["人员"] == color_of("人员") != ""
    big = layout([(f"p{i}", "人员", f"员工{i:03d}", 1) for i in range(MAX_NODES + 50)], [], plan)
    assert len(big.nodes) == MAX_NODES and big.left_out == 50
