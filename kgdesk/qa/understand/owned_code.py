"""A record code shared by several records (DT-001 is a lift in three projects) with the record's
owner named in the same question (XMSQ0150 的 DT-001 / 区图书馆的DT-001): the owner is part of the
record's key, so it picks the one record — asking the user which one would ask what was said."""

from __future__ import annotations

from kgdesk.qa.grounding import Candidate, Grounding
from kgdesk.qa.plan_mentions import _Parsed


def _named_keys(p: _Parsed) -> set[tuple[str, str]]:
    """(label, key) of every entity the question names unambiguously."""
    out: set[tuple[str, str]] = set()
    for m in p.of("entity"):
        g = m.data
        if isinstance(g, Grounding) and g.chosen is not None:
            out.add((g.chosen.entry.label, g.chosen.entry.key))
    return out


def pick_by_named_owner(p: _Parsed) -> None:
    """Settle each code whose candidates differ only by a key part that another named entity is:
    exactly one candidate must contain that entity's key as a part of its own, else nothing changes."""
    named = _named_keys(p)
    for m in p.mentions:
        g = m.data
        if m.kind not in ("entity", "ambiguous") or not isinstance(g, Grounding) or g.chosen is not None:
            continue
        if len(g.candidates) < 2 or not all("|" in c.entry.key for c in g.candidates):
            continue
        owned: list[Candidate] = [
            c
            for c in g.candidates
            if any(lab != c.entry.label and key in c.entry.key.split("|") for lab, key in named)
        ]
        if len(owned) == 1:
            g.chosen, g.candidates = owned[0], [owned[0]]
            m.kind = "entity"
