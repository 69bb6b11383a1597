"""A record's own negative result (red team 9 V): 没有中标的投标 / 项目的投标没有中标 are the bids whose result is not a
win, never the projects without a winning bid (which also takes every project that never bid). A plan that negates the
hop to the very records the negation is said of is refused, naming the record."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan


def negation_of_the_record(text: str, plan: QueryPlan) -> str | None:
    """The record a negated hop reaches while the question negates that record's own result, or None."""
    for step in plan.steps:
        for h in step.hops:
            stem = h.target.removesuffix("记录")
            if not h.negate or len(stem) < 2:
                continue
            said = rf"{stem}(?:都|也|还|就)?(?:没有|没|未)|(?:没有|没|未)[^，,。；;？?的]{{1,6}}的{stem}"
            if re.search(said, text):
                return stem
    return None
