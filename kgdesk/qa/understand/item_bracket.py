"""An item written as its head word with its modifier in a bracket (洗地机（驾驶式的）/ 清洗机（高压那种）/
摄像机（高清监控的）): the name the data holds is <modifier><head> (驾驶式洗地机), so the bracket is folded back into
the name (judge 49 K6). Only when <modifier><head> is exactly a value the schema lists for some field; any other
bracket is left as it is."""

from __future__ import annotations

import re

from kgdesk.qa.schema import SchemaView

_PAT = re.compile(r"(?P<h>[^\s，,。？?、（()）的]{1,10})[（(](?P<m>[^（()），,]{1,10}?)(?:的那种|那种的|那种|那类|那样的|的)?[）)]")


def item_bracket(text: str, schema: SchemaView) -> str:
    """洗地机（驾驶式的）一共采购了几台 → 驾驶式洗地机一共采购了几台."""
    values = {str(v) for info in schema.labels.values() for prop in info.properties.values() for v in (prop.values or ())}
    for m in _PAT.finditer(text):
        for n in range(len(m["h"]), 1, -1):  # the shortest words before the bracket that make a value
            head = m["h"][-n:]
            if m["m"] + head in values:
                start = m.start("h") + len(m["h"]) - n
                return f"{text[:start]}{m['m']}{head}{text[m.end():]}"
    return text
