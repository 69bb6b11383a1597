"""A number inside a bracket that explains the term before it (值班（24小时那种） / 夜班（就是12小时的）): the bracket
restates what the term means — its duration, its definition — so the number is no condition on the records. A number
becomes a threshold or an equality only when a comparison word binds it to a field (24小时以上 / 超过3天 / 等于5天);
one that only sits beside a countable term inside such a bracket would turn a yes into a confident no (值班天数 = 24).
Said with a comparison inside the bracket (加班（超过10小时）), it is left to the rules that read conditions; a bracket
after the question word (有几个（大约5个）) or holding a hedge (大约 / 左右) is the asker's guess at the answer, no
definition, so it is never dropped either."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import normalize_with_map
from kgdesk.qa.plan_mentions import _M, _Parsed

_OPEN, _CLOSE = "(（[【", ")）]】"
_ASKED = re.compile(r"(几|多少)[个次人名位台份条项天家笔本张回遍]?$")
_HEDGES = ("大约", "约", "大概", "左右", "估计", "差不多", "可能", "上下")


def drop_restating_numbers(p: _Parsed) -> None:
    """Every such number leaves the question's mentions (listed as ignored), so no rule reads it as a condition and
    the term is read as if said alone (值班 → 值班天数 > 0)."""
    for m in [x for x in p.mentions if x.kind == "num" and restating_bracket_number(p, x)]:
        p.mentions.remove(m)
        p.ignored.append(m.text)


def restating_bracket_number(p: _Parsed, m: _M) -> bool:
    """The number `m` stands, with its unit and no comparison word, inside a bracket opened right after a word."""
    data = m.data if isinstance(m.data, dict) else {}
    if data.get("op", "eq") != "eq" or not data.get("unit"):
        return False
    qn, where = normalize_with_map(p.text)
    if qn != p.qn or m.e > len(where) or m.s >= len(where):
        return False
    start, end = where[m.s], where[m.e - 1]
    opened = max(p.text.rfind(c, 0, start) for c in _OPEN)
    if opened <= 0 or max(p.text.rfind(c, 0, start) for c in _CLOSE) > opened:
        return False
    closes = [i for c in _CLOSE if (i := p.text.find(c, end)) >= 0]
    reopened = [i for c in _OPEN if (i := p.text.find(c, end)) >= 0]
    if not closes or (reopened and min(reopened) < min(closes)) or p.text[opened - 1] in "，,。？?！!、 ":
        return False
    inside = p.text[opened + 1 : min(closes)]
    return not _ASKED.search(p.text[:opened].rstrip()) and not any(h in inside for h in _HEDGES)
