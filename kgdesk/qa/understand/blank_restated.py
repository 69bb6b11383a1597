"""A clause that restates an empty field in other words (问题描述为空、也就是没查出问题的 / 整改情况没填，即还没整改的):
the condition is already said — the field has no value — and the clause after a restating word (lexicon
restating_words: 也就是 / 即 …) only explains it. Read as a value, the clause grounded nothing and the answer was
a false "not in the data". Only right after a word of emptiness (restating_words.blank) and up to the 的 that
closes the condition; the clause is dropped (the time form is understand/time_restated). A bracket right after the
word of emptiness (整改完成日期为空（还没整改完）/ 中标日期空着（没中或者没定）) glosses the empty value the same way and
is dropped too: kept, it was glued onto 空 and sent as an equality value."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.understand.alternation import alternation


def blank_restated(text: str, lexicon: Lexicon) -> str:
    """问题描述为空、也就是没查出问题的 → 问题描述为空的."""
    row = lexicon.raw.get("restating_words", {})
    words, blank = row.get("words", []), row.get("blank", [])
    if not words or not blank:
        return text
    text = re.sub(rf"({alternation(blank)})\s*[（(][^（()）]{{1,24}}[)）]", r"\1", text)
    return re.sub(rf"({alternation(blank)})[，、,]\s*(?:{alternation(words)})[^，、,。？?！!的]{{1,20}}(?=的)", r"\1", text)
