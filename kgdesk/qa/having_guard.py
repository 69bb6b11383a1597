"""A condition on a group's total is never answered over other groups than the ones asked.

哪些岗位的在岗人数合计不到3人 asks the posts whose staffing adds up to under 3; a plan that reaches 岗位编制 from each
person, groups by the person and shows the person's 岗位名称 answers "which people", with a confident list of names.
This last look refuses a plan with a HAVING whose groups are whole records (group_by without a field) while the field
it shows of those records is the one the question asks the groups of — a which / each word right before that field's
word (哪些岗位 / 各岗位, lexicon field terms): the field asked is the group the question meant, and the plan grouped by
something else. A field merely shown of the records kept (证书超过1张的员工，工号是多少) passes.
"""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.lexicon import load_lexicon

_GROUPS = r"(?:哪些|哪几个|哪几类|哪几种|哪几|哪个|哪类|哪种|各个|各|每个|每种|每类)"


def having_regrouped(plan: QueryPlan, text: str) -> str | None:
    """The field whose groups the question asks while the plan groups whole records under a HAVING, or None."""
    if plan.having is None or not plan.group_by or any(g.field is not None for g in plan.group_by):
        return None
    grouped = {g.node for g in plan.group_by}
    shown = {p.field for p in plan.projection if p.node in grouped and p.field}
    for term, _label, field in load_lexicon().field_terms():
        if field in shown and re.search(rf"{_GROUPS}{re.escape(term)}", text):
            return field
    return None
