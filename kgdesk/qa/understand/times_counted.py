"""Times asked, money summed: "一共收款几次 / 开票一共几次 / 收款的次数是多少" read as Σ收款金额 answers "how many times" with
an amount of money — a confident wrong number. The last look on every plan: one step, no groups, the total of a money
field (unit 元), while the question asks a number of times or pieces (几次 / 多少次 / 次数 / 几笔 / 几回) and no per-time
word (每次 / 平均) — the plan becomes the number of records with that amount > 0 (the reading 收款有几次 already gets)."""

from __future__ import annotations

import re
from typing import Any

from kgdesk.qa.dsl import CONTRACT_FOR, AggFn, Aggregate, Filter, Op, QueryPlan, QueryType, ValueSource
from kgdesk.qa.lexicon import load_lexicon

_TIMES = re.compile(r"(?<![这那哪])(?:几|多少)(?:次|笔|回|趟)|次数|笔数")  # 这几笔采购的金额: the records, not times
_EACH_TIME = r"每(?:一)?(?:次|笔|回|趟)"
_PER_TIME = re.compile(rf"{_EACH_TIME}|平均|均")


def _money_aggregate(plan: QueryPlan, fn: AggFn) -> Aggregate | None:
    """The plan's one `fn` of a money field (unit 元) over one step, no groups, comparison, share or having; else None."""
    agg = plan.aggregate
    if agg is None or agg.fn is not fn or agg.field is None or plan.group_by or len(plan.steps) != 1:
        return None
    if plan.comparison is not None or plan.share is not None or plan.having is not None:
        return None
    return agg if load_lexicon().field_units.get(agg.field) == "元" else None


def _with_money(plan: QueryPlan, agg: Aggregate, **update: Any) -> QueryPlan:
    """The plan keeping only the records whose aggregated money field is > 0."""
    assert agg.field is not None
    step = plan.steps[0]
    cond = Filter(node=agg.node, field=agg.field, op=Op.GT, value=0, value_source=ValueSource.DERIVED, text=agg.field)
    return plan.model_copy(update={**update, "steps": [step.model_copy(update={"filters": [*step.filters, cond]})]})


def times_counted(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """The plan counting the records with the money > 0, with a 口径 note; None when nothing is wrong."""
    agg = _money_aggregate(plan, AggFn.SUM)
    if agg is None or not _TIMES.search(text) or _PER_TIME.search(text):
        return None
    counted = agg.model_copy(update={"fn": AggFn.COUNT_DISTINCT, "field": "_key", "absolute": None})
    new = _with_money(
        plan, agg, query_type=QueryType.COUNT, answer_contract=CONTRACT_FOR[QueryType.COUNT], aggregate=counted, sort=[]
    )
    return new, f"口径：问的是次数，按{agg.field}大于0的记录条数计，不是金额合计"


def per_time_average(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """平均每次收款多少 is the mean over the times money was received: a month row with 收款金额 0 is no time, so the
    average of a money field (unit 元) asked per time (每次 / 每笔 / 每回) keeps only the records with that amount > 0;
    None when the plan is not one such average or the question does not say per time."""
    agg = _money_aggregate(plan, AggFn.AVG)
    if agg is None or not re.search(_EACH_TIME, text):
        return None
    if any(f.node == agg.node and f.field == agg.field for f in plan.steps[0].filters):
        return None  # a condition on the amount is already there
    return _with_money(plan, agg), f"口径：问的是每次的平均，按{agg.field}大于0的记录平均（金额为0的记录不算一次）"
