"""A record hanging off a project (维保合同 via 维保, 采购记录 via 采购) has its own amount, dates and
quantity: "项目X的维保合同什么时候到期" asks the contract's 结束日期, never the host project's. And a
single named record (CG2026004) is never "counted": "CG2026004的数量是多少" asks its 数量 field."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import FieldRef, Filter, Op, QueryPlan, QueryType, Step, ValueSource
from kgdesk.qa.plan_mentions import _needs_llm
from kgdesk.qa.schema import SchemaView

# the records whose fields share names with the host project's
_RECORDS = ("维保合同", "采购记录")
# a project field that, asked of such a record, means the record's own field of another name
_RENAMED = {"合同金额": "金额", "年化合同额": "金额", "合同结束日期": "结束日期", "合同开始日期": "开始日期"}


def record_field_owner(plan: QueryPlan, schema: SchemaView) -> QueryPlan | None:
    """The plan reading the record's own field where it read the host project's, None when nothing
    to move; raises (needs the LLM) when the record has no such field of its own."""
    if len(plan.steps) != 1 or plan.comparison is not None or plan.share is not None:
        return None
    refs = _read_fields(plan)
    step = plan.steps[0]
    found = _record_hop(step) if refs is not None and step.entity == "项目" else None
    if refs is None or found is None:
        return None
    record_alias, record = found
    if plan.group_by and (plan.group_by != [FieldRef(node=record_alias)] or plan.query_type is not QueryType.LIST):
        return None  # 维保合同的结束日期分别是什么: one row per contract is what the status read gives
    moved: list[FieldRef] = []
    for ref in refs:
        if ref.node != "n0" or ref.field is None or ref.field in schema.key_fields("项目"):
            moved.append(ref)
        else:
            moved.append(FieldRef(node=record_alias, field=_own_field(schema, record, ref.field)))
    if moved == refs:
        return None
    if len(step.hops) == 1 and not step.time and not step.derived:
        # the record as the subject: each contract its own row, the project a condition on it
        h = step.hops[0]
        swap = {"n0": "n1", "n1": "n0"}
        doc = plan.model_dump(mode="json")
        doc["steps"][0].update(
            entity=record,
            hops=[{**h.model_dump(mode="json"), "direction": "in", "target": "项目"}],
            filters=[{**f.model_dump(mode="json"), "node": swap.get(f.node, f.node)} for f in step.filters],
        )
        plan = QueryPlan.model_validate(doc)
        moved = [r.model_copy(update={"node": swap.get(r.node, r.node)}) for r in moved]
    return _as_status(plan, moved)


def _record_hop(step: Step) -> tuple[str, str] | None:
    """(alias, label) of the 维保合同 / 采购记录 the project's step reaches, if any."""
    found = None
    for i, h in enumerate(step.hops, start=1):
        if h.source == "n0" and h.target in _RECORDS and not h.negate and h.direction == "out":
            found = (f"n{i}", h.target)
    return found


def _own_field(schema: SchemaView, record: str, field: str) -> str:
    """The record's own field for a project field asked of it (合同金额 → 金额); raises when none."""
    own = field if schema.has_property(record, field) else _RENAMED.get(field)
    if own is None or not schema.has_property(record, own):
        raise _needs_llm(f"「{field}」是项目的字段，问的却是{record}；{record}没有这一项")
    return own


def _read_fields(plan: QueryPlan) -> list[FieldRef] | None:
    """The fields a plan reads: its projection, or the one field of a total (维保合同的合同金额:
    each contract's own amount is read instead)."""
    agg = plan.aggregate
    if plan.query_type in (QueryType.STATUS, QueryType.LIST):
        return list(plan.projection)
    if plan.query_type is QueryType.AGGREGATE and agg is not None and agg.node == "n0" and agg.field:
        return [FieldRef(node="n0", field=agg.field)]
    return None


def named_record_count(plan: QueryPlan, schema: SchemaView, question: str) -> QueryPlan | None:
    """A count of the one record a code names is never the question: its numeric field named in
    the question (数量 / 金额 / 单价) is read instead; without one the rules do not guess."""
    agg = plan.aggregate
    if plan.query_type is not QueryType.COUNT or agg is None or agg.node != "n0" or plan.group_by:
        return None
    if len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    if step.hops or step.time:
        return None
    named = [f for f in step.filters if f.node == "n0" and f.field == "_key" and f.op.value == "eq"]
    if len(named) != 1 or len(step.filters) != 1:
        return None
    info = schema.labels.get(step.entity)
    if info is None:
        return None
    asked = [
        name
        for name, p in info.properties.items()
        if name in question and p.type in ("小数", "整数") and not p.sensitive
    ]
    if len(asked) != 1:
        raise _needs_llm(f"问的是一条{step.entity}（{named[0].value}），数它的条数没有意义")
    return _as_status(plan, [FieldRef(node="n0", field=asked[0])])


def _as_status(plan: QueryPlan, projection: list[FieldRef]) -> QueryPlan:
    """The plan as a field read (validated anew, so its answer contract follows the new type)."""
    doc = plan.model_dump(mode="json")
    doc.update(
        query_type=QueryType.STATUS.value,
        answer_contract=None,
        aggregate=None,
        group_by=[],
        sort=[],
        projection=[r.model_dump(mode="json") for r in projection],
    )
    return QueryPlan.model_validate(doc)


def related_name(plan: QueryPlan, schema: SchemaView, question: str) -> QueryPlan | None:
    """陈静的项目叫什么 / 马秀英的项目名称是什么: the name asked is the related 项目's, never the named
    person's own (already in the question) — the display field moves to the hop the label word names."""
    if plan.query_type is not QueryType.STATUS or len(plan.steps) != 1 or len(plan.projection) != 1:
        return None
    step = plan.steps[0]
    ref = plan.projection[0]
    if ref.node != "n0" or ref.field is None or ref.field != schema.display_field(step.entity):
        return None
    if not any(f.node == "n0" and f.field == "_key" and f.op.value == "eq" for f in step.filters):
        return None
    targets = [
        (f"n{i}", h.target)
        for i, h in enumerate(step.hops, start=1)
        if h.source == "n0" and not h.negate and h.target != step.entity and h.target in question
    ]
    if len(targets) != 1:
        return None
    alias, label = targets[0]
    shown = schema.display_field(label)
    if not shown:
        raise _needs_llm(f"问的是{label}的名称，{label}没有名称字段")
    return plan.model_copy(update={"projection": [FieldRef(node=alias, field=shown)]})


def what_record_is(plan: QueryPlan, schema: SchemaView, question: str) -> QueryPlan | None:
    """CG2026001是什么设备: a code naming one record, asked "what <label>", asks that record's name —
    never the <label> records of the record's project listed. The named record is read alone."""
    if plan.query_type is not QueryType.LIST or plan.group_by or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    if step.time or step.derived or len(step.filters) != 1 or not step.hops:
        return None
    f = step.filters[0]
    if f.node == "n0" or f.field != "_key" or f.op.value != "eq":
        return None
    if not any(f"{w}{step.entity}" in question for w in ("什么", "哪种", "哪个", "哪类", "啥")):
        return None
    label = step.aliases().get(f.node, "")
    shown = schema.display_field(label)
    if not shown or any({r.start, r.end} == {label, step.entity} for r in schema.relationships):
        return None  # 续签自哪个项目: a relationship of its own names the other record — kept
    doc = plan.model_dump(mode="json")
    doc["steps"][0].update(
        entity=label,
        hops=[],
        filters=[{**f.model_dump(mode="json"), "node": "n0"}],
        description=f"查找{label}",
    )
    return _as_status(QueryPlan.model_validate(doc), [FieldRef(node="n0", field=shown)])


def nonzero_measure(plan: QueryPlan, schema: SchemaView) -> QueryPlan | None:
    """哪些项目开过票: the groups listed by an amount of their records are those with a non-zero
    amount (a 0 row is no invoice), never every group with a record at all."""
    if plan.query_type is not QueryType.LIST or len(plan.group_by) != 1 or len(plan.steps) != 1:
        return None
    if len(plan.projection) != 1 or plan.having is not None or plan.limit is not None:
        return None
    ref = plan.projection[0]
    step = plan.steps[0]
    prop = schema.prop(step.aliases().get(ref.node, ""), ref.field or "")
    if prop is None or prop.type not in ("小数", "整数") or ref.node == plan.group_by[0].node:
        return None
    if any(x.node == ref.node and x.field == ref.field for x in step.filters):
        return None
    cond = Filter(node=ref.node, field=str(ref.field), op=Op.GT, value=0, value_source=ValueSource.DERIVED, text=f"{ref.field}不为0")
    new = step.model_copy(update={"filters": [*step.filters, cond]})
    return plan.model_copy(update={"steps": [new]})


_WHICH = re.compile(r"(?:哪个|哪一个|哪家|什么)(?P<label>项目|供应商|片区)")


def which_related(plan: QueryPlan, schema: SchemaView, question: str) -> QueryPlan | None:
    """WB2026001是哪个项目的: the record a code names, asked "which <other label>", asks the related
    record of that label — never the named record's own name read back."""
    if plan.query_type is not QueryType.STATUS or len(plan.steps) != 1 or len(plan.projection) != 1:
        return None
    step = plan.steps[0]
    ref = plan.projection[0]
    if step.hops or step.time or len(step.filters) != 1 or ref.node != "n0":
        return None
    key = step.filters[0]
    if key.field != "_key" or key.op.value != "eq" or ref.field != schema.display_field(step.entity):
        return None
    m = _WHICH.search(question)
    if m is None or m.group("label") == step.entity:
        return None
    label = m.group("label")
    rels = [r for r in schema.relationships if {r.start, r.end} == {label, step.entity}]
    if len(rels) != 1:
        raise _needs_llm(f"问的是{step.entity}「{key.value}」所属的{label}，图谱中没有唯一的关联")
    rel = rels[0]
    doc = plan.model_dump(mode="json")
    doc.update(query_type=QueryType.LIST.value, answer_contract=None, projection=[], aggregate=None)
    doc["steps"][0].update(
        entity=label,
        hops=[{"source": "n0", "rel": rel.type, "direction": "out" if rel.start == label else "in", "target": step.entity}],
        filters=[{**key.model_dump(mode="json"), "node": "n1"}],
        description=f"查找{label}",
    )
    return QueryPlan.model_validate(doc)


def grouped_record_total(plan: QueryPlan, schema: SchemaView) -> QueryPlan | None:
    """每个项目的维保合同的合同金额: per project, the total of its contracts' own amounts — never the
    project's own 合同金额 shown for each project that has a contract."""
    agg = plan.aggregate
    if plan.query_type is not QueryType.AGGREGATE or agg is None or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    if step.entity != "项目" or plan.group_by != [FieldRef(node="n0")] or agg.node != "n0" or not agg.field:
        return None
    hops = [(f"n{i}", h.target) for i, h in enumerate(step.hops, start=1) if h.source == "n0" and h.target in _RECORDS]
    if len(hops) != 1 or agg.field in schema.key_fields("项目"):
        return None
    alias, record = hops[0]
    own = _own_field(schema, record, agg.field)
    return plan.model_copy(update={"aggregate": agg.model_copy(update={"node": alias, "field": own})})
