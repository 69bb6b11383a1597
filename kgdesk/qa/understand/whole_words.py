"""Leftover words as whole words (the segmenter): a stretch the longest-match scan left unread is often a
fragment of a word (事这边 of 人事这边, 录 of 名录). Before the unknown check each leftover is looked up in
the segmenter's words of the question:

- a leftover made only of whole words the segmenter tags as a pronoun or demonstrative of a place or a
  person (r: 这边, 那里, 咱们 — never 那般, 这样, 这么), a modal particle or interjection (y, e: 哈, 呀,
  never 吗) or a structural particle (u: 的, 得, 地 — never 了, 着, 过) is ignored and listed —
  never one holding a question word, a number or a measure word, nor any word of the lexicon (its cues,
  comparators and time words change the meaning and are read by the rules, not here);
- a leftover that is a noun of records themselves (lexicon record_nouns: 单子, 单据) is ignored and listed —
  it names the records asked, never a field the ledger lacks;
- any other leftover is reported as the whole word(s) covering it (无法理解「人事这边」, not 「事这边」).

Adjectives, adverbs, prepositions, conjunctions and numbers are never ignored: their tags are not in the
list above."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon, Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView

_PLACE_OR_PERSON = re.compile(r"^(?:[这那](?:边|里|儿|头|面|块)?|我|我们|咱|咱们|你|你们|您|大家|大伙儿?)$")
"""The pronouns read as nothing: a place demonstrative (这边, 那里) or a person (咱们, 大家)."""
_STRUCTURAL = frozenset({"uj", "ud", "uv"})
"""的 / 得 / 地 — never 了 / 着 / 过 (aspect: when something happened)."""
_YES_NO = frozenset("吗么嘛否")
_NEVER = frozenset("哪什谁几多怎啥何否一二两三四五六七八九十百千万0123456789个台次条位名张本件笔家项份种类")
"""Characters of question words, numbers and measure words: a word holding one is never ignored."""


def _tokens(p: _Parsed, schema: SchemaView, lexicon: Lexicon, m: _M) -> list[tuple[str, str, int, int]]:
    from kgdesk.qa.understand.segmenter import segmenter_for  # jieba only for a question with leftovers

    seg = segmenter_for(schema, lexicon)
    hit = seg.word_at(p.qn, m.s, m.e)
    # a word of kgdesk's own dictionary carries the tag of its lexicon table, not a reading of the
    # sentence (有 is a filler there): only the general dictionary's tags are trusted
    return [(t.word, "" if t.word in seg.words else t.tag, t.start, t.end) for t in (hit if isinstance(hit, list) else [hit])]


def _ignorable(word: str, tag: str) -> bool:
    """`tag` is empty for a word of kgdesk's own dictionary (`_tokens`), so no lexicon word — a cue, a
    comparator, a time word — is ever ignored here."""
    if not tag or any(c in _NEVER for c in word):
        return False
    if tag.startswith("r"):  # 这边 / 那里 / 咱们 — never 那般 / 这样 / 这么 (a manner or degree: a condition)
        return _PLACE_OR_PERSON.match(word) is not None
    if tag.startswith("u"):
        return tag in _STRUCTURAL
    return tag[:1] in ("y", "e") and not any(c in _YES_NO for c in word)


def whole_leftovers(p: _Parsed, schema: SchemaView, lexicon: Lexicon) -> dict[int, str]:
    """Ignore the leftovers made of particles and demonstratives; the whole words of the others, by id."""
    shown: dict[int, str] = {}
    records = set(lexicon.raw.get("record_nouns", {}).get("words", []))
    for m in [x for x in p.mentions if x.kind == "leftover"]:
        if m.text in records:  # 类别为清洁耗材的单子: the records asked themselves, never a missing field
            m.kind, m.senses = "lex", [Sense("filler", {"ignored": True}, "")]
            p.ignored.append(m.text)
            continue
        try:
            toks = _tokens(p, schema, lexicon, m)
        except (ImportError, OSError):  # no jieba or no dictionary file in a bundle: the fragment as before
            return {}
        if not toks:
            continue
        a, b = min(s for _w, _t, s, _e in toks), max(e for _w, _t, _s, e in toks)
        # 哎|呀: the word may run over fillers next to the leftover, never over a word that was read
        inside = all(x is m or x.e <= a or x.s >= b or (x.kind == "lex" and x.is_filler()) for x in p.mentions)
        if inside and all(_ignorable(w, t) for w, t, _s, _e in toks):
            m.kind, m.senses = "lex", [Sense("filler", {"ignored": True, "segmented": True}, "")]
            p.ignored.append(p.qn[min(a, m.s) : max(b, m.e)])  # the whole word: 哎呀
            continue
        shown[id(m)] = p.qn[min(a, m.s) : max(b, m.e)]
    return shown
