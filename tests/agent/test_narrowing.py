"""Narrowing a long result (issue 14 item 5) on the real local graph: the options come from the
result's own columns with 2–12 distinct values, a chosen option is applied to the plan, and 全部列出
shows every row (not 30 or 40)."""

from __future__ import annotations

import pytest

from kgdesk.agent.agent import Agent
from kgdesk.agent.memory import HistoryStore
from kgdesk.qa.interactions import SCOPE_ALL, ScopeRequest
from tests.agent import oracle
from tests.agent.conftest import TODAY, Ask
from tests.agent.helpers import RecordingUI

pytestmark = pytest.mark.neo4j

QUESTION = "列出所有人员"


def _agent() -> Agent:
    return Agent(store=HistoryStore(), today=TODAY)


def _table_rows(answer: str) -> int:
    return sum(1 for ln in answer.splitlines() if ln.startswith("|")) - 2


def test_options_come_from_the_results_columns_and_the_choice_is_applied(ask: Ask, published: str) -> None:
    people = oracle.people()
    assert len(people) > 30
    women = [p for p in people if p.sex == "女"]
    ui = RecordingUI(scopes=["n0.性别=女"])
    r = ask(_agent(), QUESTION, interactor=ui)
    req = ui.of(ScopeRequest)[0]
    assert isinstance(req, ScopeRequest)
    ids = [o.id for o in req.options]
    assert "n0.性别=女" in ids and "n0.性别=男" in ids and SCOPE_ALL in ids
    fields = {i.split("=")[0] for i in ids if "=" in i}
    assert len(fields) >= 2  # more than one column offers a narrowing
    assert all("_key" not in f or f.startswith("n") for f in fields)
    for o in req.options:
        if "=" in o.id:
            assert o.detail.endswith("条") and "「" in o.label
    assert r.status == "answered" and len(r.value) == len(women), r.answer
    assert {p.id for p in women} == {v.split("（")[-1].rstrip("）") for v in r.value}


def test_all_rows_are_listed_when_asked_for(ask: Ask, published: str) -> None:
    ui = RecordingUI(scopes=[SCOPE_ALL])
    r = ask(_agent(), QUESTION, interactor=ui)
    assert r.status == "answered" and len(r.value) == len(oracle.people())
    assert _table_rows(r.answer) == len(oracle.people()), r.answer
