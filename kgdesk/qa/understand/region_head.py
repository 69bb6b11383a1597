"""<项目>的片区负责人 / 区域经理 / 片区经理是谁: the head of each region the project belongs to — 项目 → 项目片区关系 → 片区 →
片区负责人工号 (人员 <-负责人- 片区 <-属于片区- 项目), never the people whose current service project is that project (a
regional manager serves no project). The step's 服务于 hop to the named project is re-routed through the region, and a
岗位 = 区域经理 condition the words gave is dropped: the region's registered head is the answer."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Hop

HEAD_WORDS = ("片区负责人", "区域负责人", "区域经理", "片区经理", "片区的负责人", "区域的负责人")


def region_head_route(it: Any, b: Any) -> None:
    """Re-route 人员 -服务于-> 项目(named) to 人员 <-负责人- 片区 <-属于片区- 项目 when a region-head word is said."""
    if b.entity != "人员" or not any(w in it.p.qn for w in HEAD_WORDS):
        return
    hops = list(b.hops)
    serve = [i for i, h in enumerate(hops) if (h.source, h.rel, h.direction, h.target, h.negate) == ("n0", "服务于", "out", "项目", False)]
    head = [i for i, h in enumerate(hops) if (h.source, h.rel, h.direction, h.target, h.negate) == ("n0", "负责人", "in", "片区", False)]
    if len(serve) != 1 or len(hops) != len(serve) + len(head):
        return
    old_p = f"n{serve[0] + 1}"
    if not any(f.node == old_p and f.field == "_key" for f in b.filters):
        return  # the project is named (XMSQ0227的片区负责人), not any project
    old_r = {f"r{i + 1}" for i in range(len(hops))}
    rename = {old_p: "n2", **({f"n{head[0] + 1}": "n1"} if head else {})}
    b.hops[:] = [Hop(source="n0", rel="负责人", direction="in", target="片区"), Hop(source="n1", rel="属于片区", direction="in", target="项目")]
    b.filters[:] = [
        f.model_copy(update={"node": rename.get(f.node, f.node)})
        for f in b.filters
        if f.node not in old_r and not (f.node == "n0" and f.field.startswith("岗位") and (f.text or "") in it.p.qn and "经理" in (f.text or ""))
    ]
    b.pending_defaults[:] = [f for f in b.pending_defaults if f.node not in old_r]
    b.time[:] = [t for t in b.time if t.node not in old_r]
    b.periods.clear()
    it.notes.append("口径：项目的片区负责人按项目片区关系找到项目所属片区，再取片区信息登记的片区负责人（每个片区一人）")
