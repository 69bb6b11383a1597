"""Words inside a free-text field as the condition (检查记录里问题描述提到灭火器的有几条 / 备注里包含“加急”的采购记录):
the words are searched in that field (CONTAINS), never grounded as a name or read as another field. The
field is one of the lexicon's free_text_fields (问题描述, 备注, 整改情况 …) said right before a verb of
mentioning (提到 / 包含 / 写到 …), and only when exactly one record type is named outside these words and
it has that field; otherwise nothing changes (a text with no field named is not searched anywhere)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import Sense, load_lexicon, normalize
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of

_Q = "\"“”'‘’「」『』"
_VERBS = ("提到了", "提到过", "提到", "提及", "包含", "含有", "带有", "写到", "写有", "涉及", "出现过", "出现了", "出现")


@cache
def _said() -> re.Pattern[str]:
    fields = sorted({normalize(f) for f in load_lexicon().raw.get("free_text_fields", [])}, key=len, reverse=True)
    return re.compile(
        rf"(?P<f>{'|'.join(map(re.escape, fields))})(?:里面|里头|当中|之中|里|中|上)?(?:{'|'.join(_VERBS)})[{_Q}]?"
        rf"(?P<term>[^\s{_Q}的，,？?]{{1,12}}?)[{_Q}]?(?:这几个字|几个字|字样)?的"
    )


def text_contains(p: _Parsed, schema: SchemaView) -> None:
    """Turn the said words into a `name` mention on the named free-text field; the field word and the
    verb become fillers."""
    found = _said().search(p.qn)
    if found is None:
        return
    a, b = found.span()
    ts, te = found.span("term")
    if any(m.kind == "name" or any(x.get("name_contains") for x in m.senses) for m in p.mentions if a <= m.s < b):
        return  # 名称中含有清洁的供应商: already searched in the name (understand/name_contains)
    named: set[str] = set()
    for m in p.mentions:
        if m.e <= a or m.s >= b:
            named |= labels_of(m)
    label = next(iter(named)) if len(named) == 1 else None
    field = next((f for f in (schema.labels[label].properties if label in schema.labels else {}) if normalize(f) == found.group("f")), None)
    if label is None or field is None or any(m.s < a < m.e or m.s < b < m.e for m in p.mentions):
        return
    p.mentions = [m for m in p.mentions if m.e <= a or m.s >= b]
    for s, e in ((a, ts), (te, b)):
        if s < e:
            p.mentions.append(_M("lex", s, e, p.qn[s:e], senses=[Sense("filler", {"text_contains": True}, "")]))
    p.mentions.append(_M("name", ts, te, p.qn[ts:te], data={"label": label, "field": field}))
    p.mentions.sort(key=lambda x: x.s)
