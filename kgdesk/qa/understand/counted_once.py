"""A bracket saying that what belongs to both is counted once (属于PQ01或者PQ03的项目有多少个（两个片区都挂的只算一次）):
a count of the records asked counts each record once — a record is one node however many of the named groups hold
it — so the bracket restates how the count is made and changes nothing. Only a bracket with 都 (belonging to both)
and a counted-once word of the lexicon (counted_once), in a question that counts (几个 / 多少个 …): for a total or
an average the bracket would ask for something the plan does not do, and it is left to be refused."""

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
    return re.compile(rf"[（(][^（）()]*都[^（）()]*(?:{alternation(words)})[^（）()]*[)）]")


def counted_once(text: str) -> str:
    """…有多少个（两个片区都挂的只算一次） → …有多少个."""
    pat = _bracket()
    m = pat.search(text) if pat is not None else None
    if m is None or not _COUNTS.search(text[: m.start()] + text[m.end() :]):
        return text
    return text[: m.start()] + text[m.end() :]
