"""Two last looks at a finished plan that read a condition on a related record as if it were the asked one's own
(judges 51 and 52: a false 0 each).

- 采购金额在50万及以上的供应商: a supplier has no 金额 of its own; its many purchase rows do. A bound on an additive field
  (金额 / 费 / 数量 …) of records the asked thing has many of is two-way — one row's amount, or the thing's total — and a
  plan that bounds every row answered 0 where the totals pass. Without a word that picks one row (单笔 / 有一笔 / 某个月)
  or a month that pins one finance row per project, the question is refused, naming the bound; 合计 / 总 / 累计 are
  planned as a HAVING on the total before this look and never reach it.
- 当前服务项目编号空着的人员 / 上级项目编号空着的项目: an empty key field (项目.项目编号 为空, on a related node or on
  the asked one) is never true — a record always has its key — so the plan counts 0 whatever the data holds. The
  question asks about another field of the asked record; the plan is refused, naming it.
"""

from __future__ import annotations

import re

from kgdesk.qa.dsl import Filter, Hop, Op, QueryPlan, Step
from kgdesk.qa.schema import SchemaView

_BOUNDS = frozenset({Op.GT, Op.GTE, Op.LT, Op.LTE, Op.RANGE})
_ADDITIVE = re.compile(r"(?:金额|额|费|数量|小时|天数)$")
_ONE_ROW = re.compile(
    r"单笔|一笔|每笔|某笔|单次|一次|每次|单张|一张|单月|某月|某个月|哪个月|一个月|每个月|每月|有过|曾经|有哪笔|其中"
)


def _hop_of(step: Step, node: str) -> Hop | None:
    if not node.startswith("n") or node == "n0" or not node[1:].isdigit():
        return None
    i = int(node[1:])
    return step.hops[i - 1] if 0 < i <= len(step.hops) else None


def _many(schema: SchemaView, step: Step, hop: Hop, source: str) -> bool:
    """Whether a record of `source` can have more than one `hop.target` over the hop's relationship: a monthly
    record type, or more relationships than records of `source`."""
    start, end = (source, hop.target) if hop.direction == "out" else (hop.target, source)
    rel = schema.rel(hop.rel, start, end)
    label = schema.labels.get(source)
    if rel is None or label is None or label.count == 0:
        return False
    target = schema.labels.get(hop.target)
    monthly = target is not None and any(
        p.is_month and len(schema.label_months(hop.target, p.name)) > 1 for p in target.properties.values()
    )  # 项目月度财务: one row a month — many per project even where few projects have rows (262 rows, 305 projects)
    return monthly or rel.count > label.count


def _pinned_to_one_row(schema: SchemaView, step: Step, node: str) -> bool:
    """A month or a day on the related records (3月开票金额超过…): one finance row per project and month."""
    label = step.aliases().get(node, "")
    dated = any(
        g.node == node
        and (info := schema.prop(label, g.field)) is not None
        and (info.is_month or info.is_date)
        for g in step.filters
    )
    return dated or any(t.node == node for t in step.time)


def related_total_bounded(text: str, plan: QueryPlan, schema: SchemaView) -> tuple[str, str] | None:
    """The field and the bound's words (金额, 在50万及以上) when the bound is put on each of many related rows of the
    asked thing, or None."""
    if plan.having is not None or plan.group_by or plan.comparison is not None or plan.share is not None:
        return None
    if _ONE_ROW.search(text) or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    aliases = step.aliases()
    for f in step.filters:
        hop = _hop_of(step, f.node)
        if hop is None or hop.negate or f.op not in _BOUNDS or not _ADDITIVE.search(f.field):
            continue
        if (
            hop.source != "n0"
            or not schema.has_property(hop.target, f.field)
            or _pinned_to_one_row(schema, step, f.node)
        ):
            continue
        if re.search(rf"有[^，,。？?]{{0,3}}{re.escape(f.field[-2:])}", text):
            continue  # 有开票金额超过100万的项目: one row said (有 …)
        if _many(schema, step, hop, aliases["n0"]):
            return f.field, _said(f)
    return None


def related_key_emptied(plan: QueryPlan, schema: SchemaView) -> str | None:
    """The field said to be empty when the plan asks it of a record's key — the asked record's own (上级项目编号空着 →
    项目编号 为空) or a related one's — which is never empty, or None."""
    for step in plan.steps:
        aliases = step.aliases()
        for f in step.filters:
            hop = _hop_of(step, f.node)
            if f.op is not Op.IS_NULL or (hop is not None and hop.negate) or f.node not in aliases:
                continue
            if f.field in schema.key_fields(aliases[f.node]):
                return _said(f)
    return None


def _said(f: Filter) -> str:
    return f.text or f.field
