"""Plan builders for the security tests: small, readable QueryPlans in the DSL of kgdesk/qa/dsl.py."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import QueryPlan

AGE = "years_between(出生日期, today)"


def plan(query_type: str = "list", *, entity: str = "人员", **parts: Any) -> QueryPlan:
    """One-step plan on `entity`; step-level parts (filters, hops, derived, time) and plan-level parts
    (projection, group_by, aggregate, sort, limit) are taken from keyword arguments."""
    step_keys = {"filters", "hops", "derived", "time"}
    step: dict[str, Any] = {"id": "s1", "entity": entity}
    doc: dict[str, Any] = {"query_type": query_type}
    for k, v in parts.items():
        (step if k in step_keys else doc)[k] = v
    doc["steps"] = [step]
    return QueryPlan.model_validate(doc)


def f(field: str, op: str = "eq", value: Any = "x", node: str = "n0", **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"node": node, "field": field, "op": op, **extra}
    if op not in ("is_null", "not_null"):
        out["value"] = value
    return out


def ref(field: str | None, node: str = "n0") -> dict[str, Any]:
    return {"node": node, "field": field}


def age(name: str = "年龄", expression: str = AGE, node: str = "n0") -> dict[str, Any]:
    return {"name": name, "node": node, "expression": expression}


def hop(rel: str, target: str, direction: str = "out", source: str = "n0", **extra: Any) -> dict[str, Any]:
    return {"source": source, "rel": rel, "direction": direction, "target": target, **extra}
