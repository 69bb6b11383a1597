"""A value the question states for a field is never dropped from the plan.

离职日期写的是2026年2月28日的人 names one day of one field; a plan that carries neither a condition on 离职日期 nor the
day itself (the date read as a month of service, the field kept only as a column) lists the whole roster — a confident
wrong answer. Whatever reading made the plan, the last look finds every field word said right before a copula (是 /
为 / 等于, or a verb of up to four characters ending in one: 显示的是, 登记成) and a value of the shapes that cannot be anything but that
field's value — a day, a month or a code (letters with digits) — and refuses the plan when neither the field nor the
value appears among its conditions (filters, time, having, comparison, share). Projection, sorting and grouping do not
count: a column shown is no condition.
"""

from __future__ import annotations

import json
import re
from functools import cache

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.understand.alternation import alternation
from kgdesk.qa.understand.entry_verbs import field_words

_NUM = r"(?:\d{1,2})"
_VALUE = re.compile(
    rf"(?P<y>\d{{4}})\s*(?:年|-|/|\.)\s*(?P<m>{_NUM})\s*(?:月|-|/|\.)?\s*(?:(?P<d>{_NUM})\s*[日号]?)?"
    r"|(?P<code>(?=[a-z]*\d)[a-z][a-z0-9]{3,29})(?![a-z0-9])"
)


@cache
def _said() -> re.Pattern[str]:
    """A field word and its copula (是 / 为 / 等于, or a short verb ending in one: 显示的是 / 登记成 / 写着)."""
    return re.compile(rf"(?P<f>{alternation(sorted(field_words()))})(?:[\u4e00-\u9fff]{{0,4}}?(?:是|为|成|着|作|等于)|=|：|:)\s*")


@cache
def _fields_of() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for t, _label, fld in load_lexicon().field_terms():
        out.setdefault(normalize(t), set()).add(fld)
    return {k: frozenset(v) for k, v in out.items()}


def _forms(m: re.Match[str]) -> list[str]:
    if m.group("code"):
        return [m.group("code")]
    y, mo, d = m.group("y"), int(m.group("m")), m.group("d")
    month = f"{y}-{mo:02d}"
    return [f"{month}-{int(d):02d}"] if d else [month]


def stated_dropped(qn: str, plan: QueryPlan) -> str | None:
    """The field whose stated day / month / code the plan drops (离职日期), or None when every one is carried. A plan
    that reads no data (a request to change data answered with what kgdesk does: 把…的结束日期改成2027年12月31日) drops
    nothing."""
    if not plan.steps:
        return None
    carried = json.dumps(
        plan.model_dump(include={"steps", "combine", "having", "comparison", "share"}, mode="json"), ensure_ascii=False
    ).lower()
    for m in _said().finditer(qn):
        value = _VALUE.match(qn, m.end())
        if value is None:
            continue
        names = {m.group("f"), *_fields_of().get(m.group("f"), ())}
        if any(n.lower() in carried for n in names) or any(f in carried for f in _forms(value)):
            continue
        return m.group("f")
    return None
