"""都 is "each", never "any" (judge 41 W3, W4): a last look at a finished plan.

- 都 after two or more listed months (2月和3月都请过假的人) means the subject satisfies the condition in *each* month:
  a plan that keeps the months as one 年月 "in" condition (a union) is rebuilt as the 每个月都 plan (one step per month,
  their intersection) when it is a plain list / count / yes-no of the subject; otherwise refused, naming 都.
- 都 after two or more listed values of another field (XMSQ0150和XMSQ0105都有人请过病假吗) is refused, naming 都.
- 都 in an inclusion phrase (耗材和固定资产都算 / 都包括 / 都统计) says both values count: a union, kept; so is 都 before a
  question word (…都有哪些 / 都是多少), which only enumerates, and 一…都没 (none at all).
- A universal yes/no (所有 / 全部 / 每个 … 都 … 吗) is true only when no member fails; a plan that answers by existence
  ("at least one") is refused, naming the word."""

from __future__ import annotations

import dataclasses
import re

from kgdesk.qa.dsl import AggFn, Combine, Op, QueryPlan, QueryType, TimeFilter
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.timeparse import month_list
from kgdesk.qa.understanding import Understanding

_DU = re.compile(r"都")
_NOT_EACH = re.compile(
    r"都(?:要|可以|得|应该|需要)?(?:算|包括|包含|统计|计入|计算|计|考虑|纳入|含)"  # 耗材和固定资产都算: both count
    r"|都(?:有|是|在|包括|分别|叫|属于)?(?:哪|什么|谁|啥|多少|几)"  # 都有哪些: an enumeration
    r"|一[\u4e00-\u9fff]?都(?:没|不)"  # 一次都没有: none at all
)
_UNIVERSAL = re.compile(r"所有|全部|全体|每一?[个位台条张家份项名](?!月)|凡是|任何|是不是都|是否都|全都")
_YES_NO = re.compile(r"吗|么|是不是|是否|有没有|对不对|[？?]$")
_ALL_PREDICATE = re.compile(r"(?:全部|全都|全是|统统|一律)(?:都|是)?[^，,的]{1,8}(?:吗|么|[?？]|$)")  # 设备全部完好吗
_ASKS_WHICH = re.compile(r"哪|谁|什么|啥|几|多少")
_EVERY = "是问每一个都满足，计划却只查“有没有一个满足”"


def _each_du(text: str) -> bool:
    """Whether some 都 of the text says "each of them" (not an inclusion, an enumeration or 一…都没)."""
    spans = [m.span() for m in _NOT_EACH.finditer(text)]
    return any(not any(a <= m.start() < b for a, b in spans) for m in _DU.finditer(text))


def _listed(plan: QueryPlan) -> tuple[str, list[str]] | None:
    """(field, values) of the one "in" condition over two or more listed values, or None."""
    for step in plan.steps:
        for f in step.filters:
            if f.op is Op.IN and isinstance(f.value, list) and len(f.value) >= 2:
                return f.field, [str(v) for v in f.value]
    return None


def _ranged(plan: QueryPlan) -> tuple[str, list[str]] | None:
    """("年月", the months) of a one-step plan's 年月 month range over two or more months (1到3月都…), or None."""
    if len(plan.steps) != 1:
        return None
    for t in plan.steps[0].time:
        if t.kind == "month_range" and t.field == "年月" and t.start < t.end:
            return "年月", month_list(t.start, t.end)
    return None


def _each_month_plan(plan: QueryPlan, months: list[str]) -> QueryPlan | None:
    """The 每个月都 plan of a one-step plan whose 年月 "in" condition lists the months, or None when not plain."""
    if len(plan.steps) != 1 or plan.combine or plan.group_by or plan.sort or plan.limit is not None:
        return None
    if plan.query_type not in (QueryType.LIST, QueryType.COUNT, QueryType.EXISTENCE) or plan.projection:
        return None
    agg = plan.aggregate
    if agg is not None and not (agg.fn is AggFn.COUNT_DISTINCT and agg.node == "n0"):
        return None
    base = plan.steps[0]
    listed = [f for f in base.filters if f.field == "年月" and f.op is Op.IN]
    ranged = [t for t in base.time if t.kind == "month_range" and t.field == "年月"]
    if len(listed) + len(ranged) != 1 or len(base.time) != len(ranged):
        return None
    node = listed[0].node if listed else ranged[0].node
    kept = [f for f in base.filters if f.field != "年月" or f.op is not Op.IN]
    steps = [
        base.model_copy(
            update={
                "id": f"s{i}",
                "filters": kept,
                "time": [TimeFilter(kind="month_eq", node=node, field="年月", start=m, end=m)],
                "description": f"{m} {base.description}".strip(),
            }
        )
        for i, m in enumerate(sorted(months), start=1)
    ]
    combine = [Combine(id="c1", op="intersection", steps=[s.id for s in steps])]
    return plan.model_copy(update={"steps": steps, "combine": combine})


def each_read_as_any(text: str, und: Understanding, schema: SchemaView | None) -> Understanding:
    """The understanding, its plan rebuilt for 都 over listed months, or a refusal naming 都 / the universal word."""
    plan = und.plan
    if plan is None:
        return und
    asked_yes_no = re.search(r"(?:吗|么)[？?。]?$", text) is not None and not _ASKS_WHICH.search(text)
    existence = asked_yes_no and plan.query_type is QueryType.EXISTENCE and not plan.combine
    if existence and "都" not in text and (said := _ALL_PREDICATE.search(text)) is not None:  # 设备全部完好吗
        return _refused(und, said.group(0)[:2], _EVERY)
    if asked_yes_no and plan.query_type is QueryType.LIST and (_each_du(text) or "每" in text):
        return _refused(und, "吗", "问的是是不是，计划却列出一份名单")  # 每个月都有考勤吗: a yes/no, never a list
    if "都" not in text:
        return und
    universal = (
        _UNIVERSAL.search(text) if plan.query_type is QueryType.EXISTENCE and not plan.combine else None
    )
    if universal is not None and _YES_NO.search(text):
        return _refused(und, universal.group(0), _EVERY)  # 所有员工都有证书吗
    if re.search(r"都(?:是|有|为)?多少", text) and plan.aggregate is not None and not plan.group_by and _listed(plan):
        return _refused(und, "都", "问的是列出的每一个各自的值，计划却算成一个合计")  # 1月和2月的开票金额都是多少
    if not _each_du(text):
        return und
    listed = _listed(plan) or _ranged(plan)
    if listed is None:  # 设备都是完好的吗: no row may fail, never "at least one"
        return _refused(und, "都", _EVERY) if existence else und
    field, values = listed
    covered = schema is not None and all(v in schema.months for v in values)  # a month without data: never "none"
    if field == "年月" and covered and (each := _each_month_plan(plan, values)):
        desc = f"{'、'.join(sorted(values))} 每个月都满足条件"
        return dataclasses.replace(
            und, plan=each, notes=[*und.notes, "口径：" + desc], slots=[*und.slots, ("分析", desc)]
        )
    return _refused(und, "都", "要求列出的每一个都满足，计划却按“任一个满足”查")  # XMSQ0150和XMSQ0105都有人…


def _refused(und: Understanding, word: str, why: str) -> Understanding:
    return und.refused(f"「{word}」{why}，不能这样回答")
