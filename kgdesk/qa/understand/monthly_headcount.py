"""A month-stamped figure used as a filter (red team 9 X): 2026年2月在岗人数为3的项目 reads 在岗人数 of that month, held
by the monthly ledger (a ledger with 年月); a plan that takes the same-named field of a ledger without months (岗位编制)
and only overlaps the project's contract period with the month answers another question. When the hop can be moved
to the monthly ledger of the same record (项目 → 月度快照, that month) the plan is rewritten; otherwise refused,
naming the field."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan, Step, TimeFilter
from kgdesk.qa.schema import SchemaView

_MONTH = re.compile(r"\d{1,2}月|[上本这当]个?月")


def monthly_field_off_ledger(text: str, plan: QueryPlan, schema: SchemaView) -> tuple[str, str] | None:
    """(field, monthly ledger) of a filter read off a month-less ledger while a month is said, or None."""
    if not _MONTH.search(text):
        return None
    for step in plan.steps:
        if (found := _off(step, schema)) is not None:
            return found[0], found[1]
    return None


def monthly_reread(text: str, plan: QueryPlan, schema: SchemaView) -> QueryPlan | None:
    """The plan with the month-less hop moved to the monthly ledger for the one month said, or None."""
    if not _MONTH.search(text):
        return None
    steps: list[Step] = []
    for step in plan.steps:
        found = _off(step, schema)
        if found is None:
            steps.append(step)
            continue
        _, ledger, node = found
        i = int(node[1:]) - 1
        hop = step.hops[i]
        source = step.aliases().get(hop.source, "")
        rels = [(r, d) for r, d, other in schema.neighbours(source) if other == ledger]
        overlaps = [t for t in step.time if t.kind == "period_overlap"]
        if len(rels) != 1 or len(overlaps) != 1 or overlaps[0].start != overlaps[0].end or not overlaps[0].start:
            return None
        if any(h.source == node for h in step.hops) or len(step.time) != 1:
            return None
        rel, direction = rels[0]
        moved = hop.model_copy(update={"rel": rel.type, "direction": direction, "target": ledger})
        month = TimeFilter(kind="month_eq", node=node, field="年月", start=overlaps[0].start, end=overlaps[0].start)
        hops = [moved if j == i else h for j, h in enumerate(step.hops)]
        steps.append(step.model_copy(update={"hops": hops, "time": [month]}))
    notes = [n for n in plan.notes if "合同期" not in n]  # the contract-period reading is gone
    return plan.model_copy(update={"steps": steps, "notes": notes})


def _off(step: Step, schema: SchemaView) -> tuple[str, str, str] | None:
    """(field, monthly ledger, node alias) of a filter on a hopped month-less ledger under a period overlap, or None."""
    if not any(t.kind == "period_overlap" for t in step.time):
        return None
    aliases = step.aliases()
    for f in step.filters:
        label = aliases.get(f.node)
        own = schema.prop(label, f.field) if label is not None else None
        if label is None or own is None or not own.numeric or _has_month(schema, label):
            continue
        for other, info in schema.labels.items():
            if other != label and f.field in info.properties and _has_month(schema, other):
                return f.field, other, f.node
    return None


def _has_month(schema: SchemaView, label: str) -> bool:
    info = schema.prop(label, "年月")
    return info is not None and info.is_month  # a ledger of monthly rows (月度快照 / 考勤), not a month of one event
