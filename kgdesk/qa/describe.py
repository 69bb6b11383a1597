"""Chinese descriptions of a Query DSL plan, generated deterministically (no LLM): the one
describer of plans, for the agent's dialogs and the answer's 条件 line alike.

`understanding_text` is the one sentence the user confirms ("我理解的问题是……": intent, objects,
time, filters, granularity); `plan_text` is the plan the user approves: every step, relation,
filter, time window, derived parameter with its source (年龄上限=50（由出生日期换算）), grouping,
sort and limit. Both read only the plan, so what the user approves is exactly what runs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kgdesk.graph.planner import MONTH_RUN_BASIS
from kgdesk.qa import expressions
from kgdesk.qa.dsl import (
    AggFn,
    FieldRef,
    Filter,
    Op,
    QueryPlan,
    QueryType,
    Step,
    TimeFilter,
    ValueSource,
)

NameOf = Callable[[str, str], str | None]
"""(label, key) → display name, when known (the entity index); None to show the key as is."""

INTENT_WORDS: dict[QueryType, str] = {
    QueryType.EXISTENCE: "判断是否存在",
    QueryType.COUNT: "统计数量",
    QueryType.LIST: "列出名单",
    QueryType.STATUS: "查询状态/属性",
    QueryType.AGGREGATE: "汇总计算",
    QueryType.COMPARE: "对比",
    QueryType.TREND: "按时间看趋势",
    QueryType.EXPLAIN: "解释含义",
    QueryType.UNKNOWN: "（不明确）",
}



def query_type_text(qt: QueryType) -> str:
    """The one Chinese wording of a query type (dialogs, plan lines, 查询详情)."""
    return INTENT_WORDS.get(qt, qt.value)


AGG_WORDS: dict[AggFn, str] = {
    AggFn.COUNT: "计数",
    AggFn.COUNT_DISTINCT: "去重计数",
    AggFn.SUM: "合计",
    AggFn.AVG: "平均值",
    AggFn.MAX: "最大值",
    AggFn.MIN: "最小值",
}

OP_WORDS: dict[Op, str] = {
    Op.EQ: "=",
    Op.NE: "≠",
    Op.IN: "属于",
    Op.CONTAINS: "包含",
    Op.RANGE: "介于",
    Op.GT: ">",
    Op.GTE: "≥",
    Op.LT: "<",
    Op.LTE: "≤",
    Op.IS_NULL: "为空",
    Op.NOT_NULL: "不为空",
}

SOURCE_WORDS: dict[ValueSource, str] = {
    ValueSource.USER_TEXT: "按问题原文",
    ValueSource.GROUNDED: "已在图谱中匹配",
    ValueSource.DERIVED: "换算得出",
    ValueSource.PREVIOUS_STEP: "取自前一步结果",
    ValueSource.USER_CHOICE: "您的选择",
    ValueSource.DICTIONARY: "模板中的可选值，数据中暂无",
}


def month_text(m: str) -> str:
    return f"{int(m[:4])}年{int(m[5:7])}月"


def range_text(start: str, end: str) -> str:
    if start == "1900-01" and end != start:  # an up-to range (understand/before_time): no real start
        return f"{month_text(end)}及以前"
    return month_text(start) if start == end else f"{month_text(start)}至{month_text(end)}"


def _scalar(v: Any) -> str:
    if isinstance(v, bool):
        return "是" if v else "否"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _alias_label(step: Step, alias: str) -> str:
    return step.aliases().get(alias, alias)


def _is_key_field(step: Step, f: Filter, key_fields: Mapping[str, tuple[str, ...]] | None) -> bool:
    """The filter picks the step's records by their whole key (项目编号 of 项目), so it reads
    "项目 = …". A part of a composite key (工号 of 考勤) stays a field condition."""
    if f.field == "_key":
        return True
    label = _alias_label(step, f.node)
    return bool(key_fields and tuple(key_fields.get(label, ())) == (f.field,))


def _owner(f: Filter, key_fields: Mapping[str, tuple[str, ...]] | None) -> str | None:
    """The label keyed by the filter's field alone (项目编号 → 项目), if any."""
    if not key_fields:
        return None
    return next((lab for lab, key in key_fields.items() if tuple(key) == (f.field,)), None)


def _foreign_owner(step: Step, f: Filter, key_fields: Mapping[str, tuple[str, ...]] | None) -> str | None:
    """设备.项目编号 = … reads "项目 = …": the field is another label's whole key and no part of
    the step's own key (考勤.工号 stays a field condition)."""
    own = _alias_label(step, f.node)
    if not key_fields or f.field in key_fields.get(own, ()) or f.op not in (Op.EQ, Op.IN):
        return None
    owner = _owner(f, key_fields)
    return owner if owner != own else None


def _named_label(step: Step, f: Filter, key_fields: Mapping[str, tuple[str, ...]] | None) -> str | None:
    """Whose key the filter's values are: the step's own label, or the label keyed by that field
    alone (人员 for 考勤.工号, 项目 for 设备.项目编号), so the value can be shown with its name."""
    if _is_key_field(step, f, key_fields):
        return _alias_label(step, f.node)
    if not key_fields:
        return None
    return _owner(f, key_fields)


def _values_text(step: Step, f: Filter, name_of: NameOf | None, key_fields: Mapping[str, tuple[str, ...]] | None) -> str:
    vals = f.value if isinstance(f.value, list) else [f.value]
    label = _named_label(step, f, key_fields)
    shown: list[str] = []
    for v in vals[:8]:
        s = _scalar(v) if v is not None else "（不限）"
        if name_of is not None and v is not None and label is not None:
            name = name_of(label, str(v))
            if name and name != s:
                s = name if str(v) in name else f"{name}（{s}）"
        shown.append(s)
    if len(vals) > 8:
        shown.append(f"等 {len(vals)} 个")
    if f.op is Op.RANGE and len(vals) == 2:
        return f"{shown[0]} 到 {shown[1]}"
    return "、".join(shown)


def _field_name(step: Step, node: str, fld: str | None) -> str:
    label = _alias_label(step, node)
    if fld is None:
        return label
    if fld == "_key":
        return f"{label}（编号）"
    if fld == "_display":
        return f"{label}（名称）"
    return f"{label}.{fld}" if node != "n0" else fld


def derived_param_text(step: Step, f: Filter) -> str | None:
    """年龄 ≤ 50 → 年龄上限=50岁（由出生日期换算）; a strict bound says （不含）. None when `f` is not
    on a derived attribute."""
    d = next((x for x in step.derived if x.name == f.field and x.node == f.node), None)
    if d is None:
        return None
    try:
        sources = sorted(expressions.names(d.expression))
    except expressions.ExpressionError:
        sources = []
    src = f"（由{'、'.join(sources)}换算）" if sources else "（换算得出）"
    unit = d.unit or ""
    v = f.value
    if f.op in (Op.LT, Op.LTE) and not isinstance(v, list):
        strict = "（不含）" if f.op is Op.LT else ""
        return f"{d.name}上限={_scalar(v)}{unit}{strict}{src}"
    if f.op in (Op.GT, Op.GTE) and not isinstance(v, list):
        strict = "（不含）" if f.op is Op.GT else ""
        return f"{d.name}下限={_scalar(v)}{unit}{strict}{src}"
    if f.op is Op.RANGE and isinstance(v, list) and len(v) == 2:
        parts = []
        if v[0] is not None:
            parts.append(f"{d.name}下限={_scalar(v[0])}{unit}")
        if v[1] is not None:
            parts.append(f"{d.name}上限={_scalar(v[1])}{unit}")
        return "，".join(parts) + src
    if f.op in (Op.EQ, Op.NE, Op.IN):
        return f"{d.name}{OP_WORDS[f.op]}{_values_text(step, f, None, None)}{unit}{src}"
    return f"{d.name}{OP_WORDS[f.op]}{src}"


def filter_text(
    step: Step,
    f: Filter,
    name_of: NameOf | None = None,
    key_fields: Mapping[str, tuple[str, ...]] | None = None,
    *,
    with_source: bool = True,
) -> str:
    derived = derived_param_text(step, f)
    if derived is not None:
        return derived
    basis = _basis_text(step, f)
    if basis is not None:
        return basis  # taken from the question's 口径, never from a value the user typed
    who = _field_name(step, f.node, f.field)
    if _is_key_field(step, f, key_fields) and f.op in (Op.EQ, Op.IN):
        who = _alias_label(step, f.node)
    elif (owner := _foreign_owner(step, f, key_fields)) is not None:
        who = owner
    if f.op in (Op.IS_NULL, Op.NOT_NULL):
        text = f"{who}{OP_WORDS[f.op]}"
    elif f.value_source is ValueSource.PREVIOUS_STEP and f.ref is not None:
        text = f"{who} 属于步骤 {f.ref.step} 结果中的 {f.ref.field}"
    else:
        text = f"{who} {OP_WORDS[f.op]} {_values_text(step, f, name_of, key_fields)}"
    if with_source and f.value_source not in (ValueSource.PREVIOUS_STEP,):
        text += f"（{SOURCE_WORDS[f.value_source]}）"
    return text


def _basis_text(step: Step, f: Filter) -> str | None:
    """A relationship's 依据 (the ledger it was taken from) in words a user reads in 确认计划:
    服务于关系只算「人员信息」中登记的, never 服务于.依据 = 人员信息."""
    if not (f.node.startswith("r") and f.field == "依据" and f.op is Op.EQ and isinstance(f.value, str)):
        return None
    rel = _alias_label(step, f.node)
    if f.value == MONTH_RUN_BASIS:
        return f"{rel}关系只算考勤、排班记录中出现过的"
    return f"{rel}关系只算「{f.value}」中登记的"


def time_text(step: Step, t: TimeFilter) -> str:
    where = _alias_label(step, t.node)
    span = range_text(t.start, t.end)
    if t.kind == "period_overlap" and t.prefer_value is not None:
        return f"{where}按{t.end}时点：「{t.prefer_value}」中登记且{t.start_field}不晚于{t.end}的为准，否则按{t.start_field}～{t.end_field}与{span}重叠"
    if t.kind == "period_overlap":
        return f"{where}的{t.start_field}～{t.end_field}与{span}重叠"
    return f"{where}.{t.field} 在 {span}" if t.node != "n0" else f"{t.field} 在 {span}"


def _hop_text(step: Step, i: int) -> str:
    h = step.hops[i - 1]
    src = _alias_label(step, h.source)
    arrow = f"{src} -[{h.rel}]-> {h.target}" if h.direction == "out" else f"{src} <-[{h.rel}]- {h.target}"
    length = f"（{h.min_hops}～{h.max_hops} 跳）" if h.max_hops > 1 else ""
    neg = "不存在 " if h.negate else ""
    return f"{neg}{arrow}{length}"


def _ref_text(step: Step, r: FieldRef) -> str:
    return _field_name(step, r.node, r.field)


def output_text(plan: QueryPlan) -> str:
    """What is produced: count / list / aggregate / grouping / sort / limit."""
    if plan.query_type is QueryType.EXPLAIN:
        return "解释字段或代码的含义"
    out = plan.output_step
    parts: list[str] = []
    if plan.aggregate is not None:
        a = plan.aggregate
        target = _field_name(out, a.node, a.field) if a.field else _alias_label(out, a.node)
        parts.append(f"{AGG_WORDS[a.fn]}：{target}")
        if plan.share is not None:
            parts.append(f"占比：步骤 {plan.share.part} 的结果 ÷ 步骤 {plan.share.whole} 的结果")
    elif plan.query_type is QueryType.COUNT:
        parts.append(f"计数：{out.entity}")
    elif plan.query_type is QueryType.EXISTENCE:
        parts.append(f"判断是否存在符合条件的{out.entity}")
    elif plan.query_type in (QueryType.LIST, QueryType.STATUS):
        parts.append(f"列出{out.entity}")
    if plan.projection:
        parts.append("返回字段：" + "、".join(_ref_text(out, p) for p in plan.projection))
    if plan.group_by:
        parts.append("分组：按" + "、".join(_ref_text(out, g) for g in plan.group_by))
    for s in plan.sort:
        d = "降序" if s.direction == "desc" else "升序"
        if s.by == "value":
            parts.append(f"排序：按聚合值{d}")
        elif s.by == "group":
            parts.append(f"排序：按分组{d}")
        else:
            parts.append(f"排序：按{_field_name(out, s.node, s.field)}{d}")
    if plan.limit is not None:
        parts.append(f"最多 {plan.limit} 条" + ("（并列的一并保留）" if plan.with_ties else ""))
    return "；".join(parts)


def granularity_text(plan: QueryPlan) -> str:
    if plan.group_by:
        return "分组汇总"
    if plan.query_type in (QueryType.COUNT, QueryType.AGGREGATE, QueryType.EXISTENCE):
        return "汇总"
    if plan.query_type in (QueryType.LIST, QueryType.STATUS):
        return "明细"
    return "—"


def understanding_slots(
    plan: QueryPlan,
    *,
    name_of: NameOf | None = None,
    key_fields: Mapping[str, tuple[str, ...]] | None = None,
) -> list[tuple[str, str]]:
    """(slot, Chinese value): 意图、对象、时间、条件、粒度 — what confirm_slots shows."""
    if plan.query_type is QueryType.EXPLAIN:
        t = plan.explain
        what = (t.field or t.code or t.relationship or t.template or "") if t else ""
        return [("意图", query_type_text(plan.query_type)), ("对象", what or "—")]
    if not plan.steps:
        return [("意图", query_type_text(plan.query_type))]
    out = plan.output_step
    objects = [out.entity] + [h.target for h in out.hops if not h.negate]
    conds: list[str] = []
    times: list[str] = []
    for s in plan.steps:
        for f in s.filters:
            conds.append(filter_text(s, f, name_of, key_fields, with_source=False))
        for h in s.hops:
            if h.negate:
                conds.append(f"没有「{h.rel}」关系的{h.target}")
        for tf in s.time:
            times.append(range_text(tf.start, tf.end))
    gran = granularity_text(plan)
    out_txt = output_text(plan)
    return [
        ("意图", query_type_text(plan.query_type)),
        ("对象", "、".join(dict.fromkeys(objects))),
        ("时间", "、".join(dict.fromkeys(times)) if times else "不限"),
        ("条件", "；".join(dict.fromkeys(conds)) if conds else "无"),
        ("粒度", gran + (f"（{out_txt}）" if out_txt else "")),
    ]


def understanding_text(
    plan: QueryPlan,
    *,
    name_of: NameOf | None = None,
    key_fields: Mapping[str, tuple[str, ...]] | None = None,
) -> str:
    """One sentence: 意图、对象、时间、条件、粒度."""
    if plan.query_type is QueryType.EXPLAIN:
        t = plan.explain
        what = (t.field or t.code or t.relationship or t.template or "") if t else ""
        return f"我理解的问题是：解释「{what}」的含义。"
    if not plan.steps:
        return "我还没有理解这个问题。"
    slots = understanding_slots(plan, name_of=name_of, key_fields=key_fields)
    return "我理解的问题是——" + "；".join(f"{k}：{v}" for k, v in slots) + "。"


def plan_text(
    plan: QueryPlan,
    *,
    name_of: NameOf | None = None,
    key_fields: Mapping[str, tuple[str, ...]] | None = None,
) -> str:
    """The plan as numbered Chinese lines: what will be matched, filtered, combined and returned."""
    if plan.query_type is QueryType.EXPLAIN:
        return "查询计划：不查询数据，直接根据模板说明解释含义。"
    lines = ["查询计划："]
    for n, s in enumerate(plan.steps, start=1):
        head = f"{n}. 步骤 {s.id}：查找「{s.entity}」"
        if s.description:
            head += f"（{s.description}）"
        if s.depends_on:
            head += f"，依赖步骤 {'、'.join(s.depends_on)}"
        lines.append(head)
        for i in range(1, len(s.hops) + 1):
            lines.append(f"   - 关系：{_hop_text(s, i)}")
        for d in s.derived:
            try:
                src = "、".join(sorted(expressions.names(d.expression)))
            except expressions.ExpressionError:
                src = "?"
            unit = f"，单位{d.unit}" if d.unit else ""
            lines.append(f"   - 派生属性：{d.name} = {d.expression}（由{src}换算{unit}）")
        for f in s.filters:
            lines.append(f"   - 条件：{filter_text(s, f, name_of, key_fields)}")
        for t in s.time:
            lines.append(f"   - 时间：{time_text(s, t)}")
    for c in _combines(plan):
        word = {"intersection": "交集", "union": "并集", "difference": "差集"}[c.op]
        lines.append(f"合并 {c.id}：{'、'.join(c.steps)} 的{word}（按{plan.output_step.entity}）")
    out = output_text(plan)
    if out:
        lines.append(f"输出：{out}")
    for note in plan.notes:
        lines.append(note if note.startswith("口径") else f"口径：{note}")
    return "\n".join(lines)


def _combines(plan: QueryPlan) -> list[Any]:
    c = plan.combine
    if c is None:
        return []
    return list(c) if isinstance(c, list) else [c]


def plan_lines(
    plan: QueryPlan,
    *,
    name_of: NameOf | None = None,
    key_fields: Mapping[str, tuple[str, ...]] | None = None,
) -> list[str]:
    """`plan_text` as flat lines (what confirm_plan shows, one numbered line each)."""
    out: list[str] = []
    for line in plan_text(plan, name_of=name_of, key_fields=key_fields).splitlines()[1:]:
        line = line.strip()
        if line.startswith("- "):
            line = line[2:]
        elif line[:1].isdigit() and ". " in line[:4]:
            line = line.split(". ", 1)[1]
        out.append(line)
    return out


def derived_parameters(plan: QueryPlan) -> list[str]:
    """Every derived parameter with its source, e.g. 年龄上限=50（含）（由出生日期换算）."""
    out: list[str] = []
    for s in plan.steps:
        for f in s.filters:
            t = derived_param_text(s, f)
            if t is not None:
                out.append(t)
    return out


def conditions(
    plan: QueryPlan,
    *,
    name_of: NameOf | None = None,
    key_fields: Mapping[str, tuple[str, ...]] | None = None,
) -> list[str]:
    """The conditions of the plan that ran, for the answer's 条件 line (generated from that plan
    every time, so a changed month or filter is never described from an older plan)."""
    out: list[str] = []
    for s in plan.steps if not plan.combine else [plan.output_step]:
        for f in s.filters:
            if f.node.startswith("r") and f.field == "依据":
                continue
            out.append(filter_text(s, f, name_of, key_fields, with_source=False))
        if not plan.combine:
            out += [time_text(s, t) for t in s.time]
    return list(dict.fromkeys(out))


def window_texts(start: str, end: str) -> list[str]:
    """Every way the planner's notes and step descriptions write a month window (2026-01,
    2026年1月, 2026-01 至 2026-03, 2026年1月至2026年3月), longest first."""
    out = {range_text(start, end), f"{start} 至 {end}", f"{start}至{end}", f"{start}～{end}"}
    if start == end:
        out |= {start, month_text(start)}
    return sorted(out, key=len, reverse=True)


def retimed(plan: QueryPlan, old: tuple[str, str], new: tuple[str, str]) -> QueryPlan:
    """The plan's notes and step descriptions speaking of the window that runs (a follow-up moved
    the time from `old` to `new`): the 口径 text always follows the plan that ran."""
    if old == new:
        return plan
    chinese, iso = range_text(*new), (new[0] if new[0] == new[1] else f"{new[0]} 至 {new[1]}")
    forms = [(o, chinese if "年" in o else iso) for o in window_texts(*old)]

    def fix(text: str) -> str:
        for o, n in forms:
            text = text.replace(o, n)
        return text

    steps = [s.model_copy(update={"description": fix(s.description)}) for s in plan.steps]
    return plan.model_copy(update={"notes": [fix(n) for n in plan.notes], "steps": steps})
