"""Rule readings that look final but are worth the model's reading too (issue 18, routing), on the
whole dev data with the real openai SDK against the scripted server:

- a status plan of the rules that names no record (the 岗位 of every woman) is not final when a
  model is configured: the model plans, and under --auto its validated plan is answered; without a
  model, or when the model fails, the rules' answer stands unchanged;
- a rules' refusal for a name not in the data is checked by the model's reading, and stands unless
  the model's plan grounds every name exactly and accounts for the missing words.
"""

from __future__ import annotations

from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from kgdesk.llm import OpenAICompatibleClient
from tests.agent import oracle
from tests.agent.conftest import DATA, AgentFactory, Ask
from tests.llm_server import LLMTestServer
from tests.llm_server import Reply as R

pytestmark = pytest.mark.llm


@pytest.fixture(scope="module")
def published(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> str:
    report = build_and_publish([DATA], graph, home=tmp_path_factory.mktemp("all-ledgers"))
    assert report.status == "published" and report.version, report.to_json()
    return report.version


def plan(doc: dict[str, Any]) -> R:
    return R.json({"status": "plan", "plan": doc})


def supplier_status(name: str) -> dict[str, Any]:
    return {
        "query_type": "status",
        "steps": [{"id": "s1", "entity": "供应商", "filters": [{"node": "n0", "field": "供应商名称", "op": "eq", "value": name}]}],
        "projection": [{"node": "n0", "field": "类别"}],
    }


# ---------------------------------------------------------------------- a status of nobody named

QUESTION = "女员工的岗位是什么"
POSTS_OF_WOMEN = {
    "query_type": "count",
    "steps": [{
        "id": "s1", "entity": "岗位",
        "hops": [{"source": "n0", "rel": "岗位", "direction": "in", "target": "人员"}],
        "filters": [{"node": "n1", "field": "性别", "op": "eq", "value": "女"}],
    }],
    "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
}


def women_posts() -> set[str]:
    return {str(p["岗位名称"]) for p in oracle._rows("人员信息.xlsx") if p.get("性别") == "女" and p.get("岗位名称")}


def test_a_rule_status_of_unnamed_records_is_not_final_without_being_asked(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    offline = ask(make_agent(), QUESTION, auto=True)
    assert offline.status == "answered" and offline.plan.get("query_type") == "status"  # one field of every woman
    llm_server.script(plan(POSTS_OF_WOMEN))
    r = ask(make_agent(agent_llm), QUESTION, auto=True)
    assert len(llm_server.requests) == 1
    assert r.status == "answered" and r.value == len(women_posts()), r.answer
    assert any(t["step"] == "reading" and t.get("chosen") == "llm" for t in r.trace)


def test_the_rule_status_stands_when_the_model_has_no_plan(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    offline = ask(make_agent(), QUESTION, auto=True)
    llm_server.responder = lambda _request: R.text("无法回答")  # never a plan, however often asked
    r = ask(make_agent(agent_llm), QUESTION, auto=True)
    assert llm_server.requests
    assert r.status == offline.status == "answered" and r.answer == offline.answer


def test_a_named_status_of_the_rules_stays_final(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    supplier = next(s for s in oracle._rows("采购与维保.xlsx") if s["记录类型"] == "供应商")
    r = ask(make_agent(agent_llm), f"{supplier['供应商名称']}的类别", auto=True)
    assert r.status == "answered" and r.value == supplier["类别"], r.answer
    assert llm_server.requests == []


# ---------------------------------------------------------------------- a refusal for a missing name

MISSING = "上海火星物资有限公司"
REFUSED = f"{MISSING}这家主要干哪一行"


def test_the_rules_refusal_stands_when_the_model_finds_no_such_name_either(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    offline = ask(make_agent(), REFUSED, auto=True).to_json()
    assert offline["status"] == "insufficient" and offline["reason"] == "no_such_entity"
    llm_server.script(plan(supplier_status(MISSING)))
    doc = ask(make_agent(agent_llm), REFUSED, auto=True).to_json()
    assert len(llm_server.requests) == 1  # the model read it too
    assert doc["status"] == "insufficient" and doc["reason"] == "no_such_entity"


@pytest.mark.parametrize(
    "reply",
    [
        # another supplier standing in for the missing one (similar-looking, not the words asked)
        plan(supplier_status("上海恒通机电设备有限公司")),
        # the name dropped: every supplier's 类别
        plan({"query_type": "list", "steps": [{"id": "s1", "entity": "供应商"}], "projection": [{"node": "n0", "field": "类别"}]}),
    ],
)
def test_a_model_plan_that_does_not_account_for_the_missing_name_does_not_replace_the_refusal(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer, reply: R
) -> None:
    llm_server.script(reply)
    doc = ask(make_agent(agent_llm), REFUSED, auto=True).to_json()
    assert len(llm_server.requests) == 1
    assert doc["status"] == "insufficient" and doc["reason"] == "no_such_entity", doc["answer"]
    assert any(t["step"] == "route" and t.get("to") == "rules" for t in doc["trace"])
