"""每个 / 各 <group> … 最… 的 <item> asks for the top item *in each* group (red team 2, class 2).

每个片区客户投诉最多的项目 is one project per 片区 (ties kept); a plan that ranks the groups and keeps one (a single 片区) or
lists one item answers another question. No plan here keeps the top item of every group, so such a question is
refused, naming the group word; the per-group value itself (每个项目的最高检查得分 / 每个项目检查得分最高是多少) asks no
item and stays."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan

_SEP = r"[^，,。；;？?]"
_EACH = re.compile(
    r"(?P<e>每一?个|每|各个?)(?![个月天年日周次季人])(?P<g>[\u4e00-\u9fff]{1,6}?)(?:的|中|里|下|内|之中|当中)?"
)
_GROUPS = (
    "子项目",
    "片区",
    "项目",
    "区域",
    "业态",
    "岗位",
    "部门",
    "供应商",
    "甲方",
    "类型",
    "班组",
    "员工",
    "人员",
)
_ITEM = re.compile(
    _SEP + r"*?(?:最[\u4e00-\u9fff]{0,4}?的(?:是|分别是|各是)?(?P<c>[哪那这][次台位名条笔份天])?(?:[哪那这][个家])?|谁"
    + _SEP
    + r"*?最)(?P<i>子项目|项目|设备|员工|人员|人|谁|检查|记录|证书|投标|合同)?"
)


def top_of_each_group(text: str, plan: QueryPlan) -> str | None:
    """The group word (每个片区) when the question asks the top item of every group, else None."""
    del plan  # no plan keeps the top item of each group: the question itself decides
    for m in _EACH.finditer(text):
        rest = text[m.start("g") :]
        group = next((g for g in _GROUPS if rest.startswith(g)), rest[:2])
        item = _ITEM.match(text, m.end())
        if item is not None and (i := item.group("i") or item.group("c") or ("谁" if "谁" in item.group(0) else None)) and i != group:
            return m.group("e") + group  # 每个片区投诉最多的项目: one project per 片区, never one 片区
    return None
