"""A ledger named as the subject (岗位字典里员工层级为一线员工的岗位有哪些): when the question names the
ledger of one record type (岗位字典 → 岗位) and the noun it asks for is that type's record (the type's
own label word, or the field that is its single key: 岗位 → 岗位名称), the subject is that type; every
field word the lexicon gives to another type (人员.员工层级) that this type has too is read on it, and
the ledger's name only says where the records live. Never the people's rows carrying the same field.

A ledger word is a ledger name the lexicon gives to exactly that type (`ledger_names`) or a label word
of the type made of its name and a ledger noun (lexicon `ledger_names.nouns`: 字典, 名录, 台账 …).
Nothing changes when another record type or an entity of another type is named, or when a field of
the question is not a property of the ledger's type (the question is then read as before)."""

from __future__ import annotations

from functools import cache

from kgdesk.qa.lexicon import Sense, load_lexicon, normalize
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import entity_label, ignore_span, labels_of

_BY = frozenset({"按", "按照", "根据", "依据", "依照", "据", "照", "在", "从"})
"""A word before the ledger saying where the records are read (按岗位字典): part of its name's span."""


@cache
def _ledger_words() -> tuple[frozenset[tuple[str, str]], tuple[str, ...]]:
    raw = load_lexicon().raw.get("ledger_names", {})
    words = {
        (normalize(w), next(iter(r["labels"]))) for r in raw.get("ledgers", []) if len(r["labels"]) == 1 for w in r["words"]
    }
    return frozenset(words), tuple(str(n) for n in raw.get("nouns", []))


def _ledger_label(m: _M) -> str | None:
    """The record type a ledger word names, or None when `m` is no ledger word."""
    labels = labels_of(m)
    if len(labels) != 1:
        return None
    label = next(iter(labels))
    words, nouns = _ledger_words()
    if (m.text, label) in words:
        return label
    if m.text.startswith(label) and m.text[len(label) :] in nouns:
        return label
    return None


def _asked(m: _M, label: str, schema: SchemaView) -> bool:
    """`m` names a record of `label`: its label word, or the field that is its single key."""
    if m.kind != "lex":
        return False
    if labels_of(m) == {label}:
        return True
    fs = m.sense("field")
    return fs is not None and fs.get("label") != label and schema.key_fields(label) == (fs.get("field"),)


def ledger_subject(p: _Parsed, schema: SchemaView) -> None:
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for i, led in enumerate(ordered):
        label = _ledger_label(led) if led.kind == "lex" else None
        if label is None or schema.labels.get(label) is None:
            continue
        asked = [x for x in ordered[i + 1 :] if _asked(x, label, schema)]
        if not asked or not _rest_fits(ordered, led, asked, label, schema):
            return
        for x in ordered:
            if x is led or x in asked:
                continue
            _move_field(x, label)
        for x in asked:
            x.senses = [Sense("label", {"label": label}, label)]
        if labels_of(asked[-1]) == {label}:  # the asked noun names the type: the ledger adds nothing
            before = ordered[i - 1] if i else None
            by = before is not None and before.e == led.s and before.text in _BY
            ignore_span(p, before.s if by and before is not None else led.s, led.e, "ledger")
        return


def _rest_fits(ordered: list[_M], led: _M, asked: list[_M], label: str, schema: SchemaView) -> bool:
    """Every other mention is a field the ledger's type has, a value, a word or a time; no other type."""
    for x in ordered:
        if x is led or x in asked:
            continue
        if x.kind in ("entity", "entity_multi"):
            if entity_label(x) != label:
                return False
        elif x.kind in ("ambiguous", "leftover"):
            return False
        elif x.kind == "field_value" and isinstance(x.data, dict):
            if not schema.has_property(label, str(x.data.get("field"))):
                return False
        elif x.kind == "lex":
            if labels_of(x) - {label} or x.has("rel") or x.has("derived"):
                return False
            fs = x.sense("field")
            if fs is not None and not schema.has_property(label, str(fs.get("field"))):
                return False
    return True


def _move_field(x: _M, label: str) -> None:
    if x.kind == "field_value" and isinstance(x.data, dict):
        x.data = {**x.data, "label": label}
    elif x.kind == "lex" and (fs := x.sense("field")) is not None and fs.get("label") != label:
        x.senses = [Sense("field", {**fs.data, "label": label}, fs.name)] + [s for s in x.senses if s.kind != "field"]
