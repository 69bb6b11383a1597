"""The counted or listed thing must be the one the question's 几 / 多少 / 谁 / 哪些人 asks about (red team C1–C3).

王海涛的项目有几个人 planned as "count 人员 where 人员 = 王海涛" answers 1 whatever the project's size; 张丽负责的项目有多少台设备
planned as "count 项目 headed by 张丽" answers the number of projects; 宋志刚3月值了几次班 planned as "count 人员 = 宋志刚 with
值班天数 > 0" answers 1 whatever the number of duties. Two last looks at a finished plan, like the equality guard:
- a count (or a 谁 list with a condition) over records pinned to the one record the question names is no count at all;
- the noun after 几 / 多少 (and its classifier: 台 is a device, 位 / 名 a person) must name the record type the plan
  counts (人 for a count of distinct 工号 too). Either is refused, naming the words."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, QueryPlan, QueryType

_ASKED = re.compile(r"(?:几|多少)\s*(?P<c>个|台|条|份|位|名|张|次|项|家|件|人)?(?P<n>[\u4e00-\u9fff]{0,6})")
_ASKED_PEOPLE = re.compile(
    r"(?:项目经理|经理|负责人|员工|人员|保安员?|保洁员?|客服|电工|维修工|职工|持证人)(?:都|分别)?(?:有|是)?(?:哪些|哪几位|哪几个|谁)"
    r"|(?:有|是)(?:哪些|哪几位|哪几个)(?:人|员工|人员|项目经理|经理|负责人)"
)
"""A list question that asks for people (…的项目经理有哪些 / 是哪些人): the listed records must be people."""
_PEOPLE = ("人员", "员工", "人", "保安", "保洁", "项目经理", "经理", "客服", "电工", "维修工", "职工", "同事")
_NOUNS = (
    ("设备", "设备"),
    ("投标", "投标记录"),
    ("考勤", "考勤"),
    ("排班", "排班月报"),
    ("检查", "检查记录"),
    ("证书", "证书"),
    ("片区", "片区"),
    ("项目", "项目"),
)


def _asked_label(text: str) -> tuple[str, str] | None:
    """(the words asked, the record type they name) for the last 几 / 多少, or None when not read."""
    found = list(_ASKED.finditer(text))
    if not found:
        return None
    m = found[-1]
    c, n = m.group("c") or "", m.group("n") or ""
    if n.startswith(("人次", "次数", "月", "天", "年", "钱", "元", "万", "小时")) or (c == "次" and not n):
        return None
    if c == "人" or c in ("位", "名") or n.startswith(_PEOPLE) or (n[:3].endswith("员") and not n.startswith("成员")):
        return m.group(0), "人员"
    if c == "台":
        return m.group(0), "设备"
    for word, lab in _NOUNS:
        if n.startswith(word):
            return m.group(0), lab  # 几次检查: the inspections themselves
    return (m.group(0), "次") if c == "次" else None


def asked_noun_mismatch(text: str, plan: QueryPlan) -> str | None:
    """The words asked (几个人) when the plan counts or lists something else, or None."""
    if len(plan.steps) != 1 or plan.group_by or plan.comparison is not None or plan.share is not None:
        return None
    step = plan.steps[0]
    pinned = [f for f in step.filters if f.node == "n0" and f.field == "_key" and f.op.value == "eq"]
    agg = plan.aggregate
    counting = plan.query_type is QueryType.COUNT and agg is not None and agg.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT)
    if counting and pinned and agg is not None and agg.node == "n0":
        asked = _asked_label(text)
        return asked[0] if asked is not None else "几"  # 王海涛的项目有几个人: never 1 (himself)
    if plan.query_type is QueryType.LIST and pinned and "谁" in text and any(
        f.node == "n0" and f.field != "_key" for f in step.filters
    ):
        return "谁"  # 胡建平的项目经理是谁: never 胡建平 filtered by 项目经理
    who = re.search(r"谁[\u4e00-\u9fff]{1,3}的|归谁|哪个人[\u4e00-\u9fff]{0,3}的|哪位[\u4e00-\u9fff]{1,3}的", text)
    person = any(f is not None and ("工号" in f or "姓名" in f or f.endswith("人")) for f in (p.field for p in plan.projection))
    people = _ASKED_PEOPLE.search(text)
    ranked = bool(plan.sort) or plan.limit is not None  # 合同金额最大的3个项目的项目经理分别是谁: shown beside each project
    if people is not None and plan.query_type is QueryType.LIST and step.entity in ("项目", "片区") and not person and not ranked:
        return people.group(0)  # 服务中的项目的项目经理有哪些: the managers, never the projects
    if who is not None and plan.query_type in (QueryType.LIST, QueryType.STATUS) and step.entity != "人员" and not person:
        return who.group(0)  # 得分最低的那次检查是谁检查的: the inspector, never the inspection
    if not counting or agg is None:
        return None
    labels = {"n0": step.entity, **{f"n{i + 1}": h.target for i, h in enumerate(step.hops)}}
    counted = labels.get(agg.node)
    if counted is None:
        return None
    if agg.field == "工号":
        counted = "人员"
    asked = _asked_label(text)
    if asked is None or asked[1] == counted:
        return None
    return asked[0]
