"""A conversation across a rebuild, and the approved-answer cache's rules, on the real local graph:
a follow-up is answered from the previous results only on the same data version (else re-run,
and the answer says the data changed); a reply to a dialog of an older version is refused; an
answer that rests on a choice, on today's date or on the previous turn is never replayed."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest

from kgdesk.agent.agent import Agent
from kgdesk.agent.memory import HistoryStore
from kgdesk.graph.connection import GraphConnection
from tests.agent import oracle
from tests.agent.conftest import DATA, DATA_FILES, TODAY, Ask, publish

pytestmark = pytest.mark.neo4j

ZX_PARK = "XMSQ0122"
ZX_GOV = "XMSQ0110"


@pytest.fixture(scope="module")
def without_one(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, oracle.Person]:
    """The agent test data with one person of 青浦-赵巷公园 left out of 人员信息."""
    folder = tmp_path_factory.mktemp("ledgers")
    for f in DATA_FILES:
        shutil.copy(DATA / f, folder / f)
    gone = oracle.staff_of(ZX_PARK)[0]
    wb = openpyxl.load_workbook(folder / "人员信息.xlsx")
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    col = header.index("工号") + 1
    row = next(r for r in range(2, ws.max_row + 1) if str(ws.cell(r, col).value).strip() == gone.id)
    ws.delete_rows(row)
    wb.save(folder / "人员信息.xlsx")
    return folder, gone


@pytest.fixture
def versions(graph: GraphConnection, without_one: tuple[Path, oracle.Person], tmp_path: Path) -> Iterator[dict[str, str]]:
    """Publish the full data now; `rebuild()` publishes the data without one person."""
    folder, _ = without_one
    full = publish(graph, tmp_path / "b1")
    state = {"full": full}

    def rebuild() -> str:
        from kgdesk.app.building import build_and_publish

        report = build_and_publish([folder / f for f in DATA_FILES], graph, home=tmp_path / "b2")
        assert report.status == "published" and report.version
        state["smaller"] = report.version
        return report.version

    state["rebuild"] = rebuild  # type: ignore[assignment]
    yield state


def _agent() -> Agent:
    return Agent(store=HistoryStore(), today=TODAY)


def test_reuse_only_on_the_same_data_version(
    ask: Ask, versions: dict, without_one: tuple[Path, oracle.Person]
) -> None:
    _, gone = without_one
    agent = _agent()
    tid = agent.store.create_thread()
    r1 = ask(agent, "青浦-赵巷公园有多少人", thread_id=tid, auto=True)
    assert r1.status == "answered" and r1.value == len(oracle.staff_of(ZX_PARK))
    new = versions["rebuild"]()
    r2 = ask(agent, "都是谁", thread_id=tid, auto=True)
    assert r2.status == "answered" and r2.source == "query" and r2.version == new
    assert "数据已更新" in r2.answer and r2.queries
    assert gone.display not in r2.value and len(r2.value) == len(oracle.staff_of(ZX_PARK)) - 1
    # on one version, the previous results answer again
    r3 = ask(agent, "青浦-赵巷公园有多少人", thread_id=tid, auto=True)
    assert r3.source == "reuse" and r3.value == len(oracle.staff_of(ZX_PARK)) - 1


def test_a_reply_to_a_dialog_of_an_older_version_is_refused(ask: Ask, versions: dict) -> None:
    agent = _agent()
    tid = agent.store.create_thread()
    r1 = ask(agent, "赵巷有多少人", thread_id=tid)
    assert r1.status == "clarify" and agent.store.pending(tid) is not None
    letter = "ABCDEFG"[[o.id for o in r1.options].index(ZX_PARK)]
    new = versions["rebuild"]()
    r2 = ask(agent, letter, thread_id=tid)
    assert r2.status == "clarify" and r2.source == "protocol" and r2.queries == []
    assert "数据已更新" in r2.answer and new in r2.answer and "赵巷有多少人" in r2.answer
    assert agent.store.pending(tid) is None
    # asked again on the new version, the dialog and its reply work
    r3 = ask(agent, "赵巷有多少人", thread_id=tid)
    r4 = ask(agent, "ABCDEFG"[[o.id for o in r3.options].index(ZX_PARK)], thread_id=tid)
    assert r4.status == "answered" and r4.version == new


def test_the_cache_never_replays_choice_clock_or_follow_up_answers(ask: Ask, versions: dict) -> None:
    agent = _agent()
    tid = agent.store.create_thread()
    # a value the user chose
    ask(agent, "赵巷有多少人", thread_id=tid)
    chosen = ask(agent, "ABCDEFG"[0], thread_id=tid)
    assert chosen.status == "answered"
    agent.store.approve(chosen.turn_id)
    other = agent.store.create_thread()
    assert ask(agent, "赵巷有多少人", thread_id=other).source != "cache"
    # today's date: a month without a year, and a relative time
    for q in ("3月考勤有几条", "今年3月考勤有几条"):
        first = ask(agent, q, thread_id=tid, auto=True)
        assert first.status == "answered", first.answer
        agent.store.approve(first.turn_id)
        assert ask(agent, q, thread_id=tid, auto=True).source == "query"
    # a follow-up, understood against the previous turn
    ask(agent, "2026年3月考勤有几条", thread_id=tid, auto=True)
    follow = ask(agent, "改成4月", thread_id=tid, auto=True)
    assert follow.status == "answered"
    agent.store.approve(follow.turn_id)
    ask(agent, "2026年3月考勤有几条", thread_id=tid, auto=True)
    assert ask(agent, "改成4月", thread_id=tid, auto=True).source == "query"
    # a standalone question with a stated year is replayed, once approved
    plain = ask(agent, "2026年3月考勤有几条", thread_id=other, auto=True)
    agent.store.approve(plain.turn_id)
    assert ask(agent, "2026年3月考勤有几条", thread_id=other, auto=True).source == "cache"


def test_a_version_published_during_the_dialogs_never_splits_the_plan_from_its_data(
    ask: Ask, versions: dict
) -> None:
    """The version is read once per question: a build published while the user confirms the
    plan does not slip under the confirmed plan (every query runs on the version the dialogs
    showed, and the answer says a new version came)."""
    from kgdesk.qa.interactions import PlanConfirmation, Reply
    from tests.agent.helpers import RecordingUI

    class PublishesWhileConfirming(RecordingUI):
        async def confirm_plan(self, request: PlanConfirmation) -> Reply:
            versions["rebuild"]()
            return await super().confirm_plan(request)

    agent = _agent()
    r = ask(agent, "青浦-赵巷公园有多少人", interactor=PublishesWhileConfirming())
    assert r.version == versions["full"] and r.queries
    assert {q["params"]["version"] for q in r.queries} == {versions["full"]}
    assert r.status == "error" and "发布了新的数据版本" in r.answer
