"""The supplier as the source of purchases said with a verb (judge 46 K1): 「哪些供应商给我们供过固定资产」 = the suppliers of
the 固定资产 purchases, 「拿到 / 接到 N 笔及以上耗材订单的供应商」 = the suppliers with N or more 耗材采购 rows — the same
questions as 「固定资产采购的供应商有哪些」 / 「耗材采购N条及以上的供应商有哪些」, which the rules read through the
purchases' 供应商名称. Only the whole question in one of these shapes, so nothing else said is dropped."""

from __future__ import annotations

import re

_KIND = r"(?P<k>耗材|固定资产)"
_SUPPLIED = re.compile(
    rf"^(?:有)?(?:哪些|哪几家|哪家)供应商(?:给我们|给公司|向我们|为我们)?(?:供过|供应过|提供过|卖过|供了)(?:货的?)?{_KIND}"
    r"(?P<e>[？?]?)$"
)
_ORDERS = re.compile(
    r"^(?:拿到|接到|接了|拿了|收到)(?:过)?(?P<n>\d+)(?:笔|单|个|份)(?:及以上|或以上|以上)"
    rf"{_KIND}?(?:采购)?(?:订单|单子|单)的供应商(?P<t>有哪些|有几家|是哪些|是哪几家)(?P<e>[？?]?)$"
)


def supplier_verbs(text: str) -> str:
    """哪些供应商给我们供过固定资产 → 固定资产采购的供应商有哪些."""
    m = _SUPPLIED.match(text)
    if m is not None:
        return f"{m['k']}采购的供应商有哪些{m['e']}"
    o = _ORDERS.match(text)
    if o is not None:
        said = f"{o['k']}采购" if o["k"] else "采购记录"
        return f"{said}{o['n']}条及以上的供应商{o['t']}{o['e']}"
    return text
