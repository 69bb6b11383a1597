"""The planner's counting rules, on hand-made records (pure: no files, no server)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from kgdesk.errors import TemplateMetadataError
from kgdesk.graph.planner import MONTH_RUN_BASIS, GraphPlan, month_runs, plan_graph
from kgdesk.graph.similarity import EmbeddingSimilarity, LexicalSimilarity
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.model import MatchMode, RelationRule, TemplateSet
from kgdesk.templates.records import Dataset, Record, SourceRef

TS = default_template_set()
V = "20260101-000000-000000-abcdef12"

_FILES = {
    "项目信息": "项目.xlsx",
    "人员信息": "人员.xlsx",
    "片区信息": "片区.xlsx",
    "项目片区关系": "项目片区.xlsx",
    "考勤与人员财务": "考勤.xlsx",
    "排班月报": "排班.xlsx",
    "岗位字典": "岗位.xlsx",
    "采购与维保": "采购.xlsx",
}


def rec(template: str, label: str | None, key: Sequence[str], row: int, **props: Any) -> Record:
    return Record(
        template, label, tuple(key), dict(props), [SourceRef(template, _FILES[template], "数据", row)]
    )


def project(code: str, row: int, **kw: Any) -> Record:
    return rec("项目信息", "项目", [code], row, 项目编号=code, 项目名称=f"项目{code}", **kw)


def person(no: str, row: int, **kw: Any) -> Record:
    return rec("人员信息", "人员", [no], row, 工号=no, 姓名=f"员工{no}", **kw)


def att(no: str, proj: str, month: str, row: int) -> Record:
    return rec("考勤与人员财务", "考勤", [no, proj, month], row, 工号=no, 项目编号=proj, 年月=month, 姓名="x")


def shift(no: str, proj: str, month: str, row: int) -> Record:
    return rec("排班月报", "排班月报", [no, proj, month], row, 工号=no, 项目编号=proj, 年月=month, 姓名="x")


def edges(plan: GraphPlan, rel_type: str) -> list[tuple[str, str, dict[str, Any]]]:
    out: list[tuple[str, str, dict[str, Any]]] = []
    for g in plan.relationships:
        if g.type == rel_type:
            out.extend((r["s"].split("#", 1)[1], r["e"].split("#", 1)[1], r["p"]) for r in g.rows)
    return sorted(out, key=lambda x: (x[0], x[1], str(x[2].get("开始"))))


@pytest.fixture
def plan() -> GraphPlan:
    records = [
        project("P1", 2),
        project("P2", 3, 上级项目编号="P1", 续签前项目编号="P9"),  # 续签 target missing → no edge
        project("P3", 4, 上级项目编号="P3", 续签前项目编号="P1"),  # self parent → no edge
        person("E1", 2, 当前服务项目编号="P1", 服务起始年月="2025-01", 岗位名称="项目经理"),
        person("E2", 3, 当前服务项目编号="PX", 岗位名称="  "),  # dangling project, blank post
        person("E3", 4, 当前服务项目编号=["P1", "P2"], 服务结束年月="2026-02"),  # conflict kept as a list
        rec("片区信息", "片区", ["A1"], 2, 片区编号="A1", 片区名称="东区", 片区负责人工号="E1"),
        rec("项目片区关系", None, ["P1", "A1"], 2, 项目编号="P1", 片区编号="A1", 备注="主片区"),
        rec("项目片区关系", None, ["P2", "A1"], 3, 项目编号="P2", 片区编号="A1"),
        rec("项目片区关系", None, ["P9", "A1"], 4, 项目编号="P9", 片区编号="A1"),
        att("E1", "P1", "2026-01", 2),
        att("E1", "P1", "2026-02", 3),
        att("E1", "P1", "2026-04", 4),
        shift("E1", "P1", "2026-03", 2),
        shift("E1", "P1", "2026-04", 3),
        att("E2", "P2", "2025-12", 5),
        att("E2", "P2", "2026-01", 6),
        att("E2", "P2", "2026-03", 7),
        shift("E1", "P9", "2026-01", 4),  # project missing → no 服务于 and no 所属项目
        rec("岗位字典", "岗位", ["项目经理"], 2, 岗位名称="项目经理", 员工层级="项目管理人员"),
    ]
    return plan_graph(Dataset(records), TS, V)


def test_nodes_one_per_key_with_provenance(plan: GraphPlan) -> None:
    counts = plan.node_counts()
    assert counts == {"项目": 3, "人员": 3, "片区": 1, "考勤": 6, "排班月报": 3, "岗位": 1}
    for label, rows in plan.nodes.items():
        for row in rows:
            assert row["_uid"] == f"{V}#{row['_key']}"
            assert row["_version"] == V
            assert row["_template"]
            assert len(row["_src_files"]) == len(row["_src_sheets"]) == len(row["_src_rows"]) >= 1, label
    p1 = next(r for r in plan.nodes["项目"] if r["_key"] == "P1")
    assert p1["_display"] == "项目P1（P1）"
    assert p1["_src_rows"] == [2]
    e2 = next(r for r in plan.nodes["人员"] if r["_key"] == "E2")
    assert "岗位名称" not in e2  # empty values are absent
    e3 = next(r for r in plan.nodes["人员"] if r["_key"] == "E3")
    assert e3["当前服务项目编号"] == ["P1", "P2"]
    att_row = plan.nodes["考勤"][0]
    assert att_row["_display"] == att_row["_key"]  # no display field: the key text


def test_declared_service_edges(plan: GraphPlan) -> None:
    declared = [e for e in edges(plan, "服务于") if e[2]["依据"] == "人员信息"]
    assert [(s, e) for s, e, _ in declared] == [("E1", "P1"), ("E3", "P1"), ("E3", "P2")]
    e1 = declared[0][2]
    assert e1["开始"] == "2025-01" and "结束" not in e1
    assert (e1["_template"], e1["_src_file"], e1["_src_sheet"], e1["_src_row"]) == (
        "人员信息",
        "人员.xlsx",
        "数据",
        2,
    )
    assert declared[1][2]["结束"] == "2026-02"


def test_month_run_edges_union_both_sources(plan: GraphPlan) -> None:
    runs = [(s, e, p["开始"], p["结束"]) for s, e, p in edges(plan, "服务于") if p["依据"] == MONTH_RUN_BASIS]
    assert runs == [
        ("E1", "P1", "2026-01", "2026-04"),  # 考勤 01,02,04 + 排班 03,04 → one continuous run
        ("E2", "P2", "2025-12", "2026-01"),  # across the year boundary
        ("E2", "P2", "2026-03", "2026-03"),
    ]
    e1 = next(p for s, e, p in edges(plan, "服务于") if p["依据"] == MONTH_RUN_BASIS and s == "E1")
    assert e1["_src_templates"] == ["考勤与人员财务"] * 3 + ["排班月报"] * 2
    assert e1["_src_rows"] == [2, 3, 4, 2, 3]
    assert e1["_src_files"] == ["考勤.xlsx"] * 3 + ["排班.xlsx"] * 2
    assert len(e1["_src_sheets"]) == 5


def test_equal_rules_and_dangling_references(plan: GraphPlan) -> None:
    assert [(s, e) for s, e, _ in edges(plan, "包含")] == [("P1", "P2")]
    contains = edges(plan, "包含")[0][2]
    assert (
        contains["_template"] == "项目信息" and contains["_src_row"] == 3
    )  # the child's row holds the reference
    assert [(s, e) for s, e, _ in edges(plan, "续签自")] == [("P3", "P1")]
    assert [(s, e) for s, e, _ in edges(plan, "负责人")] == [("A1", "E1")]
    assert [(s, e) for s, e, _ in edges(plan, "岗位")] == [("E1", "项目经理")]
    assert len(edges(plan, "有考勤")) == 6
    assert len(edges(plan, "有排班")) == 3  # E1|P9 排班 still belongs to E1
    assert len(edges(plan, "所属项目")) == 6 + 2  # the P9 排班 has no project
    rc = plan.relationship_counts()
    assert rc["服务于"] == 3 + 3
    assert sum(rc.values()) == plan.total_relationships


def test_via_template_rows(plan: GraphPlan) -> None:
    via = edges(plan, "属于片区")
    assert [(s, e) for s, e, _ in via] == [("P1", "A1"), ("P2", "A1")]
    assert via[0][2]["备注"] == "主片区" and "备注" not in via[1][2]
    assert via[0][2]["_template"] == "项目片区关系" and via[0][2]["_src_row"] == 2


def test_every_edge_has_provenance_and_version(plan: GraphPlan) -> None:
    for g in plan.relationships:
        for r in g.rows:
            p = r["p"]
            assert p["_version"] == V and p["_rule"] and p["_template"]
            assert ("_src_row" in p) or (len(p["_src_rows"]) == len(p["_src_files"]) >= 1)


def test_same_rule_same_pair_is_one_edge() -> None:
    # Two 项目片区关系 records naming the same pair (e.g. after a merge with differing 备注).
    records = [
        project("P1", 2),
        rec("片区信息", "片区", ["A1"], 2, 片区编号="A1", 片区名称="东区"),
        rec("项目片区关系", None, ["P1", "A1"], 2, 项目编号="P1", 片区编号="A1"),
        rec("项目片区关系", None, ["P1", "A1"], 5, 项目编号="P1", 片区编号="A1"),
        person("E1", 2, 当前服务项目编号=["P1", "P1"]),
    ]
    plan = plan_graph(Dataset(records), TS, V)
    assert plan.relationship_counts() == {"属于片区": 1, "服务于": 1}


def test_duplicate_keys_from_two_records_merge() -> None:
    a = project("P1", 2, 省份="上海")
    b = project("P1", 9, 省份="江苏", 项目简称="图书馆")
    plan = plan_graph(Dataset([a, b]), TS, V)
    (row,) = plan.nodes["项目"]
    assert row["省份"] == ["上海", "江苏"] and row["项目简称"] == "图书馆"
    assert row["_src_rows"] == [2, 9]


def test_month_runs_helper() -> None:
    assert month_runs(["2026-03", "2026-01", "2026-02", "2026-02", "bad", "2026-05"]) == [
        ("2026-01", "2026-03"),
        ("2026-05", "2026-05"),
    ]
    assert month_runs(["2024-11", "2024-12", "2025-01"]) == [("2024-11", "2025-01")]
    assert month_runs([]) == []


def _with_rules(*rules: RelationRule) -> TemplateSet:
    return dataclasses.replace(TS, relations=rules)


def _supplier(name: str, row: int) -> Record:
    return rec("采购与维保", "供应商", [name], row, 记录类型="供应商", 供应商名称=name)


def _contract(no: str, unit: str, row: int) -> Record:
    return rec("采购与维保", "维保合同", [no], row, 记录类型="维保合同", 记录编号=no, 维保单位名称=unit)


def test_contains_rule_on_free_text() -> None:
    rule = RelationRule(
        "维保单位", "维保合同", "维保单位名称", "供应商", "供应商名称", MatchMode.CONTAINS, row=2
    )
    records = [
        _supplier("上海奥的斯电梯有限公司", 2),
        _supplier("奥的斯", 3),
        _supplier("迅达电梯", 4),
        _contract("WB1", "奥的斯电梯", 5),  # contained in supplier 2, contains supplier 3
        _contract("WB2", "", 6),  # empty never makes an edge
        _contract("WB3", "三菱", 7),
    ]
    plan = plan_graph(Dataset(records), _with_rules(rule), V)
    assert [(s, e) for s, e, _ in edges(plan, "维保单位")] == [
        ("WB1", "上海奥的斯电梯有限公司"),
        ("WB1", "奥的斯"),
    ]


def test_contains_and_semantic_refuse_code_fields() -> None:
    for mode in (MatchMode.CONTAINS, MatchMode.SEMANTIC):
        rule = RelationRule("月度财务", "项目", "项目编号", "财务", "项目编号", mode, row=9)
        with pytest.raises(TemplateMetadataError, match="编码"):
            plan_graph(Dataset([project("P1", 2)]), _with_rules(rule), V)


def test_semantic_rule_lexical_default_stores_score() -> None:
    rule = RelationRule(
        "维保单位", "维保合同", "维保单位名称", "供应商", "供应商名称", MatchMode.SEMANTIC, row=2
    )
    records = [
        _supplier("上海奥的斯电梯有限公司", 2),
        _supplier("迅达电梯有限公司", 3),
        _contract("WB1", "上海奥的斯电梯有限公司（维保部）", 4),
        _contract("WB2", "完全不同的单位", 5),
    ]
    plan = plan_graph(Dataset(records), _with_rules(rule), V)
    got = edges(plan, "维保单位")
    assert [(s, e) for s, e, _ in got] == [("WB1", "上海奥的斯电梯有限公司")]
    assert 0.8 < got[0][2]["score"] <= 1.0


def test_semantic_threshold_is_strict_and_similarity_pluggable() -> None:
    class Fixed:
        """A deterministic encoder: one-hot per first character, so '奥…' vs '奥…' scores exactly 1.0."""

        def __call__(self, texts: list[str]) -> list[list[float]]:
            return [[1.0, 0.0] if t.startswith("奥") else [0.6, 0.8] for t in texts]

    rule = RelationRule(
        "维保单位", "维保合同", "维保单位名称", "供应商", "供应商名称", MatchMode.SEMANTIC, row=2
    )
    records = [_supplier("奥的斯", 2), _contract("WB1", "奥的斯电梯", 3), _contract("WB2", "别家", 4)]
    ts = dataclasses.replace(_with_rules(rule), semantic_threshold=0.6)
    plan = plan_graph(Dataset(records), ts, V, similarity=EmbeddingSimilarity(Fixed()))
    got = edges(plan, "维保单位")
    # WB1 scores 1.0; WB2 scores exactly 0.6, which is not strictly above the threshold.
    assert [(s, e, p["score"]) for s, e, p in got] == [("WB1", "奥的斯", 1.0)]


def test_lexical_similarity_bounds() -> None:
    sim = LexicalSimilarity()
    m = sim.matrix(["奥的斯电梯", "", "abc"], ["奥的斯电梯", "迅达"])
    assert m[0][0] == pytest.approx(1.0)
    assert m[0][1] == 0.0 and m[1] == [0.0, 0.0]


def test_empty_dataset_plans_nothing() -> None:
    plan = plan_graph(Dataset([]), TS, V)
    assert plan.total_nodes == 0 and plan.total_relationships == 0
    assert plan.node_counts() == {} and plan.relationship_counts() == {}
