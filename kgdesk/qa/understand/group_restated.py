"""青浦区、松江区两个区的项目一共几个 (judge 40 P1 I): a group word after a list of two values that restates what the
values are (两个区 after two values ending in 区) says nothing more — dropped before the scan, so the list reads as the
two values of their field (a union when a total word says so). Only when both values end with that very word, right
before 的; anything else is left as it was."""

from __future__ import annotations

import re

_LISTED = re.compile(
    r"[\u4e00-\u9fff]{1,8}(?P<s>[\u4e00-\u9fff])(?:、|和|跟|与|及)[\u4e00-\u9fff]{0,7}(?P=s)"
    r"(?P<tail>(?:这|那)?(?:两|2|俩)个?(?P=s))(?=的)"
)


def group_restated(text: str) -> str:
    m = _LISTED.search(text)
    if m is None:
        return text
    return text[: m.start("tail")] + text[m.end("tail") :]
