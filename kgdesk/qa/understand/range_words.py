"""A number range said in words (实际毛利率落在8%~10%区间内（含8%和10%） / 合同金额在100万到200万之间) is two bounds
on the field before it: 不低于A且不高于B, which the rules read as two conditions. Only when a bracket says whether
the ends count (（含8%和10%） → 不低于A且不高于B; （不含） → 高于A且低于B): without it the bounds are not guessed
(之间 alone may or may not include them). Only numbers (with %, 万, 元, 分 …) on both sides of 到 / 至 / ~ and a closing 之间 / 区间内 / 范围内,
so a date range (1月1日到3月31日, which the time rules own) or a month span is never touched."""

from __future__ import annotations

import re

_NUM = r"\d+(?:\.\d+)?(?:%|万元|万|元|分|人|个|岁|年|小时|天)?"
_RANGE = re.compile(
    rf"(?:落在|处在|处于|在|介于)(?P<a>{_NUM})\s*(?:到|至|~|～|-|—)\s*(?P<b>{_NUM})\s*"
    r"(?:的)?(?:之间|区间内|区间里|区间|范围内|范围里|范围)"
    r"(?P<note>[（(](?P<neg>不)?(?:含|包含|包括)[^（()）]{0,16}[）)])"
)


def range_words(text: str) -> str:
    """实际毛利率落在8%~10%区间内（含8%和10%）的项目 → 实际毛利率不低于8%且不高于10%的项目."""

    def repl(m: re.Match[str]) -> str:
        a, b = m.group("a"), m.group("b")
        if m.group("neg"):
            return f"高于{a}且低于{b}"
        return f"不低于{a}且不高于{b}"

    return _RANGE.sub(repl, text)
