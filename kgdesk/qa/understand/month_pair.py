"""Each record's month A against its month B (red team 9 AA): 3月在岗人数比2月多的项目有几个 counts the projects whose
own March figure beats their February one, never the difference of the two monthly totals. A comparison plan of
months asked about the records that beat it is refused, naming the words."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan

_EACH_BEATS = re.compile(
    r"比[^，,。；;？?]{0,10}?(?:多|少|高|低|增加|减少|涨|降|上升|下降)了?[^，,。；;？?的]{0,4}的(?:项目|人员|员工|人|供应商|设备|片区|岗位)"
)


def each_month_compared(text: str, plan: QueryPlan) -> str | None:
    """The words of a per-record month comparison planned as one comparison of totals, or None."""
    if plan.comparison is None:
        return None
    m = _EACH_BEATS.search(text)
    return m.group(0) if m else None
