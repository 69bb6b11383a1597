"""A question that asks for two values in two clauses (XMSQ0227有几台设备，其中完好的有几台 / 1月开票多少，2月开票多少 /
二月有几个人排班，几个人有考勤) is answered in full or refused (red team 8, class T): a plan of one number answered
one clause, or summed both, under a "共 N" that reads as the answer to the first. A comparison (哪个多？差几个) and a
list beside its count are not this; a self-correction (不用列，数一下有几个) or a restatement (一共几笔，笔数是多少) asks one
thing."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan, QueryType

_ASK = re.compile(r"几(?!乎)|多少|哪(?!怕)|谁|什么|吗|是否|啥")
_NOT_ASK = re.compile(r"[那这]几|哪怕|几乎")
_SPLIT = re.compile(r"[，,；;？?。！!]|其中")
_CORRECTION = re.compile(r"不用|不要|不对|算了|别列|换个问法|改问")
_SCALAR = (QueryType.COUNT, QueryType.AGGREGATE, QueryType.EXISTENCE)
_PLAIN = re.compile(
    r"几|多少|多大|哪些|哪个|哪|谁|什么|啥|吗|是否|是|有|的|一共|总共|共|合计|总计|呢|啊|呀|了|请问|其中"
    r"|[数个人笔台家条项张本次位名件份]|\s"
)
"""The words of an asking clause that restate a count (笔数是多少 after 一共几笔): what is left is its own content."""


def _restates(clause: str, first: str) -> bool:
    """Every word of the clause left after its plain words is said in the first (2月 must be said as 2月)."""
    return all(t in first for t in re.findall(r"\d+\D?|\D", _PLAIN.sub("", clause)))


def two_asks(text: str, plan: QueryPlan) -> str | None:
    """The asking clauses, joined, when a plan of one number meets a question of two asks; else None."""
    if plan.query_type not in _SCALAR or plan.group_by or plan.combine or _CORRECTION.search(text):
        return None
    asking = [c.strip() for c in _SPLIT.split(text) if _ASK.search(_NOT_ASK.sub("", c))]
    if len(asking) < 2:
        return None
    if all(_restates(c, asking[0]) for c in asking[1:]):
        return None  # 固定资产采购一共几笔，笔数是多少: the same ask said twice
    return "」「".join(asking)
