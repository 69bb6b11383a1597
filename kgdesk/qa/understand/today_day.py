"""Today given as a day and then referred to: 有效期至在今天（11月30日）之前 / 结束日期在11月30日（也就是今天）之前 /
今天是2026年11月30日，证书有效期至在这天之前. The day said for today is the question's own today, as 今天（2026-11-30）
already is (understand/today_restated reads that form): a day without its year is in the clock's year, the
bracket that restates it is put in the form with the year, and "this day" (这天 / 这一天 / 当天) after a
today-is opener is that today. Nothing else is touched: a day not tied to 今天 stays the day it says."""

from __future__ import annotations

import re

_MD = r"(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]"
_TODAY_MD = re.compile(rf"今天\s*[（(]\s*(?:即|也就是|就是|是)?\s*{_MD}\s*[）)]")
"""今天（11月30日）"""
_MD_TODAY = re.compile(rf"(?<![\d年./-]){_MD}\s*[（(]\s*(?:即|也就是|就是|也即)?\s*今天\s*[）)]")
"""11月30日（也就是今天）"""
_OPENER = re.compile(r"^\s*今天是\s*\d{4}\s*[-./年]\s*\d{1,2}\s*[-./月]\s*\d{1,2}\s*[日号]?\s*[，,；;。]")
_THIS_DAY = re.compile(r"(?:这一天|这天|当天|该日)(?=之前|以前|之后|以后|前|后)")


def today_day(text: str, this_year: int) -> str:
    """有效期至在今天（11月30日）之前 → 有效期至在今天（2026年11月30日）之前 (read by today_restated)."""
    text = _TODAY_MD.sub(lambda m: f"今天（{this_year}年{m.group('m')}月{m.group('d')}日）", text)
    text = _MD_TODAY.sub(lambda m: f"今天（{this_year}年{m.group('m')}月{m.group('d')}日）", text)
    if _OPENER.match(text):
        text = _THIS_DAY.sub("今天", text)
    return text
