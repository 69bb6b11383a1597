"""A spending verb asking an amount (花了多少 / 花费多少钱 / 支出是多少 / 投入了多少): the money measure of
the records named (the one additive 元 field of the record type, 采购记录.金额 summed), never the number
of records. A count word with a classifier of things or times (多少次 / 几笔 / 多少条) keeps its count;
with no single money field to read the verb stays not understood (a count would answer another
question). Lexicon `spend_verbs`."""

from __future__ import annotations

from kgdesk.qa.plan_mentions import _M, _Parsed

_COUNTED = set("次条笔个项件台张家人位名份回趟")
"""The last character of a count word that counts things or times, not money."""


def spending_verb(p: _Parsed, m: _M, verbs: list[str]) -> bool:
    """`m` is a spending verb (a 了 after it allowed) followed by an amount question (多少 / 是多少 /
    多少钱), not by a count of things or times."""
    nxt = p.next_after(m, skip_fillers=False)
    glued = nxt is not None and nxt.s == m.e and nxt.text in ("了", "掉")
    if m.text not in verbs and not (m.text + "了" in verbs and glued):
        return False  # 用|了: the bare verb only with its 了
    while nxt is not None and nxt.kind == "lex" and nxt.is_filler() and nxt.text in ("了", "掉", "是", "的", "得"):
        nxt = p.next_after(nxt, skip_fillers=False)
    if nxt is None or nxt.kind != "lex":
        return False
    if any(s.kind == "cue" and s.name in ("max", "min") for s in nxt.senses):
        return True  # 哪个项目采购花得最多: ranked by the money, never by the number of records
    if not any(s.kind == "cue" and s.name in ("count", "status") for s in nxt.senses):
        return False
    return "多少" in nxt.text and nxt.text[-1] not in _COUNTED


def asks_an_amount(p: _Parsed, m: _M) -> bool:
    """The spending verb is followed by 多少 (a total asked), not by a superlative."""
    nxt = p.next_after(m, skip_fillers=True)
    return nxt is not None and nxt.kind == "lex" and "多少" in nxt.text
