"""An unread stretch that is not a whole unknown word must never be reported as missing from the data.

`insufficient` (no_such_field / no_such_entity) tells the user the data lacks something; that is only true of
a whole word no template or record holds. A stretch the scan left unread is often glued to words the planner
knows: a comparison word cut in two (总金额超|过: 超过), a known word inside it with fragments on both sides
(总|金额|超), or a known word at one edge leaving a single character (票|拢共). Such a stretch is a failure to
read, not a fact about the data: it goes to the generic "not understood" refusal instead. The known words
are every term of the lexicon (fields, record types, cues, comparators, fillers, verbs …), so a new word
added there counts at once."""

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


_NOT_KNOWN = ("absent_fields", "not_names", "surnames")
"""Lexicon tables of words the data lacks (学历, 停车位) or of name parts: not words the planner reads."""


@cache
def _known() -> frozenset[str]:
    raw = {k: v for k, v in load_lexicon().raw.items() if k not in _NOT_KNOWN}
    return frozenset(s for s in _strings(raw) if 2 <= len(s) <= 12 and not any(c.isspace() for c in s))


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
