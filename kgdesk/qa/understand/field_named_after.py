"""A field said by a colloquial word, its exact name right after in a bracket (每个区（市（区））各有几个项目 / 按类型（业态）):
the bracket names the field — the exact name may hold brackets itself — and the colloquial word is only what the asker
calls it, so the two are read as the exact name (每个市（区）各有几个项目). Only after a word that groups or asks by the
field (每个 / 各 / 哪个 / 按 …), when the bracket holds exactly a field of the schema and the word before it is none of
that field's values (青浦区（市（区））is a value with its field, left to the other rules)."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView

_BY = r"(?:每一个|每个|每一|每|各个|各|哪一个|哪个|哪些|哪|按照|按|分)"
_PAT = re.compile(rf"(?P<by>{_BY})(?P<w>[\u4e00-\u9fff]{{1,4}}?)\s*[（(](?P<f>(?:[^（()）]|[（(][^（()）]*[）)]){{1,20}})[）)]")


def _field_values(schema: SchemaView, name: str) -> set[str] | None:
    """The values of the field called `name` (of any record type), None when no record type has it."""
    found = [prop for info in schema.labels.values() for fld, prop in info.properties.items() if fld == name]
    if not found:
        return None
    return {str(v) for prop in found for v in prop.values or ()}


def field_named_after(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """每个区（市（区））各有几个项目 → 每个市（区）各有几个项目."""
    for m in _PAT.finditer(text):
        name = m.group("f").replace("(", "（").replace(")", "）").strip()
        values = _field_values(schema, name)
        if values is None or m.group("w") in values or m.group("w") == name:
            continue
        return f"{text[: m.start('w')]}{name}{text[m.end() :]}"
    return text
