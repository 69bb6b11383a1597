"""各片区的负责人分别是谁 / 每个片区的负责人是谁: the role of each record of a type — every region listed
with its head, never a count of heads per region nor a refusal for lack of one named region. Only a
group word right before the record type's word, then 的 and a relation word of that type (its start or
end), and a who / which / list word after it. The group word is read as nothing (the relation is then
the plain 片区的负责人 listing) and the listing shows each person's record of that type by its display
field (片区名称): the pairs, one row per person."""

from __future__ import annotations

from kgdesk.qa.dsl import FieldRef, QueryPlan, QueryType
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of

_EACH = frozenset({"各", "各个", "每个", "每一个"})
_MARK = "each_role"


def each_role(p: _Parsed, schema: SchemaView) -> None:
    ordered = sorted(p.mentions, key=lambda x: x.s)
    asks = any(c.s > 0 for c in (*p.cue("which"), *p.cue("list")))
    for i, g in enumerate(ordered[:-3]):
        lab_m, de, rel_m = ordered[i + 1 : i + 4]
        if g.kind != "lex" or g.text not in _EACH or not any(s.kind == "cue" and s.name == "group" for s in g.senses):
            continue
        labels = labels_of(lab_m)
        rs = rel_m.sense("rel") if rel_m.kind == "lex" else None
        if lab_m.s != g.e or len(labels) != 1 or de.text != "的" or rs is None or not asks:
            continue
        label = next(iter(labels))
        if not any(r.type == rs.get("rel") and label in (r.start, r.end) and r.start != r.end for r in schema.relationships):
            continue
        if len(p.cue("group")) != 1 or schema.display_field(label) is None:
            continue
        g.become_filler()  # the listing below names each one's region: 各 is said by the column
        lab_m.senses = [Sense(s.kind, {**s.data, _MARK: True}, s.name) if s.kind == "label" else s for s in lab_m.senses]
        return


def each_role_shown(plan: QueryPlan, schema: SchemaView, p: _Parsed) -> QueryPlan | None:
    """The listing of the role's people with each one's record of the named type shown beside it."""
    marked = [str(s.get("label")) for m in p.mentions if m.kind == "lex" for s in m.senses if s.kind == "label" and s.get(_MARK)]
    if not marked or plan.query_type is not QueryType.LIST or len(plan.steps) != 1 or plan.group_by or plan.limit:
        return None
    step = plan.steps[0]
    nodes = [f"n{i}" for i, h in enumerate(step.hops, start=1) if h.source == "n0" and h.target == marked[0]]
    shown = schema.display_field(marked[0])
    if len(nodes) != 1 or len(step.hops) != 1 or shown is None or step.entity == marked[0]:
        return None
    return plan.model_copy(update={"projection": [*plan.projection, FieldRef(node=nodes[0], field=shown)]})
