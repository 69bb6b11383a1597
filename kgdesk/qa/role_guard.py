"""A person's role verb names the person–record relation (red team C6): 名下的设备 = 设备责任人, X检查的 = 检查人, 负责投标的 =
投标经办人, 名下的项目 = 项目负责人. A plan that reaches the person through 服务于 (the project he serves) instead — or
through the project's 负责人 for 负责投标 — answers about other records; refused, naming the verb, unless the question
itself says the service (所在 / 服务 / 工作的项目)."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan

_ROLE = re.compile(r"名下|检查(?:的|过|了)|负责投标|投标经办|经办的")
_SERVICE = re.compile(r"所在|服务|工作|待的|驻")
_ROLE_NOUN = re.compile(r"(?P<r>检查人|责任人|经办人|负责人)")
_DONE = re.compile(r"检查(?:的|过|了)|做过.{0,6}检查|经办(?:的|过|了)|名下")


def _people_counted(plan: QueryPlan) -> bool:
    """A HAVING on the number of records per person (the people with N or more of something)."""
    return plan.having is not None and bool(plan.steps) and plan.steps[0].entity == "人员"


def role_rerouted(text: str, plan: QueryPlan) -> str | None:
    """The role verb the plan does not carry, or None."""
    rels = {h.rel for s in plan.steps for h in s.hops}
    if _people_counted(plan) and not _SERVICE.search(text):
        # 检查过至少3次的检查人 / 做过3次以上检查的人: counted through the role the words name (planner pass 55),
        # never through the projects the person serves
        if (r := _ROLE_NOUN.search(text)) is not None and r.group("r") not in rels:
            return r.group("r")
        if (d := _DONE.search(text)) is not None and "服务于" in rels:
            return d.group(0)
    m = _ROLE.search(text)
    if m is None or _SERVICE.search(text):
        return None
    named = any(
        f.field == "_key" and ({"n0": s.entity} | {f"n{i + 1}": h.target for i, h in enumerate(s.hops)}).get(f.node) == "人员"
        for s in plan.steps
        for f in s.filters
    )
    if not named or text[max(0, m.start() - 1) : m.start()] == "被":
        return None  # 有保安的项目被检查了几次: the project's checks, no person's role
    if "服务于" in rels:
        return m.group(0)  # 唐立新名下有几台设备: his own devices, never his project's
    if m.group(0) == "负责投标" and "负责人" in rels:
        return m.group(0)  # 蒋伟负责投标的项目: the bids he handled, never the projects he heads
    return None
