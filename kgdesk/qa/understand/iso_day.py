"""A day written in digits with dashes, slashes or dots (2015-01-01 / 2015/1/1 / 2015.01.01) next to a comparison word
(早于 / 晚于 / 不早于 / 不晚于 / 在 … 之前 / 以前 / 之后 / 以后) is that day, written the way the day rules read it
(2015年1月1日): 启用日期在2015-01-01之前 = 启用日期早于2015年1月1日 (strict), 之后 = later (strict). Only a real
calendar day next to such a word; a code with digits, or a month (2026-03), is left as written."""

from __future__ import annotations

import re
from datetime import date

_BEFORE = r"(?:早于|晚于|迟于|不早于|不晚于|在|从|自|于)\s*"
_AFTER = r"\s*(?:之前|以前|之后|以后|前|后|及以前|及之前|及以后|及之后|到|至|为止|或者?之前|或者?之后)"
_DAY = r"(?<![0-9a-zA-Z-])(?P<y>\d{4})(?P<s>[-/.])(?P<m>\d{1,2})(?P=s)(?P<d>\d{1,2})(?![0-9a-zA-Z])"


def _word(m: re.Match[str]) -> str:
    y, mo, d = int(m.group("y")), int(m.group("m")), int(m.group("d"))
    try:
        date(y, mo, d)
    except ValueError:
        return m.group(0)
    return f"{y}年{mo}月{d}日"


def iso_day(text: str) -> str:
    """2015-01-01之前 → 2015年1月1日之前; 早于2015/1/1 → 早于2015年1月1日."""
    out, last = [], 0
    for m in re.finditer(_DAY, text):
        before = re.search(rf"{_BEFORE}$", text[: m.start()])
        after = re.match(_AFTER, text[m.end() :])
        if before is None and after is None:
            continue
        out.append(text[last : m.start()])
        out.append(_word(m))
        last = m.end()
    out.append(text[last:])
    return "".join(out)
