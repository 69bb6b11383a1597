"""The agent on the real local graph without a language model: follow-ups, reuse, interactions,
the ingress gate, pending clarifications, the approved-answer cache and the CLI service."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgdesk.agent.memory import HistoryStore
from kgdesk.graph.connection import GraphConnection
from kgdesk.qa.interactions import PlanConfirmation, Reply, SlotConfirmation
from tests.agent import oracle
from tests.agent.conftest import AgentFactory, Ask, publish, steps
from tests.agent.helpers import RecordingUI

ZX_PARK = "XMSQ0122"  # 青浦-赵巷公园 (服务中; renewed from XMSQ0121)
ZX_GOV = "XMSQ0110"  # 青浦-赵巷镇政府


def names(people: list[oracle.Person]) -> list[str]:
    return sorted(p.display for p in people)


# ---------------------------------------------------------------------- follow-ups and reuse


def test_follow_ups_patch_the_previous_plan(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    tid = agent.store.create_thread()
    r1 = ask(agent, "青浦-赵巷公园有多少人", thread_id=tid, auto=True)
    assert (r1.status, r1.value, r1.source) == ("answered", len(oracle.staff_of(ZX_PARK)), "query")
    assert r1.queries and r1.citations

    r2 = ask(agent, "其中女的有几个", thread_id=tid, auto=True)
    assert r2.status == "answered" and r2.value == len(oracle.staff_of(ZX_PARK, sex="女"))
    assert "followup" in steps(r2)
    assert "性别" in r2.answer and ZX_PARK in r2.answer

    r3 = ask(agent, "换成赵巷镇政府", thread_id=tid, interactor=RecordingUI())
    assert r3.status == "answered" and r3.value == len(oracle.staff_of(ZX_GOV, sex="女"))
    assert ZX_GOV in r3.answer and ZX_PARK not in r3.answer  # the old project's notes are gone

    r4 = ask(agent, "2026年3月考勤有几条", thread_id=tid, auto=True)
    assert r4.value == oracle.attendance_rows("2026-03")
    r5 = ask(agent, "改成4月", thread_id=tid, auto=True)
    assert r5.status == "answered" and r5.value == oracle.attendance_rows("2026-04")
    assert r5.plan["steps"][0]["time"][0]["start"] == "2026-04"


def test_reuse_answers_from_the_previous_results(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    tid = agent.store.create_thread()
    r1 = ask(agent, "青浦-赵巷公园有多少人", thread_id=tid, auto=True)
    assert r1.status == "answered"
    r2 = ask(agent, "都是谁", thread_id=tid, auto=True)
    assert r2.source == "reuse"
    assert r2.answer.startswith("基于上一轮结果")
    assert r2.queries == []  # nothing ran
    assert "core" not in steps(r2) and "reuse" in steps(r2)
    assert sorted(r2.value) == names(oracle.staff_of(ZX_PARK))
    assert r2.citations and {c["file"] for c in r2.citations} <= {c["file"] for c in r1.citations}
    # a new condition on a field the previous turn did not read runs a real query
    r3 = ask(agent, "其中女的有几个", thread_id=tid, auto=True)
    assert r3.source == "query" and r3.queries
    assert r3.value == len(oracle.staff_of(ZX_PARK, sex="女"))


def test_offline_follow_up_that_rules_cannot_map_says_needs_llm(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    tid = agent.store.create_thread()
    ask(agent, "青浦-赵巷公园有多少人", thread_id=tid, auto=True)
    r = ask(agent, "那他们的学历分布呢", thread_id=tid, auto=True)
    assert r.status == "clarify"
    assert "需要语言模型" in r.answer
    assert r.value is None and r.queries == []


# ---------------------------------------------------------------------- interactions


def test_interactions_in_order_and_correction_in_words(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    ui = RecordingUI(slots=[Reply(False, "不对，是4月"), Reply(True)], plans=[Reply(True)])
    r = ask(agent, "2026年3月考勤有几条", interactor=ui)
    assert r.status == "answered" and r.value == oracle.attendance_rows("2026-04")
    assert ui.kinds() == ["slots", "slots", "plan"]
    first, second = ui.requests[0], ui.requests[1]
    assert isinstance(first, SlotConfirmation) and "2026年3月" in first.text()
    assert isinstance(second, SlotConfirmation) and "2026年4月" in second.text()
    plan_req = ui.requests[2]
    assert isinstance(plan_req, PlanConfirmation)
    text = plan_req.text()
    assert "考勤" in text and "2026年4月" in text


def test_plan_change_in_words_replans(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    ui = RecordingUI(plans=[Reply(False, "换成赵巷镇政府"), Reply(True)])
    r = ask(agent, "青浦-赵巷公园有多少人", interactor=ui)
    assert r.status == "answered" and r.value == len(oracle.staff_of(ZX_GOV))
    plans = [p for p in ui.of(PlanConfirmation) if isinstance(p, PlanConfirmation)]
    assert ui.kinds() == ["slots", "plan", "plan"]
    assert "XMSQ0122" in plans[0].text() and "XMSQ0110" in plans[1].text()


def test_plan_description_shows_derived_parameter_with_its_source(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    ui = RecordingUI()
    ask(agent, "50岁以下的员工有多少", interactor=ui)
    plan_req = next(x for x in ui.requests if isinstance(x, PlanConfirmation))
    assert "年龄上限=50岁（由出生日期换算）" in plan_req.text()


def test_scope_is_offered_once_for_a_long_list(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    ui = RecordingUI()
    r = ask(agent, "有哪些员工", interactor=ui)
    assert r.status == "answered" and len(r.value) == len(oracle.people())
    assert ui.kinds().count("scope") == 1


def test_declined_understanding_stops_before_any_query(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    ui = RecordingUI(slots=[Reply(False)])
    r = ask(agent, "青浦-赵巷公园有多少人", interactor=ui)
    assert r.status == "clarify" and "已取消" in r.answer
    assert r.queries == [] and "core" not in steps(r)


def test_value_choice_interactive(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    ui = RecordingUI(values=[[ZX_GOV]])
    r = ask(agent, "赵巷有多少人", interactor=ui)
    assert r.status == "answered" and r.value == len(oracle.staff_of(ZX_GOV))
    assert ui.kinds() == ["values", "slots", "plan"]


def test_value_choice_pending_reply_invalid_reply_and_none_of_these(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    tid = agent.store.create_thread()
    r1 = ask(agent, "赵巷有多少人", thread_id=tid)  # no terminal: behaves as --auto
    assert r1.status == "clarify" and r1.value is None and r1.queries == []
    ids = [o.id for o in r1.options]
    assert {ZX_GOV, ZX_PARK} <= set(ids)
    assert "请回复选项字母" in r1.answer
    r2 = ask(agent, "Z", thread_id=tid)
    assert r2.status == "clarify" and r2.source == "protocol" and "没有看懂" in r2.answer  # asked again
    assert agent.store.pending(tid) is not None
    letter = "ABCDEFG"[ids.index(ZX_PARK)]
    r3 = ask(agent, letter, thread_id=tid)
    assert r3.status == "answered" and r3.value == len(oracle.staff_of(ZX_PARK))
    assert agent.store.pending(tid) is None
    # 都不是
    ask(agent, "北斗有多少人", thread_id=tid)
    r5 = ask(agent, "都不是", thread_id=tid)
    assert r5.status == "clarify" and "都不是" in r5.answer and r5.queries == []
    assert agent.store.pending(tid) is None


def test_ingress_gate_never_plans_protocol_replies(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    tid = agent.store.create_thread()
    for text in ("确认", "继续", "取消", "B", "好的"):
        r = ask(agent, text, thread_id=tid)
        assert r.source == "protocol" and r.status == "clarify"
        assert "没有等待您回复" in r.answer
        assert "understand" not in steps(r) and r.queries == []
    r = ask(agent, "/auto", thread_id=tid)
    assert r.status == "answered" and "自动确认" in r.answer
    assert agent.store.thread(tid).modes == {"auto": True}  # type: ignore[union-attr]
    ui = RecordingUI(slots=[Reply(False)])
    r = ask(agent, "青浦-赵巷公园有多少人", thread_id=tid, interactor=ui)
    assert r.status == "answered" and ui.requests == []  # the thread's auto mode confirmed
    assert [t.kind for t in agent.store.turns(tid)].count("protocol") == 6


# ---------------------------------------------------------------------- memory, cache


def test_turns_are_stored_with_plan_and_memory_excludes_protocol(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    tid = agent.store.create_thread()
    ask(agent, "青浦-赵巷公园有多少人", thread_id=tid, auto=True)
    ask(agent, "确认", thread_id=tid)
    ask(agent, "改成赵巷镇政府", thread_id=tid, interactor=RecordingUI())
    mem = agent.store.memory(tid)
    assert [t.question for t in mem] == ["青浦-赵巷公园有多少人", "改成赵巷镇政府"]
    assert mem[0].plan and mem[0].version and mem[0].citations
    assert mem[1].context_key  # understood against the previous plan


def test_cache_hit_miss_undo_and_new_version(
    make_agent: AgentFactory, ask: Ask, graph: GraphConnection, tmp_path: Path
) -> None:
    agent = make_agent()
    tid = agent.store.create_thread()
    q = "青浦-赵巷公园有多少人"
    r1 = ask(agent, q, thread_id=tid, auto=True)
    assert r1.source == "query" and r1.turn_id is not None
    r2 = ask(agent, q, thread_id=tid, auto=True)
    assert r2.source == "query"  # not approved: asked again
    agent.store.approve(r1.turn_id)
    r3 = ask(agent, q, thread_id=tid, auto=True)
    assert r3.source == "cache" and r3.queries == [] and "core" not in steps(r3)
    assert r3.value == r1.value and r3.citations == r1.citations
    assert "已确认答案缓存" in r3.answer
    other = agent.store.create_thread()
    assert ask(agent, q, thread_id=other, auto=True).source == "cache"  # standalone question: same context
    assert ask(agent, q + "？", thread_id=tid, auto=True).source == "query"  # exact repeat only
    assert ask(agent, q, thread_id=tid, auto=True, role="另一角色").source == "query"
    # undo from the cached answer
    assert r3.turn_id is not None and agent.store.unapprove(r3.turn_id)
    assert ask(agent, q, thread_id=tid, auto=True).source == "query"
    # a new published version drops the approval
    agent.store.approve(r1.turn_id)
    assert ask(agent, q, thread_id=tid, auto=True).source == "cache"
    new_version = publish(graph, tmp_path / "build")
    r4 = ask(agent, q, thread_id=tid, auto=True)
    assert r4.source == "query" and r4.version == new_version
    assert agent.store.approvals() == []


# ---------------------------------------------------------------------- the CLI service


def test_ask_cli_document_and_thread(neo4j_env: dict[str, str], published: str) -> None:
    from kgdesk.app.asking import ask_cli
    from kgdesk.config.settings import Settings, save_settings

    save_settings(Settings(user="tester", role="staff", first_run_done=True))
    doc, text = ask_cli("青浦-赵巷公园有多少人", auto=True, no_llm=True)
    for key in ("status", "answer", "value", "citations", "version", "plan", "queries", "trace"):
        assert key in doc
    assert doc["status"] == "answered" and doc["value"] == len(oracle.staff_of(ZX_PARK))
    assert doc["queries"][0]["rows"] >= 1 and doc["queries"][0]["cypher"]
    assert all({"step", "ms"} <= set(t) for t in doc["trace"])
    assert doc["citations"][0]["file"].endswith(".xlsx")
    assert "对话编号" in text
    tid = doc["thread_id"]
    doc2, _ = ask_cli("其中女的有几个", no_llm=True, thread=tid)
    assert doc2["status"] == "answered" and doc2["value"] == len(oracle.staff_of(ZX_PARK, sex="女"))
    doc3, text3 = ask_cli("赵巷有多少人", no_llm=True, thread=tid, debug=True)
    assert doc3["status"] == "clarify" and doc3["options"]
    assert "== 过程 ==" in text3
    letter = next(o["letter"] for o in doc3["options"] if o["id"] == ZX_GOV)
    doc4, _ = ask_cli(letter, no_llm=True, thread=tid)
    # 赵巷镇政府: the declared staff and the attendance records differ, so the core asks for the 口径
    # (the CLI never picks it); the reply to that second choice finishes the question
    assert doc4["status"] == "clarify" and [o["id"] for o in doc4["options"]] == ["with", "without"]
    doc5, _ = ask_cli("A", no_llm=True, thread=tid)
    assert doc5["status"] == "answered" and doc5["value"] == len(oracle.staff_of(ZX_GOV))
    assert HistoryStore().thread(tid) is not None
    # --role narrows the saved identity: a guest may not see who serves where
    denied, _ = ask_cli("青浦-赵巷公园有多少人", auto=True, no_llm=True, role="guest")
    assert denied["status"] == "denied" and denied["value"] is None and denied["queries"] == []
    widened, _ = ask_cli("青浦-赵巷公园有多少人", auto=True, no_llm=True, role="admin")
    assert widened["status"] == "denied" and "管理员" in widened["answer"]


@pytest.mark.parametrize("question", ["在赵巷公园干活的女同志有几位"])
def test_offline_without_endpoint_says_needs_llm(make_agent: AgentFactory, ask: Ask, question: str) -> None:
    agent = make_agent()
    r = ask(agent, question, auto=True)
    assert r.status == "clarify" and "需要语言模型" in r.answer
    assert r.value is None and r.queries == []
    assert not any(t["step"] == "llm" for t in r.trace)


def test_ask_async_streams_events_for_the_gui(make_agent: AgentFactory, graph: GraphConnection) -> None:
    import asyncio

    from kgdesk.agent.agent import AgentEvent, AgentOptions
    from kgdesk.app.asking import ThreadService, ask_async
    from kgdesk.config.settings import effective_settings
    from kgdesk.progress import ProgressEvent

    agent = make_agent()
    threads = ThreadService()
    t = threads.create_thread()
    events: list[AgentEvent] = []
    progress: list[ProgressEvent] = []
    ui = RecordingUI()
    r = asyncio.run(
        ask_async(
            "青浦-赵巷公园有多少人",
            interactor=ui,
            thread_id=t["id"],
            on_event=events.append,
            progress=progress.append,
            conn=graph,
            settings=effective_settings(),
            options=AgentOptions(),
            agent=agent,
        )
    )
    assert r.status == "answered" and r.thread_id == t["id"]
    kinds = [e.kind for e in events]
    assert kinds[-1] == "done" and events[-1].data["turn_id"] == r.turn_id
    assert ("understand", "active") in [(e.step, e.state) for e in events if e.kind == "step"]
    assert ("execute", "done") in [(e.step, e.state) for e in events if e.kind == "step"]
    assert [e.step for e in events if e.kind == "ask"] == ["confirm_slots", "confirm_plan"]
    assert progress and progress[0].stage == "understand"
    # the chat page's thread API
    turns = threads.turns(t["id"])
    assert [x["question"] for x in turns] == ["青浦-赵巷公园有多少人"]
    assert turns[0]["result"]["status"] == "answered" and turns[0]["approved"] is False
    threads.approve(turns[0]["turn_id"])
    assert threads.turns(t["id"])[0]["approved"] is True
    assert threads.unapprove(turns[0]["turn_id"]) is True
    threads.rename_thread(t["id"], "赵巷公园人数")
    assert threads.list_threads()[0]["title"] == "赵巷公园人数"
    threads.delete_thread(t["id"])
    assert threads.list_threads() == []


# ---------------------------------------------------------------------- what the desktop shows of a turn


class _ClosesTheDialog(RecordingUI):
    """The user closes the first dialog (the GUI's interactor raises CancelledError)."""

    async def confirm_slots(self, request: SlotConfirmation) -> Reply:
        from kgdesk.errors import CancelledError

        self.requests.append(request)
        raise CancelledError("已取消提问")


def test_a_closed_dialog_is_audited_as_cancelled_not_as_an_error(
    make_agent: AgentFactory, ask: Ask, _fresh_home: Path
) -> None:
    from kgdesk.security.audit import read_records

    r = ask(make_agent(audit=True), "青浦-赵巷公园有多少人", interactor=_ClosesTheDialog())
    assert r.status == "clarify" and r.cancelled and r.queries == []
    assert r.to_json()["cancelled"] is True and "已取消" in r.answer
    record = [x for x in read_records(_fresh_home) if x.action == "question"][-1]
    # the run history's failure rate counts "error": a user's cancel must not land there
    assert record.decision == "cancelled"
    assert record.detail["llm_tokens"] == 0


def test_the_executed_plan_is_described_for_query_details(make_agent: AgentFactory, ask: Ask) -> None:
    r = ask(make_agent(), "青浦-赵巷公园有多少人", auto=True)
    lines = r.to_json()["plan_description"]
    assert lines[0].startswith("步骤 s1：查找「人员」")
    assert any(line.startswith("条件：项目 = ") and ZX_PARK in line and "赵巷公园" in line for line in lines)
    assert not any(line.startswith("口径：口径") for line in lines)
    # a part of a composite key (考勤.工号) reads as that field with the person's name, not "考勤 = …"
    r2 = ask(make_agent(), "赵德胜2026年1月的上班天数是多少", auto=True)
    lines2 = r2.to_json().get("plan_description") or []
    assert any(line.startswith("条件：工号 = 赵德胜（KWL2307024）") for line in lines2), lines2
    assert not any(line.startswith("条件：考勤 = ") for line in lines2), lines2


def test_counting_basis_choice_shows_counts_with_their_unit() -> None:
    """The 口径 choice shows each basis's result as a reader would say it (3 人, not a bare 3)."""
    from datetime import date

    from kgdesk.qa.dsl import QueryType
    from kgdesk.qa.lexicon import load_lexicon
    from kgdesk.qa.planner import DeterministicPlanner
    from kgdesk.qa.results import Outcome
    from kgdesk.qa.scope import assumption_choice
    from tests.qa.helpers import context

    u = DeterministicPlanner().understand_sync("青浦-区图书馆有多少员工？", context(date(2026, 4, 20)))
    assert u.plan is not None and any(f.assumption for s in u.plan.steps for f in s.filters)
    req = assumption_choice(
        u.plan, Outcome(QueryType.COUNT, value=3), Outcome(QueryType.COUNT, value=4), load_lexicon()
    )
    assert [o.detail for o in req.options] == ["3 人", "4 人"]


def test_the_question_limit_is_the_configured_one(make_agent: AgentFactory, ask: Ask) -> None:
    """security.limits.check_question is the one check on the live path (issue 12 item 3)."""
    from kgdesk.config.settings import Limits

    agent = make_agent(limits=Limits(max_question_chars=12))
    long = ask(agent, "青浦-北斗园区一共有多少个人员在岗位上工作呢")
    assert long.status == "clarify" and "问题太长" in long.answer and "上限为 12" in long.answer
    assert not long.queries
    empty = ask(agent, "   ")
    assert empty.status == "clarify" and "问题是空的" in empty.answer
    assert ask(agent, "一共有多少个项目？").status == "answered"
