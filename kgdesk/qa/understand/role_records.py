"""A person followed by the verb of a record type (姚丽华检查了哪些项目, 顾佳怡负责财务的项目) is that
record's role (检查记录.检查人, 财务.经办人): the projects are those of the records the person holds
the role on — never the project the person serves or manages."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, Aggregate, FieldRef, Hop, QueryPlan, QueryType, Sort
from kgdesk.qa.schema import SchemaView

# record type → (the verbs naming it right after a person, the person's role relationship on it)
_VERBS: dict[str, tuple[tuple[str, ...], str]] = {
    "检查记录": (("检查了", "检查过", "检查的", "去检查", "查过", "检查"), "检查人"),
    "财务": (("负责财务", "经办财务", "管财务", "做财务", "负责的财务", "经办的财务"), "经办人"),
    "投标记录": (("负责投标", "经办投标", "经办的投标", "负责的投标"), "经办人"),
}
_LATE = re.compile(r"(?:负责|经办|管)(?:了|过|着)?(?:哪些|哪几个|几个|多少个|哪个)项目的(?P<rec>财务|投标)")
_LATE_RECORDS = {"财务": ("财务", "经办人"), "投标": ("投标记录", "经办人")}
_PERSON_RELS = ("服务于", "负责人")
NOTE = "口径：按{record}的{role}（人员在该记录上的角色）关联项目，不是人员自己服务或负责的项目"


def role_record_projects(plan: QueryPlan, schema: SchemaView, question: str) -> tuple[QueryPlan, str] | None:
    """The plan through the named record's role relationship and its 口径 note, None when the
    question names no such verb right after the person."""
    if len(plan.steps) != 1 or plan.steps[0].entity != "项目":
        return None
    step = plan.steps[0]
    aliases = step.aliases()
    person = [
        f for f in step.filters if aliases.get(f.node) == "人员" and f.field == "_key" and f.op.value == "eq" and f.text
    ]
    if len(person) != 1:
        return None
    key = person[0]
    i = int(key.node[1:])
    hop = step.hops[i - 1]
    if hop.source != "n0" or hop.rel not in _PERSON_RELS or hop.negate:
        return None
    found = _verb_after(question, str(key.text))
    if found is None:
        return None
    record, role = found
    to_record = [r.type for r in schema.relationships if r.start == "项目" and r.end == record]
    if len(to_record) != 1 or schema.rel(role, record, "人员") is None:
        return None
    kept = [f for f in step.filters if f is not key and f.node != f"r{i}"]
    if any(f.node != "n0" for f in kept) or step.time or step.derived:
        return None
    if any(h is not hop and h.target != record for h in step.hops):
        return None
    new = step.model_copy(
        update={
            "hops": [
                Hop(source="n0", rel=to_record[0], direction="out", target=record),
                Hop(source="n1", rel=role, direction="out", target="人员"),
            ],
            "filters": [*kept, key.model_copy(update={"node": "n2"})],
        }
    )
    notes = [n for n in plan.notes if "当前服务项目" not in n]
    note = NOTE.format(record=record, role=role)
    return plan.model_copy(update={"steps": [new], "notes": notes}), note


def _verb_after(question: str, name: str) -> tuple[str, str] | None:
    """(record type, role) of the verb right after the person's name in the question."""
    at = question.find(name)
    if at < 0:
        return None
    rest = question[at + len(name) :]
    for record, (verbs, role) in _VERBS.items():
        if any(rest.startswith(v) for v in verbs):
            return record, role
    late = _LATE.match(rest)  # 顾佳怡负责哪些项目的财务: the record word after the projects
    if late is not None and late.group("rec") in _LATE_RECORDS:
        return _LATE_RECORDS[late.group("rec")]
    return None



_WHO = re.compile(r"谁|哪些人|哪个人|哪位")


def who_did(plan: QueryPlan, schema: SchemaView, question: str) -> QueryPlan | None:
    """谁检查了青浦-区图书馆 / 区图书馆是谁检查的: the people in the record's role (检查人), listed —
    never the records themselves. Only for a plain list of one record type whose verb is named."""
    if plan.query_type is not QueryType.LIST or plan.group_by or plan.projection or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    spec = _VERBS.get(step.entity)
    if spec is None or not _WHO.search(question) or not any(v in question for v in (*spec[0], "经办")):
        return None
    role = spec[1]
    if schema.rel(role, step.entity, "人员") is None or step.derived:
        return None
    new = step.model_copy(update={"hops": [*step.hops, Hop(source="n0", rel=role, direction="out", target="人员")]})
    alias = f"n{len(new.hops)}"
    return QueryPlan(
        query_type=QueryType.LIST,
        steps=[new],
        group_by=[FieldRef(node=alias, field=None)],
        aggregate=Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key"),
        sort=[Sort(by="group", direction="asc")],
        notes=[*plan.notes, f"口径：按{step.entity}的{role}列出人员"],
    )
