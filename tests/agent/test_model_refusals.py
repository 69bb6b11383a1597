"""The model's `insufficient` reply carries the reason cli.md requires (the real openai SDK against the
scripted server, the real local graph):

- the reply schema asks for `reason` and `missing`, and what the model gives is kept;
- a reply without them takes the rules' reason when the rules found one;
- else a word of the question the model's message says is missing, once kgdesk confirms that no
  record type, field, value or name holds it: a missing field, or a missing entity when the model
  speaks of it as a name;
- nothing confirms a reason → none is claimed.
"""

from __future__ import annotations

from typing import Any

import pytest

from kgdesk.llm import OpenAICompatibleClient
from tests.agent.conftest import AgentFactory, Ask
from tests.llm_server import LLMTestServer
from tests.llm_server import Reply as R

pytestmark = pytest.mark.llm


def refusal(message: str, **extra: Any) -> R:
    return R.json({"status": "insufficient", "message": message, **extra})


def refused(ask: Ask, agent: Any, question: str) -> dict[str, Any]:
    r = ask(agent, question, auto=True)
    assert r.status == "insufficient" and r.value is None, r.answer
    return r.to_json()


def test_the_reply_schema_asks_for_the_reason_and_the_models_is_kept(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(refusal("查不到", reason="no_such_field", missing="鞋码"))
    doc = refused(ask, make_agent(agent_llm), "每个保安穿多大鞋码")
    assert len(llm_server.requests) == 1
    assert (doc["reason"], doc["missing"]) == ("no_such_field", "鞋码")
    sent = llm_server.requests[0].all_content
    assert "no_such_field" in sent and "outside_coverage" in sent


@pytest.mark.parametrize(
    ("question", "message", "missing"),
    [
        ("员工血型都是什么", "人员信息里没有血型这一项", "血型"),
        ("区图书馆三月份用电量多少度", "台账里没有用电量", "用电量"),
        ("每个员工车牌号多少", "人员信息里没有车牌号这一项", "车牌号"),  # 车 is also a surname
        ("员工都会说什么方言", "人员信息里没有方言这一项", "方言"),  # and so is 方
    ],
)
def test_a_word_no_ledger_holds_is_a_missing_field(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer,
    question: str, message: str, missing: str,
) -> None:
    llm_server.script(refusal(message))
    doc = refused(ask, make_agent(agent_llm), question)
    assert len(llm_server.requests) == 1
    assert (doc["reason"], doc["missing"]) == ("no_such_field", missing)


def test_the_rules_reason_is_taken_when_they_found_one(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    question = "保安们的籍贯分布"
    offline = refused(ask, make_agent(), question)
    assert offline["reason"] == "no_such_field"
    llm_server.script(refusal("抱歉，这个问题答不了"))
    doc = refused(ask, make_agent(agent_llm), question)
    assert len(llm_server.requests) == 1
    assert (doc["reason"], doc["missing"]) == (offline["reason"], offline["missing"])


def test_a_name_the_model_says_is_not_there_is_a_missing_entity(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(refusal("数据里没有名为火星基地的项目"))
    doc = refused(ask, make_agent(agent_llm), "火星基地上干活的一共几位")
    assert len(llm_server.requests) == 1
    assert (doc["reason"], doc["missing"]) == ("no_such_entity", "火星基地")


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("员工星座都是什么", "这个问题我回答不了"),  # the message names nothing of the question
        ("员工星座都是什么", "没有员工的这类信息"),  # all it names of the question is in the data
    ],
)
def test_nothing_confirmed_no_reason_claimed(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer,
    question: str, message: str,
) -> None:
    llm_server.script(refusal(message))
    doc = refused(ask, make_agent(agent_llm), question)
    assert len(llm_server.requests) == 1
    assert doc.get("reason") is None and not doc.get("missing"), doc
