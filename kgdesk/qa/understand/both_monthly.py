"""One month on both sides of a monthly difference (3月份有考勤但没排班的人有几个 / 3月有考勤、3月没排班的人): the people
with the month's record of one monthly ledger minus those with the month's record of the other. When both the
records kept and the records negated are monthly ledgers (年月 in their key), one single month said (once, or once
per side) can only be that month on both — the reverse of 3月份排了班、但考勤表里没有记录 (scheduled_gap). A range
of months, a service period in the plan, several negated records or a negated record without 年月 stay refused."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import TimeFilter
from kgdesk.qa.plan_builder import _StepBuilder
from kgdesk.qa.scheduled_gap import one_month


def both_monthly(itp: Any, b: _StepBuilder, negated: list[tuple[str, str | None]], start: str, end: str, months: Any) -> bool:
    """Put the month on the kept and the negated monthly records (True), or leave the plan as it is (False)."""
    if len(negated) != 1 or negated[0][1] != "年月" or start != end or months is not None or b.periods:
        return False
    schema = itp.ctx.schema
    neg_alias = negated[0][0]
    kept = [a for a, lab in b.labels().items() if a != neg_alias and itp._is_monthly(lab) and "年月" in schema.key_fields(lab)]
    if len(kept) != 1 or not one_month(itp.p.of("time")):
        return False
    names = {kept[0]: b.labels()[kept[0]], neg_alias: b.hops[int(neg_alias[1:]) - 1].target}  # a negated hop has no label alias
    itp._coverage(start, end, strict=True)
    for alias, lab in names.items():
        itp._own_coverage(lab, "年月", start, end, strict=True)
        b.time.append(TimeFilter(kind="month_eq", node=alias, field="年月", start=start, end=end))
    kept_lab, neg_lab = names[kept[0]], names[neg_alias]
    itp.slots.append(("时间", f"{start}（{kept_lab}与{neg_lab}都按这个月）"))
    itp.notes.append(f"口径：{start}同时作用在{kept_lab}记录和没有的{neg_lab}记录上")
    return True
