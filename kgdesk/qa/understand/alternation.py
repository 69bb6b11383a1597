"""One regex alternation of words, longest first, so a longer word is never cut short by a shorter one it starts
with (及以前 before 以前, 哪家厂商 before 哪家). Every rewrite that builds a pattern from lexicon words uses it."""

from __future__ import annotations

import re
from collections.abc import Iterable


def alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
