"""「电梯维保的维保合同，合同金额合计是多少」: right after a record type is named, a field word made of the tail
of the type's own name and a property the type has (维保合同 + 合同金额 = 合同 + 金额) is that property of the
type — the contract's 金额 — never the same-named field of another type (项目.合同金额), which left the
sum out of the query. Only when the type word is followed at once (的 / a comma / nothing between) by the
field word, the field word is another type's field and no property of the type itself, and the rest is one; anything else is left
as it was."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView

_BETWEEN = r"(?:的|，|,|、|\s)?"


def own_amount(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """维保合同，合同金额合计 → 维保合同，金额合计 (the type's own 金额)."""
    elsewhere = {t for t, lab, _ in lexicon.field_terms()} | {
        k for info in schema.labels.values() for k in info.properties
    }  # the field word must be some type's field: 合同金额 is 项目's
    for label, words in lexicon.labels.items():
        info = schema.labels.get(label)
        if info is None:
            continue
        props = {k for k in info.properties if not k.startswith("_") and len(k) >= 2}
        for word in (w for w in words if len(w) >= 3 and w in text):
            for k in range(2, len(word)):
                tail = word[-k:]
                for prop in props:
                    said = tail + prop
                    if said in props or said not in elsewhere:
                        continue
                    m = re.search(re.escape(word) + _BETWEEN + "(" + re.escape(said) + ")", text)
                    if m:
                        return text[: m.start(1)] + prop + text[m.end(1) :]
    return text

