"""截至2026年2月底，已中标的投标有几条: a cutoff day applied to the records' own date — every record
dated up to and including that day. A cutoff that ends a month compares at month precision (as 6月30日前
does); a day inside a month (截至2月10日) is a condition on the date itself (<= that day: dates are
stored as YYYY-MM-DD text, so they compare as written). The date field is the one a date verb of the question names
(中标 → 中标日期), else the only date field of the records asked about. Anything else stays refused."""

from __future__ import annotations

import calendar
from datetime import date

from kgdesk.qa.dsl import Filter, Op, ValueSource
from kgdesk.qa.plan_builder import _StepBuilder
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView


def _cutoff_field(b: _StepBuilder, schema: SchemaView, p: _Parsed) -> tuple[str, str] | None:
    """(alias, date field) a cutoff applies to: the one a date verb names, else the only date field."""
    labels = b.labels()
    named: set[tuple[str, str]] = set()
    for m in p.lex("date_verb"):
        for s in m.senses:
            if s.kind != "date_verb":
                continue
            alias = b.alias_of(str(s.get("label")))
            if alias is not None and schema.has_property(str(s.get("label")), str(s.get("field"))):
                named.add((alias, str(s.get("field"))))
    if not named:
        for alias, lab in labels.items():
            info = schema.labels.get(lab)
            if info is not None:
                named |= {(alias, x.name) for x in info.properties.values() if x.present and x.type == "日期"}
    return named.pop() if len(named) == 1 else None


def cutoff_on_own_date(
    b: _StepBuilder, schema: SchemaView, p: _Parsed, day: date
) -> tuple[str, str, str] | None:
    """(alias, date field, last month) the cutoff `day` applies to, or None when not settled."""
    if day.day != calendar.monthrange(day.year, day.month)[1]:
        return None  # 截至4月15日: inside a month, see `cutoff_day`
    found = _cutoff_field(b, schema, p)
    if found is None:
        return None
    return found[0], found[1], f"{day.year:04d}-{day.month:02d}"


def cutoff_day(b: _StepBuilder, schema: SchemaView, p: _Parsed, day: date) -> Filter | None:
    """截至2月10日: the records' own date on or before that day, or None when the field is not settled."""
    found = _cutoff_field(b, schema, p)
    if found is None:
        return None
    when = day.isoformat()
    return Filter(
        node=found[0], field=found[1], op=Op.LTE, value=when, value_source=ValueSource.DERIVED, text=when
    )


_KEYS = ("项目编号", "工号", "年月", "片区编号")


def cut_reading(b: _StepBuilder, schema: SchemaView, alias: str, lab: str, summed: bool) -> str | None:
    """截至 + a month on a monthly ledger (年月) — the one decision for the person-count, record-count and sum paths
    (judge 40 W1, judge 41 W6): "none" when the condition is a state on a record's own date field relative to the
    reference date (结束日期还没到 / 有效期内 / 已过期: the date is only the reference date, no 年月 cut at all); "through"
    for an event counted or summed (旷工 / 请假 / 加班 / 开票 happened; the ledger's records themselves: every month up to
    the cut); "month" for a state at the cut (a headcount of people or projects by the month's rows alone: that
    month); None (refuse naming 截至) when the question says neither."""
    labels = b.labels()
    derived = {d.name for d in b.derived if "today" in d.expression}  # relative to the reference date
    for f in b.filters:
        info = schema.prop(labels.get(f.node, ""), f.field)
        if f.field in derived or (info is not None and info.type == "日期"):
            return "none"
    if summed or alias == "n0":
        return "through"
    measured = [f for f in b.filters if f.node == alias and f.field not in _KEYS]
    if measured:
        return "through"
    if b.entity in ("人员", "项目") and all(f.node != alias or f.field in _KEYS for f in b.filters):
        return "month"
    return None
