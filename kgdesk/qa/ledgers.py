"""A plan about records of a template the published version does not hold (设备信息 never added,
removed, or rolled back to before it) is "not in the data", said as such — never "共 0 台". The
decision comes from the meta-schema's label counts, for every label the plan touches.

Likewise for months: a library is updated a month at a time, so one monthly ledger (考勤) can end
before another (财务). A plan asking a monthly record type for months wholly outside the months its
own records cover is `outside_coverage`, naming that ledger — never "共 0 人" because the data's
overall coverage (another ledger's months) includes the month."""

from __future__ import annotations

from dataclasses import dataclass

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.schema import SchemaView
from kgdesk.templates.loader import default_template_set


def plan_labels(plan: QueryPlan) -> list[str]:
    """Every label a plan's steps reach: the anchors and the targets of their hops."""
    out: list[str] = []
    for step in plan.steps:
        for lab in (step.entity, *(h.target for h in step.hops)):
            if lab and lab not in out:
                out.append(lab)
    return out


def _ledger_names(label: str) -> str:
    ts = default_template_set()
    return "、".join(dict.fromkeys(t.name for t in ts.templates_for_label(label))) or label


@dataclass(frozen=True)
class UncoveredMonths:
    """Months asked of a monthly record type that its records do not reach at all."""

    names: str
    """The ledger (template) names of the record type."""
    label: str
    start: str
    end: str
    data_min: str
    data_max: str

    @property
    def missing(self) -> str:
        """The `missing` of the insufficient answer (cli.md): the month, or the asked range."""
        return self.start if self.start == self.end else f"{self.start} 至 {self.end}"

    def message(self) -> str:
        span = self.data_min if self.data_min == self.data_max else f"{self.data_min} 至 {self.data_max}"
        return f"「{self.names}」只覆盖 {span}，没有 {self.missing} 的数据（其他台账的月份不能代替它）"


def uncovered_months(plan: QueryPlan, schema: SchemaView) -> UncoveredMonths | None:
    """The first month condition of the plan that falls wholly outside the months its record type
    covers (the meta-schema's `months.by_label`, from each label's 年月 key), else None. A range
    that only partly overlaps is left to the coverage checks that name the missing months."""
    by_label = (schema.raw.get("months") or {}).get("by_label") or {}
    ts = default_template_set()
    for step in plan.steps:
        aliases = step.aliases()
        for t in step.time:
            label = aliases.get(t.node, "")
            span = by_label.get(label)
            if t.kind == "period_overlap" or not isinstance(span, dict) or t.field not in ts.node_keys.get(label, ()):
                continue
            lo, hi = str(span.get("min") or ""), str(span.get("max") or "")
            if lo and hi and (t.end < lo or t.start > hi):
                return UncoveredMonths(_ledger_names(label), label, t.start, t.end, lo, hi)
    return None


def empty_ledger(plan: QueryPlan, schema: SchemaView) -> tuple[str, str] | None:
    """(template names, label) of the first label the plan touches that holds no record in this
    version, else None. A label the meta-schema does not list at all is refused elsewhere."""
    for lab in plan_labels(plan):
        info = schema.labels.get(lab)
        if info is None or info.count > 0:
            continue
        return _ledger_names(lab), lab
    return None


def empty_ledger_message(names: str, label: str) -> str:
    return f"当前发布的版本中没有「{names}」台账，无法回答关于{label}的问题（把该台账加入台账库并构建后再问）"
