"""A share whose whole is two values said together and whose part is one of them, said the short way (保安_领班和保洁员里
保洁员占多少 / 耗材采购和固定资产的金额里固定资产占几成 / 固定资产在耗材采购、固定资产两类中的占比): the whole is either value,
the part the one said again. The words are put in the form the share rules read for a union (understand/share_union:
耗材采购+固定资产的金额里，固定资产的占比). Only when the part is literally one of the two values (so no other part is
guessed) and the question asks a share (占多少 / 占几成 / 占比 / 比例 …); the rules then ground the two as values of one
field, or refuse."""

from __future__ import annotations

import re

_V = r"[A-Za-z0-9_\u4e00-\u9fff\-]{2,12}?"
_JOIN = r"(?:和|与|跟|、|\+|＋|加上|加)"
_TWO = r"(?:这?两(?:类|种|个岗位|个片区|个类别|个|项))?"
_IN = r"(?:里面|里头|当中|之中|里|中)"
_ASK = r"(?:占比(?:是|为)?多少|占比多少|占比|的占比|占多少(?:比例|比重)?|占几成|占百分之几|占多大(?:比例|比重)|占的比例|占的比重|的比例|的比重|比例|比重)"
_SHORT = re.compile(
    rf"(?P<a>{_V}){_JOIN}(?P<b>{_V}){_TWO}(?P<mid>的[\u4e00-\u9fff]{{1,6}}?)?{_IN}[，,]?\s*(?P<p>{_V})(?P<pm>的[\u4e00-\u9fff]{{1,4}}?)?{_ASK}"
)
_IN_TWO = re.compile(
    rf"(?P<p>{_V})在(?P<a>{_V}){_JOIN}(?P<b>{_V}){_TWO}(?P<mid>的[\u4e00-\u9fff]{{1,6}}?)?{_IN}(?:的)?{_ASK}"
)


def union_share(text: str) -> str:
    """保安_领班和保洁员里保洁员占多少 → 保安_领班+保洁员里，保洁员的占比."""
    for pat in (_SHORT, _IN_TWO):
        m = pat.search(text)
        if m is None or m.group("p") not in (m.group("a"), m.group("b")) or m.group("a") == m.group("b"):
            continue
        mid = m.group("mid") or ""
        return f"{text[: m.start()]}{m.group('a')}+{m.group('b')}{mid}里，{m.group('p')}的占比{text[m.end() :]}"
    return text
