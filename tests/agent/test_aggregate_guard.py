"""Differencing through the whole question path (issue 13.3 wire-in): for a manager 政治面貌 is
aggregate-only, so a plan whose filter leaves out fewer than the minimum group size of people is
refused by the runner (the policy counts the unfiltered population on the question's own reader),
while the same statistic over everyone, or over half of them, is answered. Real graph, real
openai SDK on the scripted server."""

from __future__ import annotations

from typing import Any

import pytest

from kgdesk.llm import OpenAICompatibleClient
from kgdesk.security.qa_policy import SecurityPolicy
from tests.agent import oracle
from tests.agent.conftest import AgentFactory, Ask
from tests.llm_server import LLMTestServer
from tests.llm_server import Reply as R

pytestmark = pytest.mark.llm


def party_counts(ids: list[str]) -> dict[str, Any]:
    return {
        "status": "plan",
        "message": "",
        "missing_concepts": [],
        "plan": {
            "query_type": "aggregate",
            "steps": [
                {
                    "id": "s1",
                    "entity": "人员",
                    "filters": [{"node": "n0", "field": "工号", "op": "in", "value": ids, "value_source": "grounded", "text": "这些人"}],
                }
            ],
            "group_by": [{"node": "n0", "field": "政治面貌"}],
            "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
        },
    }


def test_a_filter_leaving_out_one_person_is_refused_end_to_end(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    ids = [p.id for p in oracle.people()]
    agent = make_agent(agent_llm, policy=SecurityPolicy(min_group_size=3))
    llm_server.script(R.json(party_counts(ids[:-1])))
    r = ask(agent, "花名册上这批弟兄的政治面貌捋一捋", role="manager", auto=True)
    assert len(llm_server.requests) == 1  # the plan came from the model
    assert r.status == "denied", r.answer
    assert "不足 3 人" in r.answer and r.value is None
    # half of the people left out: an ordinary statistic
    llm_server.script(R.json(party_counts(ids[: len(ids) // 2])))
    r = ask(agent, "花名册上头一半弟兄的政治面貌捋一捋", role="manager", auto=True)
    assert r.status == "answered", r.answer
    # the admin sees 政治面貌 in full: no differencing rule applies
    llm_server.script(R.json(party_counts(ids[:-1])))
    r = ask(agent, "花名册上这批弟兄的政治面貌捋一捋", role="admin", auto=True)
    assert r.status == "answered", r.answer
