"""Time left to a date (red team 9 Y): 有效期还剩不到90天 / 剩不到一年 is the date minus today, never the date itself
compared with a bare number. A plan comparing a date field with a number said in days or years is rewritten to the
days left (days_between(today, 有效期至) < N, and not yet past: ≥ 0); anything else (months, other comparisons) is
refused, naming what was said."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import Derived, Filter, Op, QueryPlan, ValueSource
from kgdesk.qa.schema import SchemaView

_UNIT_DAYS = {"天": 1, "日": 1, "年": 365}
_LESS = (Op.LT, Op.LTE)


def date_against_number(plan: QueryPlan, schema: SchemaView) -> str | None:
    """The words of a filter that compares a date field with a plain number, or None."""
    for step in plan.steps:
        if (f := _date_number(step.filters, step.aliases(), schema)) is not None:
            return f.text or f"{f.field}{f.value}"
    return None


def days_left_reread(plan: QueryPlan, schema: SchemaView) -> QueryPlan | None:
    """The plan with 「还剩不到N天 / 不到N年」 on a date read as the days left from today, or None."""
    steps = []
    changed = False
    for step in plan.steps:
        f = _date_number(step.filters, step.aliases(), schema)
        if f is None:
            steps.append(step)
            continue
        unit = re.search(r"(天|日|年)[^天日年]*$", f.text or "")
        if unit is None or f.op not in _LESS or not isinstance(f.value, (int, float)):
            return None
        name = f"{f.field}剩余天数"
        days = Derived(name=name, node=f.node, expression=f"days_between(today, {f.field})", unit="天")
        said = Filter(
            node=f.node, field=name, op=f.op, value=f.value * _UNIT_DAYS[unit.group(1)],
            value_source=ValueSource.DERIVED, text=f.text,
        )
        ahead = Filter(node=f.node, field=name, op=Op.GTE, value=0, value_source=ValueSource.DERIVED, text="未到期")
        filters = [x for x in step.filters if x is not f] + [said, ahead]
        steps.append(step.model_copy(update={"filters": filters, "derived": [*step.derived, days]}))
        changed = True
    return plan.model_copy(update={"steps": steps}) if changed else None


def _date_number(filters: list[Filter], aliases: dict[str, str], schema: SchemaView) -> Filter | None:
    for f in filters:
        label = aliases.get(f.node)
        info = schema.prop(label, f.field) if label is not None else None
        number = isinstance(f.value, (int, float)) and not isinstance(f.value, bool)
        if info is not None and info.is_date and number:
            return f
    return None
