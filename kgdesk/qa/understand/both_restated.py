"""「耗材采购与固定资产，两类的金额总数相差多少」: two things named at the start, joined by 与 / 和, and restated after
a comma as 两类 / 两种 / 两者 (这两类的…) — the restatement adds nothing, the question is the one said without
it (耗材采购和固定资产的金额总数相差多少), which the rules read (two values compared, or refused). Only a pair
that opens the question, restated right after its comma, and compared by a difference (相差 / 差额 …);
anything else is left as it is."""

from __future__ import annotations

import re

_BOTH = re.compile(
    r"^(?P<a>[^，,、；;和与跟及]{2,14})(?:与|和|跟|及)(?P<b>[^，,、；;和与跟及]{2,14})[，,]\s*(?:这)?(?:两类|两种|两项|两者|二者)(?P<de>的)"
)

_COMPARED = ("相差", "差多少", "差额", "差距", "差了多少", "差几")
"""Only when the two are compared by a difference: 这两类的…合计 (no difference) joins them into one total,
which the rules read from 两类 itself (understand/either)."""


def both_restated(text: str) -> str:
    """耗材采购与固定资产，两类的金额总数相差多少 → 耗材采购和固定资产的金额总数相差多少."""
    m = _BOTH.match(text)
    if m is None or not any(w in text[m.end() :] for w in _COMPARED):
        return text
    return f"{m.group('a')}和{m.group('b')}的{text[m.end() :]}"
