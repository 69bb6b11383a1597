"""Every empty text condition is probed (issue 14 item 6), on the real local graph: a plan with two
misspelt conditions gets candidates for each, grouped per condition, and after the user picks the
first one the plan is probed again for the second (the agent's loop: replace, reset, re-run)."""

from __future__ import annotations

import asyncio

import pytest

from kgdesk.config.settings import Limits
from kgdesk.graph.connection import GraphConnection
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.executor import ReadOnlyGraph
from kgdesk.qa.grounding import entity_index
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.policy import AllowAll
from kgdesk.qa.runner import PlanRunner, RunContext, RunState
from kgdesk.qa.scope import probe, replace_filter
from kgdesk.qa.trace import Trace
from tests.agent import oracle
from tests.agent.conftest import TODAY

pytestmark = pytest.mark.neo4j


def _plan() -> QueryPlan:
    return QueryPlan.model_validate({
        "query_type": "list",
        "steps": [{"id": "s1", "entity": "人员", "filters": [
            {"node": "n0", "field": "岗位名称", "op": "eq", "value": "保洁领班", "value_source": "user_text", "text": "保洁领班"},
            {"node": "n0", "field": "员工层级", "op": "eq", "value": "一线", "value_source": "user_text", "text": "一线"},
        ]}],
    })


def test_each_empty_condition_gets_its_own_candidates(graph: GraphConnection, published: str) -> None:
    reader = ReadOnlyGraph(graph)
    version, schema = reader.published()
    probes = probe(_plan(), reader, schema, version)
    assert [p.filter.field for p in probes] == ["岗位名称", "员工层级"]
    assert probes[0].candidates[0][0] == "保洁_领班" and probes[1].candidates[0][0] == "一线员工"
    lex = load_lexicon()
    runner = PlanRunner(policy=AllowAll(), lexicon=lex, limits=Limits())
    rc = RunContext(
        question="保洁领班里的一线有哪些", reader=reader, version=version, schema=schema,
        index=entity_index(reader, schema, lex), today=TODAY, role=None, user=None, trace=Trace(),
    )
    state = RunState()
    plan = _plan()
    first = asyncio.run(runner.run(plan, rc, state))
    assert first.need is not None and first.need.kind == "values" and first.need.probe.filter.field == "岗位名称"
    plan = replace_filter(plan, first.need.probe, ["保洁_领班"])
    state.probed = False  # as the agent does after a choice
    second = asyncio.run(runner.run(plan, rc, state))
    if second.need is None:  # the first choice alone may already find people: then nothing is left to probe
        assert second.status == "answered"
        return
    assert second.need.kind == "values" and second.need.probe.filter.field == "员工层级"
    plan = replace_filter(plan, second.need.probe, ["一线员工"])
    state.probed = False
    third = asyncio.run(runner.run(plan, rc, state))
    assert third.status == "answered"
    expected = [p for p in oracle.people() if p.id in {v.split("（")[-1].rstrip("）") for v in third.value}]
    assert expected and len(third.value) == len(expected)
