"""A quoted value restated by its field (岗位编制里"水电工"这个岗位在岗几个人): the quotes say the words are
one value of that field, so when the field's known values (the schema's, for a field with few of them)
do not hold it, the answer is that the data has no such value — never the words split into other
fields' values (水 | 电工 of 证书.专业类别) and refused as not understood, nor a guess.

Only a value in quotes, right before 这个 / 这种 / 这类 + a text field with its values known, and only
when no word inside the quotes was read as a value of that field or as one whole name (保洁阿姨 is
保洁员's word: left to the usual reading)."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import normalize
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import fields_of

_QUOTED = re.compile(r"[\"“”「『‘'](?P<v>[^\"“”「」『』‘’']{2,20})[\"”“」』’']")
_THIS = ("这个", "这种", "这类", "这一", "这")


def quoted_value(p: _Parsed, schema: SchemaView) -> tuple[str, str] | None:
    """(the quoted value, the field's word) when the field does not hold it, else None."""
    for q in _QUOTED.finditer(p.text):
        v = normalize(q.group("v"))
        a = p.qn.find(v)
        if not v or a < 0 or p.qn.find(v, a + 1) >= 0:
            continue
        b = a + len(v)
        this = next((w for w in _THIS if p.qn.startswith(w, b)), None)
        field_m = next((m for m in p.mentions if this and m.s == b + len(this) and m.kind == "lex"), None)
        fs = field_m.sense("field") if field_m is not None else None
        if field_m is None or fs is None:
            continue
        key = (str(fs.get("label")), str(fs.get("field")))
        info = schema.prop(*key)
        if info is None or info.numeric or not info.values or v in {normalize(str(x)) for x in info.values}:
            continue
        inside = [m for m in p.mentions if m.s < b and m.e > a]
        if any(m.s == a and m.e == b and m.kind != "leftover" for m in inside):
            continue  # one whole name or value: read as such
        if any(f == key[1] for m in inside for _, f in fields_of(m)):
            continue  # a word of that field inside (保洁阿姨): the usual reading
        return q.group("v"), field_m.text
    return None
