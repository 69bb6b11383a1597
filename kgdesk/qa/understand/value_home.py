"""A field value the template's dictionary lists for the asked node but the data holds only on another node of the
same path is that node's condition (「XMSQ…记录类型为耗材采购的采购记录的供应商有哪些」: the 供应商 rows of 采购与维保
carry 记录类型 供应商, so 耗材采购 there matched nothing and the answer was an empty list with a false "no such
records"; the 采购记录 on the path hold it). Only a dictionary-only condition moves, only to a node whose values are
known to hold it, and only when exactly one node does."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Filter, Op, QueryPlan, Step, ValueSource
from kgdesk.qa.schema import SchemaView


def _aliases(step: Step) -> dict[str, str]:
    out = {"n0": step.entity}
    for i, h in enumerate(step.hops, start=1):
        out[f"n{i}"] = h.target
    return out


def _held(schema: SchemaView, label: str, field: str, value: Any) -> bool:
    info = schema.prop(label, field)
    if info is None or info.values is None:
        return False
    wanted = value if isinstance(value, list) else [value]
    return all(v in info.values for v in wanted)


def _moved(f: Filter, aliases: dict[str, str], schema: SchemaView) -> Filter | None:
    if f.value_source is not ValueSource.DICTIONARY or f.op not in (Op.EQ, Op.IN) or f.node not in aliases:
        return None
    if _held(schema, aliases[f.node], f.field, f.value):
        return None
    homes = [a for a, lab in aliases.items() if a != f.node and _held(schema, lab, f.field, f.value)]
    if len(homes) != 1:
        return None
    return f.model_copy(update={"node": homes[0], "value_source": ValueSource.GROUNDED})


def dictionary_value_home(plan: QueryPlan, schema: SchemaView) -> QueryPlan | None:
    """记录类型 = 耗材采购 on the 供应商 (dictionary only) → on the 采购记录 of the path that hold it."""
    steps: list[Step] = []
    dropped: list[str] = []
    for s in plan.steps:
        aliases = _aliases(s)
        filters = []
        for f in s.filters:
            moved = _moved(f, aliases, schema)
            if moved is not None:
                shown = "、".join(map(str, f.value if isinstance(f.value, list) else [f.value]))
                dropped.append(f"「{shown}」是{f.field}的可选值（模板字典）")
            filters.append(moved or f)
        steps.append(s.model_copy(update={"filters": filters}))
    if not dropped:
        return None
    notes = [n for n in plan.notes if not any(n.startswith(d) for d in dropped)]
    return plan.model_copy(update={"steps": steps, "notes": notes})
