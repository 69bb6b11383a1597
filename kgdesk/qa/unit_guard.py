"""A unit said for the answer that contradicts the unit of the field the plan computes is never dropped.

合同面积加起来是多少元 / 合同面积合计（元） ask an area in money: the plan sums 合同面积 and would show 666,900 平方米 to a
question that asked yuan, so the unit said is a word the plan does not honour. This last look reads the units said
right after 多少 / 几 or alone in a bracket (lexicon `units`, each with its kind) and the unit of the aggregated field
(lexicon `field_units`): when both kinds are known and differ, the plan is refused, naming the unit. A unit of the
same kind (平方 for 平方米, 万元 for 元) is the field's own and passes; a field or unit of no known kind passes too.
"""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_MEASURED = frozenset({"money", "area", "score", "age", "hours"})
"""The kinds a unit of an amount has; 几月 / 几年 / 几天 / 几次 / 几个人 ask a time or a number of things, not a unit."""


@cache
def _said() -> tuple[re.Pattern[str], dict[str, str]] | None:
    """(the pattern of a unit said for the answer, unit → its kind), from the lexicon."""
    units = {
        u: str(i.get("kind"))
        for u, i in load_lexicon().raw.get("units", {}).items()
        if isinstance(i, dict) and i.get("kind") in _MEASURED
    }
    if not units:
        return None
    alt = alternation(sorted(units, key=len, reverse=True))
    pat = re.compile(rf"(?:多少|几)个?(?P<a>{alt})|[（(]\s*(?:单位\s*(?:[：:]|是|为)?\s*)?(?P<b>{alt})\s*[）)]")
    return pat, units


def unit_contradicted(qn: str, plan: QueryPlan) -> str | None:
    """The unit said for the answer whose kind differs from the computed field's (元 on 合同面积), or None."""
    agg, found = plan.aggregate, _said()
    if agg is None or agg.field is None or found is None:
        return None
    pat, kinds = found
    field_unit = load_lexicon().field_units.get(agg.field)
    field_kind = kinds.get(field_unit) if field_unit else None
    if field_kind is None:
        return None
    for m in pat.finditer(qn):
        unit = m.group("a") or m.group("b")
        if kinds.get(unit) not in (None, field_kind):
            return unit
    return None
