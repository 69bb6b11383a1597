"""A month-stamped figure used as a filter (red team 9 X): 2026年2月在岗人数为3的项目 reads 在岗人数 of that month, held
by the monthly ledger (a ledger with 年月); a plan that takes the same-named field of a ledger without months (岗位编制)
and only overlaps the project's contract period with the month answers another question: refused, naming the field."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.schema import SchemaView

_MONTH = re.compile(r"\d{1,2}月|[上本这当]个?月")


def monthly_field_off_ledger(text: str, plan: QueryPlan, schema: SchemaView) -> tuple[str, str] | None:
    """(field, monthly ledger) of a filter read off a month-less ledger while a month is said, or None."""
    if not _MONTH.search(text):
        return None
    for step in plan.steps:
        if not any(t.kind == "period_overlap" for t in step.time):
            continue
        aliases = step.aliases()
        for f in step.filters:
            label = aliases.get(f.node)
            own = schema.prop(label, f.field) if label is not None else None
            if label is None or own is None or not own.numeric or _has_month(schema, label):
                continue
            for other, info in schema.labels.items():
                if other != label and f.field in info.properties and _has_month(schema, other):
                    return f.field, other
    return None


def _has_month(schema: SchemaView, label: str) -> bool:
    info = schema.prop(label, "年月")
    return info is not None and info.is_month  # a ledger of monthly rows (月度快照 / 考勤), not a month of one event
