"""单笔 / 那笔 / 单次 / 那一次 …: words that say the question is about one record (单笔金额最大的那笔耗材采购，
供应商是谁). Many of them are read as fillers (so that 单笔金额 still names 金额), which must not make the
"one record" meaning vanish: a ranking of groups by their total or their number of records answers another
question (the supplier whose purchases sum highest, not the supplier of the largest purchase). The words
are lexicon `per_record.markers`; what a plan may do with them is decided in interpret_checks."""

from __future__ import annotations

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.lexicon import load_lexicon

GROUPED_TOTALS = (AggFn.SUM, AggFn.COUNT, AggFn.COUNT_DISTINCT, AggFn.AVG)


def one_record_word(qn: str) -> str | None:
    """The first per-record marker the question says, if any (longest first: 那一笔 before 那笔)."""
    markers = sorted(load_lexicon().raw.get("per_record", {}).get("markers", []), key=len, reverse=True)
    return next((w for w in markers if w in qn), None)


def totals_groups(plan: QueryPlan) -> bool:
    """A plan that answers by a total or a count per group: never the answer to a one-record question."""
    agg = plan.aggregate
    return bool(plan.group_by) and agg is not None and agg.fn in GROUPED_TOTALS


_WHAT = ("什么", "谁", "哪")
_HOW_MUCH = ("多少", "几")


def value_for_a_what(plan: QueryPlan, asks: list[str]) -> bool:
    """单笔金额最高的那一笔买的是什么: the top record's 金额 is no answer to "what" (or who / which) — its
    other field is asked. A bare max / min value answers only a how-much question."""
    agg = plan.aggregate
    if agg is None or agg.fn not in (AggFn.MAX, AggFn.MIN) or plan.group_by or not asks:
        return False
    return any(w in a for a in asks for w in _WHAT) and not any(w in a for a in asks for w in _HOW_MUCH)
