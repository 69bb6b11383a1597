"""Reuse check: a follow-up answerable from the previous turn's results is answered from them.

The previous turn keeps a compact copy of its (masked) output entities: key, standard name, the
node's fields that were read, and their source rows. A new plan qualifies when it asks about the
same population — same steps, same relations, same time — narrowed only by conditions on the main
entity's fields that were read, and asks for a count, a list or an existence. The answer is then
computed from those entities, says "基于上一轮结果", and cites the rows it rests on. Anything else
(a new entity, time or relation; a truncated or limited previous result) runs a new query.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kgdesk.qa.dsl import AggFn, Filter, Op, QueryPlan, QueryType, Step, ValueSource
from kgdesk.qa.executor import provenance
from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.render import Renderer, md_escape
from kgdesk.qa.schema import SchemaView

MAX_STORED_ENTITIES = 500
REUSE_PREFIX = "基于上一轮结果："
_REUSABLE_TYPES = (QueryType.COUNT, QueryType.LIST, QueryType.EXISTENCE)


def compact_result(plan: QueryPlan, rows: list[dict[str, Any]], *, truncated: bool, limited: bool) -> dict[str, Any] | None:
    """What a turn keeps for reuse: the output entities (n0) with their read fields and sources."""
    if not plan.steps or plan.query_type not in _REUSABLE_TYPES or plan.group_by:
        return None
    ents: dict[str, dict[str, Any]] = {}
    for r in rows:
        node = r.get("n0")
        if not isinstance(node, dict) or node.get("_key") is None:
            continue
        k = str(node["_key"])
        e = ents.get(k)
        if e is None:
            if len(ents) >= MAX_STORED_ENTITIES:
                return None
            e = ents[k] = {
                "key": k,
                "display": str(node.get("_display") or k),
                "fields": {f: v for f, v in node.items() if not f.startswith("_")},
                "sources": [],
            }
        seen = {tuple(s.values()) for s in e["sources"]}
        for v in r.values():
            if isinstance(v, dict):
                for p in provenance(v):
                    j = p.to_json()
                    if tuple(j.values()) not in seen:
                        seen.add(tuple(j.values()))
                        e["sources"].append(j)
    return {
        "entity": plan.output_step.entity,
        "query_type": plan.query_type.value,
        "truncated": truncated,
        "limited": limited,
        "entities": list(ents.values()),
    }


@dataclass
class ReuseAnswer:
    status: str
    answer: str
    value: Any
    citations: list[dict[str, Any]] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)


def _step_core(s: Step) -> dict[str, Any]:
    d = s.model_dump(mode="json", exclude={"filters", "description", "derived"})
    return d


def _extra_filters(new: QueryPlan, old: QueryPlan) -> list[Filter] | None:
    """The filters `new` adds to `old` on the output entity; None when anything else differs."""
    if len(new.steps) != len(old.steps):
        return None
    if [c.model_dump(mode="json") for c in new.combine] != [c.model_dump(mode="json") for c in old.combine]:
        return None
    targets = set(new.combined_steps()) if new.combine else {new.output_step.id}
    extra: list[Filter] = []
    first: list[Filter] | None = None
    for ns, os_ in zip(new.steps, old.steps, strict=True):
        if _step_core(ns) != _step_core(os_):
            return None
        old_f = [f.model_dump(mode="json") for f in os_.filters]
        new_f = [f.model_dump(mode="json") for f in ns.filters]
        if any(f not in new_f for f in old_f):
            return None
        added = [ns.filters[i] for i, f in enumerate(new_f) if f not in old_f]
        if ns.id not in targets:
            if added:
                return None
            continue
        if any(f.node != "n0" or f.value_source is ValueSource.PREVIOUS_STEP for f in added):
            return None
        if any((d.node, d.name) not in {(x.node, x.name) for x in os_.derived} for d in ns.derived if any(f.field == d.name for f in added)):
            return None
        if first is None:
            first = added
            extra = added
        elif [f.model_dump(mode="json") for f in added] != [f.model_dump(mode="json") for f in first]:
            return None
    return extra


def _matches(value: Any, f: Filter) -> bool:
    from kgdesk.qa.results import _cmp

    return _cmp(value, f.op, f.value)


def try_reuse(
    plan: QueryPlan,
    prev_plan: QueryPlan,
    prev_result: dict[str, Any] | None,
    *,
    schema: SchemaView,
    lexicon: Lexicon,
    conditions: list[str],
) -> ReuseAnswer | None:
    """An answer computed from the previous turn's entities, or None when a query is needed."""
    if not prev_result or prev_result.get("truncated") or prev_result.get("limited"):
        return None
    if plan.query_type not in _REUSABLE_TYPES or plan.group_by or plan.sort or plan.limit is not None:
        return None
    if plan.projection or (plan.aggregate is not None and not (plan.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT) and plan.aggregate.node == "n0")):
        return None
    if prev_plan.query_type not in _REUSABLE_TYPES or prev_plan.group_by or prev_plan.limit is not None:
        return None
    if plan.output_step.entity != prev_result.get("entity"):
        return None
    extra = _extra_filters(plan, prev_plan)
    if extra is None:
        return None
    if not extra and plan.query_type.value == prev_result.get("query_type"):
        return None  # the same question again: nothing to reuse that a fresh answer would not give
    ents: list[dict[str, Any]] = list(prev_result.get("entities") or [])
    for f in extra:
        if f.op in (Op.IS_NULL, Op.NOT_NULL):
            continue
        if any(f.field not in e["fields"] for e in ents):
            return None  # the previous turn did not read that field
    kept = [e for e in ents if all(_matches(e["fields"].get(f.field), f) for f in extra)]
    label = plan.output_step.entity
    unit = lexicon.count_unit(label)
    cond = "；".join(conditions)
    renderer = Renderer(schema, lexicon)
    cites: list[dict[str, Any]] = []
    seen: set[tuple[Any, ...]] = set()
    for e in kept:
        for s in e["sources"]:
            t = tuple(s.values())
            if t not in seen:
                seen.add(t)
                cites.append(s)
    names = [e["display"] for e in kept]
    lines: list[str] = []
    if plan.query_type is QueryType.COUNT:
        value: Any = len(kept)
        lines.append(f"{REUSE_PREFIX}其中符合条件的{label}共 **{len(kept)}** {unit}。")
        if names:
            lines += ["", "明细：" + "、".join(md_escape(n) for n in names[:30]) + ("等" if len(names) > 30 else "")]
    elif plan.query_type is QueryType.EXISTENCE:
        value = bool(kept)
        lines.append(f"{REUSE_PREFIX}**{'有' if kept else '没有'}**。" + (f"符合条件的{label}共 {len(kept)} {unit}：" if kept else ""))
        lines += [f"- {md_escape(n)}" for n in names[:30]]
    else:
        value = names
        if not kept:
            lines.append(f"{REUSE_PREFIX}其中没有符合条件的{label}。")
        else:
            lines.append(f"{REUSE_PREFIX}其中符合条件的{label}共 {len(kept)} {unit}：")
            lines.append("")
            for e in kept[:30]:
                lines.append(f"- {md_escape(e['display'])}")
            if len(kept) > 30:
                lines.append(f"- ……（共 {len(kept)} {unit}）")
    if cond:
        lines += ["", f"条件：{cond}"]
    lines += ["", "> 口径：由上一轮查询的结果直接推导，没有重新查询图谱。"]
    from kgdesk.qa.executor import Provenance

    lines.append(renderer.sources_section([Provenance(**c) for c in cites]))
    return ReuseAnswer("answered", "\n".join(lines).strip(), value, cites, conditions)
