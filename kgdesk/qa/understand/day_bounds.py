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
- （含这两天） after a range: its two days said counted (lexicon inclusive.pair), as the range already does;
- a second day without its month (2026年1月5日至10日) is in the first day's month (and year); 期间 right after a range
  of two days (A到B期间做了几次检查) is the range itself;
- a one-sided bound with a marker saying whether the day counts (A（含）之后 / A以后（包括当天） / A之后，当天也算 /
  A之后（不含） / A以后（含A, the same day restated）; lexicon bound_inclusive / bound_exclusive): A及以后 / A及以前 when it counts, A之后 / A之前 (which
  leave the day out) when it does not. A clause after a comma (当天也算) only when the question has one such bound.
First, ordinary words beside a stated condition (understand/condition_words: 之前入职的老员工 / 哪怕只有一次 / 排在今天之后 /
还没到期) are put in the words the rules read, while the day bounds they lean on are still as said."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation
from kgdesk.qa.understand.condition_words import condition_words
from kgdesk.qa.understand.validity_range import validity_range

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


_DURING = re.compile(rf"(?P<r>{_DAY}{_TO}{_DAY})\s*(?:的)?(?:这段期间|这段时间|期间)(?:内|里|中)?(?=[\u4e00-\u9fff])")
"""2026年2月3日到2月14日期间做了几次检查: 期间 after a range of two days is the range itself."""
_SHORT_END = re.compile(rf"(?P<a>(?:\d{{4}}\s*年\s*)?(?P<m>\d{{1,2}})\s*月\s*\d{{1,2}}\s*[日号])(?P<to>{_TO})(?P<b>\d{{1,2}}\s*[日号])")
"""2026年1月5日至10日: the second day without its month, in the first day's month."""


@cache
def _bound_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]] | None:
    row = load_lexicon().raw.get("day_bounds", {})
    inc, exc, words = row.get("bound_inclusive", []), row.get("bound_exclusive", []), row.get("bound_words", {})
    if not inc or not exc or not words:
        return None
    w, b = rf"(?P<w>{alternation([*inc, *exc])})", rf"(?P<b>{alternation(list(words))})"
    said = [x for x in [*inc, *exc] if any(k in x for k in ("当天", "当日", "这天", "这一天"))]
    return (
        re.compile(rf"(?P<d>{_DAY})\s*[（(]\s*{w}\s*[）)]\s*{b}"),
        re.compile(rf"(?P<d>{_DAY})\s*{b}\s*[（(]\s*(?:{w}|(?P<w2>含|包含|包括)\s*(?P<d2>{_DAY})\s*(?:当天|当日|这天)?)\s*[）)]"),
        re.compile(rf"(?P<d>{_DAY})\s*{b}"),
        re.compile(rf"[，,？?。]\s*(?:但|而且|并且|且)?\s*(?P<w>{alternation(said)})\s*(?:的|吧|哦|啊)?\s*(?=[，,。？?！!；;]|$)"),
    )


def _bounds(text: str) -> str:
    """A（含）之后 → A及以后; A之后（不含） → A之后; A之后…，当天也算 → A及以后…."""
    pats = _bound_patterns()
    if pats is None:
        return text
    row = load_lexicon().raw["day_bounds"]
    inc, words = set(row["bound_inclusive"]), row["bound_words"]

    def said(m: re.Match[str]) -> str:
        if m.groupdict().get("w2"):  # 以后（含1月10日）: the day restated, counted — only that same day
            d, d2 = re.sub(r"\s", "", m.group("d")), re.sub(r"\s", "", m.group("d2"))
            return f"{m.group('d')}及{words[m.group('b')]}" if d.endswith(d2) else m.group(0)
        return f"{m.group('d')}及{words[m.group('b')]}" if m.group("w") in inc else f"{m.group('d')}{m.group('b')}"

    before, after, bound, clause = pats
    text = after.sub(said, before.sub(said, text))
    c = clause.search(text)
    if c is not None and len(found := bound.findall(text)) == 1 and not re.search(r"[及或]\s*$", text[: text.find(found[0][0]) + len(found[0][0])]):
        m = bound.search(text)
        assert m is not None
        rest = text[: c.start()] + text[c.end() :]
        if c.group("w") in inc:
            return rest.replace(m.group(0), f"{m.group('d')}及{words[m.group('b')]}", 1)
        return rest
    return text


def day_bounds(text: str) -> str:
    """检查日期落在A至B之间（含首尾） → 检查日期在A至B之间; 入职日期在A当天或之后 → 在A或之后;
    截至今天A，…（有效期至在这天之前） → 今天是A，…（有效期至在今天之前）; 以今天（A）为准，…还在今天以后 →
    今天是A，…在今天以后."""
    text = validity_range(condition_words(text))  # 有效期在A到B之间 → 有效期至在A到B之间
    pats = _patterns()
    if pats is None:
        return text
    ends, fall, that_day, today, this_day = pats
    text = _DURING.sub(lambda m: m.group("r"), text)
    text = _bounds(_SHORT_END.sub(lambda m: f"{m.group('a')}{m.group('to')}{m.group('m')}月{m.group('b')}", text))
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
