"""A group word that names a field or a record type is never dropped from the answer.

岗位编制表里各岗位的预算编制加总 asks one total per 岗位; a plan that sums every record answers one number — a
confident wrong answer. Whatever reading made the plan, the last look checks every group word of lexicon
`group_kept` (各 / 每个 / 每种 / 分别 …) said right before a field or a record type: the plan must group by it
(by that field, or by a node of that type), fix it to given values (各岗位里保洁员的: one group), or average
per it; otherwise the question is refused. The one deliberate total (各岗位的预算编制加起来一共多少: lexicon
`each_total.words`, understand/each_total) adds the groups up on purpose and is left as it is.

The same holds for values listed first and then asked apart (清洁耗材、工程耗材的金额各合计多少 / 1月和2月的开票金额各合计多少):
a plan that keeps them as one condition `属于 [v1, v2, …]` without grouping by that field, while a 分别 / 各自 / 各 of
lexicon `values_apart` (one that opens no grouping of its own) is said, would answer their sum — refused, for every
operation (sum, count, average, max), whichever reading made the plan (understand/each_item groups it when it can).
"""

from __future__ import annotations

from functools import cache

from kgdesk.qa.dsl import AggFn, Op, QueryPlan
from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.values_apart import values_apart


@cache
def _words() -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]:
    raw = load_lexicon().raw
    each = raw.get("each_total", {})
    return (
        frozenset(normalize(w) for w in raw.get("group_kept", {}).get("words", [])),
        tuple(normalize(w) for w in each.get("words", [])),
        tuple(normalize(w) for w in each.get("per_group", [])),
    )


def _named(p: _Parsed, schema: SchemaView, plan: QueryPlan, after: int) -> tuple[set[str], set[str]]:
    """The fields and record types the mention starting at `after` names (a word made a filler still
    names a field of the plan's own types by its exact name)."""
    nxt = next((x for x in sorted(p.mentions, key=lambda x: x.s) if x.s == after), None)
    if nxt is None or nxt.kind != "lex":
        return set(), set()
    fields = {  # 各花了多少钱: a measure after 各 is what each group sums, never a grouping
        str(s.get("field"))
        for s in nxt.senses
        if s.kind == "field" and not ((pi := schema.prop(str(s.get("label")), str(s.get("field")))) and pi.numeric)
    }
    labels = {str(s.get("label")) for s in nxt.senses if s.kind == "label"}
    if not fields and not labels:
        for label in set(plan.output_step.aliases().values()):
            info = schema.labels.get(label)
            if info is not None and nxt.text in info.properties:
                fields.add(nxt.text)
    return fields, labels


def group_dropped(p: _Parsed, plan: QueryPlan, schema: SchemaView) -> str | None:
    """The group word the plan drops (各岗位), or None when every such word is carried."""
    if plan.aggregate is None or plan.comparison is not None:
        return None
    kept, totals, per_group = _words()
    if any(w in p.qn for w in totals) and not any(w in p.qn for w in per_group):
        return None  # 各岗位…加起来一共多少: the groups added up on purpose (understand/each_total)
    if (listed := _listed_not_grouped(p, plan)) is not None:
        return listed
    aliases = plan.output_step.aliases()
    grouped = {g.field for g in plan.group_by if g.field}
    grouped_labels = {aliases.get(g.node) for g in plan.group_by}
    fixed = {f.field for s in plan.steps for f in s.filters if f.op in (Op.EQ, Op.IN)}
    fixed_labels = {s.aliases().get(f.node) for s in plan.steps for f in s.filters if f.field == "_key" and f.op is Op.EQ}
    per = plan.aggregate.per
    counted = aliases.get(plan.aggregate.node)
    distributive = bool(plan.group_by) and plan.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT)
    for m in p.mentions:
        if m.kind != "lex" or m.text not in kept:
            continue
        fields, labels = _named(p, schema, plan, m.e)
        if per is not None or (not fields and not labels):
            continue
        if any(f in g or g in f for f in fields for g in grouped) or fields & fixed:
            continue
        if labels & (grouped_labels | fixed_labels):
            continue
        if distributive and not fields and labels == {counted}:
            continue  # 每一个检查人各检查了几次: 各 spreads the count over the groups already said
        return m.text + next(iter(fields | labels))
    return None


def _listed_not_grouped(p: _Parsed, plan: QueryPlan) -> str | None:
    """The field of a several-valued condition the question asks apart (各 / 分别 / 各自) but the plan sums together."""
    if plan.having is not None or plan.share is not None:
        return None
    apart = values_apart(p, 0)
    if apart is None:
        return None
    grouped = {(g.node, g.field) for g in plan.group_by}
    for step in plan.steps:
        for f in step.filters:
            values = f.value if isinstance(f.value, list) else []
            by = (f.node, None if f.field == "_key" else f.field)
            if f.op is Op.IN and len(values) >= 2 and by not in grouped:
                return apart[0].text + "（" + "、".join(map(str, values)) + "）"
    return None
