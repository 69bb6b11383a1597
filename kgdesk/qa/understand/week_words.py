"""A week said relative to today (上周 / 本周 / 这周 / 下周 / 上个星期 / 这礼拜, lexicon `week_words`): the rules read no week
yet, and without this look the word was read as a name (上周新入职 → no person 「周新」, 本周 → a choice of the person 周敏)
— a false "not in the data" or another question answered. 上周 / 本周 (and their synonyms) are read as the days Monday to
Sunday around the question's today (今天是… / 截至…, else the app's today): the words are rewritten to that day range
before the scan (`week_days`), so they apply to a dated record's own date and a monthly ledger refuses; the plan must then
carry that range, and the answer states it in a 口径 note. 下周 and any week the plan did not carry are refused, naming
the week and asking for the dates. 周 after 上 / 本 / 这 / 下 never starts a name.

A week whose days the question gives in a bracket beside it (上周（11月16日—11月22日） / 一周（4月6日至12日）里, lexicon
`week_words.dated`) is those days, whatever the clock says: rewritten to that day range, a second day without its year or
month taking them from the first; the plan must carry it like any other week (a second day before the first: refused)."""

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


_D = r"(?:\d{4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*[日号]?"
_D2 = r"(?:(?:\d{4}\s*年\s*)?\d{1,2}\s*月\s*)?\d{1,2}\s*[日号]?"
_YMD = re.compile(r"(?:(?P<y>\d{4})\s*年\s*)?(?:(?P<m>\d{1,2})\s*月\s*)?(?P<d>\d{1,2})")


@cache
def _dated() -> re.Pattern[str] | None:
    row = load_lexicon().raw.get("week_words", {})
    words = [*row.get("words", []), *row.get("dated", [])]
    if not words:
        return None
    return re.compile(
        rf"(?:{alternation(words)})\s*[（(]\s*(?P<a>{_D})\s*(?:到|至|~|～|——|—|–|－|-)\s*(?P<b>{_D2})\s*[）)]"
    )


def _bracket(question: str, today: date) -> tuple[re.Match[str], date, date] | None:
    """A week word with its days in a bracket beside it, and those days (None: no such bracket, or days not a range)."""
    pat = _dated()
    m = pat.search(question) if pat is not None else None
    if m is None:
        return None
    ref = reference_date(unicodedata.normalize("NFKC", question).strip(), today)
    year = (ref.day if ref is not None else today).year
    ma, mb = _YMD.match(m.group("a").strip()), _YMD.match(m.group("b").strip())
    if ma is None or mb is None or ma["m"] is None:
        return None
    try:
        first = date(int(ma["y"] or year), int(ma["m"]), int(ma["d"]))
        last = date(int(mb["y"] or first.year), int(mb["m"] or first.month), int(mb["d"]))
    except ValueError:
        return None
    return (m, first, last) if first <= last else None


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
    dated = _bracket(question, today) if today is not None else None
    if dated is not None:  # 上周（11月16日—11月22日）: the days the question gives
        m, first, last = dated
        return question[: m.start()] + f"{_day(first)}至{_day(last)}" + question[m.end() :]
    pat = _pattern()
    found = _week(question, today) if today is not None and pat is not None and len(pat.findall(question)) == 1 else None
    if found is None:
        return question
    m, monday, sunday = found
    return question[: m.start()] + f"{_day(monday)}至{_day(sunday)}" + question[m.end() :]


def _carried(und: Understanding, first: date, last: date) -> bool:
    fields = [f.field for s in und.plan.steps for f in s.filters] if und.plan is not None else []
    return any(f"距{first.isoformat()}天数" in f for f in fields) and any(f"距{last.isoformat()}天数" in f for f in fields)


def week_refused(question: str, und: Understanding, today: date | None = None) -> Understanding:
    """The understanding itself (with the week's days said), or a refusal when the question names a week relative to
    today that the plan does not carry as that day range."""
    dated = _bracket(question, today) if today is not None else None
    if dated is not None:
        said, first, last = dated
        if und.plan is not None and _carried(und, first, last):
            note = f"口径：「{said.group(0)}」按括号里的日期，{first.isoformat()} 至 {last.isoformat()}，含首尾两天"
            und.notes.append(note)
            und.plan.notes.append(note)
            return und
        if und.plan is not None:
            return und.refused(f"「{said.group(0)}」给出的日期没有体现在查询中")
        return und
    pat = _pattern()
    m = pat.search(question) if pat is not None else None
    if m is None:
        return und
    found = _week(question, today) if today is not None else None
    if found is not None and und.plan is not None and week_days(question, today) != question:
        _m, monday, sunday = found
        if _carried(und, monday, sunday):
            note = f"口径：「{m.group(0)}」指 {monday.isoformat()}（周一）至 {sunday.isoformat()}（周日），含首尾两天"
            und.notes.append(note)
            und.plan.notes.append(note)
            return und
    reason = f"「{m.group(0)}」是按周的时间，离线规则暂不支持；请给出日期范围（例如“检查日期在2026年4月6日至2026年4月12日之间”）"
    return und.refused(reason)
