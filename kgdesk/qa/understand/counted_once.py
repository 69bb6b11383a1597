"""A bracket saying that what belongs to both is counted once (属于PQ01或者PQ03的项目有多少个（两个片区都挂的只算一次）):
a count of the records asked counts each record once — a record is one node however many of the named groups hold
it — so the bracket restates how the count is made and changes nothing. Only a bracket with 都 (belonging to both)
and a counted-once word of the lexicon (counted_once), in a question that counts (几个 / 多少个 …): for a total or
an average the bracket would ask for something the plan does not do, and it is left to be refused. The same bracket
said of what repeats (（重复的算一次） / （重复的只算一个）, lexicon counted_once.repeats) or only as distinct (（去重） /
（不重复）, counted_once.distinct) restates it too."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_COUNTS = re.compile(r"(?:几|多少)(?:个|家|位|名|人|台|本|张|条|份|项)")


@cache
def _bracket() -> re.Pattern[str] | None:
    words = load_lexicon().raw.get("counted_once", {}).get("words", [])
    if not words:
        return None
    both = rf"[^（）()]*都[^（）()]*(?:{alternation(words)})[^（）()]*"
    row = load_lexicon().raw.get("counted_once", {})
    alts = [both]
    if row.get("repeats"):  # （重复的算一次）: what repeats is counted once
        alts.append(rf"\s*(?:{alternation(row['repeats'])})[只都]?(?:{alternation(words)})\s*")
    if row.get("distinct"):  # （去重） / （不重复）: a bracket saying only that
        alts.append(rf"\s*(?:{alternation(row['distinct'])})\s*")
    return re.compile(rf"[（(](?:{'|'.join(alts)})[)）]")


def counted_once(text: str) -> str:
    """…有多少个（两个片区都挂的只算一次） → …有多少个."""
    pat = _bracket()
    m = pat.search(text) if pat is not None else None
    if m is None or not _COUNTS.search(text[: m.start()] + text[m.end() :]):
        return text
    return text[: m.start()] + text[m.end() :]
