"""A conditional rate (red team 9 W): 电梯设备的完好率 / 续标的中标率 / 保洁员的女性比例 — what stands before 的 narrows
both the part and the whole (完好的电梯设备 / 全部电梯设备). A share plan that puts such a condition into the part only
divides by every record: the condition is copied into the whole, unless the question names another whole (占全部 /
所有…中) or the condition is the only one that makes the part."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import Filter, QueryPlan

_RATE = re.compile(r"的[\u4e00-\u9fff]{0,4}?(?:率|比例|比重|占比|比率)")
_OTHER_WHOLE = re.compile(r"占|全部|所有|整体|总数|总体|一共|当中|之中|中的|里的|里面")


def _same(a: Filter, b: Filter) -> bool:
    return (a.node, a.field, a.op, a.value) == (b.node, b.field, b.op, b.value)


def narrowed_whole(text: str, plan: QueryPlan) -> QueryPlan | None:
    """The share plan with the part's conditions said before 「的…率」 added to its whole, or None when none is missed."""
    if plan.share is None or _OTHER_WHOLE.search(text):
        return None
    rate = _RATE.search(text)
    steps = {s.id: s for s in plan.steps}
    part, whole = steps.get(plan.share.part), steps.get(plan.share.whole)
    if rate is None or part is None or whole is None or part.entity != whole.entity:
        return None
    extra = [f for f in part.filters if not any(_same(f, w) for w in whole.filters)]
    low = text.lower()  # XMSQ0102的设备完好率: the said code is kept lower-cased
    said = [f for f in extra if f.node == "n0" and f.text and 0 <= low.find(f.text.lower()) < rate.start()]
    if not said or len(said) == len(extra):
        return None
    new_whole = whole.model_copy(update={"filters": [*whole.filters, *said]})
    return plan.model_copy(update={"steps": [new_whole if s.id == whole.id else s for s in plan.steps]})
