"""A leading clause before a colon is never searched as a name.

领导开会要用：设备里报废的有几台 — the words before the colon say why or for whom the question is asked. Searched as
text inside a record's name (设备名称 CONTAINS 领导开会要用) they find nothing, and the answer then says the data has
no such device: a false "not in the data", as bad as a wrong number. A name stands where a name stands (quoted,
after 叫/名为, before its record type); a clause closed by a colon at the start of the question does not, so a plan
that searches it as text is refused and the clause named. Known openers (departments, urgency: understand/asker)
are removed before planning and never reach this look.
"""

from __future__ import annotations

import re

from kgdesk.qa.dsl import Op, QueryPlan, ValueSource
from kgdesk.qa.lexicon import normalize

_LEADING = re.compile(r"^\s*(?P<clause>[^：:，,。？?！!\"“”'‘’「」『』]{1,16})\s*[：:]")


def clause_searched(text: str, plan: QueryPlan) -> str | None:
    """The leading clause (before a colon) the plan searches as text in a name, or None."""
    m = _LEADING.match(text)
    if m is None:
        return None
    clause = normalize(m.group("clause"))
    for step in plan.steps:
        for f in step.filters:
            if f.op is Op.CONTAINS and f.value_source is ValueSource.USER_TEXT and normalize(str(f.value)) == clause:
                return m.group("clause").strip()
    return None
