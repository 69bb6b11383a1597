"""Money asked, records counted: 清洁耗材和绿化耗材差多少钱 read as the difference of their numbers of records (3 − 1 = 2)
answers "how much money" with a count — a confident wrong number. A question that asks for money (多少钱 / 几块钱, the
lexicon's money_asked words) is never answered by a plan whose result is a count (a count aggregate, or a comparison
of counts): refused, so the amount is asked for by its field (的金额差多少钱 reads the amount). A share whose whole or
part is money (采购总额里耗材占几成 / 金额占比 / 开销的比例: money_words.share) is never a share of records either:
6 of 9 orders is not 15,712 of 89,172 yuan."""

from __future__ import annotations

from functools import cache

from kgdesk.qa.dsl import AggFn, QueryPlan, QueryType
from kgdesk.qa.lexicon import load_lexicon

_COUNTS = frozenset({AggFn.COUNT, AggFn.COUNT_DISTINCT})


@cache
def _words() -> tuple[str, ...]:
    return tuple(load_lexicon().raw.get("money_words", {}).get("asked", []))


@cache
def _share_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the money words of a share, the share words that merely contain one: 份额), from the lexicon."""
    raw = load_lexicon().raw.get("money_words", {})
    return tuple(raw.get("share", [])), tuple(raw.get("share_not", []))


def money_counted(qn: str, plan: QueryPlan) -> str | None:
    """The money word a counting plan would answer, or None."""
    agg = plan.aggregate
    if agg is None or agg.fn not in _COUNTS or plan.having is not None:
        return None
    if plan.share is not None:
        words, not_money = _share_words()
        said = qn
        for w in not_money:
            said = said.replace(w, "")
        if (word := next((w for w in words if w in said), None)) is not None:
            return word
    if (word := next((w for w in _words() if w in qn), None)) is not None:
        return word
    return _compared_money(qn, plan)


_MONEY = ("金额", "额", "钱", "元")
_NOT_MONEY = ("份额", "额度", "名额", "单元", "元旦", "元月")


def _compared_money(qn: str, plan: QueryPlan) -> str | None:
    """Two groups compared (A的总额是不是超过了B的) by their numbers of records while the question says money (额 / 金额 /
    钱 / 元, judge 46 W1): the money word, unless a condition on a money field explains it (金额过万的采购里维保比耗材多几条)."""
    if plan.comparison is None and not (plan.query_type is QueryType.COMPARE and len(plan.group_by) == 1):
        return None
    units = load_lexicon().field_units
    if any(units.get(f.field) == "元" for s in plan.steps for f in s.filters):
        return None
    said = qn
    for w in _NOT_MONEY:
        said = said.replace(w, "")
    return next((w for w in _MONEY if w in said), None)
