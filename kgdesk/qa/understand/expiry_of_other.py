"""A record's expiry ranked by another record's value (red team 9 G): 哪个人的证书到期最晚 ranks the certificates by their
own 有效期至, never the holder's project by its 剩余服务月数. A plan that sorts or shows a value derived on a record the
question never names, while it asks when something expires, is refused, naming the value."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan

_EXPIRES = re.compile(r"到期|过期|有效期|失效")


def expiry_ranked_by_other(text: str, plan: QueryPlan) -> str | None:
    """The derived value of an unnamed record a plan ranks an expiry question by, or None."""
    if not _EXPIRES.search(text):
        return None
    sorted_fields = {s.field for s in plan.sort if s.by == "field" and s.field}
    for step in plan.steps:
        aliases = step.aliases()
        for d in step.derived:
            label = aliases.get(d.node, "")
            if d.name in sorted_fields and label and label not in text and not _EXPIRES.search(d.name):
                return d.name
    return None
