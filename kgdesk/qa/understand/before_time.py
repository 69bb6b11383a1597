"""A time followed by 前 / 之前 / 以前 (2026年6月30日前到期的证书): everything up to that time, never
"in that month" with the 前 dropped (nor 前 read as a top-N word).

The date field the time goes on (a date verb such as 到期 / 入职, or a named date field) is compared
at month precision, so only a time that ends a whole month is answered: the last day of a month
(6月30日前 → up to and including June). A time inside a month (3月15日前) or a bare month (6月前:
June itself or not?) is not guessed — the word stays not understood (an honest refusal)."""

from __future__ import annotations

import calendar
import dataclasses
import re

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.timeparse import TimeMention

_BEFORE = ("之前", "以前", "前")
_DAY = re.compile(r"(\d{1,2}|[一二三四五六七八九十]{1,3})[日号]$")
EARLIEST = "1900-01"
"""The open start of an up-to range (month fields compare as YYYY-MM)."""


def _words_after(p: _Parsed, t: _M) -> list[_M] | None:
    for w in _BEFORE:
        if not p.qn.startswith(w, t.e):
            continue
        inside = [x for x in p.mentions if t.e <= x.s < t.e + len(w)]
        if inside and max(x.e for x in inside) == t.e + len(w):
            return inside
    return None


def _month_end(t: TimeMention) -> bool:
    m = _DAY.search(t.text.rstrip("之以前"))
    if m is None or t.start != t.end:
        return False
    day = m.group(1)
    if not day.isdigit():
        return False
    y, mo = int(t.start[:4]), int(t.start[5:])
    return int(day) == calendar.monthrange(y, mo)[1]


def before_times(p: _Parsed) -> None:
    dated = bool(p.lex("date_verb") or p.lex("time_field"))
    for t in p.of("time"):
        tm = t.data
        if not isinstance(tm, TimeMention) or tm.relative or tm.as_of:
            continue
        words = _words_after(p, t)
        if words is None:
            continue
        if dated and _month_end(tm):
            t.data = dataclasses.replace(tm, start=EARLIEST)
            for x in words:
                x.kind, x.senses, x.data = "lex", [Sense("filler", {"before": True}, "")], None
        else:
            for x in words:
                x.kind, x.senses, x.data = "leftover", [], None
