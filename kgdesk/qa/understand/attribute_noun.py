"""A noun no template holds, asked of a bound entity (每家供应商的法人代表是谁 / XMSQ0102的开户银行是哪家): the words
between 「<named>的」 and the question word are one noun as the user wrote it, even when a character of it is also a
record type's word (法|人|代表: 人 = 人员) — it stands in attribute position, so it is never read as a name, a label or
a fragment of another record's name. When it is no field of any template, the answer is `insufficient`,
`no_such_field`, naming that noun."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _M

_COPULAS = frozenset({"是", "为", "分别是", "都是", "各是", "有"})


def _inner(m: _M) -> bool:
    """A leftover, or a one-character record type's word glued inside a noun (法|人|代表)."""
    return m.kind == "leftover" or (
        m.kind == "lex" and len(m.text) == 1 and m.text not in "的是为有" and all(s.kind in ("label", "filler") for s in m.senses)
    )


def _each_party(p: Any, de: _M) -> bool:
    """供应商名录里每家公司的 / 各公司的: every one of a kind of party (lexicon source_verbs.parties), a record type
    named earlier in the question — the entity is bound, what follows 的 is its attribute."""
    parties = load_lexicon().raw.get("source_verbs", {}).get("parties", [])
    prev = p.prev_before(de, skip_fillers=False)
    if prev is None or prev.kind != "lex" or prev.text not in parties:
        return False
    before = p.prev_before(prev, skip_fillers=False)
    if before is not None and before.kind == "lex" and before.text in ("家", "个"):
        before = p.prev_before(before, skip_fillers=False)
    each = before is not None and before.kind == "lex" and any(s.kind == "cue" and s.name == "group" for s in before.senses)
    return each and any(x.kind == "lex" and x.has("label") and x.e <= prev.s for x in p.mentions)


def _asks(p: Any, m: _M | None) -> bool:
    """The question word (谁 / 是哪家 / 是多少), or nothing more, after the noun."""
    if m is not None and m.kind == "lex" and m.text in _COPULAS:
        nxt = p.next_after(m, skip_fillers=False)
        m = nxt if nxt is not None and nxt.s == m.e else m
    if m is None:
        return True
    return m.kind == "lex" and m.has("cue") and not (m.has("label") or m.has("field"))


def attribute_noun(p: Any, unknown: list[_M], named_before: Callable[[_M], bool], field_word: Callable[[str], bool]) -> str | None:
    """The noun written in attribute position after a bound entity, when a leftover is part of it; else None."""
    for m in unknown:
        first = last = m
        while (prev := p.prev_before(first, skip_fillers=False)) is not None and prev.e == first.s and _inner(prev):
            first = prev
        while (nxt := p.next_after(last, skip_fillers=False)) is not None and nxt.s == last.e and _inner(nxt):
            last = nxt
        de = p.prev_before(first, skip_fillers=False)
        if de is None or de.kind != "lex" or de.text != "的" or de.e != first.s:
            continue
        party = _each_party(p, de)
        if not party and (not named_before(de) or (last is m and first is m)):
            continue  # one leftover alone after a name is read by the rules of classify_leftover
        noun = p.qn[first.s : last.e]
        if len(noun) >= (2 if party else 3) and not field_word(noun) and _asks(p, p.next_after(last, skip_fillers=False)):
            return noun
    return None
