"""A field phrase whose qualifier names a field of the named entity's own template (王海涛当前服务的项目编号 /
王海涛现在服务哪个项目（编号）): 人员 has 当前服务项目编号, so the words before 项目编号 (当前/现在 + 服务)
with it are that field of the person — never 项目.项目编号 refused as another type's field.

Only for one named entity, a field word of another record type after it, and the words in between
(when-now words read as 当前, 的 and a which-word dropped) spelling exactly the rest of one property
name of the entity's type that ends with the field word's field."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense, _record_labels
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import entity_label

_DROP = frozenset({"的", "哪个", "哪一个", "是"})


def own_field(p: _Parsed, schema: SchemaView) -> None:
    ents = [m for m in p.mentions if entity_label(m) is not None]
    if len(ents) != 1:
        return
    ent, label = ents[0], str(entity_label(ents[0]))
    info = schema.labels.get(label)
    if info is None:
        return
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for f in ordered:
        fs = f.sense("field") if f.kind == "lex" and f.s > ent.e else None
        if fs is None or fs.get("label") == label:
            continue
        between = [x for x in ordered if ent.e <= x.s and x.e <= f.s]
        words = [x for x in between if x.text not in _DROP]
        if not words or any(x.kind != "lex" for x in words):
            return
        qualifier = "".join("当前" if x.has("current") else x.text for x in words)
        names = [n for n in info.properties if n == qualifier + str(fs.get("field"))]
        if len(names) != 1 or not info.properties[names[0]].present:
            return
        f.senses = [Sense("field", {"label": label, "field": names[0]}, names[0])]
        for x in between:
            x.become_filler()
        return


def _field_sense(f: _M) -> Sense | None:
    """The field a word names, as a field or as the date field a time is on (开始日期在2026年1月1日 — the
    same field, already read as the time's field): both are the record type's own when it has one."""
    return f.sense("field") or f.sense("time_field")


def anchor_own_field(p: _Parsed, schema: SchemaView) -> None:
    """维保合同WB2024004的结束日期 / WB2026001的状态 — a field word the lexicon gives another
    record type (项目.结束日期, 项目.服务状态), said of the one named record whose own type has a
    filled property of that name (维保合同.结束日期, 维保合同.状态), is that record's own field."""
    ents = [m for m in p.mentions if entity_label(m) is not None]
    labels = {str(entity_label(m)) for m in ents}
    if len(labels) != 1:
        return
    label = labels.pop()
    info = schema.labels.get(label)
    if info is None or label not in _record_labels():
        return  # only a record hanging off a project (维保合同, 采购记录): its fields share the project's names
    for f in p.mentions:
        fs = _field_sense(f) if f.kind == "lex" and ents[0].e <= f.s else None
        if fs is None or fs.get("label") != "项目":
            continue
        for name in (str(fs.get("field")), f.text):
            pi = info.properties.get(name)
            if pi is not None and pi.present:
                f.senses = [Sense(fs.kind, {"label": label, "field": name, "own": True}, name) if s is fs else s for s in f.senses]
                break


def label_own_field(p: _Parsed, schema: SchemaView) -> None:
    """哪份维保合同的结束日期最晚 / 结束日期最晚的维保合同 — a field word the lexicon gives 项目 (结束日期),
    in a question that names one record type hanging off a project (维保合同) and no project at all, is
    that record type's own filled property of that name, never the project's."""
    if any(entity_label(m) is not None for m in p.mentions):
        return  # a named record: anchor_own_field
    labels = {str(ls.get("label")) for m in p.mentions if m.kind == "lex" and (ls := m.sense("label")) is not None}
    if len(labels) != 1:
        return
    label = labels.pop()
    info = schema.labels.get(label)
    if info is None or label not in _record_labels():
        return
    for f in p.mentions:
        fs = _field_sense(f) if f.kind == "lex" else None
        if fs is None or fs.get("label") != "项目":
            continue
        pi = info.properties.get(str(fs.get("field")))
        if pi is not None and pi.present:
            f.senses = [Sense(fs.kind, {"label": label, "field": str(fs.get("field")), "own": True}, str(fs.get("field"))) if s is fs else s for s in f.senses]
