"""Words inside a name as the condition (名字里带“上海”的供应商 / 名称含有清洁的供应商 / 上海那几家供应商):
the text is searched in the record type's name field (CONTAINS), never grounded as one of the names
it happens to be part of (asking which 上海… company was meant would ask what was said). Only when
exactly one record type is named and it has a name (display) field; otherwise nothing changes."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.category_value import whole_category_value
from kgdesk.qa.understand.spans import labels_of

_Q = "\"“”'‘’「」『』"
CONTAIN_VERBS = ("带有", "带着", "带", "含有", "包含", "含")
"""The verbs that put a word inside a name (名字里带X); also read by `unmatched_text`."""
_SAID = re.compile(
    rf"(?:名字|名称|全称|名)(?:里面|里头|当中|之中|里|中)?(?:{'|'.join(CONTAIN_VERBS)}|有)[{_Q}]?"
    rf"(?P<term>[^\s{_Q}的，,？?]{{1,12}}?)[{_Q}]?(?:字样|两个字|这两个字|几个字)?的"
)
_PREFIX = re.compile(rf"^[{_Q}]?(?P<term>[\u4e00-\u9fff]{{2,4}}?)[{_Q}]?(?:那|这)(?:几|些)(?:家|个|位)?")
"""上海那几家供应商: a place word before a demonstrative, at the start of the question."""


def _label(p: _Parsed, a: int, b: int) -> str | None:
    named: set[str] = set()
    for m in p.mentions:
        if m.e <= a or m.s >= b:
            named |= labels_of(m)
    return next(iter(named)) if len(named) == 1 else None


def name_contains(p: _Parsed, schema: SchemaView) -> None:
    """Turn the said text into a `name` mention on the label's display field; the words that say
    "in the name" become fillers."""
    found = _SAID.search(p.qn) or _PREFIX.search(p.qn)
    if found is None:
        return
    a, b = found.span()
    ts, te = found.span("term")
    label = _label(p, a, b)
    field = schema.display_field(label) if label else None
    if label is None or field is None or any(m.s < a < m.e or m.s < b < m.e for m in p.mentions):
        return
    if found.re is _PREFIX and whole_category_value(p, ts, te, label):
        return  # 消防那些设备: the devices of that 设备类型, never a name containing it (category_value)
    p.mentions = [m for m in p.mentions if m.e <= a or m.s >= b]
    for s, e in ((a, ts), (te, b)):
        if s < e:
            p.mentions.append(
                _M("lex", s, e, p.qn[s:e], senses=[Sense("filler", {"name_contains": True}, "")])
            )
    p.mentions.append(_M("name", ts, te, p.qn[ts:te], data={"label": label, "field": field}))
    p.mentions.sort(key=lambda x: x.s)
