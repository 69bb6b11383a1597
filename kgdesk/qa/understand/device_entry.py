"""A device's 进场 / 入场 / 进项目 date is the device's own 入项目日期 (退场 / 离场 / 撤场 → 退项目日期), never the
project's 开始日期 / 结束日期 (the lexicon's 进场 is a project's start when no device is asked): a plan that shows the
project's date for devices reached from it is rebuilt on the devices; one that cannot be is refused, naming the verb."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import FieldRef, Filter, QueryPlan, Step
from kgdesk.qa.plan_mentions import _needs_llm

_ENTRY = re.compile(r"进场|入场|进(?:的|了)?项目|进驻")
_EXIT = re.compile(r"退场|离场|撤场|退(?:出|了)?项目|撤出")
_PROJECT_DATES = frozenset({"开始日期", "结束日期", "首次服务日期"})


def device_entry_date(plan: QueryPlan, q: str) -> QueryPlan | None:
    """XMSQ0102的冷却塔什么时候进场的: 设备.入项目日期 of the devices named, never 项目.开始日期."""
    said = _EXIT.search(q) or _ENTRY.search(q)
    if said is None or not plan.projection:
        return None
    field = "退项目日期" if _EXIT.search(q) else "入项目日期"
    devices = [s for s in plan.steps if s.entity == "设备" or any(h.target == "设备" for h in s.hops)]
    project_date = [r for r in plan.projection if r.field in _PROJECT_DATES]
    if not devices or not project_date:
        return None
    step = plan.steps[0]
    rebuilt = _on_devices(step) if len(plan.steps) == 1 and not plan.combine else None
    if rebuilt is None or plan.aggregate is not None or plan.group_by:
        raise _needs_llm(f"「{said.group(0)}」问的是设备自己的{field}，离线规则没能把计划改到设备上")
    projection = [FieldRef(field=None), FieldRef(field=field)]
    return plan.model_copy(update={"steps": [rebuilt], "projection": projection, "sort": [], "limit": None})


def _on_devices(step: Step) -> Step | None:
    """The step re-rooted on the devices reached from one project (项目 -所属项目-> 设备), or None."""
    if step.entity != "项目" or len(step.hops) != 1 or step.hops[0].target != "设备" or step.time or step.derived:
        return None
    filters: list[Filter] = []
    for f in step.filters:
        if f.node == "n0" and f.field in ("_key", "项目编号"):
            filters.append(f.model_copy(update={"field": "项目编号"}))
        elif f.node == "n1":
            filters.append(f.model_copy(update={"node": "n0"}))
        else:
            return None
    return Step(id=step.id, entity="设备", filters=filters, description="查找设备")
