"""The 口径 / conditions text comes from the plan that ran: for every plan shape the deterministic
planner produces on the evaluation questions, and after a follow-up moved the time (on the real
local graph)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from kgdesk.qa import describe
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.planner import DeterministicPlanner
from tests.agent.conftest import AgentFactory, Ask
from tests.qa.helpers import context

QUESTIONS = Path(__file__).resolve().parents[1] / "eval" / "questions.jsonl"


def _plans() -> list[tuple[str, QueryPlan]]:
    planner = DeterministicPlanner()
    ctx = context(date(2026, 4, 20))
    out = []
    for line in QUESTIONS.read_text(encoding="utf-8").splitlines():
        if line.strip():
            q = json.loads(line)["question"]
            und = planner.understand_sync(q, ctx)
            if und.plan is not None and und.plan.steps:
                out.append((q, und.plan))
    return out


PLANS = _plans()


def test_the_planner_gives_many_plan_shapes() -> None:
    shapes = {(p.query_type, len(p.steps), bool(p.combine), bool(p.group_by), bool(p.aggregate)) for _, p in PLANS}
    assert len(PLANS) >= 40 and len(shapes) >= 8


@pytest.mark.parametrize(("question", "plan"), PLANS, ids=[q for q, _ in PLANS])
def test_conditions_and_plan_lines_say_the_time_that_runs(question: str, plan: QueryPlan) -> None:
    text = "\n".join(describe.plan_lines(plan) + describe.conditions(plan))
    for s in plan.steps:
        for t in s.time:
            assert describe.range_text(t.start, t.end) in text, (question, text)
    windows = {(t.start, t.end) for s in plan.steps for t in s.time}
    if len(windows) != 1:
        return
    old = windows.pop()
    new = ("2025-07", "2025-09")
    moved = describe.retimed(plan, old, new)
    said = "\n".join([*moved.notes, *(s.description for s in moved.steps)])
    for form in describe.window_texts(*old):
        assert form not in said, (question, said)
    before = "\n".join([*plan.notes, *(s.description for s in plan.steps)])
    if any(form in before for form in describe.window_texts(*old)):
        assert any(form in said for form in describe.window_texts(*new)), (question, said)


@pytest.mark.neo4j
def test_after_a_follow_up_moves_the_month_the_basis_says_the_new_one(make_agent: AgentFactory, ask: Ask) -> None:
    agent = make_agent()
    tid = agent.store.create_thread()
    r1 = ask(agent, "2026年1月哪些人缺勤", thread_id=tid, auto=True)
    assert r1.status == "answered" and "2026-01" in r1.answer, r1.answer
    r2 = ask(agent, "改成2月", thread_id=tid, auto=True)
    assert r2.status == "answered", r2.answer
    assert {t["start"] for s in r2.plan["steps"] for t in s["time"]} == {"2026-02"}
    # (the follow-up note quotes the previous question itself, which said January)
    shown = "\n".join(x for x in [*r2.answer.splitlines(), *r2.plan_description] if "按上一轮问题" not in x)
    assert "2026-02" in shown and "2026-01" not in shown and "2026年1月" not in shown, shown


def test_the_relationship_basis_reads_as_words_in_the_plan() -> None:
    # 确认计划 shows the 口径 condition in words, not as 服务于.依据 = 人员信息
    und = DeterministicPlanner().understand_sync("青浦-区图书馆有多少人", context(date(2026, 4, 20)))
    assert und.plan is not None
    lines = "\n".join(describe.plan_lines(und.plan))
    assert "服务于关系只算「人员信息」中登记的" in lines and "依据 =" not in lines, lines
    basis = next(f for f in und.plan.steps[0].filters if f.field == "依据")
    month_run = basis.model_copy(update={"value": "考勤/排班"})
    step = und.plan.steps[0].model_copy(update={"filters": [month_run]})
    assert describe.filter_text(step, month_run, with_source=False) == "服务于关系只算考勤、排班记录中出现过的"
