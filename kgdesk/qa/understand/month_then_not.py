"""<month A> 有开票 但 <month B> 没有开票 (one field, two months) keeps the positive month (red team 7, class Q; a month
said relative to today — 上个月有收款、这个月没有 — too, judge 52).

The plan read both months into one negation (年月 ∈ {A, B} under NOT EXISTS): projects with no invoice in A or B. The
question asks for the projects with 开票 > 0 in A and none in B. Rewritten: the negated hop keeps month B, and a
positive hop of the same relationship carries month A with the same condition on the field."""

from __future__ import annotations

import dataclasses
import re
from datetime import date

from kgdesk.qa.dsl import Op, QueryPlan
from kgdesk.qa.timeparse import cn_number
from kgdesk.qa.understanding import Understanding

_M = r"(\d{1,2}月|十[一二]?月|[一二三四五六七八九]月|上上个?月|上个?月|这个?月|本月|下个?月)份?"
_RELATIVE = {"上上个月": -2, "上上月": -2, "上个月": -1, "上月": -1, "这个月": 0, "这月": 0, "本月": 0, "下个月": 1, "下月": 1}
_SHAPE = re.compile(
    _M
    + r"(?:里|中|份)?(?:有|都有|已)?(?P<v>[\u4e00-\u9fff]{2})(?:了|过)?[，,、]?\s*(?:但是?|可是|而|却|然而)?\s*"
    + _M
    + r"(?:却|都|里|份)?(?:没有|没|未|无)(?P=v)"
)


def _month(word: str, today: date | None) -> int:
    """The month number of 3月 / 三月, or of 上个月 / 这个月 against today (0 when unknown)."""
    if word in _RELATIVE:
        return 0 if today is None else (today.month - 1 + _RELATIVE[word]) % 12 + 1
    return cn_number(word.removesuffix("月")) or 0


def month_then_not(text: str, und: Understanding, today: date | None = None) -> Understanding:
    """The understanding with A kept positive and only B negated, when the plan merged both months into the
    negation; else unchanged."""
    plan, m = und.plan, _SHAPE.search(text)
    if plan is None or m is None or len(plan.steps) != 1:
        return und
    a, b = _month(m.group(1), today), _month(m.group(3), today)
    step = plan.steps[0]
    negated = [i for i, h in enumerate(step.hops, start=1) if h.negate]
    if len(negated) != 1 or a == b or a == 0 or b == 0:
        return und
    node = f"n{negated[0]}"
    months = [f for f in step.filters if f.node == node and f.field == "年月" and f.op is Op.IN]
    if len(months) != 1 or not isinstance(months[0].value, list) or len(months[0].value) != 2:
        return und
    by = {int(str(v)[-2:]): str(v) for v in months[0].value}
    if set(by) != {a, b}:
        return und
    hop = step.hops[negated[0] - 1]
    pos_node = f"n{len(step.hops) + 1}"
    positive = hop.model_copy(update={"negate": False})
    filters = []
    for f in step.filters:
        if f is months[0]:
            filters.append(f.model_copy(update={"op": Op.EQ, "value": by[b]}))
            filters.append(f.model_copy(update={"op": Op.EQ, "value": by[a], "node": pos_node}))
        elif f.node == node:
            filters.extend([f, f.model_copy(update={"node": pos_node})])
        else:
            filters.append(f)
    note = f"口径：{a}月有{m.group('v')}（大于0）且{b}月没有{m.group('v')}"
    new_step = step.model_copy(update={"hops": [*step.hops, positive], "filters": filters})
    new_plan: QueryPlan = plan.model_copy(update={"steps": [new_step], "notes": [*plan.notes, note]})
    return dataclasses.replace(und, plan=new_plan, notes=[*und.notes, note])
