"""Every month said as no cut at all (考勤表里XMSQ0150所有月份的餐费合计 / 各月加起来的餐费合计): 所有月份 / 全部月份
puts no month condition on the rows, and 各月 / 每个月 followed by a word of adding them together (加起来 / 合计)
is one total over the months — never one value per month. Read alone, 月份 was an unknown word (refused) and
各月 a grouping (a table where one total was asked). The words are lexicon `all_months`: `all` is dropped
with its 的; `each` is dropped only right before a word of `together`, which stays (it is the total)."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.understand.alternation import alternation


def all_months(text: str, lexicon: Lexicon) -> str:
    """XMSQ0150所有月份的餐费合计 → XMSQ0150餐费合计; 各月加起来的餐费 → 加起来的餐费."""
    row = lexicon.raw.get("all_months", {})
    every, each, together = row.get("all", []), row.get("each", []), row.get("together", [])
    if every:
        text = re.sub(rf"(?:{alternation(every)})的?", "", text)
    if each and together:
        text = re.sub(rf"(?:{alternation(each)})(?=(?:{alternation(together)}))", "", text)
    return text
