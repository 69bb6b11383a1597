"""Verbs of the staffing ledger (岗位编制里设了项目经理这个岗位的项目 / 配了保洁员岗位的项目): a verb of the
lexicon's staffing_verbs before a value of the ledger's job field, then that field's word (岗位), says the
project HAS a row of that job in the ledger — read as 有<value>这个岗位, the ledger named in front when the
question does not name it, so the rows counted are the ledger's and never the people of that job."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView


def staffing_verbs(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """设了保洁员岗位的项目有几个 → 岗位编制里有保洁员这个岗位的项目有几个."""
    row = lexicon.raw.get("staffing_verbs", {})
    label, field, verbs = row.get("label"), row.get("field"), row.get("verbs", [])
    info = schema.prop(str(label), str(field)) if label and field else None
    if info is None or not info.values or not verbs:
        return text
    values = "|".join(re.escape(str(v)) for v in sorted({str(v) for v in info.values}, key=len, reverse=True))
    alt = "|".join(re.escape(v) for v in sorted(verbs, key=len, reverse=True))
    m = re.search(rf"(?:{alt})(?P<v>{values})(?:这个|这一|这种|这类)?{re.escape(str(field))}", text)
    if m is None:
        return text
    ledger = "" if any(w in text for w in row.get("ledger_words", [])) else f"{label}里"
    return f"{text[: m.start()]}{ledger}有{m.group('v')}这个{field}{text[m.end() :]}"
