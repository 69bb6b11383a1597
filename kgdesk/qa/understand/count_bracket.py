"""Values listed in a bracket after a count are the records counted, either of them (固定资产里状态是已入账的有多少笔
（清洁设备和绿化设备）= 类别为清洁设备或绿化设备的).

A bracket closing a count says which records the count takes in; two values of one single-valued field cannot both
hold for one record, so 和 / 与 / 及 / 、 between them there is their union — the form the rules read as 或. Asked
apart (各 / 分别 / 各自 / 每) the count is per value, and nothing is rewritten; neither is a bracket that is not the
end of a count (…的金额（耗材+固定资产）比…: bracket_union reads that). Values of two different fields written this
way become 或 across fields, which the rules refuse, never a guessed answer."""

from __future__ import annotations

import re

_APART = ("各", "分别", "各自", "每")
_ITEM = r"[^（）()，,、和与及跟或\s]{1,16}"
_BRACKET = re.compile(
    rf"(?P<count>(?:多少|几)[个条笔台家位份张项次人种类]?)\s*[（(]\s*(?P<items>{_ITEM}(?:\s*(?:和|与|及|、|跟)\s*{_ITEM})+)\s*[）)]"
    r"(?P<end>\s*[？?。！!]?\s*)$"
)


def count_bracket(text: str) -> str:
    """…有多少笔（清洁设备和绿化设备） → …有多少笔（清洁设备或绿化设备）."""
    m = _BRACKET.search(text)
    if m is None or any(w in text for w in _APART):
        return text
    items = re.sub(r"\s*(?:和|与|及|、|跟)\s*", "或", m.group("items"))
    return f"{text[: m.start()]}{m.group('count')}（{items}）{m.group('end')}"
