"""A range of days said first and referred back to (从元旦到今天（2026-03-31）为止，检查日期落在这段里的检查有几条).

The opening 从A到B states the range; 落在这段里 / 在这期间 / 这段时间内 after a date field only points back to it and
changes nothing. The question is rewritten to the form day_range reads (检查日期在A到B之间的…), each end a full day:
a day written 2026-03-31, 今天（2026-03-31） (the question's own today), or a named day of the year (lexicon
named_days: 元旦 = 1月1日) in the year of the other end, else the clock's year. A range with no date field after it, or
an end that is no day (今天 without its date), is left as it is — refused, never a guessed field or day."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_ISO = r"\d{4}\s*[-./]\s*\d{1,2}\s*[-./]\s*\d{1,2}"
_CN = r"\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
_BACK = r"(?:落在|位于|处于|在)?(?:这段时间|这段期间|这段日子|这一段|这段|这期间|此期间|该期间|这个区间|这个时间段|期间)(?:里面|里头|里|内|之内|以内|中|当中)?"


@cache
def _named() -> dict[str, str]:
    return dict(load_lexicon().raw.get("named_days", {}).get("days", {}))


def _pattern() -> re.Pattern[str]:
    named = _named()
    day = rf"(?:今天\s*[（(]\s*(?:{_ISO}|{_CN})\s*[）)]|{_ISO}|{_CN}" + (f"|{alternation(list(named))})" if named else ")")
    return re.compile(
        rf"^\s*(?:从|自)\s*(?P<a>{day})\s*(?:到|至|~|～)\s*(?P<b>{day})\s*(?:为止|止)?\s*[，,]\s*"
        rf"(?P<f>[\u4e00-\u9fff]{{0,6}}日期)\s*{_BACK}\s*的?"
    )


_YMD = re.compile(r"(\d{4})\s*[-./年]\s*(\d{1,2})\s*[-./月]\s*(\d{1,2})")


def _day(said: str, year: int) -> str:
    m = _YMD.search(said)
    if m is not None:
        return f"{int(m.group(1))}年{int(m.group(2))}月{int(m.group(3))}日"
    month, dom = _named()[said].split("-")
    return f"{year}年{int(month)}月{int(dom)}日"


def _year(said: str) -> int | None:
    m = _YMD.search(said)
    return int(m.group(1)) if m is not None else None


def range_back(text: str, this_year: int) -> str:
    """从元旦到今天（2026-03-31）为止，检查日期落在这段里的检查 → 检查日期在2026年1月1日到2026年3月31日之间的检查."""
    m = _pattern().match(text)
    if m is None:
        return text
    year = _year(m.group("a")) or _year(m.group("b")) or this_year
    a, b = _day(m.group("a"), year), _day(m.group("b"), year)
    return f"{m.group('f')}在{a}到{b}之间的{text[m.end():]}"
