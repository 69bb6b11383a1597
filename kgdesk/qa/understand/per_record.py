"""「原值平均下来一台多少钱」 / 「最低的一次检查得分」: 一台 / 一次 / 一笔 … right after an average or a max/min word
says "per record" — the average or the extreme is already over records, so the word is neither a count
(一次 = once) nor a condition (一台 as a value). Dropped there only: after 平均下来 / 平均 when the question
asks how much next (一台多少钱), after 最高 / 最低 (的) when a field or the question word follows, never before a
record type or a time unit (平均一个项目有几台设备 is a per-project average, 一个月 a month). Words: lexicon
`per_record`."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    raw = load_lexicon().raw.get("per_record", {})
    avg, ext, units = raw.get("average", []), raw.get("extreme", []), raw.get("units", [])
    if not avg or not ext or not units:
        return None
    unit = alternation(units)
    fields = alternation(load_lexicon().field_words())
    return (
        re.compile(rf"(?P<w>{alternation(avg)})(?:{unit})(?=多少|是多少|几|有多少)"),
        # only before a field (最低的一次检查得分): 最高的一次是哪个项目 / 最大的一条投标记录 name the top record itself,
        # whose group is asked — dropping 一次 there would rank the groups' totals instead
        re.compile(rf"(?P<w>(?:{alternation(ext)})的?)(?:{unit})(?={fields})"),
    )


def per_record(text: str) -> str:
    """原值平均下来一台多少钱 → 原值平均下来多少钱; 最低的一次检查得分 → 最低的检查得分."""
    pats = _patterns()
    if pats is None:
        return text
    for pat in pats:
        text = pat.sub(lambda m: m.group("w"), text)
    return text
