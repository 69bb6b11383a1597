"""A ratio of two measures of the same rows (judge 43 K7): "<month>的收款金额占同月开票金额的比例" — 同月 / 当月 / 同一个月
after 占 (or 是 … 的百分之几) names the month already said, so both sides are that month's rows: the word is dropped
and the share reads the one month for the part and the whole. Only when a month is said before it."""

from __future__ import annotations

import re

_MONTH = re.compile(r"\d{1,2}\s*月|\d{4}-\d{1,2}|上个?月|本月|这个月|上月")
_SAME = re.compile(r"(?<=[占是比])(?:同月|当月|同一个?月)的?")


def same_month(text: str) -> str:
    """3月的收款金额占同月开票金额的比例 → 3月的收款金额占开票金额的比例."""
    m = _SAME.search(text)
    if m is None or not _MONTH.search(text[: m.start()]):
        return text
    return text[: m.start()] + text[m.end() :]
