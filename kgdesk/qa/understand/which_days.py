"""哪几天 / 哪些天 (red team 9 Z): the days of a month a person had a code are asked, never the person. A list plan that
names no day answers another question: refused, naming the words."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan, QueryType

_WHICH_DAYS = re.compile(r"哪几天|哪些天|哪几日|哪些日子|哪几号|哪些号")


def which_days_as_people(text: str, plan: QueryPlan) -> str | None:
    """The 哪几天 words of a list plan that lists records (people), or None."""
    m = _WHICH_DAYS.search(text)
    if m is None or plan.query_type not in (QueryType.LIST, QueryType.COUNT, QueryType.STATUS):
        return None
    if any(re.fullmatch(r"\d{1,2}日", p.field or "") for p in plan.projection):
        return None  # the day columns themselves are listed
    return m.group(0)
