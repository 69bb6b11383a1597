"""A mean asked and a sum (or a count) answered is a confident wrong number, whatever reading produced the plan.

投标金额均值多少 once lost 均值 to the scan (值多少 took its 值) and the plan fell back to the field's total: 25,335,000
for a mean of 6,333,750. This last look at a finished plan reads the question as written: when it says an average
(the lexicon's avg cues and avg_per words: 平均 / 均值 / 均数 / 人均 …) and the plan's aggregate adds up or counts,
it refuses, naming the word; a statistic the planner does not compute (lexicon `aggregate_words.unsupported`: 中位数 /
众数 / 方差 …) is refused under any aggregate. Never a sum for a question that asked a mean.
"""

from __future__ import annotations

from functools import cache

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.lexicon import load_lexicon, normalize

_NOT_A_MEAN = frozenset({AggFn.SUM, AggFn.COUNT, AggFn.COUNT_DISTINCT})


@cache
def _words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the words of an average, longest first; the statistics no plan computes), from the lexicon."""
    lx = load_lexicon()
    avg = {normalize(w) for w in [*lx.raw.get("cues", {}).get("avg", []), *lx.raw.get("avg_per", {})] if w}
    unsupported = [normalize(w) for w in lx.raw.get("aggregate_words", {}).get("unsupported", []) if w]
    return tuple(sorted(avg, key=len, reverse=True)), tuple(unsupported)


def aggregate_mismatch(qn: str, plan: QueryPlan) -> str | None:
    """The aggregate word of the question its plan answers with another operation (均值 → a sum), or None."""
    agg = plan.aggregate
    if agg is None:
        return None
    avg, unsupported = _words()
    if (word := next((w for w in unsupported if w in qn), None)) is not None:
        return word
    if agg.fn in _NOT_A_MEAN:
        return next((w for w in avg if w in qn), None)
    return None
