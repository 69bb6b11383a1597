"""Every named group appears (XMSQ0110和XMSQ0150各有几台设备 → XMSQ0110 0, XMSQ0150 10): a grouped count or total whose
groups are exactly the values the question named (an IN condition on the grouping field) is built from the rows found,
so a named value with no records had no row at all — and an answer that silently drops one of the two names reads as
if it had not been asked. The missing names are given back, to be shown with 0 (a count or a sum of nothing is 0;
other aggregates have no value for no records and are left as they are). The same holds for the two sides a comparison
names (XMSQ0106和XMSQ0227哪个设备多: 0 vs 5), shown with "没有…记录，按 0 计"."""

from __future__ import annotations

from kgdesk.qa.dsl import AggFn, Op, QueryPlan

_ZERO_FNS = frozenset({AggFn.COUNT, AggFn.COUNT_DISTINCT, AggFn.SUM})


def missing_named_groups(plan: QueryPlan, found: set[str]) -> list[str]:
    """The named values of the one grouping field that no group was found for, when 0 is their value."""
    agg = plan.aggregate
    if agg is None or agg.fn not in _ZERO_FNS or plan.having is not None or len(plan.group_by) != 1:
        return []
    if plan.comparison is not None:  # XMSQ0106和XMSQ0227哪个设备多: the named side with no records counts 0
        return [k for k in dict.fromkeys((plan.comparison.left, plan.comparison.right)) if k not in found]
    g = plan.group_by[0]
    field = "_key" if g.field is None else g.field
    named = [
        f.value
        for f in plan.output_step.filters
        if f.node == g.node and f.field == field and f.op is Op.IN and isinstance(f.value, list)
    ]
    if len(named) != 1:
        return []
    return [str(v) for v in named[0] if str(v) not in found]
