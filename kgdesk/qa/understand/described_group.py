"""A group said colloquially by what its members do, then its exact condition in a bracket (搞安保的（岗位保安_普保） /
干电工的（岗位工程维修工） / 管绿化的（岗位绿化工）): the bracket is the condition; the description's word (安保, 电工) is
no second condition — grounded on another ledger (证书.专业类别 = 安保) it was joined on top of the bracket and cut the
count. The whole is read as the bracket alone followed by 的. Only when the bracket holds a value of the schema; any
other bracket is left as it is. The describing verbs are data (lexicon `described_groups`)."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.alternation import alternation


def _holds_value(schema: SchemaView, inner: str) -> bool:
    """The bracket names some value of some field (保安_普保 in 岗位保安_普保)."""
    for info in schema.labels.values():
        for prop in info.properties.values():
            if any(len(str(v)) >= 2 and str(v) in inner for v in prop.values or ()):
                return True
    return False


def described_group(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """搞安保的（岗位保安_普保）花名册上有几个人 → 岗位保安_普保的花名册上有几个人."""
    verbs = lexicon.raw.get("described_groups", {}).get("verbs", [])
    if not verbs:
        return text
    alt = alternation(verbs)
    pat = re.compile(rf"(?:{alt})[^的，,。（()）\s]{{1,6}}的\s*[（(](?P<in>[^（()）]+)[）)]")
    m = pat.search(text)
    if m is None or not _holds_value(schema, m.group("in")):
        return text
    return f"{text[: m.start()]}{m.group('in').strip()}的{text[m.end() :]}"
