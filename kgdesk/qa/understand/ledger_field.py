"""A field word of a named ledger (采购与维保台账里的金额，维保合同别算，合计多少): the ledger says which
record types are meant (lexicon `ledger_names`), a record type excluded by name (维保合同不算 / 除维保合同外)
leaves them, and a word the rules left unread that is a field of exactly one of the types left is that
type's field — 采购记录.金额 here, whose records are all the ledger's records but the excluded type's.
The excluded type's words and their exclusion words then change nothing (the type is not read at all).

Nothing changes when the ledger was not read as a place only (see ledger_names), when the word is a
field of none or of more than one of the types left (采购与维保台账里的金额合计: still refused), or when
a type is excluded that the ledger does not hold."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.ledger_names import place_span
from kgdesk.qa.understand.spans import labels_of


def _exclusion(m: _M | None) -> bool:
    return m is not None and m.kind == "lex" and any(s.kind == "cue" and s.name == "exclusion" for s in m.senses)


def _excluded(p: _Parsed, ledger: frozenset[str]) -> tuple[set[str], list[_M]] | None:
    """The record types named and excluded, with their words; None when one is not the ledger's."""
    labels: set[str] = set()
    words: list[_M] = []
    for m in p.mentions:
        named = labels_of(m)
        if len(named) != 1:
            continue
        before, after = p.prev_before(m), p.next_after(m)
        around = [x for x in (before, after) if x is not None and _exclusion(x)]
        if not around:
            continue
        if not named <= ledger:
            return None
        labels |= named
        words.extend([m, *around])
    return labels, words


def ledger_field(p: _Parsed, schema: SchemaView) -> None:
    span = place_span(p)
    if span is None:
        return
    ledger = span[2]
    unread = [m for m in p.mentions if m.kind == "leftover"]
    if len(unread) != 1:
        return
    word = unread[0]
    found = _excluded(p, ledger)
    if found is None:
        return
    excluded, words = found
    left = [
        lab for lab in sorted(ledger - excluded)
        if (info := schema.labels.get(lab)) is not None
        and (prop := info.properties.get(word.text)) is not None and prop.present
    ]
    if len(left) != 1:
        return
    word.kind, word.senses, word.data = "lex", [Sense("field", {"label": left[0], "field": word.text}, word.text)], None
    for m in words:
        m.kind, m.senses, m.data = "lex", [Sense("filler", {"excluded_type": True}, "")], None
    shown = "、".join(sorted(excluded))
    p.notes.append(f"不含{shown}：台账中其余记录的{word.text}都在{left[0]}里，按{left[0]}的{word.text}计算")
