"""A plan in plain Chinese, generated deterministically from the validated DSL (never shown as JSON):
used by confirm_plan and for the 条件 line of answers, whatever produced the plan."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kgdesk.qa.dsl import Filter, Op, QueryPlan, Step, TimeFilter

DisplayOf = Callable[[str, str], str]

_OPS = {
    Op.EQ: "为",
    Op.NE: "不是",
    Op.IN: "属于",
    Op.CONTAINS: "包含",
    Op.GT: "大于",
    Op.GTE: "不少于",
    Op.LT: "小于",
    Op.LTE: "不超过",
    Op.RANGE: "介于",
    Op.IS_NULL: "为空",
    Op.NOT_NULL: "不为空",
}
_QT = {
    "existence": "判断是否存在",
    "count": "统计数量",
    "list": "列出名单",
    "status": "查询属性值",
    "aggregate": "汇总计算",
    "compare": "对比",
    "trend": "按月看趋势",
    "explain": "解释含义",
    "unknown": "无法确定",
}
_SET = {"intersection": "同时出现在", "union": "出现在任一", "difference": "在第一个但不在其余"}


def _value(v: Any) -> str:
    if isinstance(v, list):
        return "、".join(map(str, v))
    return str(v)


def filter_text(
    step: Step, f: Filter, display_of: DisplayOf | None = None, owners: dict[str, str] | None = None
) -> str:
    aliases = step.aliases()
    target = aliases.get(f.node, f.node)
    owner = (owners or {}).get(f.field)
    if owner and owner != target and display_of is not None and f.op in (Op.EQ, Op.IN):
        keys = f.value if isinstance(f.value, list) else [f.value]
        return f"{owner}为{'、'.join(display_of(owner, str(k)) for k in keys)}"
    if f.field == "_key":
        keys = f.value if isinstance(f.value, list) else [f.value]
        names = [display_of(target, str(k)) if display_of else str(k) for k in keys]
        return f"{target}为{'、'.join(names)}"
    if f.op in (Op.IS_NULL, Op.NOT_NULL):
        return f"{f.field}{_OPS[f.op]}"
    if f.ref is not None:
        return f"{f.field}取自步骤 {f.ref.step} 的 {f.ref.field}"
    if f.op is Op.RANGE and isinstance(f.value, list):
        lo, hi = f.value
        return f"{f.field}介于 {lo if lo is not None else '—'} 与 {hi if hi is not None else '—'}"
    return f"{f.field}{_OPS[f.op]}{_value(f.value)}"


def time_text(step: Step, t: TimeFilter) -> str:
    span = t.start if t.start == t.end else f"{t.start} 至 {t.end}"
    if t.kind == "period_overlap":
        what = step.aliases().get(t.node, t.node)
        return f"{what}期间（{t.start_field}—{t.end_field}）与 {span} 重叠"
    return f"{t.field}在 {span}"


def step_text(step: Step, display_of: DisplayOf | None = None) -> str:
    aliases = step.aliases()
    parts = [f"在「{step.entity}」中查找"]
    for i, h in enumerate(step.hops, start=1):
        src = aliases[h.source]
        arrow = f"—{h.rel}→" if h.direction == "out" else f"←{h.rel}—"
        chain = f"（{h.min_hops}–{h.max_hops} 层）" if h.max_hops > 1 else ""
        neg = "不存在" if h.negate else "经"
        parts.append(f"{neg} {src}{arrow}{h.target}{chain}")
        del i
    conds = [filter_text(step, f, display_of) for f in step.filters]
    conds += [time_text(step, t) for t in step.time]
    if step.derived:
        conds += [f"{d.name} = {d.expression}" for d in step.derived]
    if conds:
        parts.append("条件：" + "；".join(conds))
    return "，".join(parts)


def describe_plan(plan: QueryPlan, display_of: DisplayOf | None = None) -> list[str]:
    lines = [f"问题类型：{_QT.get(plan.query_type.value, plan.query_type.value)}"]
    for s in plan.steps:
        lines.append(f"步骤 {s.id}：{step_text(s, display_of)}")
    for c in plan.combine:
        lines.append(f"集合 {c.id}：取{_SET[c.op]} {'、'.join(c.steps)} 中的{plan.output_step.entity}")
    if plan.group_by:
        lines.append(
            "分组："
            + "、".join(g.field or plan.output_step.aliases().get(g.node, g.node) for g in plan.group_by)
        )
    if plan.aggregate is not None:
        a = plan.aggregate
        lines.append(f"计算：{a.fn.value}({a.field or a.node})")
    if plan.sort:
        lines.append(
            "排序："
            + "、".join(f"{s.field or s.by} {'降序' if s.direction == 'desc' else '升序'}" for s in plan.sort)
        )
    if plan.limit:
        lines.append(f"数量上限：{plan.limit}" + ("（保留并列）" if plan.with_ties else ""))
    return lines


def conditions(
    plan: QueryPlan, display_of: DisplayOf | None = None, owners: dict[str, str] | None = None
) -> list[str]:
    """The conditions of the output step, for the answer's 条件 line; `owners`: key field → label
    (项目编号 → 项目) so codes are shown as standard names."""
    out: list[str] = []
    for s in plan.steps if not plan.combine else [plan.output_step]:
        for f in s.filters:
            if f.node.startswith("r") and f.field == "依据":
                continue
            out.append(filter_text(s, f, display_of, owners))
        if not plan.combine:
            out += [time_text(s, t) for t in s.time]
    return list(dict.fromkeys(out))
