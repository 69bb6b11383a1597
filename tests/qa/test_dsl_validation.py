"""The DSL's own shape rules and the validation against the live meta-schema."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from kgdesk.qa.dsl import QueryPlan, plan_json_schema
from kgdesk.qa.validate_plan import PlanRejected, plan_errors, validate_plan
from tests.qa.helpers import schema


def plan(**kw: Any) -> QueryPlan:
    base: dict[str, Any] = {
        "query_type": "count",
        "steps": [{"entity": "人员"}],
        "aggregate": {"fn": "count_distinct", "field": "_key"},
    }
    base.update(kw)
    return QueryPlan.model_validate(base)


def test_valid_plan_passes() -> None:
    p = plan(
        steps=[
            {
                "entity": "人员",
                "hops": [{"rel": "服务于", "direction": "out", "target": "项目"}],
                "filters": [
                    {
                        "node": "n1",
                        "field": "_key",
                        "op": "eq",
                        "value": "XMSQ0102",
                        "value_source": "grounded",
                    },
                    {"node": "n0", "field": "岗位名称", "op": "in", "value": ["保安_领班", "保安_普保"]},
                ],
                "time": [
                    {
                        "kind": "period_overlap",
                        "node": "r1",
                        "start_field": "开始",
                        "end_field": "结束",
                        "start": "2026-03",
                        "end": "2026-03",
                    }
                ],
            }
        ]
    )
    validate_plan(p, schema())
    assert p.answer_contract is not None and p.answer_contract.value == "count_scalar"


def test_contract_must_match_query_type() -> None:
    with pytest.raises(ValidationError, match="回答合同"):
        plan(answer_contract="count_scalar", query_type="existence", aggregate=None)
    with pytest.raises(ValidationError, match="existence"):
        QueryPlan.model_validate(
            {"query_type": "existence", "steps": [{"entity": "人员"}], "aggregate": {"fn": "count"}}
        )
    with pytest.raises(ValidationError, match="list"):
        QueryPlan.model_validate(
            {"query_type": "list", "steps": [{"entity": "人员"}], "aggregate": {"fn": "count"}}
        )


@pytest.mark.parametrize(
    ("step", "reason"),
    [
        ({"entity": "客户"}, "没有「客户」"),
        (
            {"entity": "人员", "filters": [{"field": "工资等级", "op": "eq", "value": "A"}]},
            "没有属性「工资等级」",
        ),
        (
            {"entity": "人员", "hops": [{"rel": "拥有", "direction": "out", "target": "项目"}]},
            "没有 (人员)-[拥有]->(项目)",
        ),
        (
            {"entity": "人员", "hops": [{"rel": "服务于", "direction": "in", "target": "项目"}]},
            "没有 (项目)-[服务于]->(人员)",
        ),
        (
            {"entity": "人员", "filters": [{"node": "n3", "field": "姓名", "op": "eq", "value": "x"}]},
            "不存在的节点",
        ),
        ({"entity": "人员", "filters": [{"field": "司龄", "op": "gt", "value": "五"}]}, "比较值必须是数字"),
        ({"entity": "人员", "filters": [{"field": "_version", "op": "eq", "value": "x"}]}, "不能按"),
        (
            {"entity": "人员", "derived": [{"name": "年龄", "expression": "years_between(生日, today)"}]},
            "不是人员的属性",
        ),
        ({"entity": "人员", "derived": [{"name": "年龄", "expression": "__import__('os')"}]}, "只允许调用"),
        (
            {
                "entity": "项目",
                "hops": [{"rel": "服务于", "direction": "in", "target": "人员", "max_hops": 3}],
            },
            "同一类节点",
        ),
    ],
)
def test_rejected_with_a_chinese_reason(step: dict[str, Any], reason: str) -> None:
    p = plan(steps=[step])
    errs = plan_errors(p, schema())
    assert any(reason in e for e in errs), errs
    with pytest.raises(PlanRejected):
        validate_plan(p, schema())


def test_shape_limits() -> None:
    with pytest.raises(ValidationError):
        plan(
            steps=[{"entity": "人员", "hops": [{"rel": "服务于", "direction": "out", "target": "项目"}] * 3}]
        )
    with pytest.raises(ValidationError):
        QueryPlan.model_validate({"query_type": "list", "steps": [{"entity": "人员"}], "limit": 10_000})
    with pytest.raises(ValidationError):
        plan(steps=[{"entity": "人员", "filters": [{"field": "姓名", "op": "in", "value": []}]}])
    with pytest.raises(ValidationError):
        plan(
            steps=[
                {
                    "entity": "人员",
                    "filters": [{"field": "姓名", "op": "eq", "value": "x", "value_source": "previous_step"}],
                }
            ]
        )
    with pytest.raises(ValidationError):
        plan(extra_field=1)
    with pytest.raises(ValidationError, match="依赖"):
        plan(steps=[{"id": "s1", "entity": "人员", "depends_on": ["s2"]}, {"id": "s2", "entity": "人员"}])


def test_set_operations() -> None:
    p = QueryPlan.model_validate(
        {
            "query_type": "list",
            "steps": [
                {"id": "s1", "entity": "人员"},
                {"id": "s2", "entity": "人员"},
                {"id": "s3", "entity": "人员"},
            ],
            "combine": [
                {"id": "c1", "op": "intersection", "steps": ["s1", "s2"]},
                {"id": "c2", "op": "intersection", "steps": ["s2", "s3"]},
                {"id": "c3", "op": "union", "steps": ["c1", "c2"]},
            ],
        }
    )
    assert p.combined_steps() == ["s1", "s2", "s3"]
    with pytest.raises(ValidationError, match="同一种实体"):
        QueryPlan.model_validate(
            {
                "query_type": "list",
                "steps": [{"id": "s1", "entity": "人员"}, {"id": "s2", "entity": "项目"}],
                "combine": [{"op": "union", "steps": ["s1", "s2"]}],
            }
        )


def test_json_schema_is_llm_friendly() -> None:
    js = plan_json_schema()
    assert js["title"] == "QueryPlan"
    step = js["$defs"]["Step"]["properties"]
    assert "description" in step["entity"]
    assert set(js["$defs"]["QueryType"]["enum"]) >= {
        "existence",
        "count",
        "list",
        "status",
        "aggregate",
        "compare",
        "trend",
        "explain",
        "unknown",
    }


def test_a_share_needs_a_part_nested_in_its_whole() -> None:
    women = {"node": "n0", "field": "性别", "op": "eq", "value": "女"}
    guards = {"node": "n0", "field": "岗位名称", "op": "eq", "value": "保安_普保"}
    share = {"part": "s2", "whole": "s1"}
    ok = plan(
        query_type="aggregate",
        steps=[{"id": "s1", "entity": "人员", "filters": [guards]}, {"id": "s2", "entity": "人员", "filters": [guards, women]}],
        share=share,
    )
    assert plan_errors(ok, schema()) == [] and ok.output_step.id == "s2"
    assert "share" in json.dumps(plan_json_schema(), ensure_ascii=False)
    guard_f, women_f = ok.steps[1].filters
    loose = ok.model_copy(
        update={
            "steps": [
                ok.steps[0].model_copy(update={"filters": [women_f]}),
                ok.steps[1].model_copy(update={"filters": [guard_f]}),
            ]
        }
    )
    assert any("子集" in e for e in plan_errors(loose, schema()))
    with pytest.raises(ValidationError):
        plan(query_type="count", steps=ok.model_dump()["steps"], share=share)
    with pytest.raises(ValidationError):
        plan(query_type="aggregate", steps=[{"id": "s1", "entity": "人员"}, {"id": "s2", "entity": "项目"}], share=share)


@pytest.mark.parametrize(
    "time",
    [
        {"node": "n0", "prefer_field": "依据", "prefer_value": "人员信息"},  # a node: no basis to prefer
        {"node": "r1", "prefer_field": "依据"},  # the value missing
        {"node": "r1", "kind": "month_eq", "field": "开始", "prefer_field": "依据", "prefer_value": "人员信息"},
    ],
)
def test_a_preferred_basis_only_on_a_relationships_period(time: dict[str, Any]) -> None:
    t = {"kind": "period_overlap", "start_field": "开始", "end_field": "结束", "start": "2026-02", "end": "2026-02", **time}
    with pytest.raises(ValidationError):
        plan(steps=[{"entity": "人员", "hops": [{"rel": "服务于", "direction": "out", "target": "项目"}], "time": [t]}])
