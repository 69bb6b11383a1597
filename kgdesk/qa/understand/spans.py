"""A stretch of the question read as words that change nothing (a ledger's name, a de-duplication
clause): its mentions become ignored fillers, listed in the understanding."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed


def labels_of(m: _M) -> set[str]:
    """The record types a mention names by a label word."""
    return {str(s.get("label")) for s in m.senses if s.kind == "label"} if m.kind == "lex" else set()


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
