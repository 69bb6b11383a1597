"""Two quantities asked, one answered (red team 2, class 5): a last look at a finished plan.

2026年1月XMSQ0150的开票金额和收款金额各是多少 / 上班天数以及税后工资 / 几天病假和几天旷工 ask two measures; a plan that
computes the first and never reads the second answers half the question with no word about the other. Two measure
words (a field or a derived measure) joined by 和 / 以及 / 及 / 与 / 、 must both be carried by the plan (measured,
projected, compared or a condition); otherwise the question is refused, naming the dropped one."""

from __future__ import annotations

import itertools
import re

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.plan_mentions import _M, _Parsed

_JOIN = re.compile(
    r"(?:的)?(?:[，,、]|和|以及|及|与|跟|还有|外加|同时)+(?:再)?(?:几天|几次|几个|多少|一共|合计|总共)?(?:的)?"
)


def _measure(m: _M) -> str | None:
    for kind, key in (("field", "field"), ("derived", "name")):
        s = m.sense(kind)
        if s is not None and s.get(key):
            return str(s.get(key))
    return None


def second_measure_dropped(parsed: _Parsed, plan: QueryPlan) -> str | None:
    """The words of a measure joined to another one that the plan never reads, or None."""
    found = sorted(
        ((m, name) for m in parsed.mentions if m.kind == "lex" and (name := _measure(m)) is not None),
        key=lambda x: x[0].s,
    )
    carried = plan.model_dump_json()
    for (a, na), (b, nb) in itertools.pairwise(found):
        if na == nb or not _JOIN.fullmatch(parsed.qn[a.e : b.s]):
            continue
        for m, name in ((a, na), (b, nb)):
            if name not in carried:
                return m.text  # 开票金额和收款金额各是多少: never 开票 alone
    return None
