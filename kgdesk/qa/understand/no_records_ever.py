"""没有考勤记录的员工 with no month said: people with no 考勤 record at all (an anti-join), read as
没有任何考勤记录 already is. The absence analysis (on a project's staff that month, but no record of
it) needs a month; without one the words still mean what they say, they are not a missing month.
缺勤 / 没出勤 keep asking for the month: they are about days, not about having a record."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed

_SPLIT = {"没有考勤": 2, "没考勤": 1, "无考勤": 1, "没有考勤记录": 2}
"""The analysis words that are a negation and the record type (where the record type starts)."""


def no_records_ever(p: _Parsed) -> None:
    """Read the absence words as 没有 + 考勤 when the question names no time at all."""
    if p.of("time"):
        return
    for m in list(p.mentions):
        a = m.sense("analysis") if m.kind == "lex" else None
        cut = _SPLIT.get(m.text)
        if a is None or a.name != "absence" or cut is None:
            continue
        i = p.mentions.index(m)
        neg = _M("lex", m.s, m.s + cut, m.text[:cut], senses=[Sense("cue", {"cue": "negation"}, "negation")])
        rec = _M("lex", m.s + cut, m.e, m.text[cut:], senses=[Sense("label", {"label": "考勤"}, "考勤")])
        p.mentions[i : i + 1] = [neg, rec]
