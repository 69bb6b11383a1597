"""A person's start of service said with a project question word (杜俊杰3月开始在哪个项目服务) is the person's own
服务起始年月; a plan that bounds the project's 开始日期 / 结束日期 instead answered an empty list (red team 8, class B).
The plan is refused, naming the words, never read on the project's contract dates."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan

_SAID = re.compile(
    r"(?:开始|结束)(?:在|到)?[^，,。？?]{0,16}?(?:服务|上岗|工作)|(?:开始|结束)服务|服务(?:开始|结束)"
)
_PROJECT_DATES = ("开始日期", "结束日期")


def service_start_on_project(text: str, plan: QueryPlan) -> str | None:
    """The words of a person's service start or end when the plan bounds a project's own dates with people in it."""
    if (m := _SAID.search(text)) is None:
        return None
    for step in plan.steps:
        aliases = step.aliases()
        if "人员" not in aliases.values():
            continue
        if any(aliases.get(t.node) == "项目" and t.field in _PROJECT_DATES for t in step.time):
            return m.group(0)
    return None
