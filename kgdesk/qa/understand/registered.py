"""现在 / 当前 / 目前 / 眼下 with a named one reached through its registration (人员 -服务于- 项目 with
依据 = 人员信息, the person's registered current project): the registration already is the current
state, so the now-word is not a status filter on the records reached (项目.服务状态 = 服务中) — a
registered project that has ended or not started yet is still the one registered, never "none"."""

from __future__ import annotations

from datetime import date

from kgdesk.qa.dsl import Op, TimeFilter
from kgdesk.qa.plan_builder import _StepBuilder


def through_registration(b: _StepBuilder) -> bool:
    """The step's entity is reached from a named node through a relationship whose default condition
    chooses the registered (declared current) one, and the named node is the one that registers it
    (the relationship's start: 人员 -服务于-> 项目). The other way round (a project's current staff)
    the now-word still asks for those not left: their registrations are not all current."""
    named = {f.node for f in b.filters if f.field == "_key" and f.op is Op.EQ and f.node != "n0"}
    for d in b.pending_defaults:
        k = int(d.node[1:]) if d.node.startswith("r") and d.node[1:].isdigit() else 0
        if 0 < k <= len(b.hops) and f"n{k}" in named and b.hops[k - 1].direction == "in":
            return True
    return False


def registration_at_reference(b: _StepBuilder, today: date, words_in_question: str) -> str | None:
    """现在 / 目前 on a relationship whose default is the registration (人员 -服务于-> 项目): the one that
    holds at T's month — the registered project once its service has started, else the service period
    covering that month (程娟 registered on XMSQ0351 from 2026-03 is still at XMSQ0216 on 2026-02-19).
    Returns the note, or None when no such relationship is in the step or the question asks the
    registration itself by a field whose name begins with the now-word (当前服务项目编号是…)."""
    month = today.strftime("%Y-%m")
    added = []
    for d in b.pending_defaults:
        span = b.periods.get(d.node)
        if span is None or d.op is not Op.EQ or not isinstance(d.value, str) or any(t.node == d.node for t in b.time):
            continue
        b.time.append(
            TimeFilter(
                kind="period_overlap", node=d.node, start_field=span[0], end_field=span[1], start=month, end=month,
                prefer_field=d.field, prefer_value=d.value,
            )
        )
        added.append(d.value)
    if not added:
        return None
    return (
        f"口径：“{words_in_question}”按 {today.isoformat()} 所在月（{month}）的服务关系判断："
        f"{added[0]}登记的当前服务项目已开始（服务起始年月不晚于 {month}）的以登记为准，"
        f"否则按覆盖 {month} 的服务期（考勤/排班连续月份）；服务结束年月或离职日期早于 {month} 的（已离职）不算"
    )
