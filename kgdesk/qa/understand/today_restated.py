"""截至今天（2026-11-30） names today (今天是2026-11-30). A clause right after a date field compared with today that restates the comparison (结束日期晚于今天、还在
有效期内 / 有效期至早于今天、已经过期 / 结束日期早于今天（已经到期）): dropped — the comparison already says it. Only when the clause agrees
with the comparison's direction (晚于 / 之后 with 未到期 …, 早于 / 之前 with 已过期 …; lexicon
`today_restated`); a clause saying the opposite is left to be read (and refused). The same clause said first with
the comparison after it in a bracket (结束日期还没到（在今天之后）) keeps the comparison and drops the clause."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon

_LATER = ("晚于", "迟于", "大于", "之后", "以后")
_EARLIER = ("早于", "小于", "之前", "以前")


@cache
def _pattern() -> re.Pattern[str]:
    rows = load_lexicon().raw.get("today_restated", {})
    clauses = sorted({*rows.get("later", []), *rows.get("earlier", [])}, key=len, reverse=True)
    words = "|".join(map(re.escape, (*_LATER, *_EARLIER)))
    return re.compile(
        rf"(?P<cmp>(?:{words})今天|今天(?:{words}))(?P<sep>\s*[（(]\s*|[、，,；;]?\s*)(?:也就是|即|也就是说)?"
        rf"(?P<clause>{'|'.join(map(re.escape, clauses))})(?P<close>\s*[）)])?"
    )


_NAMED_TODAY = re.compile(
    r"(?:截至|截止到|截止|到)?今天\s*[（(]\s*(?:即|也就是|是)?\s*(?P<d>\d{4}\s*[-./年]\s*\d{1,2}\s*[-./月]\s*\d{1,2}\s*[日号]?)\s*[）)]"
)
"""截至今天（2026-11-30）: the parenthesis names today — read as 今天是2026-11-30."""


_DAY = r"\d{4}\s*[-./年]\s*\d{1,2}\s*[-./月]\s*\d{1,2}\s*[日号]?"
_COMPARED_TODAY = re.compile(
    rf"(?P<w>早于|晚于|迟于|不早于|不晚于|在|到)今天\s*(?:[（(]\s*(?:即|也就是|是)?\s*(?P<d>{_DAY})\s*[）)]|(?P<d2>{_DAY}))"
)
"""早于今天（2026年2月28日） / 晚于今天2026-02-28: the day names today — said first (今天是…，), 今天 compared."""
_OR_AFTER = re.compile(rf"在(?P<x>今天|{_DAY})\s*(?:或者?|及|和)\s*(?P<w>之后|以后|之前|以前)")
"""在今天或之后 / 在2026年6月1日或之前: not earlier / not later than that day."""
_PASSED_BY = re.compile(rf"(?:到|截至|截止到?)(?P<d>{_DAY})(?:为止|时)?[，,]?\s*(?:已经|已)?过了(?P<f>[\u4e00-\u9fff]{{2,5}}?(?:日期|期至))")
"""到2026年3月1日已经过了结束日期: the date field earlier than that day."""


def _dated(text: str) -> str:
    m = _COMPARED_TODAY.search(text)
    if m is not None:
        day = m.group("d") or m.group("d2")
        text = f"今天是{day}，" + text[: m.start()] + f"{m.group('w')}今天" + text[m.end() :]
    text = _OR_AFTER.sub(lambda m: ("不早于" if m.group("w") in ("之后", "以后") else "不晚于") + m.group("x"), text)
    return _PASSED_BY.sub(lambda m: f"{m.group('f')}早于{m.group('d')}", text)


@cache
def _reverse() -> re.Pattern[str]:
    """结束日期还没到（在今天之后）: the clause first, the comparison with today restating it in a bracket after."""
    rows = load_lexicon().raw.get("today_restated", {})
    clauses = sorted({*rows.get("later", []), *rows.get("earlier", [])}, key=len, reverse=True)
    words = "|".join(map(re.escape, (*_LATER, *_EARLIER)))
    return re.compile(
        rf"(?P<clause>{'|'.join(map(re.escape, clauses))})\s*[（(]\s*(?:也就是|即|就是)?\s*"
        rf"(?P<cmp>在?今天(?:{words})|(?:{words})今天)\s*[）)]"
    )


def _clause_then_compared(text: str) -> str:
    """结束日期还没到（在今天之后） → 结束日期在今天之后, when the clause and the comparison agree; else as said."""
    m = _reverse().search(text) if load_lexicon().raw.get("today_restated") else None
    if m is None:
        return text
    later = any(w in m.group("cmp") for w in _LATER)
    if m.group("clause") not in load_lexicon().raw["today_restated"].get("later" if later else "earlier", []):
        return text
    return text[: m.start()] + m.group("cmp") + text[m.end() :]


def today_restated(text: str) -> str:
    text = _NAMED_TODAY.sub(lambda m: f"今天是{m.group('d')}", _clause_then_compared(_dated(text)))
    m = _pattern().search(text) if load_lexicon().raw.get("today_restated") else None
    if m is None:
        return text
    rows = load_lexicon().raw["today_restated"]
    later = any(w in m.group("cmp") for w in _LATER)
    agrees = m.group("clause") in rows.get("later" if later else "earlier", [])
    opened = any(p in m.group("sep") for p in "（(")
    if not agrees or (opened and m.group("close") is None):
        return text
    return text[: m.end("cmp")] + text[m.end() if opened else m.end("clause") :]
