"""截至2026年2月底，已中标的投标有几条: a cutoff day applied to the records' own date — every record
dated up to and including that day. Dates compare at month precision here (as 6月30日前 does), so only
a cutoff that ends a month is answered; the date field is the one a date verb of the question names
(中标 → 中标日期), else the only date field of the records asked about. Anything else stays refused."""

from __future__ import annotations

import calendar
from datetime import date

from kgdesk.qa.plan_builder import _StepBuilder
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView


def cutoff_on_own_date(b: _StepBuilder, schema: SchemaView, p: _Parsed, day: date) -> tuple[str, str, str] | None:
    """(alias, date field, last month) the cutoff `day` applies to, or None when not settled."""
    if day.day != calendar.monthrange(day.year, day.month)[1]:
        return None  # 截至4月15日: inside a month, not comparable at month precision
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
    if len(named) != 1:
        return None
    alias, fld = named.pop()
    return alias, fld, f"{day.year:04d}-{day.month:02d}"
