"""现在 / 当前 / 目前 / 眼下 with a named one reached through its registration (人员 -服务于- 项目 with
依据 = 人员信息, the person's registered current project): the registration already is the current
state, so the now-word is not a status filter on the records reached (项目.服务状态 = 服务中) — a
registered project that has ended or not started yet is still the one registered, never "none"."""

from __future__ import annotations

from kgdesk.qa.dsl import Op
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
