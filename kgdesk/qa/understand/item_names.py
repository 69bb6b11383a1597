"""The item a record names (复合肥一共采购了多少 / 干粉灭火器买了多少钱 / 哪些项目采购过驾驶式洗地机): a value
of a record type's item-name field (lexicon `index_fields` role attribute, 采购记录.名称, grounded
exactly in the graph) is a condition on those records. Asked how much of it (多少 / 几个 / 多少数量) the
answer is the records' quantity summed (the one additive field of the type without a unit: 数量),
asked for money (多少钱) their money summed (the one additive 元 field: 金额) — never the number of
records, which only a count of records or times asks (几笔 / 多少次 / 几条). A word that names the
same record type (采购) is that type's word there, never a value of another type's field (岗位大类)."""

from __future__ import annotations

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense, load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of

_RECORD_COUNTS = set("次条笔单回批份趟家")
"""The last character of a count word that counts records or times, not the things bought."""


def _item_label(m: _M) -> str | None:
    g = m.data if m.kind == "entity" and isinstance(m.data, Grounding) else None
    if g is None or g.attribute is None or g.chosen is not None:
        return None
    label, field, _v = g.attribute
    roles = {(f["label"], f["field"]): f["role"] for f in load_lexicon().index_fields}
    return label if roles.get((label, field)) == "attribute" else None


def _additive(schema: SchemaView, label: str, unit: str) -> str | None:
    lx = load_lexicon()
    hits = [f for f in sorted(lx.additive_fields) if lx.field_units.get(f) == unit and schema.has_property(label, f)]
    return hits[0] if len(hits) == 1 else None


def item_names(p: _Parsed, schema: SchemaView) -> None:
    labels = {lab for m in p.mentions if (lab := _item_label(m)) is not None}
    if len(labels) != 1:
        return
    label = next(iter(labels))
    for m in p.mentions:
        if m.kind == "lex" and labels_of(m) == {label}:
            m.senses = [s for s in m.senses if s.kind not in ("svalue", "value")]
    if any(m.kind == "lex" and m.has("field") for m in p.mentions):
        return  # a field is named (复合肥的采购金额): it is the measure
    counts = [m for m in p.mentions if m.kind == "lex" and any(s.kind == "cue" and s.name == "count" for s in m.senses)]
    named = [m for m in counts if schema.has_property(label, m.text)]  # 多少数量: the field itself
    asked = named or counts
    if len(asked) != 1 or asked[0].text[-1] in _RECORD_COUNTS:
        return
    m = asked[0]
    field = m.text if named else _additive(schema, label, "元" if "钱" in m.text else "")
    if field is None:
        return
    m.senses = [Sense("field", {"label": label, "field": field}, field), Sense("cue", {"cue": "sum"}, "sum")]
