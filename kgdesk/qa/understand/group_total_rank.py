"""Which groups of a field have the largest total (哪两个岗位的在岗人数合计最多 / 在岗人数合计最多的两个岗位): said with
the group first (哪N个<G>的<M>合计最多) or after the superlative (<M>合计最多的N个<G>), it is the ranking the rules read
as 各<G>的<M>合计最多的是哪N个 — each value of the field <G> on the measured records, ordered by the total, ties at
the cut kept. Only when <G> is a field word and no record type's word (a type asked here is ranked by the rules
that relate two types), <M> a field word, and a sum word says the total (合计 / 总和 …; 最多 alone may be one
record's value): otherwise the text is left as it is. Only the largest: the smallest total of a field's values
would leave out the values no record carries (a job in the dictionary with no staffing row), so it is not guessed."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_N = r"(?:一|两|二|三|四|五|\d{1,2})?个"
_SUP = r"最多|最高|最大"
_PAREN = r"(?:[（(][^（）()]{1,12}[）)])?"



@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    lx = load_lexicon()
    labels = {w for ws in lx.labels.values() for w in ws}
    fields = lx.field_words()
    groups = fields - labels
    sums = set(lx.raw.get("cues", {}).get("sum", []))
    if not groups or not sums:
        return None
    g, m, s = alternation(groups), alternation(fields), alternation(sums)
    first = re.compile(rf"哪(?P<n>{_N})?(?P<g>{g})的?(?P<m>{m})(?P<p>{_PAREN})(?:{s})(?P<sup>{_SUP})(?P<tail>的是哪些|的是哪几个|的是哪个)?")
    after = re.compile(rf"(?P<m>{m})(?P<p>{_PAREN})(?:{s})(?P<sup>{_SUP})的(?P<n>{_N})?(?P<g>{g})(?:是哪些|是哪几个|有哪些|是哪个|是什么)?")
    return first, after


def group_total_rank(text: str) -> str:
    """哪两个岗位的在岗人数合计最多 → 各岗位的在岗人数合计最多的是哪两个."""
    pats = _patterns()
    if pats is None:
        return text
    for pat in pats:
        m = pat.search(text)
        if m is not None:
            n = m.group("n") or "个"
            said = f"各{m.group('g')}的{m.group('m')}{m.group('p')}合计{m.group('sup')}的是哪{n}"
            return text[: m.start()] + said + text[m.end() :]
    return text
