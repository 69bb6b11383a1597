"""「3月份都谁请过病假 / 都有谁值过班」: 都谁 / 都有谁 asks which people, with no object word said — read as 哪些人, the
way the rules read a list of people. The words are data (lexicon who_words); a lone 谁 (XMSQ0150的负责人是谁: one
person, a role) is left as it was read."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> re.Pattern[str] | None:
    words = load_lexicon().raw.get("who_words", {}).get("words", [])
    return re.compile(alternation(words)) if words else None


def who_words(text: str) -> str:
    """3月份都谁请过病假 → 3月份哪些人请过病假."""
    pat = _pattern()
    return pat.sub("哪些人", text) if pat is not None else text
