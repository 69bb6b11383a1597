"""A week said relative to today (上周 / 本周 / 这周 / 下周 / 上个星期 / 这礼拜, lexicon `week_words`): the rules read no week
yet, and without this look the word was read as a name (上周新入职 → no person 「周新」, 本周 → a choice of the person 周敏)
— a false "not in the data" or another question answered. 上周 / 本周 (and their synonyms) are read as the days Monday to
Sunday around the question's today (今天是… / 截至…, else the app's today): the words are rewritten to that day range
before the scan (`week_days`), so they apply to a dated record's own date and a monthly ledger refuses; the plan must then
carry that range, and the answer states it in a 口径 note. 下周 and any week the plan did not carry are refused, naming
the week and asking for the dates. 周 after 上 / 本 / 这 / 下 never starts a name."""

from __future__ import annotations

import re
import unicodedata
from datetime import date, timedelta
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.timeparse import reference_date
from kgdesk.qa.understand.alternation import alternation
from kgdesk.qa.understanding import Understanding


@cache
def _pattern() -> re.Pattern[str] | None:
    row = load_lexicon().raw.get("week_words", {})
    words, not_after = row.get("words", []), row.get("not_after", [])
    if not words:
        return None
    tail = rf"(?!{alternation(not_after)})" if not_after else ""
    return re.compile(rf"(?:{alternation(words)}){tail}")


def _week(question: str, today: date) -> tuple[re.Match[str], date, date] | None:
    """The week word and its Monday and Sunday (上… the week before today's, 本 / 这… today's), or None (下周, none)."""
    pat = _pattern()
    m = pat.search(question) if pat is not None else None
    if m is None or m.group(0)[0] not in "上本这":
        return None
    ref = reference_date(unicodedata.normalize("NFKC", question).strip(), today)
    day = ref.day if ref is not None else today
    monday = day - timedelta(days=day.weekday()) - timedelta(days=7 if m.group(0)[0] == "上" else 0)
    return m, monday, monday + timedelta(days=6)


def _day(d: date) -> str:
    return f"{d.year}年{d.month}月{d.day}日"


def week_days(question: str, today: date | None) -> str:
    """上周做了几次检查 (today 2026-04-13) → 2026年4月6日至2026年4月12日做了几次检查; anything else unchanged."""
    pat = _pattern()
    found = _week(question, today) if today is not None and pat is not None and len(pat.findall(question)) == 1 else None
    if found is None:
        return question
    m, monday, sunday = found
    return question[: m.start()] + f"{_day(monday)}至{_day(sunday)}" + question[m.end() :]


def week_refused(question: str, und: Understanding, today: date | None = None) -> Understanding:
    """The understanding itself (with the week's days said), or a refusal when the question names a week relative to
    today that the plan does not carry as that day range."""
    pat = _pattern()
    m = pat.search(question) if pat is not None else None
    if m is None:
        return und
    found = _week(question, today) if today is not None else None
    if found is not None and und.plan is not None and week_days(question, today) != question:
        _m, monday, sunday = found
        fields = [f.field for s in und.plan.steps for f in s.filters]
        if any(f"距{monday.isoformat()}天数" in f for f in fields) and any(f"距{sunday.isoformat()}天数" in f for f in fields):
            note = f"口径：「{m.group(0)}」指 {monday.isoformat()}（周一）至 {sunday.isoformat()}（周日），含首尾两天"
            und.notes.append(note)
            und.plan.notes.append(note)
            return und
    reason = f"「{m.group(0)}」是按周的时间，离线规则暂不支持；请给出日期范围（例如“检查日期在2026年4月6日至2026年4月12日之间”）"
    return und.refused(reason)
