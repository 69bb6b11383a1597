"""Plan-level permission check: a plan that uses a field the role may not use never reaches the compiler.

"Use" is every place a field can influence the output: projection (see), filters and time
conditions (filter), sort, group_by, aggregate, derived attributes (compute) and previous-step
references (join on). A role without full access to a field can do none of these, with two
narrow exceptions defined by the access levels of `kgdesk.security.permissions`:

- `aggregate`: the field may be a group key of an aggregate or the argument of count /
  count_distinct / sum / avg; groups below the minimum size are then suppressed.
- `band` (age): a derived `years_between(出生日期, today)` may be shown and grouped (as bands)
  and filtered at band edges only; never sorted, summed or averaged.

Labels and relationship types that need an intent the role lacks are violations too, whatever
the LLM or the deterministic planner said the question's intent was.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from kgdesk.errors import KgdeskError
from kgdesk.qa import expressions
from kgdesk.qa.dsl import AggFn, Filter, Op, QueryPlan, QueryType, Step
from kgdesk.security.permissions import Access, PermissionDenied, Policy

USAGE_TEXT = {
    "show": "显示",
    "filter": "筛选",
    "time": "按时间筛选",
    "sort": "排序",
    "group": "分组",
    "aggregate": "统计",
    "derive": "计算",
    "ref": "引用",
    "traverse": "查询",
    "difference": "排除少数人后统计",
}
DIFFERENCE_TEXT = (
    "这项统计只能汇总查看，不能加“不等于”或“没有某种关系”这类排除个别人的条件"
    "（与不加条件的结果相减，会暴露被排除的人的信息）"
)
STAT_FNS = frozenset({AggFn.COUNT, AggFn.COUNT_DISTINCT, AggFn.SUM, AggFn.AVG})
COUNT_FNS = frozenset({AggFn.COUNT, AggFn.COUNT_DISTINCT})
AGGREGATE_OUTPUTS = frozenset({QueryType.COUNT, QueryType.AGGREGATE, QueryType.COMPARE, QueryType.TREND, QueryType.LIST})


@dataclass(frozen=True)
class Violation:
    kind: str
    """`intent` (a label, relationship or field needs an intent the role lacks) or `field`."""
    usage: str
    label: str
    field: str | None
    message: str
    intent: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "usage": self.usage,
            "label": self.label,
            "field": self.field,
            "intent": self.intent,
            "message": self.message,
        }


class PlanDenied(PermissionDenied):
    """check_plan found violations; `message` names the missing permissions in Chinese."""

    def __init__(self, message: str, violations: list[Violation]) -> None:
        super().__init__(message)
        self.violations = violations


# ---------------------------------------------------------------------- derived expressions


def derived_sources(expression: str) -> set[str]:
    """Fields a derived expression reads (raises ExpressionError for a non-whitelisted one)."""
    return expressions.names(expression)


def is_age_expression(expression: str, age_field: str) -> bool:
    """Exactly `years_between(<age_field>, today)`: the only way a banded age is made.

    A fixed reference date is not accepted: moving it across band edges in repeated questions
    would reveal the exact birth date."""
    try:
        tree = expressions.parse(expression)
    except KgdeskError:
        return False
    body = tree.body
    if not (isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id == "years_between"):
        return False
    if len(body.args) != 2:
        return False
    first, second = body.args
    if not (isinstance(first, ast.Name) and first.id == age_field):
        return False
    return isinstance(second, ast.Name) and second.id == "today"


# ---------------------------------------------------------------------- intents of a plan


def _alias_target(step: Step, alias: str) -> tuple[str, bool] | None:
    """(label or relationship type, is_relationship) of an alias in a step."""
    aliases = step.aliases()
    if alias not in aliases:
        return None
    return aliases[alias], alias.startswith("r")




# ---------------------------------------------------------------------- the checker


class _Checker:
    def __init__(self, plan: QueryPlan, policy: Policy) -> None:
        self.plan = plan
        self.policy = policy
        self.perms = policy.perms
        self.out: list[Violation] = []
        self._seen: set[tuple[Any, ...]] = set()
        self.banded: set[tuple[str, str, str]] = set()
        """(step id, alias, derived name) whose value is an age shown as a band."""
        self.suppress = False
        self.aggregate_only: set[tuple[str, str]] = set()
        """(alias, field) of `aggregate`-level fields the plan groups or aggregates by (kept in rows)."""

    # -- recording --------------------------------------------------------------------
    def _add(self, v: Violation) -> None:
        key = (v.kind, v.label, v.field, v.usage, v.intent)
        if key not in self._seen:
            self._seen.add(key)
            self.out.append(v)

    def _intent_violation(self, label: str, fld: str | None, usage: str, intent: str) -> None:
        what = f"{label}.{fld}" if fld and not fld.startswith("_") else label
        self._add(
            Violation("intent", usage, label, fld, f"当前角色没有「{intent}」权限，不能{USAGE_TEXT[usage]}「{what}」", intent)
        )

    def _field_violation(self, label: str, fld: str, usage: str, why: str = "") -> None:
        msg = f"当前角色无权{USAGE_TEXT[usage]}「{label}.{fld}」" + (f"（{why}）" if why else "")
        self._add(Violation("field", usage, label, fld, msg))

    # -- access -----------------------------------------------------------------------
    def access(self, step: Step, alias: str, fld: str | None, usage: str) -> Access | None:
        """The role's access to a field of an alias; None after recording an intent violation."""
        t = _alias_target(step, alias)
        if t is None:
            return Access.NONE  # the plan validator reports unknown aliases
        label, rel = t
        missing = self.policy.missing_intents(label, fld, relationship=rel)
        if missing:
            for i in missing:
                self._intent_violation(label, fld, usage, i)
            return None
        if fld is None:
            return Access.FULL
        return self.policy.field_access(label, fld, relationship=rel)

    def label_of(self, step: Step, alias: str) -> str:
        t = _alias_target(step, alias)
        return t[0] if t else alias

    def derived(self, step: Step, alias: str, name: str | None) -> str | None:
        """The expression when `name` is a derived attribute of `alias` in `step`."""
        if name is None:
            return None
        for d in step.derived:
            if d.node == alias and d.name == name:
                return d.expression
        return None

    def is_banded(self, step: Step, alias: str, name: str | None) -> bool:
        return name is not None and (step.id, alias, name) in self.banded

    # -- parts ------------------------------------------------------------------------
    def check_structure(self, step: Step) -> None:
        self.access(step, "n0", None, "traverse")
        for i, _h in enumerate(step.hops, start=1):
            self.access(step, f"r{i}", None, "traverse")
            self.access(step, f"n{i}", None, "traverse")

    def check_derived(self, step: Step) -> None:
        age = self.perms.age_field
        for d in step.derived:
            label = self.label_of(step, d.node)
            try:
                sources = derived_sources(d.expression)
            except KgdeskError:
                self._field_violation(label, d.name, "derive", "表达式无法检查")
                continue
            weak = []
            for src in sorted(sources):
                acc = self.access(step, d.node, src, "derive")
                if acc is not None and acc is not Access.FULL:
                    weak.append((src, acc))
            if not weak:
                continue
            if len(weak) == 1 and weak[0][0] == age and weak[0][1] >= Access.BAND and is_age_expression(d.expression, age):
                self.banded.add((step.id, d.node, d.name))
                continue
            for src, acc in weak:
                why = "年龄只能按年龄段查看" if src == age and acc is Access.BAND else ""
                self._field_violation(label, src, "derive", why)

    def check_filter(self, step: Step, f: Filter) -> None:
        if self.derived(step, f.node, f.field) is not None:
            if self.is_banded(step, f.node, f.field):
                self._check_band_filter(step, f)
            return  # derived inputs were checked by check_derived
        acc = self.access(step, f.node, f.field, "filter")
        if acc is not None and acc is not Access.FULL:
            self._field_violation(self.label_of(step, f.node), f.field, "filter", self._why(acc))
        if f.ref is not None:
            ref_step = next((s for s in self.plan.steps if s.id == f.ref.step), None)
            if ref_step is not None:
                if self.derived(ref_step, f.ref.node, f.ref.field) is not None:
                    if self.is_banded(ref_step, f.ref.node, f.ref.field):
                        self._field_violation(self.label_of(ref_step, f.ref.node), f.ref.field, "ref", "年龄只能按年龄段查看")
                    return
                acc = self.access(ref_step, f.ref.node, f.ref.field, "ref")
                if acc is not None and acc is not Access.FULL:
                    self._field_violation(self.label_of(ref_step, f.ref.node), f.ref.field, "ref", self._why(acc))

    def _check_band_filter(self, step: Step, f: Filter) -> None:
        p = self.policy
        ok = False
        if f.op in (Op.IS_NULL, Op.NOT_NULL):
            ok = True
        elif f.op in (Op.GT, Op.GTE, Op.LT, Op.LTE):
            ok = p.is_band_boundary(f.value, f.op.value)
        elif f.op is Op.RANGE and isinstance(f.value, list) and len(f.value) == 2:
            lo, hi = f.value
            ok = (lo is None or p.is_band_boundary(lo, "gte")) and (hi is None or p.is_band_boundary(hi, "lte"))
        if not ok:
            edges = "、".join(str(b) for b in self.perms.age_boundaries)
            self._field_violation(
                self.label_of(step, f.node), f.field, "filter", f"年龄只能按年龄段（分界 {edges} 岁）筛选"
            )

    def check_time(self, step: Step) -> None:
        for t in step.time:
            for fld in (t.field, t.start_field, t.end_field):
                if not fld:
                    continue
                acc = self.access(step, t.node, fld, "time")
                if acc is not None and acc is not Access.FULL:
                    self._field_violation(self.label_of(step, t.node), fld, "time", self._why(acc))

    def _why(self, acc: Access) -> str:
        if acc is Access.AGGREGATE:
            return "该字段只能用于统计人数等汇总"
        if acc is Access.BAND:
            return "只能按年龄段查看年龄"
        return ""

    def check_output(self, step: Step) -> None:
        """Projection, grouping, aggregate and sort, read against one step that feeds the output."""
        plan = self.plan
        agg = plan.aggregate
        for p in plan.projection:
            if self.derived(step, p.node, p.field) is not None:
                continue  # banded or fully visible inputs, checked in check_derived
            acc = self.access(step, p.node, p.field, "show")
            if acc is not None and acc is not Access.FULL and p.field is not None:
                self._field_violation(self.label_of(step, p.node), p.field, "show", self._why(acc))
        for g in plan.group_by:
            if self.is_banded(step, g.node, g.field):
                continue  # bands are visible per row anyway: grouping by them reveals nothing more
            if self.derived(step, g.node, g.field) is not None:
                continue
            acc = self.access(step, g.node, g.field, "group")
            if acc is None or acc is Access.FULL or g.field is None:
                continue
            if (
                acc is Access.AGGREGATE
                and agg is not None
                and agg.fn in STAT_FNS
                and plan.query_type in AGGREGATE_OUTPUTS
                and not plan.projection
            ):
                self.suppress = True
                self.aggregate_only.add((g.node, g.field))
                continue
            self._field_violation(self.label_of(step, g.node), g.field, "group", self._why(acc))
        if agg is not None and agg.field is not None:
            if self.is_banded(step, agg.node, agg.field):
                if agg.fn not in COUNT_FNS:
                    self._field_violation(
                        self.label_of(step, agg.node), agg.field, "aggregate", "年龄只能按年龄段计数，不能求和、平均或取最大最小"
                    )
            elif self.derived(step, agg.node, agg.field) is None:
                acc = self.access(step, agg.node, agg.field, "aggregate")
                if acc is Access.AGGREGATE and agg.fn in STAT_FNS and not plan.projection:
                    self.suppress = True
                    self.aggregate_only.add((agg.node, agg.field))
                elif acc is not None and acc is not Access.FULL:
                    why = "只能计数、求和或平均，且小组不显示" if acc is Access.AGGREGATE else self._why(acc)
                    self._field_violation(self.label_of(step, agg.node), agg.field, "aggregate", why)
        for s in plan.sort:
            if s.by != "field" or s.field is None:
                continue
            if self.is_banded(step, s.node, s.field):
                self._field_violation(self.label_of(step, s.node), s.field, "sort", "年龄只能按年龄段查看，不能按具体年龄排序")
                continue
            if self.derived(step, s.node, s.field) is not None:
                continue
            acc = self.access(step, s.node, s.field, "sort")
            if acc is not None and acc is not Access.FULL:
                self._field_violation(self.label_of(step, s.node), s.field, "sort", self._why(acc))

    def _check_suppressible(self) -> None:
        """Tiny-group suppression is only sound when the rows it sees are the rows that get grouped:
        one step, no set operations, no filters applied later in Python (derived attributes)."""
        step = self.plan.output_step
        derived = {(d.node, d.name) for d in step.derived}
        late_filters = any((f.node, f.field) in derived for f in step.filters)
        if len(self.plan.steps) > 1 or self.plan.combine or late_filters:
            for alias, fld in sorted(self.aggregate_only):
                self._field_violation(
                    self.label_of(step, alias), fld, "group", "统计受保护字段时只能是单步查询，且不能再按派生属性筛选"
                )
        # differencing: "everyone" minus "everyone but one" is that one person's value
        for f in step.filters:
            if f.op is Op.NE:
                self._add(Violation("field", "difference", self.label_of(step, f.node), f.field, DIFFERENCE_TEXT))
        for hop in step.hops:
            if hop.negate:
                self._add(Violation("field", "difference", hop.target, hop.rel, DIFFERENCE_TEXT))

    def run(self) -> list[Violation]:
        if self.plan.query_type in (QueryType.EXPLAIN, QueryType.UNKNOWN) or not self.plan.steps:
            return []
        for step in self.plan.steps:
            self.check_structure(step)
            self.check_derived(step)
            for f in step.filters:
                self.check_filter(step, f)
            self.check_time(step)
        ids = self.plan.combined_steps() if self.plan.combine else [self.plan.output_step.id]
        for sid in ids:
            self.check_output(self.plan.step(sid))
        if self.aggregate_only:
            self._check_suppressible()
        intents = [v for v in self.out if v.kind == "intent"]
        return intents + [v for v in self.out if v.kind != "intent"]


@dataclass(frozen=True)
class ResultRules:
    """What the result layer must do for an allowed plan."""

    banded: frozenset[tuple[str, str, str]]
    """(step id, alias, derived name): show the value as an age band."""
    suppress_small_groups: bool
    """Group results come from protected fields: drop groups below the minimum size."""
    aggregate_only: frozenset[tuple[str, str]] = frozenset()
    """(alias, field) the role may only aggregate: kept in the rows for grouping and counting, so
    those rows must feed the result builder only (never a trace, cache or export)."""


def check_plan(plan: QueryPlan, policy: Policy) -> list[Violation]:
    """Every use of a field or label the role may not use; empty = the plan may be compiled."""
    return _Checker(plan, policy).run()


def result_rules(plan: QueryPlan, policy: Policy) -> ResultRules:
    c = _Checker(plan, policy)
    c.run()
    return ResultRules(frozenset(c.banded), c.suppress, frozenset(c.aggregate_only))


def denial_message(violations: list[Violation], policy: Policy) -> str:
    """One Chinese sentence naming the missing intents and fields (the `denied` answer)."""
    missing = list(dict.fromkeys(v.intent for v in violations if v.kind == "intent" and v.intent))
    fields = list(dict.fromkeys(v.field for v in violations if v.kind == "field" and v.field and v.usage != "difference"))
    if not missing and not fields:  # only the differencing rule: say that, not "no access to the field"
        return "无法回答：" + "；".join(dict.fromkeys(v.message for v in violations)) + "。"
    text = policy.denial_text(missing, fields)
    details = [v.message for v in violations if v.kind == "field" and "（" in v.message]
    if details:
        text += "说明：" + "；".join(dict.fromkeys(details)) + "。"
    return text


def enforce_plan(plan: QueryPlan, policy: Policy) -> ResultRules:
    """check_plan, raising PlanDenied (status `denied`) on any violation; else the result rules."""
    c = _Checker(plan, policy)
    violations = c.run()
    if violations:
        raise PlanDenied(denial_message(violations, policy), violations)
    return ResultRules(frozenset(c.banded), c.suppress, frozenset(c.aggregate_only))
