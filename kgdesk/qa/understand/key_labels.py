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
    """Turn a key field's name right before an identifier of that record type (or right after it
behind 这个: KWL2307024这个工号) into a filler."""
    ordered = sorted(p.mentions, key=lambda m: m.s)
    for i, m in enumerate(ordered):
        g = m.data if m.kind == "entity" and isinstance(m.data, Grounding) else None
        if g is None or g.chosen is None or g.chosen.method not in ("exact", "code", "key"):
            continue
        label, keyed = g.chosen.entry.label, g.chosen.entry.field
        field_m = _label_before(ordered[:i], m, p.qn) or _restated_after(ordered[i + 1 :], m, p.qn)
        if field_m is None:
            continue
        sense = field_m.sense("field")
        assert sense is not None
        if sense.get("label") != label:
            continue
        if sense.get("field") != keyed and sense.get("field") not in schema.key_fields(label):
            continue
        field_m.senses = [Sense("filler", {}, field_m.text)]


_THIS = ("这个", "这一", "该", "此", "这")
"""A demonstrative between an identifier and its key field's name restating it (KWL2307024这个工号)."""


def _restated_after(after: list[_M], m: _M, qn: str) -> _M | None:
    """KWL2307024这个工号哪天入职的: the key field's name right after the identifier, behind a
    demonstrative, restates what the identifier is — it is not the field asked when another field or
    a date verb is asked after it."""
    for x in after:
        if x.kind == "lex" and x.has("field"):
            asked = any(y.kind == "lex" and y.s >= x.e and (y.has("field") or y.has("date_verb")) for y in after)
            return x if qn[m.e : x.s] in _THIS and asked else None  # 这个工号是谁: the 工号 names its name
        if not (x.is_filler() and qn[x.s : x.e] in _THIS):
            return None
    return None


def _label_before(before: list[_M], m: _M, qn: str) -> _M | None:
    """The field-name mention just before `m`, with only a linking word (为 / 是 / ：) between."""
    for x in reversed(before):
        if x.is_filler() and qn[x.s : x.e] in _LINKS:
            continue
        if x.kind == "lex" and x.has("field") and qn[x.e : m.s].strip() in _LINKS:
            return x
        return None
    return None
