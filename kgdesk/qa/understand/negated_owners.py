"""1月没有收款的项目 / 3月没有收款记录的项目有几个: the things none of whose records of that time hold a
non-zero amount of the measure — a negated relationship to those records (NOT EXISTS a record of
the month with the amount above 0), never the records that do, with the negation dropped. Only a
negation word right before the measure word is read this way; anything else stays refused. With a
record word after the measure (没有收款记录) it is the record type that is absent: no record of that
time at all, whatever its amount."""

from __future__ import annotations

from collections.abc import Callable

from kgdesk.qa.dsl import AggFn, Aggregate, AnswerContract, Filter, Hop, Op, QueryPlan, QueryType, ValueSource
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView

_SWAP = {"n0": "n1", "n1": "n0"}
_NEGATIONS = ("没有", "没", "未", "无")
_RECORD_WORDS = ("记录", "数据", "台账", "明细")


def _negated_measure(p: _Parsed) -> tuple[_M, str, bool] | None:
    """(negation word, measure field, records named?) for 没有|收款, 未|开票, 没有|收款|记录 …"""
    for m in p.lex("field"):
        prev = p.prev_before(m, skip_fillers=False)
        if prev is None or prev.kind != "lex" or prev.e != m.s or prev.text not in _NEGATIONS:
            continue
        fs = m.sense("field")
        if fs is not None:
            return prev, str(fs.get("field")), p.qn.startswith(_RECORD_WORDS, m.e)
    return None


def _owners_counted(plan: QueryPlan, p: _Parsed, measure: str) -> bool:
    """…项目里，3月没有开票记录的有几个: read as a total of the measure over the records, while the count
    word asks how many of the things named (a label word of the hop's target) have none."""
    agg, hop = plan.aggregate, plan.steps[0].hops[0]
    return (
        plan.query_type is QueryType.AGGREGATE
        and not plan.group_by
        and agg is not None
        and agg.fn is AggFn.SUM
        and agg.field == measure
        and (agg.node or "n0") == "n0"
        and bool(p.cue("count"))
        and any(s.kind == "label" and s.get("label") == hop.target for m in p.lex("label") for s in m.senses)
    )


def _on_owner_only(schema: SchemaView, owner: str, record: str, f: Filter) -> bool:
    """服务中的项目里，3月没有开票记录的: a grounded condition on a field only the things have (服务状态)
    stays outside the negation — the things that pass it and have no such record of the month."""
    return (
        f.node == "n0"
        and f.value_source is ValueSource.GROUNDED
        and schema.prop(owner, f.field) is not None
        and schema.prop(record, f.field) is None
    )


def negated_measure_owners(
    plan: QueryPlan, schema: SchemaView, p: _Parsed, use: Callable[[_M], None]
) -> QueryPlan | None:
    found = _negated_measure(p)
    if found is None or len(plan.steps) != 1 or plan.having is not None or plan.combine:
        return None
    neg, measure, records = found
    step = plan.steps[0]
    if len(step.hops) != 1 or step.hops[0].negate or step.derived:
        return None
    hop = step.hops[0]
    counted = (
        plan.query_type is QueryType.COUNT and plan.aggregate is not None and plan.aggregate.node == "n0"
    )
    if counted and any(f.node == "n1" and f.field == measure and f.op == Op.GT for f in step.filters):
        owner, record, swap = step.entity, hop.target, False  # 3月没有收款记录的项目有几个 (counted owners)
        direction = hop.direction
    elif plan.query_type is QueryType.LIST and [g.node for g in plan.group_by] == ["n1"]:
        owner, record, swap = hop.target, step.entity, True  # 1月没有收款的项目有哪些 (records per owner)
        direction = "out" if hop.direction == "in" else "in"
        counted = False
    elif _owners_counted(plan, p, measure):
        owner, record, swap = hop.target, step.entity, True  # 服务中的项目里，3月没有开票记录的有几个
        direction = "out" if hop.direction == "in" else "in"
        counted = True
    else:
        return None
    prop = schema.prop(record, measure)
    if prop is None or prop.type not in ("小数", "整数"):
        return None
    keep = [f for f in step.filters if not (f.field == measure and f.op == Op.GT)]
    filters = [f.model_copy(update={"node": _SWAP.get(f.node, f.node)}) if swap else f for f in keep]
    times = [t.model_copy(update={"node": _SWAP.get(t.node, t.node)}) if swap else t for t in step.time]
    if any(f.node != "n1" and not _on_owner_only(schema, owner, record, f) for f in filters):
        return None  # a condition that could be the records' would be read outside the negation
    if any(t.node != "n1" for t in times):
        return None  # the month must be the records': a month of the things themselves is not this
    if not records:  # 没有收款记录: no such record of the time at all; 没有收款: none with an amount
        filters.append(
            Filter(node="n1", field=measure, op=Op.GT, value=0, value_source=ValueSource.DERIVED, text=f"{measure}不为0")
        )
    back = Hop(source="n0", rel=hop.rel, direction=direction, target=record, negate=True)
    new = step.model_copy(
        update={
            "entity": owner,
            "hops": [back],
            "filters": filters,
            "time": times,
            "description": f"查找{owner}",
        }
    )
    use(neg)
    update: dict[str, object] = {"steps": [new], "group_by": [], "projection": [], "sort": [], "limit": None}
    if counted:
        update.update(
            query_type=QueryType.COUNT,
            answer_contract=AnswerContract.COUNT,
            aggregate=Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key"),
        )
    else:
        update.update(query_type=QueryType.LIST, answer_contract=AnswerContract.LIST, aggregate=None)
    out = plan.model_copy(update=update)
    said = f"没有{record}记录" if records else f"没有{measure}不为0的{record}记录"
    out.notes.append(f"口径：“{neg.text}{measure[:2]}{'记录' if records else ''}”指该时间内{said}")
    return out
