"""The purchase said with a one-character verb before a quantity asked (防滑手套总共采了多少副 / 拖把进了几把 /
清洁剂进货数量一共多少): 采 / 进 + 了 / 过 right before 多少 / 几, and 进货 / 进的货, are 采购 — the verb the purchase
readings know (judge 49 K6). Only in that place: 采用 / 进场 / 进项目 and 进了几个人 keep their readings (a person,
device or project after the count word leaves the text alone: 进了几台设备 is devices entering a project)."""

from __future__ import annotations

import re

_ONE_CHAR = re.compile(
    r"(?<![采开引买])(?:采|进)(?P<t>了|过)(?=(?:多少|几)(?![个台名位]?(?:人|名|位|员工|设备|项目|家|次)))"
)
_GOODS = re.compile(r"进(?:的)?货(?=数量|的数量|了|过|一共|总共|共|多少|几)")


def bought_verbs(text: str) -> str:
    """防滑手套总共采了多少副 → 防滑手套总共采购了多少副; 进货数量 → 采购数量."""
    return _GOODS.sub("采购", _ONE_CHAR.sub(lambda m: f"采购{m['t']}", text))
