"""Routing between the rules and the model (issue 18, Deliver 4 and class 11): the real openai SDK
against the scripted server, on the real local graph.

- a rule plan is final only when it is `certain`; one that assumed something (a default 口径, a
  year for a bare month) does not pre-empt the model;
- when both readings exist and differ the user sees both in one dialog; --auto takes the model's;
- a plan the model marks `grounded` is grounded all the same (a nonexistent project is
  insufficient / no_such_entity, never "0 人");
- day-code concepts (病假, 旷工) are expressible on the LLM path as on the rule path.
"""

from __future__ import annotations

from typing import Any

import pytest
from openpyxl import load_workbook

from kgdesk.llm import OpenAICompatibleClient
from kgdesk.qa.interactions import PlanConfirmation, SlotConfirmation
from kgdesk.qa.understanding import ChoiceRequest
from tests.agent import oracle
from tests.agent.conftest import DATA, AgentFactory, Ask
from tests.agent.helpers import RecordingUI
from tests.llm_server import LLMTestServer
from tests.llm_server import Reply as R

pytestmark = pytest.mark.llm

ZX_PARK = "XMSQ0122"


def plan_reply(plan: dict[str, Any]) -> R:
    return R.json({"status": "plan", "plan": plan, "message": "", "missing_concepts": []})


def staff_count(project_filter: dict[str, Any]) -> dict[str, Any]:
    """People serving a project by 人员信息 (the rule path's default 口径)."""
    return {
        "query_type": "count",
        "steps": [{
            "id": "s1", "entity": "人员",
            "hops": [{"source": "n0", "rel": "服务于", "direction": "out", "target": "项目"}],
            "filters": [project_filter, {"node": "r1", "field": "依据", "op": "eq", "value": "人员信息", "value_source": "derived"}],
        }],
        "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
    }


def attendance_people(project: str, month: str) -> dict[str, Any]:
    """People with an attendance row of their own in that project and month."""
    return {
        "query_type": "count",
        "steps": [{
            "id": "s1", "entity": "人员",
            "hops": [{"source": "n0", "rel": "有考勤", "direction": "out", "target": "考勤"}],
            "filters": [{"node": "n1", "field": "项目编号", "op": "eq", "value": project, "value_source": "user_text"}],
            "time": [{"kind": "month_eq", "node": "n1", "field": "年月", "start": month, "end": month}],
        }],
        "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
    }


def day_people(code: str, month: str, name: str) -> dict[str, Any]:
    return {
        "query_type": "list",
        "steps": [{
            "id": "s1", "entity": "人员",
            "hops": [{"source": "n0", "rel": "有考勤", "direction": "out", "target": "考勤"}],
            "derived": [{"name": name, "node": "n1", "expression": f'day_count("{code}")', "unit": "天"}],
            "filters": [{"node": "n1", "field": name, "op": "gt", "value": 0, "value_source": "derived"}],
            "time": [{"kind": "month_eq", "node": "n1", "field": "年月", "start": month, "end": month}],
        }],
        "projection": [{"node": "n0"}],
    }


def people_with_code(code: str, month: str) -> set[str]:
    wb = load_workbook(DATA / "考勤与人员财务.xlsx", read_only=True, data_only=True)
    try:
        rows = list(wb["数据"].iter_rows(values_only=True))
    finally:
        wb.close()
    head = [str(h) for h in rows[0]]
    days = [i for i, h in enumerate(head) if h.endswith("日") and h[:-1].isdigit()]
    out = set()
    for r in rows[1:]:
        if oracle._month(r[head.index("年月")]) == month and any(r[i] == code for i in days):
            out.add(str(r[head.index("工号")]).strip())
    return out


def attendance_in(project: str, month: str) -> int:
    return len({p for p, proj, m in oracle.attendance() if proj == project and m == month})


# ---------------------------------------------------------------------- rules refuse → the model


def test_day_code_concept_answered_on_the_llm_path(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    expected = people_with_code("病", "2026-02")
    assert expected  # the data has sick days that month
    llm_server.script(plan_reply(day_people("病", "2026-02", "病假天数")))
    r = ask(make_agent(agent_llm), "2026年2月谁请了病假", auto=True)
    assert r.status == "answered", r.answer
    assert len(llm_server.requests) == 1  # the rules refused; the model planned
    assert len(r.value) == len(expected) and all(any(i in v for i in expected) for v in r.value)
    system = llm_server.requests[0].messages[0]["content"]
    assert "每日代码" in system and "病=病假" in system and "day_count" in system


def test_day_count_with_a_code_the_template_lacks_is_fed_back(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(plan_reply(day_people("病假", "2026-02", "病假天数")), plan_reply(day_people("病", "2026-02", "病假天数")))
    r = ask(make_agent(agent_llm), "2026年2月谁请了病假", auto=True)
    assert r.status == "answered", r.answer
    assert len(llm_server.requests) == 2
    assert "每日代码" in llm_server.requests[1].last_user_content and "病=病假" in llm_server.requests[1].last_user_content


# ---------------------------------------------------------------------- untrusted value_source


@pytest.mark.parametrize(
    "project_filter",
    [
        {"node": "n1", "field": "_key", "op": "eq", "value": "XMSQ9999", "value_source": "grounded"},
        {"node": "n1", "field": "项目名称", "op": "eq", "value": "火星基地", "value_source": "grounded"},
        {"node": "n1", "field": "项目编号", "op": "eq", "value": "XMSQ9999", "value_source": "user_choice"},
    ],
)
def test_a_value_the_model_marks_grounded_is_grounded_all_the_same(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer,
    project_filter: dict[str, Any],
) -> None:
    llm_server.script(plan_reply(staff_count(project_filter)))
    r = ask(make_agent(agent_llm), "在那个工地干活的弟兄有几位", auto=True)
    assert len(llm_server.requests) == 1
    doc = r.to_json()
    assert r.status == "insufficient" and r.value is None, r.answer
    assert doc["reason"] == "no_such_entity" and doc["missing"] == project_filter["value"]
    assert "0 人" not in r.answer and r.queries == []


def test_an_existing_key_the_model_copied_is_kept(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(plan_reply(staff_count({"node": "n1", "field": "_key", "op": "eq", "value": ZX_PARK, "value_source": "grounded"})))
    r = ask(make_agent(agent_llm), "在那个工地干活的弟兄有几位", auto=True)
    assert r.status == "answered" and r.value == len(oracle.staff_of(ZX_PARK)), r.answer


# ---------------------------------------------------------------------- an assuming rule plan


def test_a_rule_plan_that_assumed_asks_the_model_and_agreeing_readings_ask_nothing(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    # 3月 without a year: the rules assume 2026 (an assumption), so the model plans too
    same = {
        "query_type": "count",
        "steps": [{"id": "s1", "entity": "考勤", "time": [{"kind": "month_eq", "node": "n0", "field": "年月", "start": "2026-03", "end": "2026-03"}]}],
        "aggregate": {"fn": "count_distinct", "node": "n0", "field": "_key"},
    }
    llm_server.script(plan_reply(same))
    ui = RecordingUI()
    r = ask(make_agent(agent_llm), "3月考勤有多少条", interactor=ui)
    assert len(llm_server.requests) == 1
    assert r.status == "answered" and r.value == oracle.attendance_rows("2026-03"), r.answer
    assert ui.kinds() == ["slots", "plan"]  # the same reading: no choice between readings
    assert any(t["step"] == "route" and t.get("to") == "rules" for t in r.trace)


def test_a_certain_rule_plan_is_final(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    r = ask(make_agent(agent_llm), "一共有多少人", auto=True)
    assert r.status == "answered" and r.value == len(oracle.people())
    assert llm_server.requests == []


QUESTION = "XMSQ0122有多少人"  # the rules assume the 口径 of 人员信息 (current project)


def test_differing_readings_are_shown_in_one_dialog(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    agent = make_agent(agent_llm)
    by_attendance = attendance_in(ZX_PARK, "2026-03")
    assert by_attendance != len(oracle.staff_of(ZX_PARK))  # the two readings give different numbers
    for pick, expected in (("llm", by_attendance), ("rules", len(oracle.staff_of(ZX_PARK)))):
        llm_server.script(plan_reply(attendance_people(ZX_PARK, "2026-03")))
        ui = RecordingUI(values=[[pick]])
        r = ask(agent, QUESTION, interactor=ui)
        assert r.status == "answered" and r.value == expected, (pick, r.answer)
        readings = [q for q in ui.of(ChoiceRequest) if isinstance(q, ChoiceRequest) and q.kind == "reading"]
        assert len(readings) == 1 and [o.id for o in readings[0].options] == ["llm", "rules"]
        shown = readings[0].prompt + " ".join(o.label + o.detail for o in readings[0].options)
        assert "两种理解" in shown and "考勤" in shown and "服务于" not in readings[0].prompt
        # choosing a reading is the confirmation of the understanding: no second slots dialog
        assert not ui.of(SlotConfirmation) and len(ui.of(PlanConfirmation)) == 1
        assert any(t["step"] == "reading" and t.get("chosen") == pick for t in r.trace)


def test_auto_takes_the_models_validated_plan(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    llm_server.script(plan_reply(attendance_people(ZX_PARK, "2026-03")))
    r = ask(make_agent(agent_llm), QUESTION, auto=True)
    assert r.status == "answered" and r.value == attendance_in(ZX_PARK, "2026-03"), r.answer
    assert any(t["step"] == "reading" and t.get("chosen") == "llm" and t.get("asked") is False for t in r.trace)


def test_the_rule_reading_stands_when_the_model_fails(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    bad = plan_reply(staff_count({"node": "n1", "field": "不存在的字段", "op": "eq", "value": "x"}))
    llm_server.script(bad, bad, bad)
    r = ask(make_agent(agent_llm), QUESTION, auto=True)
    assert r.status == "answered" and r.value == len(oracle.staff_of(ZX_PARK)), r.answer
    assert any(t["step"] == "route" and t.get("to") == "rules" for t in r.trace)


# ---------------------------------------------------------------------- a choice among loose names


def test_auto_sends_a_choice_among_loose_names_to_the_model(
    make_agent: AgentFactory, ask: Ask, agent_llm: OpenAICompatibleClient, llm_server: LLMTestServer
) -> None:
    """Lead's L2a: under --auto a clarify of the rules among loosely matched names (北斗园 → three
    北斗园区 projects) would end the question; with a model configured the model reads it (its plan
    grounded like any other), and without one the clarify stands."""
    question = "北斗园有多少人"
    offline = ask(make_agent(), question, auto=True)
    assert offline.status == "clarify", offline.answer
    project = "XMSQ0105"
    llm_server.script(plan_reply(staff_count({"node": "n1", "field": "_key", "op": "eq", "value": project, "value_source": "grounded"})))
    r = ask(make_agent(agent_llm), question, auto=True)
    assert len(llm_server.requests) == 1
    assert r.status == "answered" and r.value == len(oracle.staff_of(project)), r.answer
    assert any(t["step"] == "route" and t.get("to") == "llm" for t in r.trace)
