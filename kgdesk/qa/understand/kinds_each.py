"""The kinds listed, then a count of each (XMSQ0150这个项目里都有哪几种设备类型，各几台 / 有哪些检查类型，分别多少次):
the second clause asks one count per value of the field just listed — the same question as
每种设备类型各有几台. Read alone, the list word and the 各 pull apart: the kinds were dropped and the
records counted as one total (10 台, a wrong answer). The field is a text field of the schema, or a record
type's own word standing for its one kind field (哪几类设备 → 设备类型, understand/kinds.kind_field); the
list words and the each words are lexicon `kinds_each`. Anything else is left as it is."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.alternation import alternation
from kgdesk.qa.understand.kinds import kind_field


def _kind_words(schema: SchemaView) -> dict[str, str]:
    """Each text field's name, and each record type's word with one kind field, to the field meant."""
    out: dict[str, str] = {}
    for label, info in schema.labels.items():
        for name, pi in info.properties.items():
            if pi.present and not pi.numeric:
                out.setdefault(name, name)
        kind = kind_field(schema, label)
        if kind is not None:
            out.setdefault(label, kind)
    return out


def kinds_each(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """…有哪几种设备类型，各几台 → …每种设备类型各有几台."""
    row = lexicon.raw.get("kinds_each", {})
    lists, each, asks = row.get("lists", []), row.get("each", []), row.get("asks", [])
    words = _kind_words(schema)
    if not lists or not each or not asks or not words:
        return text
    m = re.search(
        rf"(?:都)?(?:{alternation(lists)})(?P<f>{alternation(list(words))})(?:呢|啊|呀)?[，,、 ]*(?:{alternation(each)})+(?:有|是)?"
        rf"(?P<q>{alternation(asks)})",
        text,
    )
    if m is None:
        return text
    return f"{text[: m.start()]}每种{words[m.group('f')]}各有{m.group('q')}{text[m.end() :]}"
