"""Money spent on a kind of purchase said with a verb (XMSQ0150 买耗材花销多少 / 购置固定资产花了多少钱 / 耗材花掉多少):
the kind is the purchase record type (耗材 = 耗材采购, 固定资产), the buying verb before it only restates it, and the
spending word (lexicon spend_verbs) asks the Σ金额 of those rows — written as "<记录类型>花了" which the spending
reading knows. Only right before a spending word; 耗材 elsewhere (清洁耗材, 耗材数量) is left alone."""

from __future__ import annotations

import re

_KIND = {"耗材": "耗材采购", "耗材采购": "耗材采购", "固定资产": "固定资产"}
_SPENT = re.compile(
    r"(?:(?<![清洁绿化])(?:买|购买|采购|购置|添置|置办)(?:的)?)?(?P<k>耗材采购|耗材|固定资产)(?:的|上|方面)?"
    r"(?P<w>花销|花费|开销|开支|花掉了|花掉|花了|用掉|用了|支出)"
)


def spent_on(text: str) -> str:
    """买耗材花销多少 → 耗材采购花了多少; 购置固定资产花了多少钱 → 固定资产花了多少钱."""
    return _SPENT.sub(lambda m: f"{_KIND[m['k']]}花了", text)
