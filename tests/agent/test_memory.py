"""The SQLite history store: threads, turns, memory of 10 turns, pending interactions, approvals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kgdesk.agent.memory import HistoryError, HistoryStore, Pending, context_key_of
from kgdesk.paths import history_db


@pytest.fixture
def store(_fresh_home: Path) -> HistoryStore:
    return HistoryStore()


def _answer(store: HistoryStore, tid: str, q: str, *, version: str = "v1", policy: str = "p", plan: dict[str, Any] | None = None) -> int:
    citations: list[dict[str, Any]] = [{"file": "a.xlsx", "row": 2}]
    doc = {"status": "answered", "answer": f"答：{q}", "value": 1, "citations": citations}
    return store.add_turn(
        tid,
        kind="question",
        question=q,
        status="answered",
        answer=f"答：{q}",
        value=1,
        plan=plan or {"query_type": "count", "q": q},
        version=version,
        citations=citations,
        policy=policy,
        document=doc,
    )


def test_one_file_under_kgdesk_home(store: HistoryStore) -> None:
    assert store.path == history_db()
    assert store.path.exists()


def test_thread_api(store: HistoryStore) -> None:
    a = store.create_thread()
    b = store.create_thread("第二个")
    assert {t.id for t in store.list_threads()} == {a, b}
    _answer(store, a, "青浦-赵巷公园有多少人")
    info = store.thread(a)
    assert info is not None and info.title == "青浦-赵巷公园有多少人" and info.turns == 1
    assert store.list_threads()[0].id == a  # most recently used first
    store.rename_thread(a, "赵巷公园")
    assert store.thread(a).title == "赵巷公园"  # type: ignore[union-attr]
    with pytest.raises(HistoryError):
        store.rename_thread(a, "  ")
    store.delete_thread(a)
    assert store.thread(a) is None
    assert store.turns(a) == []
    assert [t.id for t in store.list_threads()] == [b]


def test_memory_is_the_last_ten_question_turns(store: HistoryStore) -> None:
    tid = store.create_thread()
    for i in range(12):
        _answer(store, tid, f"问题{i}")
        store.add_turn(tid, kind="protocol", question="确认", status="clarify")
    mem = store.memory(tid)
    assert [t.question for t in mem] == [f"问题{i}" for i in range(2, 12)]
    assert all(t.kind == "question" for t in mem)
    assert len(store.turns(tid)) == 24


def test_pending_round_trip(store: HistoryStore) -> None:
    tid = store.create_thread()
    assert store.pending(tid) is None
    p = Pending("choose_values", "赵巷公园有多少人", "指哪个？", [{"id": "X1", "label": "甲"}], state={"text": "赵巷公园"})
    store.set_pending(tid, p)
    got = store.pending(tid)
    assert got is not None and got.options[0]["id"] == "X1" and got.state["text"] == "赵巷公园" and got.asked_at
    store.set_pending(tid, None)
    assert store.pending(tid) is None


def test_approved_cache_hit_miss_invalidation_undo(store: HistoryStore) -> None:
    tid = store.create_thread()
    turn = _answer(store, tid, "有多少个项目")
    assert store.cached("有多少个项目", context_keys=[""], version="v1", policy="p") is None  # not approved yet
    store.approve(turn)
    hit = store.cached("有多少个项目", context_keys=[""], version="v1", policy="p")
    assert hit is not None and hit.id == turn and hit.document and hit.document["citations"]
    assert store.cached("有多少个项目？", context_keys=[""], version="v1", policy="p") is None  # exact only
    assert store.cached("有多少个项目", context_keys=[""], version="v1", policy="other-role") is None
    assert store.cached("有多少个项目", context_keys=["abc"], version="v1", policy="p") is None
    # undo from a cached answer removes the original approval
    cached_turn = store.add_turn(
        tid, kind="question", question="有多少个项目", status="answered", from_cache=True,
        document={"cache": {"turn_id": turn}}, version="v1", policy="p",
    )
    assert store.unapprove(cached_turn) is True
    assert store.cached("有多少个项目", context_keys=[""], version="v1", policy="p") is None
    # a new version drops approvals of the old one
    store.approve(turn)
    assert store.cached("有多少个项目", context_keys=[""], version="v2", policy="p") is None
    assert store.approvals() == []
    assert store.cached("有多少个项目", context_keys=[""], version="v1", policy="p") is None


def test_follow_up_approval_needs_the_same_context(store: HistoryStore) -> None:
    tid = store.create_thread()
    plan = {"query_type": "count", "x": 1}
    t = store.add_turn(
        tid, kind="question", question="改成4月", status="answered", version="v1", policy="p",
        context_key=context_key_of(plan), document={"answer": "4"},
    )
    store.approve(t)
    assert store.cached("改成4月", context_keys=["", context_key_of(plan)], version="v1", policy="p") is not None
    assert store.cached("改成4月", context_keys=["", context_key_of({"other": 1})], version="v1", policy="p") is None


def test_only_answers_can_be_approved(store: HistoryStore) -> None:
    tid = store.create_thread()
    t = store.add_turn(tid, kind="question", question="哪个？", status="clarify", document={})
    with pytest.raises(HistoryError):
        store.approve(t)
    with pytest.raises(HistoryError):
        store.approve(99999)
