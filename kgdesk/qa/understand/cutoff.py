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
