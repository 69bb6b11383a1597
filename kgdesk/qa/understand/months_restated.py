"""Months enumerated, then counted (XMSQ0110 1月、2月两个月开票金额加总是多少 / 3月和4月这两个月的餐费): 「两个月」 only
restates how many months were just named — it is no unit of the amount and no second time condition. When the number
equals the months listed right before it, it is dropped; any other number is left as it is (read, or refused). The
number words are the lexicon's `months_restated.numbers`."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.alternation import alternation

_MONTH = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})月份?"
_JOIN = r"\s*(?:、|和|与|及|跟|以及|,|，)\s*"


def months_restated(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """1月、2月两个月开票金额 → 1月、2月开票金额."""
    numbers: dict[str, int] = lexicon.raw.get("months_restated", {}).get("numbers", {})
    if not numbers:
        return text
    alt = alternation(numbers)
    pat = re.compile(rf"(?P<list>{_MONTH}(?:{_JOIN}{_MONTH})+)\s*(?:这|那)?(?P<n>{alt})个月(?:份)?")
    for m in pat.finditer(text):
        listed = len(re.findall(_MONTH, m.group("list")))
        if numbers.get(m.group("n")) == listed:
            return f"{text[: m.end('list')]}{text[m.end() :]}"
    return text
