"""The number of a shift code (早班 / 夜班 / 白班 …) asked with 个 (排班里早班有多少个 / 夜班一共几个) is the number of day
cells with that code — the shifts, as 白班有多少天 already reads — never the number of 排班 rows holding it."""

from __future__ import annotations

import re

_SHIFT = r"(?:长白班|早班|中班|晚班|夜班|白班|备班)"
_HOW_MANY = re.compile(
    rf"(?P<c>{_SHIFT})(?:的?(?:班次|次数|数量|个数))?(?P<a>一共|总共|共|合计|加起来)?(?:有|是)?(?:多少个|几个|多少)(?=[？?。]?$)"
)
_BEFORE = re.compile(rf"(?P<a>一共|总共|共|合计)?(?:有|是)?(?:多少个|几个)(?P<c>{_SHIFT})(?=[？?。]?$)")
"""The count word before the code (排班里一共有几个夜班, red team 8): the same day cells."""


def shift_count(text: str) -> str:
    """XMSQ0102上个月的排班里早班有多少个 / 一共有几个早班 → …早班有多少天 (day cells with the code)."""
    m = _HOW_MANY.search(text) or _BEFORE.search(text)
    if m is None:
        return text
    return text[: m.start()] + f"{m.group('c')}{m.group('a') or ''}有多少天"
