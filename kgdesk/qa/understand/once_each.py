"""A de-duplication clause (同一人只算一次 / 重复的工号只算一次 / 一个人多张证书的只算一次 / 两边都有的
只算一次 / 按人算) on a question that counts people: counting 人员 already counts each person once, so
the clause changes nothing in the query — it is stated as the 口径 that ran (`once_each_note`), never
listed as ignored. On any other count (证书有几张，同一人只算一次) it is left as words the rules do not
understand — counting records per person is not guessed."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.understand.spans import ignore_span, labels_of

_CLAUSE = re.compile(
    r"[（(，,、]?\s*(?:(?:同一(?:个|位|名)?(?:人|员工|工号)|重复(?:出现)?的?(?:人|工号|员工)|两边都有的(?:人|员工)?"
    r"|一个人(?:有)?多(?:张|本|个|条)(?:证书|证|记录)?的?|(?:一个人|每个人|每人))"
    r"(?:只|仅)(?:算|计|统计|数)(?:一次|一个|一遍|1次)|按(?:人|人头|工号|员工|人员)(?:去重(?:后)?|来?(?:算|计|数|统计))"
    r"|去重(?:后)?)\s*[）)]?"
)
_COUNT = re.compile(r"几|多少")
_SEEN = re.compile(r"(?:里|中|上)(出现过的|出现的|出现过)")
"""考勤表里出现过的人: people who have a record there — the ledger's records, said as a verb."""


def once_each(p: _Parsed) -> None:
    """Ignore a de-duplication clause when the question counts people (the count is already distinct)."""
    found = _CLAUSE.search(p.qn)
    if found is None or found.end() == found.start():
        return
    a, b = found.span()
    outside: set[str] = set()
    for m in p.mentions:
        if m.e <= a or m.s >= b:
            outside |= labels_of(m)
    if "人员" not in outside or not _COUNT.search(p.qn[:a] + p.qn[b:]):
        return
    if not ignore_span(p, a, b, "once_each"):
        return
    seen = _SEEN.search(p.qn)
    if seen is not None:
        ignore_span(p, seen.start(1), seen.end(1), "once_each")


ONCE_NOTE = "口径：按人员计数，同一人只算一次"


def once_each_note(plan: QueryPlan, p: _Parsed) -> None:
    """The clause settled by `once_each` is the 口径 of the count: said as such, not as ignored words."""
    said = [m for m in p.mentions if any(s.kind == "filler" and s.get("once_each") for s in m.senses)]
    if not said:
        return
    clause = _CLAUSE.search(p.qn)
    if clause is not None:
        p.ignored[:] = [w for w in p.ignored if w != clause.group(0)]
    if ONCE_NOTE not in plan.notes:
        plan.notes.append(ONCE_NOTE)
