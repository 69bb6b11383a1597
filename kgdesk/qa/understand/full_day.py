"""A question naming one day (2026年3月10日 / 2026-03-10 / 3月10号) asks that day, never its whole
month: on a date field (检查日期, 入职日期) the month condition becomes the day itself (dates are
stored as YYYY-MM-DD text); a monthly fact (年月) holds no days, so it cannot be asked per day."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import Filter, Op, QueryPlan, Step, ValueSource
from kgdesk.qa.plan_mentions import _insufficient, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.timeparse import TimeMention

_DAY_CN = re.compile(r"月(\d{1,2})[日号]$")
_DAY_ISO = re.compile(r"(?:\d{4}[-/.])?\d{1,2}[-/.](\d{1,2})[日号]?")
"""3月10日 / 3月10号; 2026-03-10, 3/10, 3.10 written whole — never 2026-04 (a month, not day 4)."""
_DATE_TYPES = ("日期",)


def _days(p: _Parsed) -> dict[str, str]:
    """Month (YYYY-MM) → the one day (YYYY-MM-DD) a plain time mention of the question names."""
    out: dict[str, str] = {}
    for t in p.of("time"):
        tm = t.data
        if not isinstance(tm, TimeMention) or tm.relative or tm.as_of or tm.start != tm.end:
            continue
        text = tm.text.strip()
        m = _DAY_CN.search(text) if "月" in text else _DAY_ISO.fullmatch(text)
        if m is None:
            continue
        day = int(m.group(1))
        if 1 <= day <= 31:
            out[tm.start] = f"{tm.start}-{day:02d}"
    return out


def one_day(plan: QueryPlan, schema: SchemaView, p: _Parsed) -> QueryPlan | None:
    """The plan with each month condition a named day stands for narrowed to that day, None when
    the question names no day; raises (insufficient) for a day asked of a monthly fact."""
    days = _days(p)
    if not days:
        return None
    steps: list[Step] = []
    changed = False
    for step in plan.steps:
        aliases = step.aliases()
        time = []
        filters = list(step.filters)
        for t in step.time:
            day = days.get(t.start) if t.kind != "period_overlap" and t.start == t.end and t.field else None
            if day is None or t.field is None:
                time.append(t)
                continue
            prop = schema.prop(aliases.get(t.node, ""), t.field)
            if prop is None or prop.type not in _DATE_TYPES:
                raise _insufficient(
                    f"「{t.field}」按月记录，不能按某一天（{day}）查询；可以问整个月",
                    "no_such_field",
                    f"{t.field}（按天）",
                )
            filters.append(
                Filter(node=t.node, field=t.field, op=Op.EQ, value=day, value_source=ValueSource.DERIVED, text=day)
            )
            changed = True
        steps.append(step.model_copy(update={"time": time, "filters": filters}))
    if not changed:
        return None
    return plan.model_copy(update={"steps": steps})
