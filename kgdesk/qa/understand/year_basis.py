"""A year said, then the basis it goes by (今年的投标有几条？按投标记录的年份算 / 按年份算，2025年的投标有几条): the
records' own year field is what a year of a record type with one is read on already (今年的投标 = 年份 2026), so the
basis only confirms it and is dropped. Only a field the lexicon names as a year (year_basis), only with a year in the
question (今年 / 去年 / 2025年 …): 按年份算 alone may group by year and is left as it is."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon

_YEAR = re.compile(r"今年|去年|前年|明年|本年度?|上一?年度?|\d{4}\s*年(?!\s*\d{1,2}\s*月)")


@cache
def _pattern() -> re.Pattern[str] | None:
    lx = load_lexicon()
    fields = lx.raw.get("year_basis", {}).get("fields", [])
    if not fields:
        return None
    words = sorted({w for ws in lx.labels.values() for w in ws}, key=len, reverse=True)
    label = "|".join(map(re.escape, words))
    alt = "|".join(map(re.escape, fields))
    return re.compile(
        rf"[，,？?；;]?\s*[（(]?(?:按照|按|以|依据)(?:(?:{label})(?:里|中)?的?)?(?:{alt})(?:来)?(?:算|计算?|统计|为准)?[）)]?(?=[，,？?。；;]|$)"
    )


def year_basis(text: str) -> str:
    """今年的投标有几条？按投标记录的年份算 → 今年的投标有几条."""
    pat = _pattern()
    if pat is None or not _YEAR.search(text):
        return text
    m = pat.search(text)
    if m is None or not _YEAR.search(text[: m.start()] + text[m.end() :]):
        return text
    rest = text[m.end() :].lstrip("，,；; ")
    return text[: m.start()] + ("，" if m.start() > 0 and rest and rest[0] not in "？?。" else "") + rest
