"""A word referring back to the two things just named, right before the difference asked (青浦片区和徐汇片区的项目数，
二者相差几个 / 项目数量两边差多少 / 项目数俩差距多大): 两者 / 二者 / 两边 / 双方 / 俩 say nothing the two names did
not — dropped, with the comma before them, so the difference reads as 项目数相差几个 (|A − B|). Only right before
相差 / 差 / 差距 / 相比."""

from __future__ import annotations

import re

_BACK = re.compile(
    r"\s*[，,]?\s*(?:这|那)?(?:二者|两者|两边|双方|两家|两个片区|两片区|它们俩|他们俩|它俩|他俩|俩|它们|他们)(?:之间)?(?=相差|差距|差|的差距|的差|比较|相比)"
)


def both_back(text: str) -> str:
    """项目数，二者相差几个 → 项目数相差几个."""
    return _BACK.sub("", text)
