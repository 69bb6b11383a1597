"""Why the model says the data cannot answer: the `reason` and `missing` of an insufficient answer.

cli.md gives every `insufficient` answer a reason code. The model is asked for it in its reply
(`reason`, `missing`); a reply without one gets it from what kgdesk itself found, never invented:

1. the rules' own reading of the question was insufficient with a reason (a field no template
   holds, a name not in the data): that reason and what is missing;
2. else a word of the question that the model's message says is not there (…没有「X」…) and that
   kgdesk confirms the data does not hold — no record type, field, field term, stored value or
   name has it: a name-shaped word (a person's name, a place, 名为X, X这个项目) is a missing entity,
   any other a missing field;
3. else no reason: the answer says what the model said, and nothing more is claimed.
"""

from __future__ import annotations

import re
from typing import Literal

from kgdesk.qa.lexicon import normalize
from kgdesk.qa.understand.words import looks_like_person_name
from kgdesk.qa.understanding import UnderstandContext, Understanding, UnderstandingStatus

ModelReason = Literal["no_such_entity", "no_such_field", "outside_coverage"]
"""The reasons a model that sees the schema but no rows can know (no_records needs the rows)."""
REASONS: tuple[str, ...] = ("no_such_entity", "no_such_field", "outside_coverage")

_ABSENT = re.compile(r"(?:没有|缺少|不含|不包含|无)([^，。；;,.！!？?\n]*)")
_NAMED = re.compile(r"(?:名为|叫做?|名称为|名字为)$")
MIN_WORD = 2


def refusal_reason(
    question: str,
    message: str,
    ctx: UnderstandContext,
    *,
    said: str | None = None,
    said_missing: str = "",
    rules: Understanding | None = None,
) -> tuple[str | None, str | None]:
    """(reason, missing) of the model's `insufficient` reply; (None, None) when nothing backs one."""
    if said in REASONS:
        return said, said_missing.strip() or None
    if rules is not None and rules.status is UnderstandingStatus.INSUFFICIENT and rules.reason:
        return rules.reason, rules.missing
    for clause in _ABSENT.findall(message):
        for stretch, before, after in _shared_words(clause, question):
            for word in _pieces(stretch, ctx):
                if not _known(word, ctx):
                    entity = _name_shaped(word, before, after, ctx)
                    return ("no_such_entity" if entity else "no_such_field"), word
    return None, None


def _pieces(stretch: str, ctx: UnderstandContext) -> list[str]:
    """员工的籍贯 → 籍贯: the parts between 的, a record type's word in front taken off."""
    words = sorted((w for ws in ctx.lexicon.labels.values() for w in ws if len(w) >= MIN_WORD), key=len, reverse=True)
    out = []
    for part in stretch.split("的"):
        head = next((w for w in words if part.startswith(w) and len(part) - len(w) >= MIN_WORD), "")
        part = part[len(head) :]
        if len(part) >= MIN_WORD:
            out.append(part)
    return out


def _shared_words(clause: str, question: str) -> list[tuple[str, str, str]]:
    """The longest stretches (2+ characters) of the model's clause that the question also has, first
    in the clause first: (word, the clause before it, the clause after it)."""
    out: list[tuple[str, str, str]] = []
    i = 0
    while i < len(clause):
        best = 0
        for j in range(len(clause), i + MIN_WORD - 1, -1):
            if clause[i:j] in question:
                best = j - i
                break
        if best >= MIN_WORD:
            out.append((clause[i : i + best], clause[:i], clause[i + best :]))
            i += best
        else:
            i += 1
    return out


def _known(word: str, ctx: UnderstandContext) -> bool:
    """Whether the data knows the word: a record type or its words, a field or a field's words,
    a stored categorical value, or (part of) an indexed name."""
    norm = normalize(word)
    if known_not_a_name(word, ctx) or ctx.index.by_norm.get(norm):
        return True
    return len(norm) >= MIN_WORD and any(norm in e.norm for e in ctx.index.entries if e.role != "attribute")


def known_not_a_name(word: str, ctx: UnderstandContext) -> bool:
    """Whether the data knows the word as something other than a name: a record type or its
    words, (part of) a field's name or one of its words, part of a stored categorical value."""
    lex = ctx.lexicon
    if any(word == lab or word in words for lab, words in lex.labels.items()):
        return True
    for info in ctx.schema.labels.values():
        if any(word in name for name in info.properties):
            return True
    for f in lex.raw.get("fields", []):
        if word == f.get("field") or word in f.get("terms", []):
            return True
    return any(any(isinstance(v, str) and word in v for v in values) for values in ctx.values.fields.values())


_ITEM = re.compile(r"^(?:这一?项|这个?字段|字段|这一?栏|这一?列|这类信息|这方面|信息|数据|记录|一项|项)")


def _name_shaped(word: str, before: str, after: str, ctx: UnderstandContext) -> bool:
    """A word the model speaks of as a name (名为X, X这个项目, X的人员) rather than as an item
    (X这一项, X字段); else by its shape: a place, a person's name."""
    raw = ctx.lexicon.raw
    tail = re.sub(r"^(?:的|这个|这家|这位|这名|这台|这条|那个)", "", after)
    if _NAMED.search(before) or any(
        tail.startswith(w) for words in ctx.lexicon.labels.values() for w in words if len(w) >= MIN_WORD
    ):
        return True
    if _ITEM.match(after):
        return False  # 籍贯这一项: an item, though 籍 is also a surname
    return word.endswith(tuple(raw.get("place_suffixes", []))) or looks_like_person_name(word, raw.get("surnames", []))
