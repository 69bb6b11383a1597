"""A bracket that names the field of the value before it (青浦区（市（区）字段）服务状态为服务中的项目 / 保洁员（按岗位名称）
的人 / 报废（完好状况）占全部设备的百分之几: the field's name alone): the value is that field's — read as 市（区）是青浦区, the way a field said before its value is read — so the
words are never offered as a choice of the names they are part of. Only when the field is a property of the
schema that lists the value among its values; any other bracket is left as it is (read, or refused). The words
around the field (字段 / 这一栏 / 按) are the lexicon's field_brackets."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.alternation import alternation

_OPEN, _CLOSE = "[（(]", "[）)]"


def _fields(schema: SchemaView, value: str) -> set[str]:
    """The fields (of any record type) that list `value` among their values."""
    return {
        name
        for info in schema.labels.values()
        for name, prop in info.properties.items()
        if prop.values and value in {str(v) for v in prop.values}
    }


def field_bracket(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """青浦区（市（区）字段）服务状态为服务中 → 市（区）是青浦区的服务状态为服务中."""
    row = lexicon.raw.get("field_brackets", {})
    before = alternation(row.get("before", [])) or "(?!)"
    after = alternation(row.get("after", [])) or "(?!)"
    inner = r"(?P<f>[^（()）]{1,12}?(?:[（(][^（()）]{1,4}[）)])?[^（()）]{0,6}?)"
    bare = r"(?P<h>[^（()）+＋、和与及]{2,8})"  # 报废（完好状况）占全部设备的: the field's own name alone
    pat = re.compile(rf"{_OPEN}\s*(?:(?:{before}){inner}|{inner.replace('<f>', '<g>')}(?:{after})|{bare}){_CLOSE}")
    for m in pat.finditer(text):
        field = m.group("f") or m.group("g") or m.group("h")
        norm = field.replace("(", "（").replace(")", "）")
        for n in range(min(12, m.start()), 0, -1):  # the longest value of that field glued before the bracket
            value = text[m.start() - n : m.start()]
            if norm in _fields(schema, value):
                rest = text[m.end() :]
                joint = "" if rest[:1] in ("的", "、", "，", ",", "") else "的"
                return f"{text[: m.start() - n]}{norm}是{value}{joint}{rest}"
    return text
