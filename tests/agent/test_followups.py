"""Follow-ups resolve against the previous turn's plan (issue 14 item 1), offline, on the real
local graph: "一共几个人？" after a list counts that list (not the whole graph) and says so; "有多少人"
after a list of attendance rows counts distinct people, with no raw composite keys; a rebuild
between the turns re-runs the patched plan on the new version; a follow-up that cannot be tied to
the previous turn asks instead of answering about everything."""

from __future__ import annotations

import re

import pytest

from kgdesk.agent.agent import Agent
from kgdesk.agent.memory import HistoryStore
from tests.agent import oracle
from tests.agent.conftest import TODAY, Ask
from tests.agent.test_conversation_versions import versions, without_one  # noqa: F401  (fixtures)

pytestmark = pytest.mark.neo4j

ZX_PARK = "XMSQ0122"
RAW_KEY = re.compile(r"KWL\d+\|XMSQ\d+")


def _agent() -> Agent:
    return Agent(store=HistoryStore(), today=TODAY)


def test_how_many_after_a_list_counts_that_list(ask: Ask, versions: dict) -> None:  # noqa: F811
    agent = _agent()
    tid = agent.store.create_thread()
    staff = oracle.staff_of(ZX_PARK)
    r1 = ask(agent, "青浦-赵巷公园有哪些人", thread_id=tid, auto=True)
    assert r1.status == "answered" and len(r1.value) == len(staff), r1.answer
    r2 = ask(agent, "一共几个人？", thread_id=tid, auto=True)
    assert r2.status == "answered" and r2.value == len(staff) != len(oracle.people()), r2.answer
    assert f"在上一轮的 {len(staff)} 人中" in r2.answer


def test_how_many_people_after_attendance_rows_counts_people(ask: Ask, versions: dict) -> None:  # noqa: F811
    agent = _agent()
    tid = agent.store.create_thread()
    rows = [a for a in oracle.attendance() if a[1] == ZX_PARK and a[2] == "2026-03"]
    people = {a[0] for a in rows}
    assert len(rows) >= len(people) > 0
    r1 = ask(agent, "2026年3月赵巷公园的考勤记录", thread_id=tid, auto=True)
    assert r1.status == "answered", r1.answer
    r2 = ask(agent, "有多少人", thread_id=tid, auto=True)
    assert r2.status == "answered" and r2.value == len(people), r2.answer
    assert not RAW_KEY.search(r2.answer)
    assert "在上一轮的" in r2.answer and "考勤" in r2.answer.split("\n")[0]


def test_a_rebuild_between_the_turns_reruns_the_follow_up(
    ask: Ask, versions: dict, without_one: tuple  # noqa: F811
) -> None:
    _, gone = without_one
    agent = _agent()
    tid = agent.store.create_thread()
    staff = oracle.staff_of(ZX_PARK)
    r1 = ask(agent, "青浦-赵巷公园有哪些人", thread_id=tid, auto=True)
    assert r1.status == "answered" and len(r1.value) == len(staff)
    new = versions["rebuild"]()
    r2 = ask(agent, "一共几个人", thread_id=tid, auto=True)
    assert r2.status == "answered" and r2.version == new and r2.source == "query", r2.answer
    assert r2.value == len(staff) - 1 and "数据已更新" in r2.answer
    r3 = ask(agent, "都是谁", thread_id=tid, auto=True)
    assert r3.status == "answered" and gone.display not in r3.value and len(r3.value) == len(staff) - 1


def test_an_untied_follow_up_asks_and_never_widens(ask: Ask, versions: dict) -> None:  # noqa: F811
    agent = _agent()
    tid = agent.store.create_thread()
    ask(agent, "青浦-赵巷公园有哪些人", thread_id=tid, auto=True)
    r = ask(agent, "其中那几个呢", thread_id=tid, auto=True)
    assert r.status == "clarify" and r.queries == [] and r.value is None, r.answer
    assert "上一轮" in r.answer
