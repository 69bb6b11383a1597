"""The last look at a plan that carries a reference date from 截至 / 到…为止 / 以…为准 (judge 40 W2): the date is the
point in time asked about — up to and including it — so the plan must not also keep only the records of that date's
single month, unless something else in the question names that month (截至3月底，3月份旷工的). Such a plan is refused,
naming 截至: a cut read as one month answered with that month's records alone (0 people who were absent in February)."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import Op, QueryPlan
from kgdesk.qa.timeparse import Reference
from kgdesk.qa.understand.scan_rules import pin_reference_date
from kgdesk.qa.understanding import Understanding, UnderstandingStatus

_THIS_MONTH = ("本月", "这个月", "当月", "该月", "那个月", "这一个月", "单月", "当期")


def _single_month(plan: QueryPlan, month: str) -> bool:
    for step in plan.steps:
        for t in step.time:
            if t.kind in ("month_eq", "month_range") and t.start == t.end == month:
                return True
        for f in step.filters:
            one = f.value[0] if f.op is Op.IN and isinstance(f.value, list) and len(f.value) == 1 else f.value
            if f.op in (Op.EQ, Op.IN) and f.field == "年月" and str(one) == month:
                return True
    return False


def _month_asked_elsewhere(text: str, ref: Reference, month: int) -> bool:
    rest = text[: ref.span[0]] + "，" + text[ref.span[1] :]
    if any(w in rest for w in _THIS_MONTH):
        return True
    return bool(re.search(rf"(?<!\d)0?{month}\s*月|\d{{4}}\s*[-/.]\s*0?{month}(?!\d)", rest))


def cut_checked(und: Understanding, ref: Reference | None, text: str) -> Understanding:
    """The plan with the reference date pinned, or a refusal when the cut became a single-month filter."""
    if ref is None or und.plan is None:
        return und
    pin_reference_date(und, ref)
    month = f"{ref.day.year:04d}-{ref.day.month:02d}"
    if not ref.as_of or not _single_month(und.plan, month) or _month_asked_elsewhere(text, ref, ref.day.month):
        return und
    word = next((w for w in ("截至", "截止", "为止", "为准") if w in ref.text), ref.text)
    if word == "为准":
        reason = f"「以…为准」给出的是参考日期 {ref.day.isoformat()}，计划却只算了{month}这一个月，无法确定问的是不是这个月"
    else:
        reason = f"「{word}」指到{ref.day.isoformat()}为止（含）的全部记录，计划却只算了{month}这一个月，不能这样回答"
    return Understanding(status=UnderstandingStatus.NEEDS_LLM, message=reason, groundings=und.groundings, reason=reason)
