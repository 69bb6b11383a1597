"""A ledger named where the question already names its records changes nothing: 「项目信息里有多少个项目在
设备台账上一台设备都没有」 is 「有多少个项目一台设备都没有」 — 项目信息里 and 在设备台账上 only say where the
projects and the devices are kept. Each ledger name (lexicon `ledger_names`) and each record type's label
word followed by a locative (在检查记录上) is ignored, with its 在, when every record type it names is also
named by a word outside all such names; otherwise it is read as before (维保台账里有几个项目: ledger_names)."""

from __future__ import annotations

import re

from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.understand.ledger_names import _WHERE, _ledgers
from kgdesk.qa.understand.spans import ignore_span, labels_of

_LOCATIVE = re.compile(r"里面|里头|当中|之中|里|中|上")


def _spans(p: _Parsed) -> list[tuple[int, int, frozenset[str]]]:
    out: list[tuple[int, int, frozenset[str]]] = []
    for word, labels in _ledgers():
        for hit in re.finditer(re.escape(word), p.qn):
            end = _WHERE.match(p.qn, hit.end())
            span = (hit.start(), end.end() if end else hit.end(), labels)
            if not any(a < span[1] and span[0] < b for a, b, _ in out):
                out.append(span)
    for m in p.mentions:
        loc = _LOCATIVE.match(p.qn, m.e)
        if len(labels_of(m)) == 1 and loc and not any(a < loc.end() and m.s < b for a, b, _ in out):
            out.append((m.s, loc.end(), frozenset(labels_of(m))))
    return out


def restated_ledgers(p: _Parsed) -> None:
    spans = _spans(p)
    if not spans:
        return
    outside: set[str] = set()
    for m in p.mentions:
        if not any(m.s < b and m.e > a for a, b, _ in spans):
            outside |= labels_of(m)
    for a, b, labels in spans:
        inside = set().union(*(labels_of(m) for m in p.mentions if m.s < b and m.e > a))
        named = (inside & labels) or set(labels)
        if named <= outside:
            ignore_span(p, a - 1 if a > 0 and p.qn[a - 1] == "在" else a, b, "ledger")
