"""谁 between objects the question has just named is "which of them" (XMSQ0150和XMSQ0102，1月份谁开票多？).

When a question opens by naming two or more things joined by 和 / 与 / 跟 / 、 / 还是, closed by a comma, and then asks
谁 with a comparison (多 / 高 / 大 / 少 / 低 …), the asker means one of the things named — read as 哪个, which the
rules compare the named objects by — not a person related to them. Without the opening list (谁开票多), without a
comparison (XMSQ0150和XMSQ0102，谁是负责人), or when the things named are people (宋志刚和高永强，谁加班多: 谁 is right
as it is), or with a time right after 谁 (谁3月…: 哪个3月 would read as a count) 谁 is left as it was read. The comparison words are data (lexicon
who_of_named)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation
from kgdesk.qa.understand.words import looks_like_person_name

_ITEM = r"[^，,。？?！!和与跟、\s]{2,24}"


@cache
def _pattern() -> re.Pattern[str] | None:
    more = load_lexicon().raw.get("who_of_named", {}).get("comparisons", [])
    if not more:
        return None
    return re.compile(
        rf"^(?P<named>\s*(?P<first>{_ITEM})(?:\s*(?:和|与|跟|、|还是)\s*{_ITEM})+\s*[，,][^谁，,。？?]*)谁"
        rf"(?![\d一二两三四五六七八九十上下本今去])(?=[^，,。？?谁]{{0,10}}?(?:{alternation(more)}))"
    )


def who_of_named(text: str) -> str:
    """XMSQ0150和XMSQ0102，1月份谁开票多？ → XMSQ0150和XMSQ0102，1月份哪个开票多？"""
    pat = _pattern()
    m = pat.match(text) if pat is not None else None
    if m is None or looks_like_person_name(m.group("first").strip(), load_lexicon().raw.get("surnames", [])):
        return text
    return m.group("named") + "哪个" + text[m.end() :]
