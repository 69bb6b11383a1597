"""A question naming one day (2026年3月10日 / 2026-03-10 / 3月10号) asks that day, never its whole
month: on a date field (检查日期, 入职日期) the month condition becomes the day itself (dates are
stored as YYYY-MM-DD text); a monthly fact (年月) holds no days, so it cannot be asked per day."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import Filter, Op, QueryPlan, Step, ValueSource
from kgdesk.qa.plan_mentions import _insufficient, _needs_llm, _Parsed
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


def _day_code_filters(
    step: Step, plan: QueryPlan, schema: SchemaView, node: str, label: str, dom: int
) -> tuple[list[Filter], Filter] | None:
    """(the "days with the code > 0" conditions on a monthly record, the one day's column holding a code) when the
    record has day columns (1日…31日) and the plan asks the code only as that condition, else None."""
    col = f"{dom}日"
    if schema.prop(label, col) is None:
        return None
    codes: list[str] = []
    conds: list[Filter] = []
    for d in step.derived:
        if d.node != node or not d.expression.startswith("day_count("):
            continue
        used = [f for f in step.filters if f.node == node and f.field == d.name]
        shown = any(x.field == d.name for x in plan.projection) or any(x.field == d.name for x in plan.sort)
        shown = shown or any(x.field == d.name for x in plan.group_by)
        if shown or (plan.aggregate is not None and plan.aggregate.field == d.name):
            return None
        if any(not (f.op is Op.GT and f.value == 0) for f in used):
            return None
        conds.extend(used)
        codes.extend(re.findall(r'"([^"]+)"', d.expression) if used else [])
    if not conds or not codes:
        return None
    value: object = codes[0] if len(codes) == 1 else codes
    op = Op.EQ if len(codes) == 1 else Op.IN
    return conds, Filter(node=node, field=col, op=op, value=value, value_source=ValueSource.DERIVED, text=col)


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
            coded = _day_code_filters(step, plan, schema, t.node, aliases.get(t.node, ""), int(day[-2:]))
            if (prop is None or prop.type not in _DATE_TYPES) and coded is not None:
                time.append(t)  # 2026年1月10日旷工的人: the month's rows whose 10日 holds the code
                filters = [f for f in filters if f not in coded[0]] + [coded[1]]
                changed = True
                continue
            if (prop is None or prop.type not in _DATE_TYPES) and schema.prop(aliases.get(t.node, ""), f"{int(day[-2:])}日"):
                raise _needs_llm(  # 某人4月20日出勤了吗: the day's code is in 20日, a reading not made here (red team 9 FD)
                    f"「{day}」这一天的记录在「{int(day[-2:])}日」一栏，问题问的这一天的情况没有读懂，不能这样回答"
                )
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
