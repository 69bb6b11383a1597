"""A condition on a group's total is never answered over other groups than the ones asked.

哪些岗位的在岗人数合计不到3人 asks the posts whose staffing adds up to under 3; a plan that reaches 岗位编制 from each
person, groups by the person and shows the person's 岗位名称 answers "which people", with a confident list of names.
This last look refuses a plan with a HAVING whose groups are whole records (group_by without a field) while what it
shows of those records is one of their fields (a projection with a field on a grouped node): the field asked is the
group the question meant, and the plan grouped by something else. Plans grouping by that field, or showing the
records themselves, pass.
"""

from __future__ import annotations

from kgdesk.qa.dsl import QueryPlan


def having_regrouped(plan: QueryPlan) -> str | None:
    """The field shown of records grouped whole under a HAVING (岗位名称 of people), or None."""
    if plan.having is None or not plan.group_by or any(g.field is not None for g in plan.group_by):
        return None
    grouped = {g.node for g in plan.group_by}
    return next((p.field for p in plan.projection if p.node in grouped and p.field), None)
