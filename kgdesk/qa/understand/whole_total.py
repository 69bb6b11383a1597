"""The whole of a share said with 总 (耗材采购金额占采购总金额的比重 / 保洁员人数占项目总人数的比例): <type>总<measure>
after 占 is every record's measure — read as 占全部<type><measure>, the way a share of sums is read — so the
share is of the sums, never of the number of records. The measure is one of the lexicon's measure_suffixes
(金额 / 人数 …), so 总 inside a field's own name is not touched."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> re.Pattern[str] | None:
    words = load_lexicon().raw.get("measure_suffixes", {}).get("words", [])
    if not words:
        return None
    alt = alternation(words)
    return re.compile(rf"占(?!全部|所有)(?P<x>[\u4e00-\u9fff]{{1,8}}?)的?总(?P<f>{alt})")


def whole_total(text: str) -> str:
    """占采购总金额 → 占全部采购金额."""
    pat = _pattern()
    return text if pat is None else pat.sub(lambda m: f"占全部{m.group('x')}{m.group('f')}", text)
