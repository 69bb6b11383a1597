"""里头 / 里面 / 当中 closing a clause before its comma (耗材采购的金额里头，工程耗材占了几成) say the 里 every rule reads as
"within" (the whole of a share, the records a condition is on): said as 里. Only before the clause's punctuation, so a
word inside a name or a longer phrase is untouched. Words: lexicon inside_words."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> tuple[re.Pattern[str], str] | None:
    row = load_lexicon().raw.get("inside_words")
    if not row:
        return None
    return re.compile(rf"(?:{alternation(row['words'])})(?=\s*[，,])"), str(row["as"])


def inside_words(text: str) -> str:
    """耗材采购的金额里头，… → 耗材采购的金额里，…"""
    got = _pattern()
    return got[0].sub(got[1], text) if got is not None else text
