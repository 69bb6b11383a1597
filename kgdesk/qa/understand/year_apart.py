"""A year stated apart from the months it qualifies (XMSQ0150 1月和2月的开票金额差多少（2026年） / 2026年的：
XMSQ0150 2月收款比1月多多少 / …2月比1月多多少，都是2026年): the year binds to the months the question
names, never the whole year on its own (which would ask for months the data may not cover). Applies
only when the year stands alone (in parentheses, as a leading "2026年的：" or a trailing clause), every
month in the rest is written without a year, and there is at least one; the text is then rewritten
with the year before each month. Below, the months listed or ranged in other forms (month_lists: 1、2两个月,
一二月份, 1月到本月) and a month counted back (三个月前)."""

from __future__ import annotations

import re
from datetime import date
from itertools import pairwise

from kgdesk.qa.timeparse import cn_number
from kgdesk.qa.understand.month_count import restated_months

_YEAR = r"(?P<y>(?:19|20)\d{2})\s*年度?"
_APART = (
    re.compile(rf"[（(]\s*(?:均为|都是|均是|指|为)?{_YEAR}(?:的)?(?:数据|情况)?\s*[）)]"),
    re.compile(rf"^\s*(?:都是|均为|按)?{_YEAR}(?:的)?(?:数据|情况)?\s*[：:，,]\s*"),
    re.compile(rf"[，,；;]\s*(?:都是|均为|均是|指的是|指)?{_YEAR}(?:的)?(?:数据|情况)?\s*[。？?！!]?\s*$"),
)
_MONTH = re.compile(r"(?<![\d年个几多上下本这那])(?:1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\s*月")
_OTHER_YEAR = re.compile(r"(?:19|20)\d{2}\s*年|今年|去年|明年|前年|后年")


def year_apart(text: str) -> str:
    for pat in _APART:
        m = pat.search(text)
        if m is None:
            continue
        rest = text[: m.start()] + text[m.end() :]
        if _OTHER_YEAR.search(rest) or not _MONTH.search(rest):
            return text
        year = m.group("y")
        return _MONTH.sub(year + r"年\g<0>", rest)
    return text


# A parenthesis restating the year just said (今年（年份2026） / 今年（即2026年） / 2026年（也就是今年）):
# a gloss, not a condition — dropped when it names the same year, so the year word alone is read (never
# 「年份2026」 searched as a record code). A parenthesis naming another year is left as it is.
_RELATIVE = {"今年": 0, "本年": 0, "本年度": 0, "去年": -1, "上一年": -1, "明年": 1, "前年": -2}
_YEAR_WORD = rf"(?:{'|'.join(sorted(_RELATIVE, key=len, reverse=True))}|(?:19|20)\d{{2}}\s*年度?)"
_SAID = r"(?:即|也就是|就是|指|亦即|年份|年份是|年份为|即年份)?\s*"
_GLOSS = re.compile(rf"(?P<w>{_YEAR_WORD})\s*[（(]\s*{_SAID}(?P<g>{_YEAR_WORD}|(?:19|20)\d{{2}})\s*[）)]")

_LAST_YEAR_PERIOD = re.compile(
    rf"(?:去年|上年|上一年)(?:的)?(?:同期|同一个月|同月|这个时候)\s*[（(]\s*{_SAID}(?P<d>(?P<y>(?:19|20)\d{{2}})\s*年\s*\d{{1,2}}\s*月份?)\s*[）)]"
)
"""去年同期（2025年3月）: the month in the bracket is the period meant, when it lies in last year; else left as said."""


def _year(word: str, this_year: int) -> int | None:
    word = word.strip()
    if word in _RELATIVE:
        return this_year + _RELATIVE[word]
    m = re.match(r"((?:19|20)\d{2})", word)
    return int(m.group(1)) if m else None


def year_glosses(text: str, this_year: int) -> str:
    """The text without parentheses that restate the year right before them."""

    def drop(m: re.Match[str]) -> str:
        same = _year(m.group("w"), this_year) == _year(m.group("g"), this_year)
        return m.group("w") if same else m.group(0)

    def period(m: re.Match[str]) -> str:
        return m.group("d") if int(m.group("y")) == this_year - 1 else m.group(0)

    return _LAST_YEAR_PERIOD.sub(period, _GLOSS.sub(drop, text))


# Months listed or ranged in other forms, said the way the time parser reads them:
#
# - 1、2两个月 / 1、2月 / 1、2月份 → 1月、2月 (never the number 12); 一二月份 / 二三月 → 1月、2月 (single numerals,
#   each one more than the one before: 十一月 / 十二月 are left alone);
# - 今年1月到本月 / 从1月到上个月 → the end month resolved with the reference date (本月 = its month, 上个月 =
#   the one before) when it falls in the same year after the start; the parser then checks coverage. 从 before
#   such a range only opens it.
_NUMERALS = "一二三四五六七八九"
_LISTED = re.compile(r"(?<![\d.年])(\d{1,2}(?:、\d{1,2})+)(?:[两二三四五六]个月|月份?)")
_SAID_MONTHS = re.compile(rf"(?<![{_NUMERALS}十\d])([{_NUMERALS}]{{2,3}})月份?")
_RANGE_END = re.compile(r"(\d{1,2})月份?(到|至|~|-)(本月|这个月|当月|上个月|上月)")
_FROM = re.compile(r"从(?=(?:今年|去年|\d{4}年)?\d{1,2}月份?(?:到|至))")


def _listed(m: re.Match[str]) -> str:
    months = [int(x) for x in m.group(1).split("、")]
    if not all(1 <= x <= 12 for x in months) or months != sorted(set(months)):
        return m.group(0)
    return "、".join(f"{x}月" for x in months)


def _said(m: re.Match[str]) -> str:
    months = [_NUMERALS.index(c) + 1 for c in m.group(1)]
    if any(b != a + 1 for a, b in pairwise(months)):
        return m.group(0)
    return "、".join(f"{x}月" for x in months)


def month_lists(text: str, today: date) -> str:
    """The text with its listed months and relative range ends said as the time parser reads them."""
    text = _LISTED.sub(_listed, text)
    text = _SAID_MONTHS.sub(_said, text)

    def end(m: re.Match[str]) -> str:
        start, last = int(m.group(1)), today.month - (1 if m.group(3) in ("上个月", "上月") else 0)
        return f"{start}月{m.group(2)}{last}月" if 1 <= start < last else m.group(0)

    text = _RANGE_END.sub(end, text)
    return months_ago(_FROM.sub("", restated_months(text)), today)  # 1~4月四个月都有: 每个月都有


_AGO = re.compile(r"(?<![近前最过去])(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,3}|半)(?P<u>个月|年)前(?![后\d])")


def months_ago(text: str, today: date) -> str:
    """三个月前 / 两个月前 / 半年前: the one month that many months before the reference date's month, said as
    that month (2026年8月); 近三个月 / 前三个月 (a range), 一年前 (a year, not a month) and 三个月以前 (before it, or that month?) are left alone."""

    def month(m: re.Match[str]) -> str:
        n = 6 if m.group("n") == "半" and m.group("u") == "年" else cn_number(m.group("n"))
        if n is None or (m.group("u") != "个月" and m.group("n") != "半") or not 1 <= n <= 24:
            return m.group(0)
        k = today.year * 12 + today.month - 1 - n
        return f"{k // 12}年{k % 12 + 1}月"

    return _AGO.sub(month, text)
