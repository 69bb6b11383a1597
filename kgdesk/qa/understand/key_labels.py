"""The name of a key field said as the label of an identifier (工号KWL1606012的…, 项目编号为XMSQ0150的…,
设备编号：DT-001…) is part of the *reference* to that record, not a field asked: it becomes a filler, so a
look-up of one field answers that field alone — never a record of the key and the field."""

from __future__ import annotations

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView

_LINKS = ("", "为", "是", "=", ":", "：", "号为", "号是")
"""What may stand between the field's name and the identifier it labels."""


def key_labels(p: _Parsed, schema: SchemaView) -> None:
    """Turn a key field's name right before an identifier of that record type into a filler."""
    ordered = sorted(p.mentions, key=lambda m: m.s)
    for i, m in enumerate(ordered):
        g = m.data if m.kind == "entity" and isinstance(m.data, Grounding) else None
        if g is None or g.chosen is None or g.chosen.method not in ("exact", "code", "key"):
            continue
        label, keyed = g.chosen.entry.label, g.chosen.entry.field
        field_m = _label_before(ordered[:i], m, p.qn)
        if field_m is None:
            continue
        sense = field_m.sense("field")
        assert sense is not None
        if sense.get("label") != label:
            continue
        if sense.get("field") != keyed and sense.get("field") not in schema.key_fields(label):
            continue
        field_m.senses = [Sense("filler", {}, field_m.text)]


def _label_before(before: list[_M], m: _M, qn: str) -> _M | None:
    """The field-name mention just before `m`, with only a linking word (为 / 是 / ：) between."""
    for x in reversed(before):
        if x.is_filler() and qn[x.s : x.e] in _LINKS:
            continue
        if x.kind == "lex" and x.has("field") and qn[x.e : m.s].strip() in _LINKS:
            return x
        return None
    return None
