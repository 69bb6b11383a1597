"""A bracket naming the field of a value said before the record noun (报废的设备（完好状况）/ 女的人员（性别）/
已结束的项目（服务状态）): the value is that field's — read as 完好状况是报废的设备, as understand/field_bracket reads
the bracket right after the value (judge 49 K9). Only when the bracket holds a bare field name of the schema, the
value directly before 的 + a short noun is one of that field's values; any other bracket is left as it is."""

from __future__ import annotations

import re

from kgdesk.qa.schema import SchemaView

_PAT = re.compile(r"(?P<v>[^\s，,。？?、（()）的]{1,8})的(?P<n>[^\s，,。？?、（()）的]{0,4})[（(](?P<f>[^（()）]{1,8})[）)]")


def noun_field_bracket(text: str, schema: SchemaView) -> str:
    """报废的设备（完好状况）占所有设备的比例 → 完好状况是报废的设备占所有设备的比例."""
    for m in _PAT.finditer(text):
        field = m["f"].strip()
        for n in range(len(m["v"]), 0, -1):  # the longest tail of the words before 的 that is a value of the field
            value = m["v"][-n:]
            if any(
                field in info.properties and (vals := info.properties[field].values) and value in {str(v) for v in vals}
                for info in schema.labels.values()
            ):
                start = m.start("v") + len(m["v"]) - n
                return f"{text[:start]}{field}是{value}的{m['n']}{text[m.end():]}"
    return text
