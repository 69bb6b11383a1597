"""A year field compared with a year said as time (投标记录里年份是今年的有几条 / 年份为去年的投标): the
record's own year field (年份) equals the year meant — 今年 is the reference year — never the words 年 / 份
left unread, nor a time range over another date of the records. Only when the question names one
record type that has that field in the data, and the time right after 是/为 is one whole year."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.timeparse import TimeMention
from kgdesk.qa.understand.spans import labels_of

_YEAR_FIELD = re.compile(r"(年份|年度)(填写的是|填写的|填的是|写的是|记的是|填的|写的|记的|是|为|等于|=)")
"""年份是2026年 / 年份填的2026年的: the field, then how it is stated."""


def _whole_year(m: _M) -> str | None:
    t = m.data if m.kind == "time" and isinstance(m.data, TimeMention) else None
    if t is None or t.start[:4] != t.end[:4] or t.start[5:] != "01" or t.end[5:] != "12":
        return None
    return t.start[:4]


def year_value(p: _Parsed, schema: SchemaView) -> None:
    for found in _YEAR_FIELD.finditer(p.qn):
        field = found.group(1)
        t = next((m for m in p.mentions if m.s == found.end()), None)
        year = _whole_year(t) if t is not None else None
        named = {lab for m in p.mentions for lab in labels_of(m)}
        owners = [
            lab for lab in sorted(named)
            if (pi := schema.prop(lab, field)) is not None and pi.present
        ]
        if t is None or year is None or len(owners) != 1:
            continue
        a, b = found.start(1), found.end(1)
        if any(m.s < b and m.e > a and not (a <= m.s and m.e <= found.end()) for m in p.mentions):
            continue  # a word crossing the field's name: read as before
        p.mentions = [m for m in p.mentions if not (a <= m.s and m.e <= found.end())]
        p.mentions.append(_M("lex", a, b, field, [Sense("field", {"label": owners[0], "field": field}, field)]))
        p.mentions.append(_M("lex", b, found.end(), found.group(2), [Sense("filler", {}, "")]))
        t.kind, t.data = "field_value", {"label": owners[0], "field": field, "value": year}
        p.mentions.sort(key=lambda x: x.s)
