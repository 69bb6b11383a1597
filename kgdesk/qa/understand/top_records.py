"""前N条投标记录是哪些项目的 / 金额最大的前3笔采购是哪几个项目的: the top N *records* (the record type
named right after the top-N words), then whose they are — not the owners ranked by their records'
total (a project with two mid-sized bids would outrank the largest single bid). With N = 1 the
owner of the top record is the owner ranked by its highest record (exact, ties kept); with N > 1
the two differ when one owner holds two of the top records, so it is refused, never summed."""

from __future__ import annotations

from collections.abc import Callable

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed
from kgdesk.qa.understand.ranking import per_record_ranking
from kgdesk.qa.understand.spans import labels_of


def top_records_owner(plan: QueryPlan, p: _Parsed, note: Callable[[str], None]) -> QueryPlan | None:
    """The plan ranking owners by their top record (N = 1), None when it does not apply; raises for N > 1."""
    agg = plan.aggregate
    if not plan.limit or len(plan.steps) != 1 or len(plan.group_by) != 1 or agg is None or agg.fn is not AggFn.SUM:
        return None
    entity = plan.steps[0].entity
    if plan.group_by[0].node == "n0" or not plan.sort:
        return None
    for top in p.of("top"):
        nxt = p.next_after(top, skip_fillers=False)
        while nxt is not None and nxt.kind == "leftover" and nxt.text in ("笔", "条", "个", "次", "张"):
            nxt = p.next_after(nxt, skip_fillers=False)
        if nxt is None or entity not in labels_of(nxt):
            continue
        if plan.limit > 1:
            raise _needs_llm(f"问的是前{plan.limit}条{entity}各属于谁，离线规则不按合计排名，也不猜")
        return per_record_ranking(plan, entity, note)
    return None
