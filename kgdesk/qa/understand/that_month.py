"""A month said, then pointed at again (三个月前那个月 / 上个月那个月份): 那个月 right after a relative month only
names the month just said — the same month, one time. Read alone, 个月 was left over and the question refused.
Only right after the relative month words of lexicon `that_month.after`; the pointing words are `words`."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.understand.alternation import alternation


def that_month(text: str, lexicon: Lexicon) -> str:
    """三个月前那个月XMSQ0150的考勤人数 → 三个月前XMSQ0150的考勤人数."""
    row = lexicon.raw.get("that_month", {})
    words, after = row.get("words", []), row.get("after", [])
    if not words or not after:
        return text
    return re.sub(rf"({alternation(after)})(?:的)?(?:{alternation(words)})", r"\1", text)
