"""A plan about records of a template the published version does not hold (设备信息 never added,
removed, or rolled back to before it) is "not in the data", said as such — never "共 0 台". The
decision comes from the meta-schema's label counts, for every label the plan touches."""

from __future__ import annotations

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


def empty_ledger(plan: QueryPlan, schema: SchemaView) -> tuple[str, str] | None:
    """(template names, label) of the first label the plan touches that holds no record in this
    version, else None. A label the meta-schema does not list at all is refused elsewhere."""
    ts = default_template_set()
    for lab in plan_labels(plan):
        info = schema.labels.get(lab)
        if info is None or info.count > 0:
            continue
        names = "、".join(dict.fromkeys(t.name for t in ts.templates_for_label(lab))) or lab
        return names, lab
    return None


def empty_ledger_message(names: str, label: str) -> str:
    return f"当前发布的版本中没有「{names}」台账，无法回答关于{label}的问题（把该台账加入台账库并构建后再问）"
