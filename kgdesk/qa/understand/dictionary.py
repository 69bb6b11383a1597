"""A dictionary record type named by its key field (岗位 = 岗位字典's 岗位名称): 「一线员工的岗位有几种」
counts the dictionary's records with that attribute, never the people's rows that carry the same
attribute (人员.员工层级) listed one by one.

Applies when a field word is followed by a count or list word, its field is the single key of
another record type (read from the schema: 岗位's key is 岗位名称), and every other condition of the
question is on a property that record type has too; nothing else (no other record type, no entity)
is named. Otherwise nothing changes."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, Aggregate, QueryPlan, QueryType
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView

_ASKS = frozenset({"count", "list", "which"})
_KINDS = frozenset("个种类项")
"""The measure words of a count of kinds (几个 / 多少种); 几人 / 多少位 count people."""


def _keyed_label(schema: SchemaView, label: str, field: str) -> str | None:
    owners = [lab for lab in schema.labels if lab != label and schema.key_fields(lab) == (field,)]
    return owners[0] if len(owners) == 1 else None


def _conditions(p: _Parsed, m: _M) -> list[tuple[_M, str]] | None:
    """(mention, field) of every other condition, or None when something else is named."""
    out: list[tuple[_M, str]] = []
    for x in p.mentions:
        if x is m:
            continue
        if x.kind in ("entity", "entity_multi", "ambiguous", "leftover", "num"):
            return None
        if x.kind == "field_value" and isinstance(x.data, dict):
            out.append((x, str(x.data.get("field"))))
        elif x.kind == "lex":
            if x.has("label") or x.has("rel") or x.has("derived") or x.has("condition"):
                return None
            fs = x.sense("field")
            if fs is not None:
                out.append((x, str(fs.get("field"))))
            elif x.has("svalue") or x.has("value"):
                out.append((x, ""))
    return out


def dictionary_label(p: _Parsed, schema: SchemaView) -> None:
    for m in p.mentions:
        fs = m.sense("field") if m.kind == "lex" else None
        nxt = p.next_after(m)
        while nxt is not None and nxt.kind == "lex" and nxt.has("cue") and all(s.kind == "filler" or s.name in ("sum", "all") for s in nxt.senses):
            nxt = p.next_after(nxt)  # 岗位一共几个 / 岗位都有哪些: a total or all word before the asking word
        if fs is None or nxt is None or nxt.kind != "lex" or not any(s.kind == "cue" and s.name in _ASKS for s in nxt.senses):
            continue
        if nxt.has("cue") and any(s.name == "count" for s in nxt.senses) and nxt.text[-1] not in _KINDS:
            continue  # 保安岗位有多少人: the people are counted, not the kinds
        prev = p.prev_before(m, skip_fillers=False)
        if prev is None or not (prev.text == "的" or prev.has("field")):
            continue  # 保安岗位有几个 (the value glued to the word) stays the people's reading
        owner = _keyed_label(schema, str(fs.get("label")), str(fs.get("field")))
        conds = _conditions(p, m) if owner is not None else None
        if owner is None or not conds:
            continue
        if not all(schema.has_property(owner, f) for _x, f in conds if f):
            continue
        if not all(_value_of(x, owner) for x, f in conds if not f):
            continue
        m.senses = [Sense("label", {"label": owner}, owner)]
        for x, f in conds:
            if x.kind == "field_value" and isinstance(x.data, dict):
                x.data = {**x.data, "label": owner}
            elif f and (xs := x.sense("field")) is not None:
                x.senses = [Sense("field", {**xs.data, "label": owner}, xs.name)] + [s for s in x.senses if s.kind != "field"]
        return


def _value_of(x: _M, label: str) -> bool:
    """A data value word that the record type holds itself (职能管理人员 in 岗位.员工层级)."""
    return any(s.kind == "svalue" and any(str(v[0]) == label for v in s.get("values", [])) for s in x.senses)


_KIND_COUNT = re.compile(r"(?:多少|几)(?:种|个|类|项)")


def dictionary_count(plan: QueryPlan, schema: SchemaView, question: str) -> QueryPlan | None:
    """有多少种岗位 / 岗位字典里有几个岗位: the dictionary's own records (岗位 nodes) counted or listed,
    never the people's rows carrying the field (人员.岗位名称) shown one by one. Only for a plan
    that reads that field alone, with no condition, time or other record type."""
    if len(plan.steps) != 1 or len(plan.projection) != 1 or plan.having is not None:
        return None
    step = plan.steps[0]
    ref = plan.projection[0]
    if plan.group_by and (len(plan.group_by) != 1 or "字典" not in question):
        return None  # 岗位字典有哪些岗位: grouped by the field it reads, the dictionary named
    if ref.node != "n0" or ref.field is None or step.filters or step.time or step.derived:
        return None
    owner = _keyed_label(schema, step.entity, ref.field)
    if owner is None or any(h.target != owner or h.negate for h in step.hops):
        return None
    counted = bool(_KIND_COUNT.search(question))
    if not counted and not (plan.query_type is QueryType.LIST and "字典" in question):
        return None
    doc = plan.model_dump(mode="json")
    doc.update(answer_contract=None, projection=[], group_by=[], sort=[], limit=None)
    doc["steps"][0].update(entity=owner, hops=[], description=f"查找{owner}")
    if counted:
        doc.update(
            query_type=QueryType.COUNT.value,
            aggregate=Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key").model_dump(mode="json"),
        )
    else:
        doc.update(query_type=QueryType.LIST.value, aggregate=None)
    return QueryPlan.model_validate(doc)
