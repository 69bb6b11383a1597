"""现在 / 目前 said of people reached from their projects (持有保安员证书的人现在在哪些项目) is the people's current
project, never the project's 服务状态 and never every service period (red team 7, class L).

The plan lists 项目 ← 服务于 ← 人员 (→ 证书 …) with 服务状态 = 服务中 read from the now-word: a project the person left in
February is still 服务中, so it was listed. Rewritten: the now-word's 服务状态 filter is dropped and the service edge
is the one held at today's month — the registered one (依据 = 人员信息) once started and not ended, else a period
covering the month — with the leaving rule of the compiler (离职日期 / 服务结束年月 before the month: none)."""

from __future__ import annotations

import dataclasses
import re
from datetime import date

from kgdesk.qa.dsl import Op, TimeFilter
from kgdesk.qa.understanding import Understanding, UnderstandingStatus

_NOW_AT = re.compile(r"(现在|目前|当前|眼下|如今)(?:都|还|又)?(?:在|服务|待|分布在|分布于|分布|散在|落在)")


def now_of_people(text: str, und: Understanding, today: date) -> Understanding:
    """The understanding, its plan rewritten to the people's current project when the now-word was read as the
    project's 服务状态; else unchanged."""
    plan, m = und.plan, _NOW_AT.search(text)
    if und.status is not UnderstandingStatus.PLAN or plan is None or m is None or not plan.steps:
        return und
    step = plan.steps[0]
    if (
        step.entity != "项目"
        or not step.hops
        or step.hops[0].rel != "服务于"
        or step.hops[0].target != "人员"
    ):
        return und
    if step.hops[0].direction != "in" or any(t.node == "r1" for t in step.time):
        return und
    now = [
        f
        for f in step.filters
        if f.node in (None, "n0")
        and f.field == "服务状态"
        and f.op is Op.EQ
        and f.text in (m.group(1), "现在", "目前")
    ]
    if not now:
        return und
    month = today.strftime("%Y-%m")
    held = TimeFilter(
        kind="period_overlap",
        node="r1",
        start_field="开始",
        end_field="结束",
        start=month,
        end=month,
        prefer_field="依据",
        prefer_value="人员信息",
    )
    note = (
        f"口径：“{m.group(1)}”说的是这些人：按 {today.isoformat()} 所在月（{month}）各人当前的服务项目（人员信息登记的"
        f"已开始的以登记为准，否则按覆盖该月的服务期），已离职的人不算；不按项目的服务状态"
    )
    kept = [f for f in step.filters if f not in now]
    new_step = step.model_copy(update={"filters": kept, "time": [*step.time, held]})
    notes = [n for n in plan.notes if "服务状态为服务中" not in n] + [note]
    new_plan = plan.model_copy(update={"steps": [new_step, *plan.steps[1:]], "notes": notes})
    und_notes = [n for n in und.notes if "服务状态为服务中" not in n] + [note]
    return dataclasses.replace(und, plan=new_plan, notes=und_notes)
