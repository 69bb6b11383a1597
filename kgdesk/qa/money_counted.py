"""Money asked, records counted: 清洁耗材和绿化耗材差多少钱 read as the difference of their numbers of records (3 − 1 = 2)
answers "how much money" with a count — a confident wrong number. A question that asks for money (多少钱 / 几块钱, the
lexicon's money_asked words) is never answered by a plan whose result is a count (a count aggregate, or a comparison
of counts): refused, so the amount is asked for by its field (的金额差多少钱 reads the amount)."""

from __future__ import annotations

from functools import cache

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.lexicon import load_lexicon

_COUNTS = frozenset({AggFn.COUNT, AggFn.COUNT_DISTINCT})


@cache
def _words() -> tuple[str, ...]:
    return tuple(load_lexicon().raw.get("money_words", {}).get("asked", []))


def money_counted(qn: str, plan: QueryPlan) -> str | None:
    """The money word a counting plan would answer, or None."""
    agg = plan.aggregate
    if agg is None or agg.fn not in _COUNTS or plan.having is not None:
        return None
    return next((w for w in _words() if w in qn), None)
