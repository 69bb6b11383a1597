"""A share whose whole is two values said together and whose part is one of them, said the short way (保安_领班和保洁员里
保洁员占多少 / 耗材采购和固定资产的金额里固定资产占几成 / 固定资产在耗材采购、固定资产两类中的占比): the whole is either value,
the part the one said again (保洁员占保洁员和保安_普保总人数的比例 too). The words are put in the form the share rules read for a union (understand/share_union:
耗材采购+固定资产的金额里，固定资产的占比). Only when the part is literally one of the two values (so no other part is
guessed) and the question asks a share (占多少 / 占几成 / 占比 / 比例 …); the rules then ground the two as values of one
field, or refuse. A measure said of the part only (固定资产的金额占多少) is the whole's too; two different
measures are not guessed."""

from __future__ import annotations

import re

_V = r"[A-Za-z0-9_\u4e00-\u9fff\-]{2,12}?"
_JOIN = r"(?:和|与|跟|、|\+|＋|加上|加)"
_TWO = r"(?:这?两(?:类|种|个岗位|个片区|个类别|个|项))?"
_IN = r"(?:里面|里头|当中|之中|里|中)"
_MEASURE = r"(?:总)?(?:人数|金额|额|数量|条数|记录数|台数|个数|项目数|笔数|人头数)"
_ASK = r"(?:占比(?:是|为)?多少|占比多少|占比|的占比|占多少(?:比例|比重)?|占几成|占百分之几|占多大(?:比例|比重)|占的比例|占的比重|的比例|的比重|比例|比重)"
_SHORT = re.compile(
    rf"(?P<a>{_V}){_JOIN}(?P<b>{_V}){_TWO}(?P<mid>的?{_MEASURE})?{_IN}[，,]?\s*(?P<p>{_V})(?P<pm>的?{_MEASURE})?{_ASK}"
)
_IN_TWO = re.compile(
    rf"(?P<p>{_V})在(?P<a>{_V}){_JOIN}(?P<b>{_V}){_TWO}(?P<mid>的?{_MEASURE})?{_IN}(?:的)?{_ASK}"
)


_OF_TWO = re.compile(
    rf"(?P<p>{_V})占(?P<a>{_V}){_JOIN}(?P<b>{_V}){_TWO}(?P<mid>的?{_MEASURE})?的?(?:比例|比重|占比)(?:是|为)?(?:多少)?"
)


def union_share(text: str) -> str:
    """保安_领班和保洁员里保洁员占多少 → 保安_领班+保洁员里，保洁员的占比."""
    for pat in (_SHORT, _IN_TWO, _OF_TWO):
        m = pat.search(text)
        if m is None or m.group("p") not in (m.group("a"), m.group("b")) or m.group("a") == m.group("b"):
            continue
        if any(re.search(r"两[个类种项]|[这那]", m.group(k)) for k in ("a", "b")):
            continue  # a count or a pointer swallowed into a value: not the two values said
        mid, pm = m.groupdict().get("mid") or "", m.groupdict().get("pm") or ""
        if mid and not mid.startswith("的"):
            mid = f"的{mid}"
        if mid and pm and mid.lstrip("的总") != pm.lstrip("的"):
            continue  # the whole and the part measured differently: not guessed
        measure = mid or pm  # 耗材采购和固定资产中，固定资产的金额占多少: the part's measure is the whole's too
        return f"{text[: m.start()]}{m.group('a')}+{m.group('b')}{measure}里，{m.group('p')}{measure.replace('的总', '的')}占比{text[m.end() :]}"
    return text
