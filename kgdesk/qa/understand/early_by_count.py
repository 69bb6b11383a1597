"""最早 / 最晚 ranks by a date (red team 9 BB): 1月最早做检查的项目 is the project whose first inspection of the month
came first, never the group with the fewest records. A plan that ranks a count while the question says 最早 / 最晚 /
最先 is refused, naming the word (最近 三个月 is a span, not a rank)."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, QueryPlan

_EARLY = re.compile(r"最(?:早|晚|迟|先)")


def early_ranked_by_count(text: str, plan: QueryPlan) -> str | None:
    """The 最早 / 最晚 word of a plan that ranks groups by how many records they have, or None."""
    m = _EARLY.search(text)
    agg = plan.aggregate
    if m is None or agg is None or agg.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT):
        return None
    if not plan.sort or not any(s.by == "value" for s in plan.sort):
        return None
    return m.group(0)
