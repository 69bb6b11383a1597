"""The agent with a language model: the real openai SDK against the scripted local server, on the
real local graph. Multi-step and follow-up questions, capability extension, replanning, the
narrative, memory of 10 turns, and every fault mode of the test server."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from kgdesk.llm import OpenAICompatibleClient, RetryPolicy, TokenBudget
from kgdesk.qa.interactions import PlanConfirmation, Reply, SlotConfirmation
from tests.agent import oracle
from tests.agent.conftest import TODAY, AgentFactory, Ask, steps
from tests.agent.helpers import RecordingUI
from tests.llm_fixtures import LLMEnv
from tests.llm_server import LLMTestServer
from tests.llm_server import Reply as R

pytestmark = pytest.mark.llm

ZX_PARK = "XMSQ0122"
QUESTION = "在赵巷公园干活的女同志有几位"  # the deterministic planner cannot read 干活/女同志


def women_at(name: str, *, field: str = "项目名称", sex_field: str = "性别") -> dict[str, Any]:
    return {
        "query_type": "count",
        "steps": [
            {
                "id": "s1",
                "entity": "人员",
                "hops": [{"source": "n0", "rel": "服务于", "direction": "out", "target": "项目"}],
                "filters": [
                    {"node": "n1", "field": field, "op": "eq", "value": name, "value_source": "user_text"},
                    {"node": "n0", "field": sex_field, "op": "eq", "value": "女", "value_source": "user_text"},
                    {"node": "r1", "field": "依据", "op": "eq", "value": "人员信息", "value_source": "derived"},
                ],
            }
        ],
        "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
    }


def plan_reply(plan: dict[str, Any]) -> R:
    return R.json({"status": "plan", "plan": plan, "message": "", "missing_concepts": []})


def staff_plan(name: str = "青浦-赵巷公园") -> dict[str, Any]:
    """The rules' reading of "<project>有多少人" (the 口径 of 人员信息): the model agreeing with it."""
    return {
        "query_type": "count",
        "steps": [{
            "id": "s1", "entity": "人员",
            "hops": [{"source": "n0", "rel": "服务于", "direction": "out", "target": "项目"}],
            "filters": [
                {"node": "n1", "field": "项目名称", "op": "eq", "value": name, "value_source": "user_text"},
                {"node": "r1", "field": "依据", "op": "eq", "value": "人员信息", "value_source": "derived"},
            ],
        }],
        "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
    }


def expected_women() -> int:
    return len(oracle.staff_of(ZX_PARK, sex="女"))


def no_query_ran(r: Any) -> None:
    assert r.queries == [] and r.value is None
    assert not {"compile", "execute"} & set(steps(r))


# ---------------------------------------------------------------------- the LLM path


def test_llm_plan_validated_grounded_and_answered(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(plan_reply(women_at("赵巷公园")))
    ui = RecordingUI()
    r = ask(make_agent(agent_llm), QUESTION, interactor=ui)
    assert r.status == "answered" and r.value == expected_women()
    assert ui.kinds() == ["slots", "plan"]
    slots = ui.of(SlotConfirmation)[0]
    assert isinstance(slots, SlotConfirmation)
    text = slots.text()
    assert "统计数量" in text and "人员" in text and "性别 = 女" in text and "赵巷公园" in text
    plan_text = ui.of(PlanConfirmation)[0].text()  # type: ignore[attr-defined]
    assert "服务于" in plan_text and ZX_PARK in plan_text  # the name was grounded to the 服务中 project
    # the prompt: meta-schema, lexicon, coverage, today, the question as delimited data; no rows
    req = llm_server.requests[0]
    system = req.messages[0]["content"]
    assert "## 图谱结构" in system and "(人员)-[服务于]->(项目)" in system
    assert "## 概念词典" in system and "年龄（人员）= years_between(出生日期, today)" in system
    assert "2026-01 至 2026-04" in system and f"今天是 {TODAY.isoformat()}" in system
    assert f"<<<用户输入开始>>>\n{QUESTION}\n<<<用户输入结束>>>" in req.last_user_content
    everything = req.all_content
    assert "KWL" not in everything and "陈静" not in everything  # no data rows
    llm_steps = [t for t in r.trace if t["step"] == "llm"]
    assert llm_steps and llm_steps[0]["prompt_tokens"] > 0 and llm_steps[0]["first_token_ms"] is not None
    assert r.plan["steps"][0]["filters"][0]["field"] == "_key"
    assert r.queries and r.queries[0]["cypher"]


def test_validation_errors_are_fed_back(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(plan_reply(women_at("赵巷公园", sex_field="性别x")), plan_reply(women_at("赵巷公园")))
    r = ask(make_agent(agent_llm), QUESTION, auto=True)
    assert r.status == "answered" and r.value == expected_women()
    assert len(llm_server.requests) == 2
    assert "性别x" in llm_server.requests[1].last_user_content
    retries = [t for t in r.trace if t["step"] == "retry"]
    assert retries and retries[0]["stage"] == "plan" and "性别x" in retries[0]["reason"]


def test_three_invalid_plans_run_nothing(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    bad = plan_reply(women_at("赵巷公园", field="不存在的字段"))
    llm_server.script(bad, bad, bad)
    r = ask(make_agent(agent_llm), QUESTION, auto=True)
    assert r.status == "error" and "已尝试 3 次" in r.answer and "没有执行任何查询" in r.answer
    no_query_ran(r)
    assert len(llm_server.requests) == 3


def test_name_that_matches_nothing_is_reported_not_guessed(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(plan_reply(women_at("税务局")))
    r = ask(make_agent(agent_llm), "在税务局干活的女同志有几位", auto=True)
    assert r.status == "insufficient" and "税务局" in r.answer
    no_query_ran(r)


def test_capability_extension_rule_check_review_and_answer(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    need = {"status": "needs_concept", "plan": None, "message": "", "missing_concepts": [{"concept": "工龄月数", "label": "人员", "description": "入职到今天的整月数"}]}
    bad = {"concept": "工龄月数", "label": "人员", "source_fields": ["入职时间"], "expression": "months_between(入职时间, today)", "unit": "个月", "explanation": ""}
    good = {"concept": "工龄月数", "label": "人员", "source_fields": ["入职日期"], "expression": "months_between(入职日期, today)", "unit": "个月", "explanation": "入职日期到今天的整月数"}
    plan = {
        "query_type": "count",
        "steps": [
            {
                "id": "s1",
                "entity": "人员",
                "derived": [{"name": "工龄月数", "node": "n0", "expression": "months_between(入职日期, today)", "unit": "个月"}],
                "filters": [{"node": "n0", "field": "工龄月数", "op": "gt", "value": 60, "value_source": "user_text"}],
            }
        ],
        "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
    }
    llm_server.script(R.json(need), R.json(bad), R.json(good), R.json({"ok": True, "reason": ""}), plan_reply(plan))
    ui = RecordingUI()
    r = ask(make_agent(agent_llm), "有多少员工的工龄月数超过60", interactor=ui)
    assert r.status == "answered" and r.value == oracle.tenure_months_over(60, TODAY)
    assert "入职时间" in llm_server.requests[2].last_user_content  # the rule check's complaint went back
    checks = [t for t in r.trace if t["step"] == "capability_check"]
    assert [c["ok"] for c in checks] == [False, True]
    assert any(t["step"] == "capability_review" and t["ok"] for t in r.trace)
    assert "工龄月数（人员）= months_between(入职日期, today)" in llm_server.requests[4].messages[0]["content"]
    plan_text = ui.of(PlanConfirmation)[0].text()  # type: ignore[attr-defined]
    assert "工龄月数下限=60个月（不含）（由入职日期换算）" in plan_text


def test_unregistered_derived_in_a_plan_is_refused(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    plan = {
        "query_type": "count",
        "steps": [
            {
                "id": "s1",
                "entity": "人员",
                "derived": [{"name": "工龄月数", "node": "n0", "expression": "months_between(入职日期, today)"}],
                "filters": [{"node": "n0", "field": "工龄月数", "op": "gt", "value": 60}],
            }
        ],
    }
    llm_server.script(plan_reply(plan), plan_reply(plan), plan_reply(plan))
    r = ask(make_agent(agent_llm), "有多少员工的工龄月数超过60", auto=True)
    assert r.status == "error"
    no_query_ran(r)
    assert "needs_concept" in llm_server.requests[1].last_user_content


def test_plan_change_in_words_replans_with_the_model(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    everyone = women_at("赵巷公园")
    everyone["steps"][0]["filters"].pop(1)
    llm_server.script(plan_reply(everyone), plan_reply(women_at("赵巷公园")))
    ui = RecordingUI(plans=[Reply(False, "只要女同志，男的不算")])
    r = ask(make_agent(agent_llm), "在赵巷公园干活的同志有几位", interactor=ui)
    assert r.status == "answered" and r.value == expected_women()
    assert ui.kinds() == ["slots", "plan", "plan"]
    assert "只要女同志，男的不算" in llm_server.requests[1].last_user_content


def test_rejected_result_of_a_model_plan_is_replanned_without_asking(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    odd = women_at("赵巷公园")
    odd["query_type"] = "aggregate"
    odd["aggregate"] = {"fn": "max", "node": "n0", "field": "姓名"}  # not a number: the verifier rejects it
    llm_server.script(plan_reply(odd), plan_reply(women_at("赵巷公园")))
    ui = RecordingUI()
    r = ask(make_agent(agent_llm), QUESTION, interactor=ui)
    assert r.status == "answered" and r.value == expected_women()
    assert ui.kinds() == ["slots", "plan"]  # the automatic replan did not interrupt the user
    assert "未通过检查" in llm_server.requests[1].last_user_content
    assert any(t["step"] == "retry" and t["stage"] == "replan" for t in r.trace)


def test_follow_ups_with_history(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    agent = make_agent(agent_llm)
    tid = agent.store.create_thread()
    llm_server.script(plan_reply(women_at("赵巷公园")))
    r1 = ask(agent, QUESTION, thread_id=tid, interactor=RecordingUI())
    assert r1.value == expected_women()
    # 换成…: patched deterministically, no model call
    r2 = ask(agent, "换成赵巷镇政府", thread_id=tid, interactor=RecordingUI())
    assert r2.status == "answered" and r2.value == len(oracle.staff_of("XMSQ0110", sex="女"))
    assert len(llm_server.requests) == 1
    # a follow-up the rules cannot patch goes to the model with the thread's history
    llm_server.script(plan_reply(women_at("赵巷公园")))
    r3 = ask(agent, "回到赵巷公园，女同志里按上一轮的口径再算一次", thread_id=tid, interactor=RecordingUI())
    assert r3.status == "answered"
    prompt = llm_server.requests[1].last_user_content
    assert f"第 1 轮 问题：{QUESTION}" in prompt and "第 2 轮 问题：换成赵巷镇政府" in prompt


def test_memory_holds_the_last_ten_turns(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    agent = make_agent(agent_llm)
    tid = agent.store.create_thread()
    questions = [f"2026年{m}月考勤有几条" for m in (1, 2, 3, 4)] * 3
    questions = questions[:11]
    for q in questions:  # the deterministic planner answers these: no model call
        assert ask(agent, q, thread_id=tid, auto=True).status == "answered"
    assert llm_server.requests == []
    llm_server.script(plan_reply(women_at("赵巷公园")))
    ask(agent, QUESTION, thread_id=tid, auto=True)
    prompt = llm_server.requests[0].last_user_content
    assert prompt.count("轮 问题：") == 10
    assert "第 10 轮 问题：2026年3月考勤有几条" in prompt and "第 11 轮" not in prompt


# ---------------------------------------------------------------------- narrative


def test_narrative_streamed_and_kept(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    n = len(oracle.staff_of(ZX_PARK))
    # the rules assumed the 口径, so the model plans too (and agrees); then it writes the narrative
    llm_server.script(plan_reply(staff_plan()), R.text(f"青浦-赵巷公园目前登记在岗的共有{n}名员工。", chunk_size=4))
    events: list[Any] = []
    r = ask(make_agent(agent_llm), "青浦-赵巷公园有多少人", auto=True, narrative=True, events=events)
    assert r.status == "answered" and r.narrative and "小结" in r.answer
    deltas = "".join(e.text for e in events if e.kind == "text")
    assert deltas == r.narrative
    assert any(t["step"] == "narrative" and t["kept"] for t in r.trace)


def test_narrative_with_a_foreign_number_is_dropped(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(plan_reply(staff_plan()), R.text("青浦-赵巷公园共有57名员工，比去年多12人。"))
    events: list[Any] = []
    r = ask(make_agent(agent_llm), "青浦-赵巷公园有多少人", auto=True, narrative=True, events=events)
    assert r.status == "answered" and r.value == len(oracle.staff_of(ZX_PARK))
    assert not r.narrative and "小结" not in r.answer and "57" not in r.answer
    assert any(e.kind == "retract" and "57" in e.text for e in events)
    dropped = [t for t in r.trace if t["step"] == "narrative"]
    assert dropped and dropped[0]["kept"] is False and "57" in dropped[0]["reason"]


# ---------------------------------------------------------------------- modes


def test_no_llm_forces_offline(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    r = ask(make_agent(agent_llm), QUESTION, auto=True, offline=True)
    assert r.status == "clarify" and "需要语言模型" in r.answer
    assert llm_server.requests == []
    no_query_ran(r)


def test_cli_llm_path(
    llm_env: LLMEnv, neo4j_env: dict[str, str], published: str, llm_server: LLMTestServer
) -> None:
    from kgdesk.app.asking import ask_cli
    from kgdesk.config.settings import Limits, Settings, save_settings

    save_settings(
        Settings(
            user="tester",
            role="staff",
            first_run_done=True,
            limits=Limits(llm_tokens_per_question=1_000_000, llm_tokens_per_hour=10_000_000, llm_timeout_s=10),
        )
    )
    llm_server.script(plan_reply(women_at("赵巷公园")))
    doc, text = ask_cli(QUESTION, auto=True)
    assert doc["status"] == "answered" and doc["value"] == expected_women(), text
    assert any(t["step"] == "llm" for t in doc["trace"])
    doc2, _ = ask_cli(QUESTION, auto=True, no_llm=True)
    assert doc2["status"] == "clarify" and "需要语言模型" in doc2["answer"]
    assert len(llm_server.requests) == 1


# ---------------------------------------------------------------------- fault modes


def fault_client(env: LLMEnv, *, timeout_s: float = 5.0) -> OpenAICompatibleClient:
    return OpenAICompatibleClient(
        base_url=env.base_url,
        model=env.model,
        api_key=env.api_key,
        timeout_s=timeout_s,
        retry_policy=RetryPolicy(base_delay_s=0.01, max_delay_s=0.05, max_total_wait_s=2.0, jitter=0.0),
        budget=TokenBudget(2_000_000, 20_000_000),
    )


FAULTS: dict[str, tuple[list[R], str]] = {
    "timeout": ([R.hang(10), R.hang(10)], "超时"),
    "rate_limited": ([R.rate_limited(retry_after_ms=10)] * 4, "限流"),
    "server_error": ([R.server_error(500)] * 4, "服务出错"),
    "malformed_json": ([R.malformed()] * 6, "不是有效的查询计划"),
    "extra_fields": ([R.json_with_extra({"status": "plan", "plan": women_at("赵巷公园")})] * 6, "不是有效的查询计划"),
    "truncated_stream": ([R.truncated(json.dumps({"status": "plan"}), after_chunks=2)], "中断"),
    "refusal": ([R.refusal()], "拒绝"),
    "content_filter": ([R.refusal(via="content_filter")], "拒绝"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_fault_modes_give_a_clear_message_and_run_nothing(
    fault: str, make_agent: AgentFactory, ask: Ask, llm_env: LLMEnv, llm_server: LLMTestServer
) -> None:
    replies, words = FAULTS[fault]
    llm_server.script(*replies)
    client = fault_client(llm_env, timeout_s=0.5 if fault == "timeout" else 5.0)
    t0 = time.monotonic()
    r = ask(make_agent(client), QUESTION, auto=True)
    elapsed = time.monotonic() - t0
    assert r.status == "error", r.answer
    assert words in r.answer and "没有执行任何查询" in r.answer
    assert any("\u4e00" <= ch <= "\u9fff" for ch in r.answer)
    no_query_ran(r)
    assert elapsed < 20  # bounded: client timeouts and retry waits are bounded
    assert any(t["step"] == "llm_error" for t in r.trace)
    assert llm_server.pending == 0  # every scripted reply was consumed: nothing retried beyond the script


@pytest.mark.parametrize(
    "first",
    [R.slow(json.dumps({"status": "plan", "plan": women_at("赵巷公园")}, ensure_ascii=False), delay_s=0.3), R.rate_limited(retry_after_ms=10), R.server_error(502), R.malformed(), R.json_with_extra({"status": "plan", "plan": women_at("赵巷公园")})],
    ids=["slow", "429-once", "502-once", "malformed-once", "extra-fields-once"],
)
def test_recoverable_faults_still_answer_correctly(
    first: R, make_agent: AgentFactory, ask: Ask, llm_env: LLMEnv, llm_server: LLMTestServer
) -> None:
    llm_server.script(first, plan_reply(women_at("赵巷公园")))
    client = fault_client(llm_env)
    r = ask(make_agent(client), QUESTION, auto=True)
    assert r.status == "answered" and r.value == expected_women()


def test_llm_tokens_are_audited_for_the_run_history(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer, _fresh_home: Any
) -> None:
    from kgdesk.security.audit import read_records

    llm_server.script(plan_reply(women_at("赵巷公园")))
    r = ask(make_agent(agent_llm, audit=True), QUESTION, interactor=RecordingUI())
    used = sum(int(t.get("prompt_tokens") or 0) + int(t.get("completion_tokens") or 0) for t in r.trace if t["step"] == "llm")
    record = [x for x in read_records(_fresh_home) if x.action == "question"][-1]
    assert used > 0 and record.detail["llm_tokens"] == used
