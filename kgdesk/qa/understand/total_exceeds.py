"""Two totals of money compared with a verb of exceeding (judge 47 W1): 「A的<total>超过B了吗 / 有没有超过B /
超过B了没有」 and 「A的<total>有没有B(的)多」 are the same question as 「A的<total>比B多吗」, which the rules read
(Σ of the money field of each side, then compared). Only when the measure says money or a total (额 / 钱 / 合计 /
总 / 加起来 / 一共), B holds no digit (a number after 超过 is a threshold: 超过10万) and the question asks yes or no
(有没有 / 是否 / 是不是 before the verb, or 了吗 / 没有 / 吗 at the end)."""

from __future__ import annotations

import re

_P = r"[^\s，,？?。\d]"
_MONEY = re.compile(r"额|钱|合计|总|加起来|一共|累计")
_GT = "超过|超出|高于|多于|大于|高过|多过"
_LT = "低于|少于|小于|不到"
_ASK = r"(?:有没有|是否|是不是|有无)"
_END = r"(?:了吗|了没有|了没|没有|吗|呢)"
_EXCEEDS = re.compile(
    rf"^(?P<a>{_P}{{1,16}}?)的(?P<m>{_P}{{1,10}}?)[，,]?\s*(?P<q>{_ASK})?(?P<c>{_GT}|{_LT})了?"
    rf"(?P<b>{_P}{{1,16}}?)(?:的(?P=m)|的)?(?P<e>{_END})?\s*[？?]?\s*$"
)
_HAS_MORE = re.compile(
    rf"^(?P<a>{_P}{{1,16}}?)的(?P<m>{_P}{{1,10}}?)[，,]?\s*有没有(?!比)(?P<b>{_P}{{1,16}}?)(?:的(?P=m)|的)?"
    rf"(?P<d>多|高|大|少|低|小)(?:呢)?\s*[？?]?\s*$"
)


_SPENT = re.compile(
    r"的?(?:一共|总共|总计)?花(?:掉|出去)?的钱(?=[，,]?\s*(?:是不是|是否|有没有)?(?:比|超过|超出|高于|多于|少于|低于|[^\s，,？?。]{1,12}?(?:多|少)))"
)
"""耗材采购一共花的钱有没有固定资产多: the money spent is the 金额合计 of the compared kinds."""


def total_exceeds(text: str) -> str:
    """耗材采购的金额合计超过固定资产了没有 → 耗材采购的金额合计比固定资产多吗."""
    text = _SPENT.sub("的金额合计", text)
    m = _EXCEEDS.match(text)
    if m is not None and _MONEY.search(m.group("m")) and (m.group("q") or m.group("e")):
        more = "少" if re.fullmatch(_LT, m.group("c")) else "多"
        return f"{m.group('a')}的{m.group('m')}比{m.group('b')}{more}吗"
    h = _HAS_MORE.match(text)
    if h is not None and _MONEY.search(h.group("m")) and not re.search(r"超|比|过", h.group("b")):
        more = "少" if h.group("d") in ("少", "低", "小") else "多"
        return f"{h.group('a')}的{h.group('m')}比{h.group('b')}{more}吗"
    return text
