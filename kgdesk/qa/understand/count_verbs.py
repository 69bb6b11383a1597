"""A verb of setting up the things counted (公司一共划分了几个片区 / 设了几个片区 / 分成了多少个片区): how many
were set up is how many there are — the verb with its 了 reads as 有 before the count. Only right before
几 / 多少 (a count), so 按片区划分 or 划分的标准 are left as they are."""

from __future__ import annotations

import re

_SET_UP = re.compile(r"(?:划分|划|分成|分为|设置|设立|设)(?:了|出了|出)(?=(?:几|多少))")


def count_verbs(text: str) -> str:
    return _SET_UP.sub("有", text)
