"""A bare 编号 / 代码 asked as the output of a list (judge 46 K7): 「…的项目，给个编号 / 只要编号 / 把编号列出来」 asks the key of
the listed records — 项目 → 项目编号, 设备 → 设备编号, 人 → 工号 — the same as 「…的项目有哪些（给项目编号）」, which the rules read.
Only in a last clause after the listed record type (the word right before the comma), so a 编号 said of something
else (记录编号, 出厂编号) is never taken for the key."""

from __future__ import annotations

import re

_KEYS = {"项目": "项目编号", "设备": "设备编号", "人员": "工号", "员工": "工号", "人": "工号", "同事": "工号"}
_BARE = re.compile(
    r"(?P<l>项目|设备|人员|员工|同事|人)[，,]\s*(?:请|麻烦)?(?:给个|给一下|给下|只要|只列|列下|列一下|列出|把|要|给我)?"
    r"(?:它们的|他们的|其)?(?:编号|代码)(?:列出来|列一下|给一下|给我|就行|就好|即可)?\s*[。.!！]?\s*$"
)


def bare_code(text: str) -> str:
    """满意度低于90的项目，给个编号 → 满意度低于90的项目有哪些（给项目编号）."""
    m = _BARE.search(text)
    if m is None:
        return text
    return f"{text[: m.end('l')]}有哪些（给{_KEYS[m.group('l')]}）"
