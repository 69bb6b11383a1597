"""A universal condition over a group's records (red team 9 U, H′): 检查得分都在90分以上的项目 / 设备全部完好的项目 /
所有人的上班天数都不少于20天的项目 asks for the groups none of whose records fails the condition. A count, list or
share planned as "some record of the group meets it" answers another question: refused, naming the word.
(The yes/no form and 都 over listed values or months are universal_guard's.)"""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan, QueryType

_GROUP = r"(?:项目|人员|员工|人|供应商|设备|片区|岗位|客户|公司|单位)"
# 设备全部完好的项目 / 检查得分都在90分以上的项目: the word follows what the records are, its predicate ends at 的 + a group
_ALL_OF = re.compile(
    rf"(?<=[\u4e00-\u9fff\d])(都|全部|全都|全是)(?!{_GROUP}|记录|的)"
    rf"(?!(?:要|可以|得|应该|需要)?(?:算|包括|包含|统计|计入|计算|考虑|纳入)|(?:有|是|在|叫|属于)?(?:哪|什么|谁|啥|多少|几))"
    rf"[^，,。；;？?！!的]{{1,14}}的{_GROUP}"
)
# 哪些项目的设备全部完好 / 项目的设备都完好的有几个: the predicate ends the clause, the group reached by a hop
_ALL_AT_END = re.compile(
    r"(?<=[\u4e00-\u9fff])(都|全部|全都|全是)(?!(?:要|可以|得|应该|需要)?(?:算|包括|包含|统计|计入|计算|考虑|纳入)"
    r"|(?:有|是|在|叫|属于)?(?:哪|什么|谁|啥|多少|几))[^，,。；;？?！!的]{1,10}(?:[？?。！!]|$|的(?:有|是|共|一共))"
)
_LISTED = re.compile(r"[和与及、跟]")
_REQUEST = re.compile(r"^(?:给我|帮我|替我|都)?(?:列|罗列|找出|找一下|拉出|拉一下|报一下|报给|写出|写一下|告诉|显示|导出|发我|看一下|看看|查出|查一下)")
"""把中标的项目都列出来 / 那些项目全部找出来: 都 says "every one of them" of the list asked for, no universal condition."""
_ASKS = re.compile(r"哪|什么|谁|啥|多少|几")
_OVER_TIME = re.compile(r"(?:[月年天周日季]|季度|每次|次)$")


def all_of_group(text: str, plan: QueryPlan) -> str | None:
    """The universal word a count / list / share plan reads as "at least one record", or None."""
    if plan.query_type not in (QueryType.COUNT, QueryType.LIST, QueryType.AGGREGATE) or plan.combine:
        return None
    if any(h.negate for s in plan.steps for h in s.hops):
        return None  # already "no record of the group fails"
    hopped = [m for m in _ALL_AT_END.finditer(text)] if any(s.hops for s in plan.steps) else []
    for m in [*_ALL_OF.finditer(text), *hopped]:
        head = re.split(r"[，,。；;？?！!]", text[: m.start()])[-1]
        if _ASKS.search(m.group(0)) or _OVER_TIME.search(head) or _REQUEST.search(text[m.end(1) :]):
            continue  # 你都能查些什么: an enumeration; 连续三个月都有加班: each month (universal_guard)
        if m.group(1) == "都" and _LISTED.search(head[-12:]):
            continue  # 2月和3月都请过假的人: 都 over listed values (universal_guard)
        return m.group(1)
    return None
