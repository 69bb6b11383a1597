"""A measure said by its stem and its unit (岗位编制里保安_普保在岗一共多少人 / 按编制表来): 在岗 + 多少人 is the measure
在岗人数 (its stem, the field without its measure suffix, lexicon measure_suffixes; its unit, field_units 人) summed —
not the people of 人员信息 whose job matches. Only when the question names a ledger (or record type) that holds that
field, so 在岗多少人 said of people (XMSQ0150在岗多少人) keeps its reading; rewritten to the form the rules read
(的在岗人数一共是多少)."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.ledger_names import _ledgers

_TOTAL = r"(?P<t>一共|总共|合计|总计|加起来|加一起|共)?"


def _named_labels(text: str, schema: SchemaView) -> set[str]:
    """The record types the text names by a ledger word or by their own name."""
    out = {lab for w, labels in _ledgers() if w in text for lab in labels}
    return out | {lab for lab in schema.labels if lab in text}


def stem_count(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """按编制表来，保安_普保在岗一共多少人 → 按编制表来，保安_普保的在岗人数一共是多少."""
    labels = _named_labels(text, schema)
    if not labels:
        return text
    suffixes = lexicon.raw.get("measure_suffixes", {}).get("words", [])
    for field in sorted(lexicon.additive_fields, key=len, reverse=True):
        unit = lexicon.field_units.get(field)
        suffix = next((s for s in suffixes if field.endswith(s) and len(field) > len(s)), None)
        if not unit or suffix is None or not any(schema.has_property(lab, field) for lab in labels):
            continue
        stem = field[: -len(suffix)]
        m = re.search(rf"的?{re.escape(stem)}(?:的)?{_TOTAL}(?:有)?(?:多少个?|几个?)\s*{re.escape(unit)}(?!{re.escape(unit)})", text)
        if m is not None and not text.startswith(field, m.start()):
            return f"{text[: m.start()]}的{field}{m.group('t') or ''}是多少{text[m.end() :]}"
    return text
