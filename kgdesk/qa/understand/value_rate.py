"""「中标率是多少」 with no record type said: "<value>率" is the share of the records holding the value among
all records of the value's type — the same reading as 投标记录的中标率, which names the type. The type is
put in front (投标记录的中标率) only when the value is a value of one field of one record type in the schema
(完好 → 设备, 中标 → 投标记录) and the question names no record type at all; a value that several types hold,
or a question that names a type already, is left as it is (read, or refused, as before)."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView

_RATE = re.compile("率")


def _owners(schema: SchemaView, value: str) -> set[str]:
    """The record types one of whose fields lists `value` among its values."""
    return {
        label
        for label, info in schema.labels.items()
        for prop in info.properties.values()
        if prop.values and value in {str(x) for x in prop.values}
    }


def value_rate(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """中标率是多少 → 投标记录的中标率是多少 (the value's own record type said in front of the rate)."""
    for m in _RATE.finditer(text):
        for n in range(min(8, m.start()), 1, -1):  # the longest value glued before 率
            s = m.start() - n
            owners = _owners(schema, text[s : m.start()])
            if not owners:
                continue
            rest = text[:s] + "，" + text[m.end() :]  # 中标 holds 标 (a word for 投标记录): not a type named
            if len(owners) != 1 or any(w in rest for words in lexicon.labels.values() for w in words):
                return text
            return f"{text[:s]}{owners.pop()}的{text[s:]}"
    return text
