"""A parenthesis said inside a field word (采购（耗材+固定资产）金额 / 采购（耗材和固定资产）金额合计) restates
what the word covers: the word is read whole, the parenthesis after it (采购金额（耗材+固定资产）) — never
采购 alone, which the rest of the question would have to place. Only when the words either side of the
parenthesis make one field term of the lexicon, or a record type's word and a count word after it (采购（耗材+固定资产）笔数
在2笔及以上 → 采购笔数（耗材+固定资产）: the number of those records, as 采购笔数 alone reads)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon

_INSIDE = re.compile(r"(?P<open>[（(])(?P<x>[^（）()]{1,30})(?P<close>[）)])")


@cache
def _terms() -> tuple[str, ...]:
    return tuple(
        sorted({t for t, _l, _f in load_lexicon().field_terms() if len(t) >= 3}, key=len, reverse=True)
    )


@cache
def _counted() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Record type words (采购) and the count words said right after one (笔数, 条数, 次数 …)."""
    lx = load_lexicon()
    words = tuple(sorted({w for ws in lx.labels.values() for w in ws if len(w) >= 2}, key=len, reverse=True))
    counts = tuple(sorted({w for w in lx.raw.get("cues", {}).get("count", []) if w.endswith("数") and len(w) == 2 and w[0] != "数"}, key=len, reverse=True))
    return words, counts


def term_around_parenthesis(text: str) -> str:
    for _ in range(3):  # a question has few parentheses; each move is made once
        moved = _move_one(text)
        if moved == text:
            break
        text = moved
    return text


def _move_one(text: str) -> str:
    for m in _INSIDE.finditer(text):
        before, after = text[: m.start()], text[m.end() :]
        for term in _terms():
            for cut in range(1, len(term)):
                if before.endswith(term[:cut]) and after.startswith(term[cut:]):
                    return before + term[cut:] + m.group(0) + after[len(term) - cut :]
        words, counts = _counted()
        if before.endswith(words) and (n := next((c for c in counts if after.startswith(c)), None)):
            return before + n + m.group(0) + after[len(n) :]
    return text
