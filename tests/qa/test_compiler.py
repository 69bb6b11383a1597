"""DSL → Cypher: whitelisted identifiers only, values as parameters, every pattern versioned."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import ValidationError

from kgdesk.graph.queries import valid_in, valid_path_in
from kgdesk.qa.compiler import CompileError, compile_probe, compile_step, quote
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.validate_plan import PlanRejected, validate_plan
from tests.qa.helpers import schema

HOSTILE = [
    "姓名`) DETACH DELETE n //",
    "}) DETACH DELETE n0 //",
    "姓名\u0000",
    "姓\u200b名",  # zero-width space
    "人員",  # traditional look-alike of 人员 (a different code point)
    "项目编号 ",
    "n0.姓名",
    "`姓名`",
    "a\\u0060",
]


def compiled(plan_doc: dict[str, Any], **kw: Any) -> tuple[str, dict[str, Any]]:
    p = QueryPlan.model_validate(plan_doc)
    sv = schema()
    validate_plan(p, sv)
    q = compile_step(p, p.steps[0], sv, version="v-test", row_cap=100, **kw)
    return q.cypher, q.params


def test_shape_of_a_two_hop_query() -> None:
    cypher, params = compiled(
        {
            "query_type": "list",
            "steps": [
                {
                    "entity": "人员",
                    "hops": [
                        {"rel": "服务于", "direction": "out", "target": "项目"},
                        {"source": "n1", "rel": "属于片区", "direction": "out", "target": "片区"},
                    ],
                    "filters": [
                        {
                            "node": "n2",
                            "field": "_key",
                            "op": "eq",
                            "value": "PQ01",
                            "value_source": "grounded",
                        },
                        {
                            "node": "n0",
                            "field": "姓名",
                            "op": "contains",
                            "value": "'; MATCH (x) DETACH DELETE x //",
                        },
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
            ],
        }
    )
    # every node and relationship pattern is filtered by the version
    for alias in ("n0", "n1", "n2", "r1", "r2"):
        assert valid_in(alias) in cypher
    assert params["version"] == "v-test"
    # values only as parameters
    assert "DETACH" not in cypher and "PQ01" not in cypher and "2026-03" not in cypher
    assert "'; MATCH (x) DETACH DELETE x //" in params.values()
    assert cypher.rstrip().endswith("LIMIT $row_cap") and params["row_cap"] == 101
    assert "MATCH (n0)-[r1:`服务于`]->(n1:`项目`)" in cypher
    assert "MATCH (n1)-[r2:`属于片区`]->(n2:`片区`)" in cypher
    # provenance always returned
    assert "._src_files" in cypher and "._src_rows" in cypher and "._display" in cypher
    # no write clause anywhere
    assert not re.search(r"\b(CREATE|MERGE|DELETE|SET|REMOVE|CALL|LOAD)\b", cypher)


@pytest.mark.parametrize("bad", HOSTILE)
def test_hostile_property_names_are_rejected(bad: str) -> None:
    doc = {
        "query_type": "list",
        "steps": [{"entity": "人员", "filters": [{"field": bad, "op": "eq", "value": "x"}]}],
    }
    p = QueryPlan.model_validate(doc)
    with pytest.raises(PlanRejected):
        validate_plan(p, schema())
    # and the compiler refuses it on its own, even without validation
    with pytest.raises(CompileError):
        compile_step(p, p.steps[0], schema(), version="v", row_cap=10)


@pytest.mark.parametrize("bad", ["人員", "人员`) DETACH DELETE n //", "人员 ", "Person"])
def test_hostile_labels_are_rejected(bad: str) -> None:
    p = QueryPlan.model_validate({"query_type": "list", "steps": [{"entity": bad}]})
    with pytest.raises(PlanRejected):
        validate_plan(p, schema())
    with pytest.raises(CompileError):
        compile_step(p, p.steps[0], schema(), version="v", row_cap=10)


@pytest.mark.parametrize("bad", ["服务于`]->() DETACH DELETE n //", "服務於", "服务于 "])
def test_hostile_relationship_types_are_rejected(bad: str) -> None:
    p = QueryPlan.model_validate(
        {
            "query_type": "list",
            "steps": [{"entity": "人员", "hops": [{"rel": bad, "direction": "out", "target": "项目"}]}],
        }
    )
    with pytest.raises(PlanRejected):
        validate_plan(p, schema())
    with pytest.raises(CompileError):
        compile_step(p, p.steps[0], schema(), version="v", row_cap=10)


def test_huge_limits_and_deep_hops_are_rejected() -> None:
    with pytest.raises(ValidationError):
        QueryPlan.model_validate({"query_type": "list", "steps": [{"entity": "人员"}], "limit": 10**9})
    with pytest.raises(ValidationError):
        QueryPlan.model_validate(
            {
                "query_type": "list",
                "steps": [
                    {
                        "entity": "人员",
                        "hops": [
                            {"rel": "服务于", "direction": "out", "target": "项目"},
                            {"source": "n1", "rel": "属于片区", "direction": "out", "target": "片区"},
                            {"source": "n2", "rel": "负责人", "direction": "out", "target": "人员"},
                        ],
                    }
                ],
            }
        )
    with pytest.raises(ValidationError):
        QueryPlan.model_validate(
            {
                "query_type": "list",
                "steps": [
                    {
                        "entity": "项目",
                        "hops": [{"rel": "续签自", "direction": "out", "target": "项目", "max_hops": 50}],
                    }
                ],
            }
        )


def test_quote_is_exact() -> None:
    assert quote("姓名", {"姓名"}) == "`姓名`"
    for bad in ["姓名`", "", "a" * 200, "x\ny"]:
        with pytest.raises(CompileError):
            quote(bad, {bad})


def test_negated_hop_and_variable_length_chain() -> None:
    cypher, _ = compiled(
        {
            "query_type": "list",
            "steps": [
                {
                    "entity": "项目",
                    "hops": [{"rel": "服务于", "direction": "in", "target": "人员", "negate": True}],
                    "filters": [{"field": "服务状态", "op": "eq", "value": "服务中"}],
                }
            ],
        }
    )
    assert (
        f"NOT EXISTS {{ MATCH (n0)<-[r1:`服务于`]-(n1:`人员`) WHERE {valid_in('n1')} AND {valid_in('r1')} }}"
        in cypher
    )
    cypher, _ = compiled(
        {
            "query_type": "list",
            "steps": [
                {
                    "entity": "项目",
                    "hops": [{"rel": "续签自", "direction": "out", "target": "项目", "max_hops": 5}],
                }
            ],
        }
    )
    assert "[r1:`续签自`*1..5]" in cypher and valid_path_in("r1") in cypher


def test_derived_filters_stay_in_python_but_sources_are_returned() -> None:
    cypher, params = compiled(
        {
            "query_type": "list",
            "steps": [
                {
                    "entity": "人员",
                    "derived": [{"name": "年龄", "expression": "years_between(出生日期, today)"}],
                    "filters": [{"field": "年龄", "op": "gt", "value": 50, "value_source": "derived"}],
                }
            ],
        }
    )
    assert "年龄" not in cypher and ".`出生日期`" in cypher and 50 not in params.values()


def test_probe_drops_one_filter() -> None:
    p = QueryPlan.model_validate(
        {
            "query_type": "list",
            "steps": [
                {
                    "entity": "证书",
                    "filters": [
                        {"field": "证书名称", "op": "eq", "value": "电工证"},
                        {"field": "工号", "op": "eq", "value": "KWL1"},
                    ],
                }
            ],
        }
    )
    q = compile_probe(p, p.steps[0], schema(), version="v", drop_filter=0)
    assert "电工证" not in q.params.values() and "KWL1" in q.params.values()
    assert "UNWIND" in q.cypher and "RETURN value, n" in q.cypher and q.params["row_cap"] == 200
