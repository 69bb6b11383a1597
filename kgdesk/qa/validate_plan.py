"""Every plan is checked against the live meta-schema before anything runs.

Unknown labels, properties, relationship types, directions, aliases, and value types that cannot
fit a field are refused with a Chinese reason. The compiler trusts nothing that did not pass here,
and still re-checks identifiers itself (defence in depth).
"""

from __future__ import annotations

import json
from typing import Any

from kgdesk.errors import KgdeskError
from kgdesk.qa import expressions
from kgdesk.qa.dsl import AggFn, Filter, Op, QueryPlan, QueryType, Step, ValueSource
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.value_shape import value_shape_errors

FILTERABLE_SYSTEM_PROPS = ("_key",)
PROJECTABLE_SYSTEM_PROPS = ("_key", "_display")

TEXT_TYPES = ("文本", "编码", "枚举")
ORDERED_TYPES = ("整数", "小数", "百分比", "年份", "日期", "年月")


class PlanRejected(KgdeskError):
    """The plan does not fit the published graph; `reasons` are Chinese and meant for the user."""

    code = "E_PLAN_REJECTED"

    def __init__(self, reasons: list[str]) -> None:
        super().__init__("查询计划与当前图谱不符：" + "；".join(reasons))
        self.reasons = reasons


def validate_plan(plan: QueryPlan, schema: SchemaView, explain_fields: set[str] | None = None) -> None:
    errors = plan_errors(plan, schema, explain_fields)
    if errors:
        raise PlanRejected(errors)


def plan_errors(plan: QueryPlan, schema: SchemaView, explain_fields: set[str] | None = None) -> list[str]:
    errs: list[str] = []
    if plan.query_type is QueryType.EXPLAIN:
        t = plan.explain
        if t is not None and t.field and explain_fields is not None and t.field not in explain_fields:
            errs.append(f"没有名为「{t.field}」的字段")
        return errs
    if plan.query_type is QueryType.UNKNOWN:
        return ["问题类型不明确，无法查询"]
    steps = {s.id: s for s in plan.steps}
    for step in plan.steps:
        errs.extend(_step_errors(step, schema, steps))
    out = plan.output_step
    derived_out = {(d.node, d.name) for d in out.derived}
    aliases = out.aliases()

    def ref_ok(node: str, field: str | None, what: str, system: tuple[str, ...]) -> None:
        if node not in aliases or not node.startswith("n"):
            errs.append(f"{what}引用了不存在的节点 {node}")
            return
        if field is None or (node, field) in derived_out or field in system:
            return
        if not _has_prop(schema, out, node, field):
            errs.append(f"{what}：{aliases[node]} 没有属性「{field}」")

    for p in plan.projection:
        ref_ok(p.node, p.field, "返回字段", PROJECTABLE_SYSTEM_PROPS)
    for g in plan.group_by:
        ref_ok(g.node, g.field, "分组", PROJECTABLE_SYSTEM_PROPS)
    if plan.aggregate is not None:
        a = plan.aggregate
        ref_ok(a.node, a.field, "聚合", ("_key",))
        if a.field and a.fn in (AggFn.SUM, AggFn.AVG) and (a.node, a.field) not in derived_out:
            info = schema.prop(aliases.get(a.node, ""), a.field)
            if info is not None and not info.numeric:
                errs.append(f"「{a.field}」不是数值字段，不能求和或求平均")
    if counts_its_own_groups(plan, schema):
        errs.append("按对象自身分组后再数它自己，每组都只有 1 个，这样的计数回答不了问题")
    if groups_a_named_entity(plan):
        errs.append("问的是记录的字段取值，分组却是点名的那个对象本身，只会把这个对象列出来")
    if plan.share is not None:
        errs.extend(share_errors(plan))
        wf = plan.share.whole_field
        if wf is not None and plan.aggregate is not None:
            ref_ok(plan.aggregate.node, wf, "分母聚合", ())
            info = schema.prop(aliases.get(plan.aggregate.node, ""), wf)
            if info is not None and not info.numeric:
                errs.append(f"「{wf}」不是数值字段，不能求和")
    for s in plan.sort:
        if s.by == "field":
            if not s.field:
                errs.append("按字段排序需要字段名")
            else:
                ref_ok(s.node, s.field, "排序", PROJECTABLE_SYSTEM_PROPS)
        if s.by == "value" and plan.aggregate is None:
            errs.append("按聚合值排序需要聚合")
    return errs


def counts_its_own_groups(plan: QueryPlan, schema: SchemaView) -> bool:
    """A count of the very node the plan groups by its whole key: every group is 1 (a compare of two
    projects by "how many" that counted the projects themselves answered 1 vs 1)."""
    a = plan.aggregate
    if a is None or a.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT):
        return False
    keys = schema.key_fields(plan.output_step.aliases().get(a.node, ""))
    whole: set[str | None] = {None, "_key", *(keys if len(keys) == 1 else ())}  # None: the node itself
    return a.field in whole and any(g.node == a.node and g.field in whole for g in plan.group_by)


def joins_of_a_sum(plan: QueryPlan) -> list[str]:
    """The record types a sum or average of the main records' own measure walks to and uses for nothing
    (no condition, time, grouping, output or further used hop on them). Such a join only drops the
    records without a link (岗位编制 → 项目 → 人员 summed 预算编制 over 25 of 28 rows because 多少人 was read
    as people): unless the question names that record type itself, the plan is refused (interpreter)."""
    a = plan.aggregate
    if a is None or a.fn not in (AggFn.SUM, AggFn.AVG) or a.node != "n0" or plan.combine or len(plan.steps) != 1:
        return []
    out = plan.output_step
    used = {a.node, *(x.node for x in plan.projection), *(x.node for x in plan.group_by), *(x.node for x in plan.sort)}
    used |= {f.node for f in out.filters} | {t.node for t in out.time} | {d.node for d in out.derived}
    if a.per is not None:
        used.add(a.per.node)
    for i in range(len(out.hops), 0, -1):  # a hop is used when its node, its edge or a later used hop is
        if f"n{i}" in used or f"r{i}" in used:
            used.add(out.hops[i - 1].source)
    return [h.target for i, h in enumerate(out.hops, start=1) if not h.negate and not {f"n{i}", f"r{i}"} & used]


def shadowed_conditions(plan: QueryPlan, schema: SchemaView) -> list[tuple[str, str]]:
    """(label, field) of each condition on a joined record type's field that the main record type has
    itself, filled (项目.开始日期 on a count of 维保合同, which have their own 开始日期): unless the question
    names that joined type, the condition was meant on the records' own field (interpreter refuses)."""
    if len(plan.steps) != 1:
        return []
    step = plan.steps[0]
    aliases, own = step.aliases(), schema.labels.get(step.entity)
    if own is None:
        return []
    keys = set(schema.key_fields(step.entity))
    out = []
    for node, field in [(f.node, f.field) for f in step.filters] + [(t.node, t.field) for t in step.time]:
        if node == "n0" or not node.startswith("n") or not field or field.startswith("_") or field in keys:
            continue
        info = own.properties.get(field)
        if info is not None and info.present:
            out.append((aliases.get(node, ""), field))
    return out


def groups_a_named_entity(plan: QueryPlan) -> bool:
    """A list whose groups are a node fixed to one named record (its key equal to one value) while the
    values asked are a field of another node: the answer would be the named record itself, ranked by a
    count (XMSQ0150这个项目有哪几种设备类型 → the project) — a wrong answer, never a list of the field."""
    if plan.query_type is not QueryType.LIST:
        return False
    out = plan.output_step
    named = {f.node for f in out.filters if f.field == "_key" and f.op is Op.EQ}
    grouped = {g.node for g in plan.group_by if g.field in (None, "_key")}
    asked = {p.node for p in plan.projection if p.field not in (None, "_key", "_display")}
    return bool(grouped & named) and bool(asked - grouped)


def share_errors(plan: QueryPlan) -> list[str]:
    """占比 is sound only when the part's rows are a subset of the whole's: the whole's hops are the
    part's first hops and its conditions are among the part's, and the aggregate means the same
    label in both."""
    assert plan.share is not None and plan.aggregate is not None
    part, whole = plan.step(plan.share.part), plan.step(plan.share.whole)
    errs: list[str] = []
    alias = plan.aggregate.node
    if part.aliases().get(alias) is None or part.aliases().get(alias) != whole.aliases().get(alias):
        errs.append("占比的分子与分母必须对同一种节点聚合")

    def dumps(items: list[Any]) -> list[str]:
        return [json.dumps(x.model_dump(mode="json"), sort_keys=True, ensure_ascii=False) for x in items]

    if plan.share.whole_field is not None and (
        plan.aggregate.fn is not AggFn.SUM or plan.aggregate.field in (None, "_key")
    ):
        errs.append("分子与分母合计不同的字段时，两者都必须是合计（SUM）")
    if dumps(whole.hops) != dumps(part.hops[: len(whole.hops)]):
        errs.append("占比的分母必须沿分子的同一路径")
    for what in ("filters", "time", "derived"):
        missing = set(dumps(getattr(whole, what))) - set(dumps(getattr(part, what)))
        if what == "filters":  # 耗材采购+固定资产里固定资产的占比: = 固定资产 lies within ∈ {耗材采购, 固定资产}
            pairs = zip(dumps(whole.filters), whole.filters, strict=True)
            missing = {d for d, f in pairs if d in missing and not _within(f, part.filters)}
        if missing:
            errs.append("占比的分母条件必须都包含在分子条件中（分子是分母的子集）")
            break
    return errs


def _within(whole: Filter, part: list[Filter]) -> bool:
    """A whole's either-condition (记录类型 ∈ {A, B}) holds on every row of a part that keeps one of its values
    (记录类型 = B) on the same node and field, and no other condition of that field: the part's rows are
    still among the whole's."""
    if whole.op is not Op.IN or not isinstance(whole.value, list):
        return False
    allowed = {json.dumps(v, ensure_ascii=False) for v in whole.value}
    same = [f for f in part if (f.node, f.field) == (whole.node, whole.field)]
    if not same or any(f.op not in (Op.EQ, Op.IN) for f in same):
        return False
    values = [v for f in same for v in (f.value if f.op is Op.IN and isinstance(f.value, list) else [f.value])]
    # a strict subset: the same values under another wording would be a share of 100% nobody asked
    return bool(values) and {json.dumps(v, ensure_ascii=False) for v in values} < allowed


def _has_prop(schema: SchemaView, step: Step, alias: str, field: str) -> bool:
    aliases = step.aliases()
    target = aliases.get(alias)
    if target is None:
        return False
    if alias.startswith("n"):
        return schema.has_property(target, field)
    idx = int(alias[1:]) - 1
    hop = step.hops[idx]
    src_label = aliases[hop.source]
    start, end = (src_label, hop.target) if hop.direction == "out" else (hop.target, src_label)
    return schema.rel_has_property(hop.rel, start, end, field)


def _label_of(step: Step, alias: str) -> str | None:
    return step.aliases().get(alias) if alias.startswith("n") else None


def _step_errors(step: Step, schema: SchemaView, steps: dict[str, Step]) -> list[str]:
    errs: list[str] = []
    if not schema.has_label(step.entity):
        return [f"图谱中没有「{step.entity}」这类节点"]
    aliases = step.aliases()
    for i, hop in enumerate(step.hops, start=1):
        src = aliases.get(hop.source)
        if src is None or not hop.source.startswith("n") or int(hop.source[1:]) >= i:
            errs.append(f"第 {i} 跳的出发节点 {hop.source} 不存在")
            continue
        if hop.source != "n0" and step.hops[int(hop.source[1:]) - 1].negate:
            errs.append("不能从否定关系的节点继续跳转")
        if not schema.has_label(hop.target):
            errs.append(f"图谱中没有「{hop.target}」这类节点")
            continue
        start, end = (src, hop.target) if hop.direction == "out" else (hop.target, src)
        if schema.rel(hop.rel, start, end) is None:
            errs.append(f"图谱中没有 ({start})-[{hop.rel}]->({end}) 这样的关系")
        if hop.max_hops > 1 and start != end:
            errs.append("多跳链只能用于同一类节点之间的关系（如续签链）")
    if errs:
        return errs
    derived = {(d.node, d.name) for d in step.derived}
    for d in step.derived:
        label = _label_of(step, d.node)
        if label is None or d.node not in step.node_aliases():
            errs.append(f"派生属性「{d.name}」引用了不存在的节点 {d.node}")
            continue
        try:
            for name in expressions.names(d.expression):
                if not schema.has_property(label, name) or name.startswith("_"):
                    errs.append(f"派生属性「{d.name}」用到的「{name}」不是{label}的属性")
        except expressions.ExpressionError as e:
            errs.append(e.message)
    negated = {f"n{i}" for i, h in enumerate(step.hops, start=1) if h.negate}
    for f in step.filters:
        errs.extend(_filter_errors(f, step, schema, derived, negated, steps))
    for t in step.time:
        if t.node not in aliases:
            errs.append(f"时间条件引用了不存在的节点 {t.node}")
            continue
        if t.node in negated or (t.node.startswith("r") and f"n{t.node[1:]}" in negated):
            # a time window on a negated hop is allowed: NOT EXISTS a relationship in that window
            pass
        for fld in (t.field, t.start_field, t.end_field, t.prefer_field):
            if fld and not _has_prop(schema, step, t.node, fld):
                errs.append(f"时间条件：{aliases[t.node]} 没有「{fld}」")
        if t.kind != "period_overlap" and t.field and t.node.startswith("n"):
            info = schema.prop(aliases[t.node], t.field)
            if info is not None and info.type not in ("年月", "日期"):
                errs.append(f"「{t.field}」不是年月或日期字段")
    for dep in step.depends_on:
        if dep not in steps:
            errs.append(f"步骤 {step.id} 依赖的步骤 {dep} 不存在")
    return errs


def _filter_errors(
    f: Filter,
    step: Step,
    schema: SchemaView,
    derived: set[tuple[str, str]],
    negated: set[str],
    steps: dict[str, Step],
) -> list[str]:
    errs: list[str] = []
    aliases = step.aliases()
    if f.node not in aliases:
        return [f"条件引用了不存在的节点 {f.node}"]
    is_derived = (f.node, f.field) in derived
    if is_derived and f.node in negated:
        return ["否定关系上的条件不能用派生属性"]
    if not is_derived:
        if f.field.startswith("_") and f.field not in FILTERABLE_SYSTEM_PROPS:
            return [f"不能按「{f.field}」筛选"]
        if f.field not in FILTERABLE_SYSTEM_PROPS and not _has_prop(schema, step, f.node, f.field):
            return [f"{aliases[f.node]} 没有属性「{f.field}」"]
    if f.value_source is ValueSource.PREVIOUS_STEP and f.ref is not None:
        ref_step = steps.get(f.ref.step)
        if ref_step is None:
            errs.append(f"条件引用的步骤 {f.ref.step} 不存在")
        elif f.ref.node not in ref_step.aliases() or not (
            f.ref.field in FILTERABLE_SYSTEM_PROPS or _has_prop(schema, ref_step, f.ref.node, f.ref.field)
        ):
            errs.append(f"条件引用的 {f.ref.step}.{f.ref.node}.{f.ref.field} 不存在")
        return errs
    if is_derived or f.field in FILTERABLE_SYSTEM_PROPS or not f.node.startswith("n"):
        return errs
    info = schema.prop(aliases[f.node], f.field)
    if info is None:
        return errs
    values = f.value if isinstance(f.value, list) else [f.value]
    if f.op in (Op.GT, Op.GTE, Op.LT, Op.LTE, Op.RANGE):
        if info.type not in ORDERED_TYPES:
            errs.append(f"「{f.field}」不能比较大小")
        elif info.numeric and any(
            v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))) for v in values
        ):
            errs.append(f"「{f.field}」是数值字段，比较值必须是数字")
    if f.op is Op.CONTAINS and (info.type not in TEXT_TYPES or not isinstance(f.value, str)):
        errs.append(f"「{f.field}」不能做包含匹配")
    if f.op in (Op.EQ, Op.NE, Op.IN) and info.numeric and any(isinstance(v, str) for v in values):
        errs.append(f"「{f.field}」是数值字段，比较值必须是数字")
    elif f.value_source is not ValueSource.DERIVED:
        errs.extend(value_shape_errors(f, info))  # 有效期至 = 在2029年1月1日之后: never a text equality
    return errs
