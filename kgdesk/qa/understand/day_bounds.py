"""A day range, a day bound or a stated today written in other words, put in the words the date rules already read
(lexicon day_bounds):
- a bracket right after a day range saying both ends count (在A到B（两头都算） / A至B之间（含首尾）) is dropped: the
  range rules count both days already; only after a range of two days, so a bound (A之后（含当天）) keeps its bracket
  and is read (or refused) as written;
- 落在 / 落于 before a day is the 在 of a range (检查日期落在A至B之间);
- 当天 / 这一天 between a day and 或之后 / 及以后 is that same day (A当天或之后 = A或之后, not earlier than A);
- 截至今天A / 按今天A算 names today (今天是A，) — a stated day wins over the machine clock; a later 这天 / 该日 then
  means that day (有效期至在这天之前 = 在今天之前). Only at the start of a clause, so a comparison with a stated day
  (早于今天2026-02-28) stays for its own rule; without a stated today, 这天 is left as written;
- a full day with （今天） / （也就是今天） after it is today stated (今天（A）), read as the question's own today;
- a bare （含） / （包含） right after a range of two days (A至B（含）之间) says both ends count, as the range already does;
- （含这两天） after a range: its two days said counted (lexicon inclusive.pair), as the range already does."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_DAY = r"(?:\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*[日号]?|\d{4}\s*[-./]\s*\d{1,2}\s*[-./]\s*\d{1,2}|\d{1,2}\s*月\s*\d{1,2}\s*[日号])"
_TO = r"\s*(?:到|至|~|～|——|—|–|－)\s*"
_DASHED = re.compile(rf"(?P<a>{_DAY})\s*(?:——|—|–|－|~|～)\s*(?P<b>{_DAY})")
"""2025年7月1日—2025年12月31日: a dash between two full days is the range's 至, which every day rule reads."""
_DAY_IS_TODAY = re.compile(rf"(?P<d>{_DAY})\s*[（(]\s*(?:即|也就是|就是|也即|亦即)?\s*今天\s*[）)]")
"""2026年11月30日（今天）: the day restated as today — today（the day） as the today rules read it (a stated today)."""



@cache
def _patterns() -> tuple[re.Pattern[str], ...] | None:
    row = load_lexicon().raw.get("day_bounds")
    if not row:
        return None
    cut = row.get("today_cut", {})
    inc = row.get("inclusive", {})
    said = alternation(row["inclusive_ends"])
    if inc.get("ends") and inc.get("says") and inc.get("before"):
        # （首尾两天都算） / （起止日都含） / （包括两端）: an end word, said counted before or after it
        end = rf"(?:{alternation(inc['ends'])})(?:{alternation(inc.get('days', []))})?"
        said += rf"|(?:{alternation(inc['before'])})?{end}(?:{alternation(inc['says'])})|(?:{alternation(inc['before'])}){end}(?:{alternation(inc['says'])})?"
    if inc.get("pair") and inc.get("before"):  # （含这两天）: the two days of the range, said counted before them
        said += rf"|(?:{alternation(inc['before'])})(?:{alternation(inc['pair'])})(?:{alternation(inc.get('says', []))})?"
    ends = re.compile(rf"(?P<r>{_DAY}{_TO}{_DAY}\s*(?:的)?(?:之间|期间)?)\s*[（(]\s*(?:{said})\s*[）)]")
    if row.get("ends_short"):  # A至B（含）之间: a bare 含 right after a range of two days, before 之间 too
        said += f"|{alternation(row['ends_short'])}"
        ends = re.compile(rf"(?P<r>{_DAY}{_TO}{_DAY}\s*(?:的)?(?:之间|期间)?)\s*[（(]\s*(?:{said})\s*[）)]")
    fall = re.compile(rf"(?:{alternation(row['fall_in'])})(?=\s*{_DAY}{_TO}{_DAY})")
    that_day = re.compile(rf"(?P<d>{_DAY})\s*(?:{alternation(row['that_day'])})\s*(?=(?:或者?|及|和)\s*(?:之后|以后|之前|以前))")
    today = re.compile(
        rf"(?<![^，,。；;：:\s])(?:{alternation(cut.get('before', []))})?\s*今天\s*(?:是|为)?\s*(?P<open>[（(])?\s*(?P<d>{_DAY})\s*(?(open)[）)])\s*(?:{alternation(cut.get('after', []))})?\s*[，,]?"
    )
    this_day = re.compile(rf"(?:{alternation(row['this_day'])})(?=之前|以前|之后|以后|前|后)")
    return ends, fall, that_day, today, this_day


def day_bounds(text: str) -> str:
    """检查日期落在A至B之间（含首尾） → 检查日期在A至B之间; 入职日期在A当天或之后 → 在A或之后;
    截至今天A，…（有效期至在这天之前） → 今天是A，…（有效期至在今天之前）; 以今天（A）为准，…还在今天以后 →
    今天是A，…在今天以后."""
    pats = _patterns()
    if pats is None:
        return text
    ends, fall, that_day, today, this_day = pats
    text = ends.sub(lambda m: m.group("r"), text)
    text = _DASHED.sub(lambda m: f"{m.group('a')}至{m.group('b')}", text)
    text = _DAY_IS_TODAY.sub(lambda m: f"今天（{m.group('d')}）", text)
    text = fall.sub("在", text)
    text = that_day.sub(lambda m: m.group("d"), text)
    m = today.search(text)
    if m is None:
        return text
    rest = this_day.sub("今天", text[m.end() :])
    rest = re.sub(r"还(?=在今天(?:以后|之后|以前|之前))", "", rest)  # 还在今天以后: 还 only says "still", of the stated today
    return f"{text[: m.start()]}今天是{m.group('d')}，{rest}"
