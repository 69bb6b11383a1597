"""A light verb of managing after a person (张丽管着几个项目, 王海涛手上管的项目): the person's role
relationship (负责人), never the project the person serves. Which relationship a verb stands for is
lexicon data (role_verbs); that the person is on the role's side is read from the schema (the
person's record type is the end of that relationship). After anything else (片区管着几个项目, 公司一共
管着多少) the verb stays a neutral word."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.words import covered_by

RoleVerbs = Mapping[str, tuple[frozenset[str], Sense]]
"""rel type → (its verbs, the lexicon's rel sense)."""


def role_verb_senses(raw: Mapping[str, Any], rel_senses: Mapping[str, list[Sense]]) -> RoleVerbs:
    """The lexicon's role_verbs with the rel sense of the relationship they stand for."""
    out: dict[str, tuple[frozenset[str], Sense]] = {}
    for rel, words in raw.items():
        if rel.startswith("_"):
            continue
        sense = next((s for ss in rel_senses.values() for s in ss if s.kind == "rel" and s.get("rel") == rel), None)
        if sense is not None:
            out[rel] = (frozenset(words), sense)
    return out


def _person_before(p: _Parsed, m: _M) -> str | None:
    """The record type of the entity right before `m` (fillers skipped), else None."""
    prev = p.prev_before(m, skip_fillers=True)
    if prev is None or prev.kind != "entity" or not isinstance(prev.data, Grounding) or prev.data.chosen is None:
        return None
    return prev.data.chosen.entry.label


def _at_role_end(schema: SchemaView, rel: str, label: str, p: _Parsed | None = None) -> bool:
    """The person's record type is the end of the role relationship; with `p`, the owner side
    (项目 of 负责人) is named too (张丽手上有几张证书 keeps 手上 a neutral word)."""
    owners = {r.start for r in schema.relationships if r.type == rel and r.end == label and r.start != label and r.count != 0}
    if p is None or not owners:
        return bool(owners)
    named = {str(s.get("label")) for m in p.mentions if m.kind == "lex" for s in m.senses if s.kind == "label"}
    return bool(owners & named)


def role_verb_values(p: _Parsed, schema: SchemaView, verbs: RoleVerbs) -> None:
    """张丽在管几个项目: a role verb that is also a data value word (在管 = 服务中) right after a person
    is the relationship as well — the value stays a condition on the records reached."""
    for m in p.mentions:
        if m.kind != "lex" or m.has("rel") or not (m.has("value") or m.has("svalue")):
            continue
        label = _person_before(p, m)
        for rel, (words, sense) in verbs.items():
            if label is not None and m.text in words and _at_role_end(schema, rel, label, p):
                m.senses = [sense, *m.senses]
                break


def role_verb_fillers(p: _Parsed, schema: SchemaView, verbs: RoleVerbs) -> None:
    """张丽手上有几个项目: the scanner took the role word apart into fillers (手 | 上); the run of
    fillers right after the person that spells a role word is that relationship."""
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for i, m in enumerate(ordered):
        label = _person_before(p, ordered[i + 1]) if i + 1 < len(ordered) else None
        if label is None or ordered[i + 1].s != m.e:
            continue
        run: list[_M] = []
        for x in ordered[i + 1 :]:
            if x.kind != "lex" or not x.senses or any(s.kind != "filler" for s in x.senses) or (run and x.s != run[-1].e):
                break
            run.append(x)
        for k in range(len(run), 0, -1):
            text = "".join(x.text for x in run[:k])
            found = [(rel, sense) for rel, (words, sense) in verbs.items() if text in words and _at_role_end(schema, rel, label, p)]
            if found:
                run[0].senses = [found[0][1]]
                return


def settle_role_verb(
    p: _Parsed, m: _M, schema: SchemaView, verbs: RoleVerbs, neutral: Collection[str]
) -> bool:
    """A leftover made of neutral words and one role verb, right after an entity at the role's end of
    that relationship, becomes the relationship word; True when settled."""
    label = _person_before(p, m)
    if label is None:
        return False
    for rel, (words, sense) in verbs.items():
        if not any(w in m.text for w in words) or not covered_by(m.text, {*neutral, *words}):
            continue
        if _at_role_end(schema, rel, label, p):
            m.kind, m.senses = "lex", [sense]
            return True
    return False
