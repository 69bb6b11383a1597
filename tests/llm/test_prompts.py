"""The compact planning prompt: only the schema a question can touch, examples by its shape, the
reply's type in a few lines; nothing of the rest lost (other labels are named)."""

from __future__ import annotations

from datetime import date
from typing import Any

from kgdesk.agent.llm_understander import LLMPlanReply
from kgdesk.agent.prompt_scope import question_scope
from kgdesk.agent.prompts import planning_system_prompt, question_shapes
from kgdesk.llm.accounting import estimate_tokens
from kgdesk.llm.jsonout import compact_type, json_instruction
from kgdesk.qa.grounding import EntityIndex, Entry
from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.schema import SchemaView
from tests.llm.helpers import StrictPlan


def _props(*names: str, **typed: Any) -> dict[str, Any]:
    out: dict[str, Any] = {n: {"type": "文本", "count": 1} for n in names}
    out.update(typed)
    return out


SCHEMA = SchemaView.from_json(
    {
        "version": "v1",
        "labels": {
            "人员": {"count": 30, "key": ["工号"], "display": "姓名", "properties": _props(
                "姓名", "工号", "岗位名称", "组织名称",
                性别={"type": "枚举", "values": ["女", "男"], "count": 30},
                出生日期={"type": "日期", "count": 30, "sensitive": True},
            )},
            "项目": {"count": 16, "key": ["项目编号"], "display": "项目名称", "properties": _props(
                "项目编号", "项目名称", "甲方名称", "项目地址",
                服务状态={"type": "枚举", "values": ["已结束", "服务中", "未开始"], "count": 16},
            )},
            "设备": {"count": 20, "key": ["设备编号"], "display": "设备名称", "properties": _props(
                "设备编号", "设备名称", 完好状况={"type": "枚举", "values": ["完好", "报废"], "count": 20},
            )},
            "财务": {"count": 24, "key": ["项目编号", "年月"], "display": None, "properties": _props(
                "项目编号", 年月={"type": "年月", "count": 24}, 收款金额={"type": "小数", "count": 24},
            )},
        },
        "relationships": [
            {"type": "服务于", "start": "人员", "end": "项目", "count": 30, "properties": ["依据", "开始", "结束"]},
            {"type": "所属项目", "start": "设备", "end": "项目", "count": 20, "properties": []},
            {"type": "月度财务", "start": "项目", "end": "财务", "count": 24, "properties": []},
        ],
        "months": {"list": ["2026-01", "2026-02", "2026-03"]},
    }
)
INDEX = EntityIndex(
    [Entry("项目", "XMSQ0122", "青浦-赵巷公园（XMSQ0122）", "项目名称", "name", "青浦-赵巷公园", normalize("青浦-赵巷公园"))]
)


class Ctx:
    schema = SCHEMA
    lexicon = load_lexicon()
    index = INDEX
    today = date(2026, 11, 30)


def test_scope_is_what_the_question_names_and_what_links_it() -> None:
    scope = question_scope("在赵巷公园干活的女同志有几位", SCHEMA, Ctx.lexicon, INDEX)
    assert scope.labels == {"人员", "项目"}  # 女 → 人员.性别; 赵巷公园 → a 项目 by name
    assert "性别" in scope.fields["人员"] and "项目名称" in scope.fields["项目"]
    assert "项目" not in scope.full  # reached by a name only: its key and name field are enough

    # 设备 and 财务 are two labels the question names; 项目 links them (a two-hop plan passes it)
    two_hop = question_scope("报废设备所在项目的收款金额", SCHEMA, Ctx.lexicon, INDEX)
    assert {"设备", "财务"} <= two_hop.labels


def test_the_prompt_carries_the_touched_schema_and_names_the_rest() -> None:
    system = planning_system_prompt("在赵巷公园干活的女同志有几位", Ctx())
    assert "(人员)-[服务于]->(项目) 属性：依据、开始、结束" in system
    assert "性别[枚举]{取值: 女/男}" in system and "出生日期[日期](敏感)" in system
    assert "(设备)-[所属项目]->(项目)" not in system and "完好状况" not in system
    assert "图谱中还有这些标签" in system and "设备" in system.split("图谱中还有这些标签")[1]
    assert "2026-01 至 2026-03" in system and "今天是 2026-11-30" in system
    assert "甲方名称" not in system and "其余" in system  # 项目 shown by its key and name only


def test_a_follow_up_keeps_the_labels_of_the_history() -> None:
    plain = planning_system_prompt("那报废的呢", Ctx())
    with_history = planning_system_prompt("那报废的呢", Ctx(), extra_text="第 1 轮 问题：赵巷公园有几台设备")
    assert "完好状况" in plain  # 报废 is a 设备 value
    assert "(设备)-[所属项目]->(项目)" in with_history


def test_examples_follow_the_question_shape() -> None:
    lex = Ctx.lexicon
    assert question_shapes("王海涛有没有电工证", lex) == ["existence"]
    assert question_shapes("工业园区有哪些保安", lex) == ["list"]
    assert question_shapes("各项目的设备有多少台", lex)[0] == "group"
    assert '"query_type":"existence"' in planning_system_prompt("王海涛有没有电工证", Ctx())


def test_the_reply_type_is_compact_and_complete() -> None:
    assert compact_type(StrictPlan) == (
        'StrictPlan = {query_type: "existence"|"count"|"list"; entity: string; limit?: int}'
    )
    text = compact_type(LLMPlanReply)
    for name in ("QueryPlan", "Step", "Hop", "Filter", "TimeFilter", "Aggregate", "Derived", "ConceptNeed"):
        assert f"\n{name} = {{" in text
    assert "plan_version" not in text  # a constant the model never writes
    full = json_instruction(LLMPlanReply)
    assert estimate_tokens(full) < 1300  # the JSON Schema itself is about 3000


def test_a_planning_prompt_stays_small_on_a_small_schema() -> None:
    system = planning_system_prompt("2026年3月赵巷公园的收款金额是多少", Ctx())
    total = estimate_tokens(system) + estimate_tokens(json_instruction(LLMPlanReply))
    assert total < 3000
