"""3月份税后工资拿得最多的那个人拿了多少: the value of the top group, asked as a number (多少 / 多少钱 after the
group's noun) — not the list of the top group. The ranking plan (groups by their total, the top one) becomes
the highest (lowest) of the groups' totals: each group's records summed first (Aggregate.per), then the
maximum. A group may hold several records (考勤 is keyed by 工号 + 项目编号 + 年月: one person, two projects),
so the 口径 says the reading that ran — per group summed — never a silent choice between it and one record.
Only with one group node, a total of a numeric field, the top one, and no who / which word (那个人是谁，拿了
多少 asks both: left to the checks, which refuse)."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import AggFn, Aggregate, FieldRef, QueryPlan, QueryType
from kgdesk.qa.lexicon import load_lexicon

_ASK = ("多少", "几")


def top_group_value(itp: Any, plan: QueryPlan) -> QueryPlan | None:
    agg, g = plan.aggregate, plan.group_by[0] if len(plan.group_by) == 1 else None
    if plan.query_type is not QueryType.LIST or g is None or g.field is not None or g.node == "n0" or len(plan.steps) != 1:
        return None
    if agg is None or agg.fn is not AggFn.SUM or agg.node != "n0" or not agg.field or agg.per is not None:
        return None
    if plan.limit != 1 or not plan.sort or plan.sort[0].by != "value" or plan.having is not None:
        return None
    step = plan.steps[0]
    label = step.aliases().get(g.node, "")
    if not itp._is_numeric(step.entity, agg.field) or itp.cue("which") or itp.cue("list"):
        return None
    nouns = [m for m in itp.p.mentions if any(s.kind == "label" and s.get("label") == label for s in m.senses)]
    if not nouns:
        return None
    units = load_lexicon().raw.get("units", {})
    asked = [
        c
        for c in (*itp.cue("count"), *itp.cue("status"))
        if c.s >= nouns[-1].e and any(w in c.text for w in _ASK)
        and units.get(c.text.split("多少")[-1].split("几")[-1], {}).get("kind") not in ("count", "people", "times")
    ]
    if not asked:
        return None
    for c in asked:
        itp.use(c)
    top = plan.sort[0].direction == "desc"
    fn = AggFn.MAX if top else AggFn.MIN
    itp._note(f"口径：先按每个{label}把{agg.field}相加（同一{label}的多条{step.entity}记录合在一起），再取最{'高' if top else '低'}的那个{label}的合计")
    update: dict[str, Any] = {
        "query_type": QueryType.AGGREGATE,
        "answer_contract": None,
        "group_by": [],
        "sort": [],
        "limit": None,
        "with_ties": False,
        "aggregate": Aggregate(fn=fn, node="n0", field=agg.field, per=FieldRef(node=g.node)),
    }
    return QueryPlan.model_validate(plan.model_copy(update=update).model_dump())
