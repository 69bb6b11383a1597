"""A ranking by an explicit aggregate: 平均检查得分最低的三个项目 / 开票金额合计最高的前三个项目.

The question names two aggregates — the one computed per group (合计 / 平均) and the one that
orders the groups (最高 / 最低 / 前N). Taking only the first one drops the order (the superlative
is refused as not reflected); taking only the order drops the average (a project ranked by its
lowest single score is another answer). Both are kept: the groups are ranked by the named
aggregate. A per-unit average (平均每个项目 / 人均) is a different computation and is left alone."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import AggFn, Aggregate, FieldRef, QueryPlan, QueryType, Sort

INNER = {"sum": AggFn.SUM, "avg": AggFn.AVG}
"""The aggregates computed per group; the order cues are max / min (and a top N)."""


def _per_unit(qn: str, cue_starts: list[int]) -> bool:
    """A 每 that divides the aggregate (平均每个项目 / 每人平均): after the aggregate word or just before it. A 每 that
    opens the grouping well ahead of it (每个项目的检查得分平均，最低的是哪个) only says the groups."""
    first = min(cue_starts, default=0)
    return any(i >= first or first - i <= 3 for i, ch in enumerate(qn) if ch == "每")


def ranking_cues(itp: Any, cue: str | None) -> tuple[str, AggFn] | None:
    """(order cue, per-group aggregate) when `cue` (the first aggregate word) is 合计 / 平均 and the
    question also orders groups by it; None otherwise (the plain reading stays)."""
    if cue not in INNER:
        return None
    p = itp.p
    if _per_unit(p.qn, [m.s for m in itp.cue(cue)]) or any(m.text in itp.lx.avg_per for m in itp.cue(cue)):
        return None  # 平均每个项目 / 人均: an average per unit, another computation

    def free(c: str) -> bool:  # 合计超过100万: an aggregate inside a condition orders nothing
        return any((n := p.next_after(m)) is None or n.kind != "num" for m in itp.cue(c))

    order = next((c for c in ("max", "min") if free(c)), None)
    if order is None and p.of("top"):
        order = "max"  # 开票金额合计前三的项目: the highest three
    if order is None:
        return None
    asked = bool(itp.cue("which") or itp.cue("list") or p.of("top")) or itp._label_after_superlative(order)
    if not asked and not any(m.s >= c.e for m in p.lex("label") for c in itp.cue(order)):
        return None  # 平均得分最高是多少: a number, not a ranking
    return order, INNER[cue]


def per_record_ranking(plan: QueryPlan, entity: str, note: Any) -> QueryPlan:
    """The group of the top record (原值最高的那台设备在哪个项目 / 投标金额最高的一次是哪个项目): rank the
    groups by their highest (lowest) record — the same groups, ties included, as sorting the
    records and taking the top one's group; a total per group would rank other groups."""
    agg = plan.aggregate
    assert agg is not None and plan.sort
    fn = AggFn.MAX if plan.sort[0].direction == "desc" else AggFn.MIN
    note(f"口径：按单条{entity}的{agg.field}排序（取最{'高' if fn is AggFn.MAX else '低'}的那一条所在的对象）")
    return plan.model_copy(update={"aggregate": agg.model_copy(update={"fn": fn})})


def per_record_extreme(itp: Any, plan: QueryPlan) -> QueryPlan | None:
    """最低的一次得了多少分: a field's value asked with a superlative of one record is the scalar
    max / min over the records (None when the plan is not that field's listing)."""
    cues = [c for c in ("max", "min") if itp.cue(c)]
    numeric = [r for r in plan.projection if r.node == "n0" and r.field and itp._is_numeric(plan.steps[0].entity, r.field)]
    agg = plan.aggregate
    if plan.query_type is QueryType.AGGREGATE and agg is not None and agg.fn is AggFn.SUM and agg.node == "n0":
        # 投标金额最大的一条投标记录，金额是多少: the one record's value, never a total (no 合计 said)
        if itp.cue("sum") or plan.group_by or not agg.field or not itp._is_numeric(plan.steps[0].entity, agg.field):
            return None
        asked = [c for c in (*itp.cue("count"), *itp.cue("status")) if any(w in c.text for w in ("多少", "几"))]
        others = [c for c in (*itp.cue("count"), *itp.cue("status"), *itp.cue("which"), *itp.cue("list")) if c not in asked]
        fields = {str(x.get("field")) for m in itp.p.lex("field") for x in m.senses if x.kind == "field"}
        if not asked or others or fields - {agg.field}:
            return None  # 原值最高的一台设备是什么 / 是哪一年的 / 一笔采购，数量是多少: not its value
        numeric = [FieldRef(node="n0", field=agg.field)]
    listed = plan.group_by and all(g.field is None for g in plan.group_by) and plan.sort and plan.sort[0].by == "group"
    if len(cues) != 1 or len(numeric) != 1 or (plan.group_by and not listed):
        return None
    fn = AggFn.MAX if cues[0] == "max" else AggFn.MIN
    for c in itp.cue(cues[0]):
        itp.use(c)
    update: dict[str, Any] = {"answer_contract": None, "projection": [], "aggregate": Aggregate(fn=fn, node="n0", field=numeric[0].field)}
    if listed:  # 投标金额最高的一次是哪个项目: the group of the top record, ties kept
        update |= {"sort": [Sort(by="value", direction="desc" if fn is AggFn.MAX else "asc")], "limit": 1, "with_ties": True}
    else:
        update |= {"query_type": QueryType.AGGREGATE}
    return QueryPlan.model_validate(plan.model_copy(update=update).model_dump())
