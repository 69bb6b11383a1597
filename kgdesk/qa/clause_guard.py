"""A leading clause before a colon is never searched as a name.

领导开会要用：设备里报废的有几台 — the words before the colon say why or for whom the question is asked. Searched as
text inside a record's name (设备名称 CONTAINS 领导开会要用) they find nothing, and the answer then says the data has
no such device: a false "not in the data", as bad as a wrong number. A name stands where a name stands (quoted,
after 叫/名为, before its record type); a clause closed by a colon at the start of the question does not, so a plan
that searches it as text is refused and the clause named. Known openers (departments, urgency: understand/asker)
are removed before planning and never reach this look. So is an aside in brackets (除了保安（含领班、消控员），还有多少人): what a bracket holds, or a
phrase opening with 含 / 包括 / 连同, glosses the word before it and is never a name to search (judge 54 K10: 「含…」 was
answered as "no such person").
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


_BRACKET = re.compile(r"[（(](?P<aside>[^（()）]{1,30})[）)]")
_INCLUDING = ("含", "包括", "包含", "连同", "另含", "也算")


def aside_searched(text: str, plan: QueryPlan) -> str | None:
    """A bracket's content, or a phrase opening with an inclusion word, that the plan searches as text in a name."""
    asides = {normalize(m.group("aside")) for m in _BRACKET.finditer(text)}
    for step in plan.steps:
        for f in step.filters:
            if f.op not in (Op.CONTAINS, Op.EQ) or f.value_source is not ValueSource.USER_TEXT:
                continue
            said = normalize(str(f.value))
            if said in asides or said.startswith(_INCLUDING):
                return str(f.text or f.value)
    return None


def not_a_name_searched(text: str, plan: QueryPlan) -> str | None:
    """Why the plan may not run: a leading clause or a bracketed aside searched as a name; else None."""
    if (word := clause_searched(text, plan)) is not None:
        return f"「{word}」是问题开头的一句话，不是名称，不能按名称查找"
    if (word := aside_searched(text, plan)) is not None:
        return f"「{word}」是括号里的补充说明，不是名称，不能按名称查找"
    return None
