"""An unread stretch that is not a whole unknown word must never be reported as missing from the data.

`insufficient` (no_such_field / no_such_entity) tells the user the data lacks something; that is only true of
a whole word no template or record holds. A stretch the scan left unread is often glued to words the planner
knows: a comparison word cut in two (总金额超|过: 超过), a known word inside it with fragments on both sides
(总|金额|超), or a known word at one edge leaving a single character (票|拢共). Such a stretch is a failure to
read, not a fact about the data: it goes to the generic "not understood" refusal instead. The known words
are the terms of the lexicon's tables of readable words (fields, record types, cues, comparators, fillers,
verbs …), so a new word added there counts at once."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from kgdesk.qa.lexicon import load_lexicon


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, Mapping):
        for k, v in node.items():
            if isinstance(k, str) and (k.startswith("_") or k == "description"):
                continue
            if isinstance(k, str):
                yield k
            yield from _strings(v)
    elif isinstance(node, list):
        for x in node:
            yield from _strings(x)


_KNOWN_TABLES = (
    "labels", "fields", "cues", "comparators", "fillers", "neutral_words", "record_verbs", "spend_verbs",
    "money_words", "date_verbs", "derived", "each_total", "display_words", "measure_suffixes",
)
"""The lexicon tables of the words the planner reads — record types, fields, question words, comparison words,
fillers and verbs. Data values and name parts (中心, 大厦, 有限公司, surnames) are not among them: 陆家嘴中心大厦
is one whole name the data lacks, and a word the lexicon lists as absent (学历, 停车位) stays absent."""


@cache
def _known() -> frozenset[str]:
    raw = load_lexicon().raw
    tables = [raw.get(k) for k in _KNOWN_TABLES if raw.get(k) is not None]
    return frozenset(s for s in _strings(tables) if 2 <= len(s) <= 12 and not any(c.isspace() for c in s))


def glued_stretch(qn: str, s: int, e: int) -> bool:
    """True when qn[s:e] is glued to or made of known words: a known word crosses one of its edges, lies
    inside it with text on both sides, or fills it but one character."""
    known = _known()
    n = e - s
    for i in range(max(0, s - 11), e):
        for j in range(i + 2, min(len(qn), i + 12) + 1):
            if j <= s or qn[i:j] not in known:
                continue
            crosses = (i < s < j) or (i < e < j)
            inside = s < i and j < e
            nearly = s <= i and j <= e and n - (j - i) == 1
            if crosses or inside or nearly:
                return True
    return False
