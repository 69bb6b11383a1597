"""A stretch of the question read as words that change nothing (a ledger's name, a de-duplication
clause): its mentions become ignored fillers, listed in the understanding; and what a mention
stands for (the record types, the fields of its values), which these readings look at."""

from __future__ import annotations

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed


def labels_of(m: _M) -> set[str]:
    """The record types a mention names by a label word."""
    return {str(s.get("label")) for s in m.senses if s.kind == "label"} if m.kind == "lex" else set()


def entity_label(m: _M) -> str | None:
    """The record type of the one entity a mention names, or None."""
    g = m.data if m.kind == "entity" and isinstance(m.data, Grounding) else None
    return g.chosen.entry.label if g is not None and g.chosen is not None else None


def fields_of(m: _M) -> set[tuple[str, str]]:
    """(label, field) pairs a value-like mention stands for; (label, '') for an entity."""
    out: set[tuple[str, str]] = set()
    if m.kind == "entity" and isinstance(m.data, Grounding) and m.data.chosen is not None:
        out.add((m.data.chosen.entry.label, ""))
    if m.kind == "cvalue" and isinstance(m.data, list):
        out.update((v.label, v.field) for v in m.data)
    for s in m.senses if m.kind == "lex" else []:
        if s.kind == "svalue":
            out.update((str(v[0]), str(v[1])) for v in s.get("values", []))
        elif s.kind == "value":
            out.update((str(c["label"]), str(c["field"])) for c in s.get("candidates", []))
        elif s.kind == "field":
            out.add((str(s.get("label")), str(s.get("field"))))
    return out


def ignore_span(p: _Parsed, a: int, b: int, tag: str) -> bool:
    """Ignore the mentions inside [a, b); False (nothing changed) when one crosses its edge — the
    words are then read another way."""
    inside = [m for m in p.mentions if m.s < b and m.e > a]
    if any(m.s < a or m.e > b for m in inside):
        return False
    p.ignored.append(p.qn[a:b])
    for m in inside:
        m.kind, m.senses, m.data = "lex", [Sense("filler", {"ignored": True, tag: True}, "")], None
    return True
