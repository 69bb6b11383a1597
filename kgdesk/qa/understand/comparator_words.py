"""A colloquial comparator word between a field and its number (合同金额过百万 / 原值过10万 / 合同金额上千万 / 够400万):
the word is a bound, never dropped — a dropped word would leave the number an equality (合同金额 = 1000000), a wrong
answer. The words are data (lexicon `comparator_words`): `gt` (过 / 过了 / 超 / 破 / 逾) is written 超过, `gte` (够 / 达)
达到, and `gte_magnitude` (上) 达到 only before a round magnitude (上百万 / 上千万; a bare 万 / 亿, as in 过万 / 上万, is
left to the number rules). Only right after a field term of
the lexicon and right before a number: 检查过2次 (a verb, then 过) is left as written."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_NUMBER = r"(?=[0-9０-９一二三四五六七八九十两百千])"  # 过万 / 破亿: a bare 万 is read by the number rules as written
_MAGNITUDE = r"(?=一?(?:十万|百万|千万|百|千))"


@cache
def _pattern() -> re.Pattern[str] | None:
    row = load_lexicon().raw.get("comparator_words", {})
    fields = [t for t, _label, _field in load_lexicon().field_terms()]
    alts = []
    if row.get("gt"):
        alts.append(rf"(?P<gt>{alternation(row['gt'])}){_NUMBER}")
    if row.get("gte"):
        alts.append(rf"(?P<gte>{alternation(row['gte'])}){_NUMBER}")
    if row.get("gte_magnitude"):
        alts.append(rf"(?P<mag>{alternation(row['gte_magnitude'])}){_MAGNITUDE}")
    if not alts or not fields:
        return None
    return re.compile(rf"(?P<field>{alternation(fields)})(?:{'|'.join(alts)})")


def comparator_words(text: str) -> str:
    """合同金额过百万 → 合同金额超过百万; 合同金额上千万 → 合同金额达到千万."""
    pat = _pattern()
    if pat is None:
        return text
    return pat.sub(lambda m: m.group("field") + ("超过" if m.group("gt") else "达到"), text)
