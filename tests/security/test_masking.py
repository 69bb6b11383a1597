"""Result-level masking: executor-shaped rows, banded ages, tiny-group suppression, free-text scrub,
the schema shown to prompts, quality reports, history, and the qa Policy hook end to end with the
real result builder (kgdesk/qa/results.py)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kgdesk.qa.policy import Policy as QaPolicy
from kgdesk.qa.results import apply_derived, build_outcome
from kgdesk.qa.schema import SchemaView
from kgdesk.quality.report import build_quality_report
from kgdesk.security.masking import (
    ResultMasker,
    SmallGroupSuppressed,
    mask_quality_report,
    mask_schema_doc,
    mask_schema_view,
)
from kgdesk.security.permissions import MASK_TEXT, default_permissions, policy_for
from kgdesk.security.qa_policy import SecurityPolicy
from kgdesk.templates.validator import validate_paths
from tests.security.helpers import age, f, hop, plan, ref
from tests.xlsx import write_xlsx

TODAY = date(2026, 6, 1)


def person(i: int, *, politics: str = "群众", project: str = "XMSQ0102", born: str = "1990-05-01") -> dict[str, Any]:
    key = f"KWL{i:04d}"
    return {
        "_key": key, "_display": f"员工{i}（{key}）", "_template": "人员信息", "_src_files": ["人员信息.xlsx"],
        "_src_sheets": ["数据"], "_src_rows": [i + 1], "姓名": f"员工{i}", "工号": key, "当前服务项目编号": project,
        "联系电话": f"1380000{i:04d}", "政治面貌": politics, "身份证号码": f"31010119900101{i:04d}", "出生日期": born,
    }


def attendance(i: int, pay: float) -> dict[str, Any]:
    return {"_key": f"KWL{i:04d}|XMSQ0102|2026-03", "_display": f"KWL{i:04d}|XMSQ0102|2026-03", "_template": "考勤与人员财务",
            "工号": f"KWL{i:04d}", "项目编号": "XMSQ0102", "年月": "2026-03", "税后工资": pay, "餐费": 300.0}


def dumped(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, default=str)


# ---------------------------------------------------------------- rows


def test_rows_with_hops_are_masked_per_alias() -> None:
    p = plan("list", hops=[hop("有考勤", "考勤")], projection=[ref(None)])
    rows = [{"n0": person(1), "r1": {"_template": "考勤与人员财务", "_rule": "有考勤"}, "n1": attendance(1, 6543.21)}]
    for role, visible in (("staff", False), ("manager", True)):
        m = ResultMasker(policy_for(role), p)
        out = m.mask_rows(p.steps[0], rows)
        text = dumped(out)
        assert ("6543.21" in text) is visible and ("13800000001" in text) is visible
        assert "310101199001010001" not in text  # no role but admin sees the ID card
        assert out[0]["n0"]["姓名"] == "员工1" and out[0]["n1"]["年月"] == "2026-03"
    assert rows[0]["n0"]["联系电话"] == "13800000001"  # the input is not modified


def test_flattened_and_unknown_keys() -> None:
    p = plan("list", projection=[ref("姓名")])
    m = ResultMasker(policy_for("guest"), p)
    out = m.mask_rows(p.steps[0], [{"n0.姓名": "张三", "n0.联系电话": "13800001111", "value": 3, "blob": {"x": 1}}])
    assert out == [{"n0.姓名": "张三", "value": 3}]


def test_ages_are_banded_whether_or_not_the_caller_computed_them() -> None:
    p = plan("list", derived=[age()], projection=[ref(None), ref("年龄")])
    raw = [{"n0": person(1, born="1990-05-01")}, {"n0": person(2, born="1961-01-01")}]
    m = ResultMasker(policy_for("staff"), p, today=TODAY)
    out = m.mask_plan_rows(raw)  # derived not evaluated yet: the masker computes it from 出生日期
    assert [r["n0"]["年龄"] for r in out] == ["30-39岁", "60岁及以上"]
    assert all("出生日期" not in r["n0"] for r in out)
    evaluated = [{"n0": dict(r["n0"])} for r in raw]
    apply_derived(p.steps[0], evaluated, TODAY)
    assert [r["n0"]["年龄"] for r in ResultMasker(policy_for("guest"), p).mask_plan_rows(evaluated)] == [
        "30-39岁", "60岁及以上",
    ]
    assert [r["n0"]["年龄"] for r in ResultMasker(policy_for("admin"), p).mask_plan_rows(evaluated)] == [36, 65]


def test_tiny_groups_are_removed_before_grouping() -> None:
    """Manager may count people by 政治面貌, but a group of fewer than 3 never reaches the answer."""
    p = plan("compare", group_by=[ref("政治面貌")], aggregate={"fn": "count"})
    rows = [{"n0": person(i, politics="群众")} for i in range(1, 6)]
    rows += [{"n0": person(i, politics="中共党员")} for i in range(6, 8)]
    rows += [{"n0": person(8, politics="共青团员")}]
    m = ResultMasker(default_permissions().policy("manager", min_group_size=3), p)
    masked = m.mask_plan_rows(rows)
    outcome = build_outcome(p, masked)
    assert [(fct.display, fct.values["__value__"]) for fct in outcome.facts] == [("群众", 5)]
    assert m.notes and "少于 3 人" in m.notes[0] and "2 个分组" in m.notes[0]
    # the admin sees all three groups; with a smaller minimum the manager does too
    assert len(build_outcome(p, ResultMasker(policy_for("admin"), p).mask_plan_rows(rows)).facts) == 3
    m1 = ResultMasker(default_permissions().policy("manager", min_group_size=1), p)
    assert len(build_outcome(p, m1.mask_plan_rows(rows)).facts) == 3


def test_ungrouped_statistic_over_a_tiny_population_is_refused() -> None:
    p = plan("count", filters=[f("工号", value="KWL0001")], aggregate={"fn": "count_distinct", "field": "政治面貌"})
    m = ResultMasker(policy_for("manager"), p)
    with pytest.raises(SmallGroupSuppressed, match="不足 3 人"):
        m.mask_plan_rows([{"n0": person(1, politics="中共党员")}])
    assert len(m.mask_plan_rows([{"n0": person(i)} for i in range(3)])) == 3


def test_scrub_removes_withheld_values_from_any_text() -> None:
    p = plan("list", projection=[ref(None)])
    m = ResultMasker(policy_for("guest"), p)
    m.mask_rows(p.steps[0], [{"n0": person(7)}])
    doc = {"answer": "员工7 的电话是 13800000007", "trace": [{"note": "身份证 310101199001010007"}], "value": 3}
    out = m.scrub(doc)
    assert "13800000007" not in dumped(out) and "310101199001010007" not in dumped(out)
    assert out["value"] == 3


# ---------------------------------------------------------------- the qa Policy hook


def test_security_policy_satisfies_the_qa_hook() -> None:
    sp = SecurityPolicy(today=TODAY)
    assert isinstance(sp, QaPolicy)
    pay = plan("list", entity="考勤", projection=[ref("税后工资")])
    d = sp.permit(pay, role="staff", user="u")
    assert not d.allowed and d.permission == "工资" and "「工资」" in d.message
    assert sp.permit(pay, role="manager", user="m").allowed
    # an unknown or missing role is the default role (guest): deny by default
    assert not sp.permit(plan("count", entity="设备", aggregate={"fn": "count"}), role=None, user=None).allowed
    assert not sp.permit(plan("count", entity="设备", aggregate={"fn": "count"}), role="root", user=None).allowed
    assert sp.permit_intents({"工资"}, role="staff").missing == ("工资",)


def test_security_policy_masks_rows_then_answer() -> None:
    sp = SecurityPolicy(today=TODAY)
    p = plan("list", derived=[age()], projection=[ref(None), ref("年龄"), ref("联系电话")])
    sp.start_question()
    rows = sp.mask_rows(p, [{"n0": person(3, born="1980-01-01")}], role="guest")
    assert rows[0]["n0"]["年龄"] == "40-49岁" and "联系电话" not in rows[0]["n0"]
    doc = sp.mask_answer({"answer": "电话 13800000003，生日 1980-01-01", "status": "answered"}, role="guest")
    assert "13800000003" not in doc["answer"] and "1980-01-01" not in doc["answer"]


def test_security_policy_appends_the_suppression_note() -> None:
    sp = SecurityPolicy(min_group_size=3)
    p = plan("compare", group_by=[ref("政治面貌")], aggregate={"fn": "count"})
    rows = [{"n0": person(i, politics="群众")} for i in range(4)] + [{"n0": person(9, politics="中共党员")}]
    sp.start_question()
    kept = sp.mask_rows(p, rows, role="manager")
    assert len(kept) == 4
    doc = sp.mask_answer({"answer": "群众 4 人"}, role="manager")
    assert doc["answer"].endswith("为保护个人信息，人数少于 3 人的 1 个分组未显示。")


# ---------------------------------------------------------------- prompts, quality, history

SCHEMA = {
    "labels": {
        "人员": {"count": 3, "key": ["工号"], "display": "姓名", "properties": {
            "政治面貌": {"type": "文本", "distinct": 2, "values": ["群众", "中共党员"]},
            "联系电话": {"type": "文本", "distinct": 3, "values": ["13800000001", "13800000002", "13800000003"]},
            "性别": {"type": "枚举", "distinct": 2, "values": ["男", "女"]}}},
        "设备": {"count": 1, "key": ["项目编号", "设备编号"], "display": "设备名称", "properties": {
            "完好状况": {"type": "枚举", "distinct": 1, "values": ["完好"]}}},
    },
    "relationships": [],
}


def test_schema_values_hidden_from_prompts() -> None:
    guest = mask_schema_doc(SCHEMA, policy_for("guest"))
    assert "13800000001" not in dumped(guest) and "中共党员" not in dumped(guest)
    assert guest["labels"]["人员"]["properties"]["性别"]["values"] == ["男", "女"]
    assert "values" not in guest["labels"]["设备"]["properties"]["完好状况"]
    assert "联系电话" in guest["labels"]["人员"]["properties"]  # the name stays, so a plan is denied clearly
    view = mask_schema_view(SchemaView.from_json(SCHEMA, version="v1"), policy_for("staff"))
    assert view.labels["人员"].properties["联系电话"].values is None
    assert view.labels["人员"].properties["联系电话"].sensitive
    assert view.labels["人员"].properties["性别"].values == ("男", "女")
    assert mask_schema_doc(SCHEMA, policy_for("admin")) == SCHEMA
    via_hook = SecurityPolicy().mask_schema(SchemaView.from_json(SCHEMA, version="v1"), role="guest")
    assert via_hook.labels["人员"].properties["政治面貌"].values is None


def test_quality_report_masked_for_the_role(tmp_path: Path) -> None:
    header = ["姓名", "工号", "岗位名称", "出生日期", "政治面貌", "联系电话", "身份证号码"]
    write_xlsx(tmp_path / "人员信息.xlsx", header, [
        ["张三", "KWL9001", "保安_普保", "不是日期", "中共党员", "13912345678", "310101198001019999"],
        ["李四", "KWL9002", None, "1985-02-03", "群众", "13787654321", "310101198502038888"],
    ])
    run = validate_paths([tmp_path / "人员信息.xlsx"])
    report = build_quality_report(run, "v-test")
    assert "13912345678" in dumped(report)  # the raw report has every field of the problem rows
    secrets = ("13912345678", "13787654321", "310101198001019999", "310101198502038888", "不是日期", "1985-02-03")
    guest = mask_quality_report(report, policy_for("guest"))
    text = dumped(guest)
    for s in secrets:
        assert s not in text, s
    rows = guest["files"][0]["problem_rows"]
    assert {r["raw"]["联系电话"] for r in rows} == {MASK_TEXT}
    assert {r["raw"]["姓名"] for r in rows} == {"张三", "李四"}
    bad_birth = [i for r in rows for i in r["issues"] if "出生日期" in i["fields"]]
    assert bad_birth and bad_birth[0]["value"] == MASK_TEXT and "无权查看" in bad_birth[0]["message"]
    manager = dumped(mask_quality_report(report, policy_for("manager")))
    assert "13912345678" in manager and "310101198001019999" not in manager
    assert mask_quality_report(report, policy_for("admin")) == report




def test_one_derived_name_with_two_meanings_is_dropped() -> None:
    from kgdesk.qa.dsl import QueryPlan

    p = QueryPlan.model_validate({
        "query_type": "list",
        "steps": [
            {"id": "s1", "entity": "人员", "derived": [age("x", "to_number(工号)")]},
            {"id": "s2", "entity": "考勤", "derived": [age("x", "to_number(税后工资)")]},
        ],
    })
    rows = [{"n0": {"_key": "K", "x": 6543.0}}]
    assert "x" not in ResultMasker(policy_for("staff"), p).mask_plan_rows(rows)[0]["n0"]


def test_rows_masked_in_a_worker_thread_still_reach_the_answer() -> None:
    """The pipeline masks rows in `asyncio.to_thread` (a copy of the context) and masks the answer on
    its own task: the suppression note and the withheld values must still get from one to the other."""
    import asyncio

    sp = SecurityPolicy(min_group_size=3)
    p = plan("compare", group_by=[ref("政治面貌")], aggregate={"fn": "count"})
    rows = [{"n0": person(i, politics="群众")} for i in range(4)] + [{"n0": person(9, politics="中共党员")}]
    phone = plan("list", projection=[ref(None)])

    async def question() -> dict[str, Any]:
        assert sp.permit(p, role="manager", user="m").allowed
        await asyncio.to_thread(sp.mask_rows, p, rows, role="manager")
        await asyncio.to_thread(sp.mask_rows, phone, [{"n0": person(9)}], role="guest")
        return sp.mask_answer({"answer": "群众 4 人；员工9 电话 13800000009"}, role="manager")

    doc = asyncio.run(question())
    assert doc["answer"].endswith("为保护个人信息，人数少于 3 人的 1 个分组未显示。")
    assert "13800000009" not in doc["answer"]
