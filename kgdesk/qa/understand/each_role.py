"""各片区的负责人分别是谁 / 每个片区的负责人是谁: the role of each record of a type — every region listed
with its head, never a count of heads per region nor a refusal for lack of one named region. Only a
group word right before the record type's word (or 各自 right after it), then 的 and a relation word of that type (its start or
end), and a who / which / list word after it. The group word is read as nothing (the relation is then
the plain 片区的负责人 listing) and the listing shows each person's record of that type by its display
field (片区名称): the pairs, one row per person. A role held by people (每个项目的项目经理是谁: 项目经理 a value
of 人员's role field) is read the same way — the people of that role listed, each with the project they
serve beside them, never a count of them per project."""

from __future__ import annotations

from kgdesk.qa.dsl import FieldRef, Hop, QueryPlan, QueryType
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of

_EACH = frozenset({"各", "各个", "每个", "每一个"})
_MARK = "each_role"


def _said(ordered: list[_M], i: int) -> tuple[_M, _M, list[_M]] | None:
    """(the group word, the type's word, the words after the type up to 的) of 各片区的 / 片区各自的 at i."""
    g, lab_m = ordered[i], ordered[i + 1] if i + 1 < len(ordered) else None
    if g.kind == "lex" and g.text in _EACH and lab_m is not None and lab_m.s == g.e:
        return g, lab_m, []
    if i + 2 < len(ordered) and labels_of(g) and (each := ordered[i + 1]).text == "各" and each.s == g.e:
        own = ordered[i + 2]
        if own.kind == "leftover" and own.text == "自" and own.s == each.e:
            return each, g, [own]  # 片区各自的负责人: 各自 after the type says what 各 before it says
    return None


def each_role(p: _Parsed, schema: SchemaView) -> None:
    ordered = sorted(p.mentions, key=lambda x: x.s)
    asks = any(c.s > 0 for c in (*p.cue("which"), *p.cue("list")))
    for i in range(len(ordered) - 3):
        said = _said(ordered, i)
        if said is None:
            continue
        g, lab_m, extra = said
        rest = ordered[i + 2 + len(extra) : i + 4 + len(extra)]
        if len(rest) != 2 or not any(s.kind == "cue" and s.name == "group" for s in g.senses):
            continue
        de, rel_m = rest
        labels = labels_of(lab_m)
        rs = rel_m.sense("rel") if rel_m.kind == "lex" else None
        if len(labels) != 1 or de.text != "的" or not asks:
            continue
        label = next(iter(labels))
        if rs is None:
            if not _a_role(rel_m, label, schema):
                continue
        elif not any(r.type == rs.get("rel") and label in (r.start, r.end) and r.start != r.end for r in schema.relationships):
            continue
        if len(p.cue("group")) != 1 or schema.display_field(label) is None:
            continue
        for w in (g, *extra):
            w.become_filler()  # the listing below names each one's region: 各 is said by the column
        lab_m.senses = [Sense(s.kind, {**s.data, _MARK: True}, s.name) if s.kind == "label" else s for s in lab_m.senses]
        return


def said_each(m: _M) -> bool:
    """The type's word of 各片区的 / 片区各自的 (each_role marked it): its own role word follows 的."""
    return m.kind == "lex" and any(s.kind == "label" and s.get(_MARK) for s in m.senses)


def each_role_shown(plan: QueryPlan, schema: SchemaView, p: _Parsed) -> QueryPlan | None:
    """The listing of the role's people with each one's record of the named type shown beside it."""
    marked = [str(s.get("label")) for m in p.mentions if m.kind == "lex" for s in m.senses if s.kind == "label" and s.get(_MARK)]
    if not marked or plan.query_type is not QueryType.LIST or len(plan.steps) != 1 or plan.group_by or plan.limit:
        return None
    step = plan.steps[0]
    nodes = [f"n{i}" for i, h in enumerate(step.hops, start=1) if h.source == "n0" and h.target == marked[0]]
    shown = schema.display_field(marked[0])
    if step.entity == marked[0] and shown is not None:
        return _role_holders(plan, shown)
    if len(nodes) != 1 or len(step.hops) != 1 or shown is None or step.entity == marked[0]:
        return None
    return plan.model_copy(update={"projection": [*plan.projection, FieldRef(node=nodes[0], field=shown)]})


def _a_role(m: _M, label: str, schema: SchemaView) -> bool:
    """项目经理 after 每个项目的: a stated value of a field of 人员, a type related to the marked one."""
    sv = m.sense("svalue") if m.kind == "lex" else None
    if sv is None or label == "人员" or not any(v[0] == "人员" for v in sv.get("values") or ()):
        return False
    return any({r.start, r.end} == {label, "人员"} for r in schema.relationships)


def _role_holders(plan: QueryPlan, shown: str) -> QueryPlan | None:
    """The plan of 项目的项目经理 (the projects, people joined) turned round: the people of the role, each
    with their project's name beside them."""
    step = plan.steps[0]
    if len(plan.steps) != 1 or len(step.hops) != 1 or step.time or step.derived or plan.projection:
        return None
    h = step.hops[0]
    if h.target != "人员" or h.negate or h.max_hops != 1 or not any(f.node == "n1" for f in step.filters):
        return None
    swap = {"n0": "n1", "n1": "n0"}
    hop = Hop(source="n0", rel=h.rel, direction="out" if h.direction == "in" else "in", target=step.entity)
    filters = [f.model_copy(update={"node": swap.get(f.node, f.node)}) for f in step.filters]
    turned = step.model_copy(update={"entity": "人员", "hops": [hop], "filters": filters, "description": "查找人员"})
    return plan.model_copy(update={"steps": [turned], "projection": [FieldRef(node="n1", field=shown)]})
