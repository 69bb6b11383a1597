"""Time left to a date (red team 9 Y): 有效期还剩不到90天 / 剩不到一年 is the date minus today, never the date itself
compared with a bare number. A plan comparing a date field with a number is refused, naming what was said."""

from __future__ import annotations

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.schema import SchemaView


def date_against_number(plan: QueryPlan, schema: SchemaView) -> str | None:
    """The words of a filter that compares a date field with a plain number, or None."""
    for step in plan.steps:
        aliases = step.aliases()
        for f in step.filters:
            label = aliases.get(f.node)
            info = schema.prop(label, f.field) if label is not None else None
            number = isinstance(f.value, (int, float)) and not isinstance(f.value, bool)
            if info is not None and info.is_date and number:
                return f.text or f"{f.field}{f.value}"
    return None
