"""Two small shapes said in other words (lexicon found_words):
- not found in a record type (项目信息表里有多少个项目在投标记录中找不到 / 在检查记录里查不到的项目): the records with no
  record of that type — 没有投标记录, the anti-join the rules read. Only 在<type word>里/中 right before the verb (在
  unsaid where the type word opens a clause; 一次都 / 从来 between, lexicon `ever`: 检查记录中一次都没出现过);
- a full score with its number written (检查记录里出现过100分满分的吗 / 有满分（100分）的吗): that score — 100分; 满分
  without a number is not assumed (the scale is not in the data), and 满分100分 said as the scale is left as it is."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]] | None:
    lx = load_lexicon()
    row = lx.raw.get("found_words")
    if not row:
        return None
    labels = alternation([w for ws in lx.labels.values() for w in ws if len(w) >= 2])
    ever = alternation(row.get("ever", []) or ["都", "也"])
    absent = re.compile(  # 在 may go unsaid where the type word opens the clause (，检查记录中一次都没出现过的)
        rf"(?:在|^|(?<=[，,]))(?P<l>{labels})(?:表|台账)?(?:里面|当中|之中|里|中)(?:{ever})?(?:{alternation(row['not_found'])})"
    )
    full = alternation(row["full_marks"])
    before = re.compile(rf"(?P<n>\d{{1,3}}(?:\.\d+)?)\s*分\s*(?:的)?(?:{full})")
    inside = re.compile(rf"(?:{full})\s*[（(]\s*(?P<n>\d{{1,3}}(?:\.\d+)?)\s*分\s*[）)]")
    return absent, before, inside


def found_words(text: str) -> str:
    """在投标记录中找不到 → 没有投标记录; 100分满分 / 满分（100分） → 100分."""
    pats = _patterns()
    if pats is None:
        return text
    absent, before, inside = pats
    text = absent.sub(lambda m: f"没有{m.group('l')}", text)
    text = before.sub(lambda m: f"{m.group('n')}分", text)
    return inside.sub(lambda m: f"{m.group('n')}分", text)
