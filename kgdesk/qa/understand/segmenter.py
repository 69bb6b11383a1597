"""Word boundaries and part-of-speech tags of a question from a real Chinese segmenter (jieba), with a
custom dictionary built from the meta-schema and the lexicon, so that a word the rules leave over can
be read as a whole word (名录, 这边, 市场部) instead of the character fragment the longest-match
scanner leaves (「录」, 「事这边」, 「部想」).

Why jieba and not more hand-written matching (issue #18): it already knows the common words of the
language and guesses unknown ones; all kgdesk adds is its own vocabulary, so that the words of the
ledgers stay whole whatever jieba's general dictionary says:

- record-type labels and their aliases, field names and the data values the schema view holds
  (names, codes, kinds: 青浦-区图书馆, XMSQ0102, 年休假) — tag ``n``;
- the lexicon's words, each tagged by the table it comes from (`_LEXICON_TAGS`).

Each `Segmenter` has its own `jieba.Tokenizer` (never jieba's global one, which other code in the
process could change) and a `jieba.posseg.POSTokenizer` on top of it for the tags. jieba is imported
and its general dictionary loaded only when a segmenter is first asked for (a question with leftover
words): importing `kgdesk.qa` never loads it, so the offline path's latency does not move. The
general dictionary is loaded once per process (its prefix cache lives in kgdesk's own cache folder,
`kgdesk.paths.cache_dir`, not the system temp); each schema view gets a copy with its own words,
built once and kept while the schema view is alive. jieba logs to stderr: silenced here, nothing of
it reaches the CLI's output.

Offsets are character offsets into the question exactly as asked: the segmenter sees a folded copy
(full-width letters, digits and punctuation to their half-width form, lower case: one character for
one character), so ``question[t.start:t.end] == t.word`` always holds.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import unicodedata
import warnings
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView

WHOLE_FREQ = 100_000
"""The frequency given to kgdesk's own words of two or more characters. jieba's general dictionary
totals about 60 million (的 is about 320 thousand, a common word a few thousand), so a word this
frequent beats any split of itself into more common pieces and stays whole."""

_MAX_VALUE_CHARS = 40
"""Longer data values are sentences (备注), not words anyone types whole."""

_WORD_TYPES = frozenset({"文本", "枚举", "编码"})
"""Types of fields whose values are words (names, codes, kinds); numbers, dates and months are not."""

_JIEBA_BLOCK = frozenset("+#&._")
"""Besides CJK ideographs, ASCII letters and digits, the characters jieba.posseg keeps inside a word
(its `re_han_internal`); a word with any other character (the hyphen of 青浦-区图书馆, a space, a
bracket) is matched by `Segmenter` itself before jieba sees the question."""

_LEXICON_TAGS: tuple[tuple[str, str], ...] = (
    ("labels", "n"),
    ("fields", "n"),
    ("values", "n"),
    ("single_char_values", "n"),
    ("day_code_terms", "n"),
    ("derived", "n"),
    ("relations", "n"),
    ("money_words", "n"),
    ("ledger_names", "n"),
    ("absent_fields", "n"),
    ("place_suffixes", "n"),
    ("company_suffixes", "n"),
    ("date_verbs", "v"),
    ("conditions", "v"),
    ("derived_conditions", "v"),
    ("analyses", "v"),
    ("name_markers", "v"),
    ("spend_verbs", "v"),
    ("service_words", "v"),
    ("region_hang_words", "v"),
    ("role_verbs", "v"),
    ("day_code_verbs", "v"),
    ("current_words", "t"),
    ("units", "q"),
    ("comparators", "p"),
    ("cues", "r"),
    ("priority_terms", "r"),
    ("display_words", "r"),
    ("each_total", "d"),
    ("avg_per", "d"),
    ("value_suffixes", "k"),
    ("fillers", "y"),
    ("neutral_words", "y"),
)
"""The lexicon's tables that hold words, and the jieba tag of their words (jieba's tag set: n noun,
v verb, t time, q measure word, p preposition, r pronoun/question word, d adverb, k suffix, y
particle/filler). A word in several tables keeps the tag of the first. Tables not listed hold no
words the segmenter needs (surnames would split real words; smalltalk and openers are whole
sentences' business)."""


@dataclass(frozen=True)
class Token:
    """One segmenter word: its text as asked, its jieba tag, and [start, end) in the question."""

    word: str
    tag: str
    start: int
    end: int


def _fold(text: str) -> str:
    """One character for one character: NFKC where it keeps a single character (full-width ＡＢ１２，
    → AB12,), then lower case where that keeps a single character; everything else as it was."""
    out: list[str] = []
    for ch in text:
        n = unicodedata.normalize("NFKC", ch)
        ch = n if len(n) == 1 else ch
        low = ch.lower()
        out.append(low if len(low) == 1 else ch)
    return "".join(out)


def _jieba_whole(word: str) -> bool:
    return all(
        "\u4e00" <= ch <= "\u9fd5" or (ch.isascii() and ch.isalnum()) or ch in _JIEBA_BLOCK for ch in word
    )


# --------------------------------------------------------------------------- the custom dictionary


def _strings(obj: Any, *, keys: bool) -> list[str]:
    """Every word of one lexicon table: its list items, the `terms`/`words` of its rows (and a row's
    `field` next to its terms), and for a table keyed by words (`keys`) the keys too. `_comment` and
    `_doc` entries, and what a row says about its words (label, op, candidates), are not words."""
    out: list[str] = []
    if isinstance(obj, str):
        out.append(obj)
    elif isinstance(obj, list):
        for x in obj:
            if isinstance(x, dict):
                out.extend(_strings(x.get("terms", []), keys=False))
                out.extend(_strings(x.get("words", []), keys=False))
                if "terms" in x and isinstance(x.get("field"), str):
                    out.append(x["field"])
            else:
                out.extend(_strings(x, keys=False))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k.startswith("_"):
                continue
            if keys:
                out.append(k)
            if isinstance(v, list):
                out.extend(_strings(v, keys=False))
    return out


_KEYED = frozenset({"labels", "day_code_terms", "units", "avg_per", "priority_terms", "role_verbs"})
"""Tables whose keys are words too (a label, a day-code word, a unit); in the others a key is a kind
(cues' `count`, comparators' `gt`) or a field of the row."""


def _schema_words(schema: SchemaView) -> list[str]:
    """Labels, field names and the word-like values the schema view holds (low-cardinality fields)."""
    out: list[str] = []
    for label, info in schema.labels.items():
        out.append(label)
        for name, prop in info.properties.items():
            if name.startswith("_"):
                continue
            out.append(name)
            if prop.sensitive or prop.values is None or prop.type not in _WORD_TYPES:
                continue
            for v in prop.values:
                if isinstance(v, str) and 2 <= len(v.strip()) <= _MAX_VALUE_CHARS:
                    out.append(v.strip())
    for rel in schema.relationships:
        out.append(rel.type)
    return out


def dictionary_words(schema: SchemaView, lexicon: Lexicon) -> dict[str, str]:
    """word → tag of the custom dictionary: the schema's words (``n``), then the lexicon's tables in
    `_LEXICON_TAGS` order; a word keeps its first tag."""
    words: dict[str, str] = {}
    for w in _schema_words(schema):
        words.setdefault(w, "n")
    for table, tag in _LEXICON_TAGS:
        raw = lexicon.raw.get(table)
        if raw is None:
            continue
        for w in _strings(raw, keys=table in _KEYED):
            w = w.strip()
            if w:
                words.setdefault(w, tag)
    return words


# --------------------------------------------------------------------------- jieba, loaded once


class _Base:
    """jieba's general dictionary (prefix frequencies and tags), loaded once per process."""

    def __init__(self) -> None:
        from kgdesk.paths import cache_dir

        with warnings.catch_warnings():  # jieba's _compat imports pkg_resources when it can (a warning)
            warnings.simplefilter("ignore")
            import jieba
            import jieba.posseg

        jieba.setLogLevel(logging.CRITICAL + 1)  # nothing of jieba's on stderr (it logs there itself)
        folder = cache_dir() / "jieba"
        with contextlib.suppress(OSError):  # no cache: jieba reads dict.txt each time (slower, same)
            folder.mkdir(parents=True, exist_ok=True)
        tok = jieba.Tokenizer()
        tok.tmp_dir = str(folder)
        tok.initialize()
        pos = jieba.posseg.POSTokenizer(tok)
        self.jieba: Any = jieba
        self.freq: dict[str, int] = dict(tok.FREQ)
        self.total: int = int(tok.total)
        self.tags: dict[str, str] = dict(pos.word_tag_tab)
        self.cache_folder: Path = folder

        class _Pos(jieba.posseg.POSTokenizer):
            """A POSTokenizer given its tags instead of reading dict.txt again (jieba 0.42)."""

            def __init__(self, tokenizer: Any, tags: dict[str, str]) -> None:
                self.tokenizer = tokenizer
                self.word_tag_tab = tags

        self.pos_class: Any = _Pos

    def tokenizers(self, words: dict[str, str]) -> Any:
        """A new POSTokenizer over a new Tokenizer: the general dictionary plus `words`."""
        tok = self.jieba.Tokenizer()
        tok.tmp_dir = str(self.cache_folder)
        tok.FREQ = dict(self.freq)  # the loaded general dictionary, copied: no second read of dict.txt
        tok.total = self.total
        tok.initialized = True
        folded: dict[str, str] = {}
        for w, tag in words.items():
            folded.setdefault(_fold(w), tag)  # the segmenter sees folded questions (XMSQ0102 → xmsq0102)
        for w, tag in folded.items():
            if len(w) >= 2:
                tok.add_word(w, max(WHOLE_FREQ, tok.FREQ.get(w, 0)), tag)
            else:  # a single character keeps jieba's frequency (a very frequent 假 would split 假期)
                tok.add_word(w, max(1, tok.FREQ.get(w, 0)), tag)
        tok.total = self.total  # add_word adds to the total: kept, so jieba's own words weigh as before
        pos = self.pos_class(tok, dict(self.tags))  # the general tags, copied
        pos.lcut("预热")  # merges the custom tags in once, here, under the build lock
        return pos


_base: _Base | None = None
_lock = threading.Lock()


def _load_base() -> _Base:
    global _base
    if _base is None:
        _base = _Base()
    return _base


def preload() -> None:
    """Load jieba's general dictionary now (about a second): the question worker calls this while it
    warms up, so the first question with leftover words does not wait for it."""
    with _lock:
        _load_base()


# --------------------------------------------------------------------------- the segmenter


class Segmenter:
    """The segmenter of one schema view and lexicon (`segmenter_for`)."""

    def __init__(self, words: dict[str, str], pos: Any) -> None:
        self.words = words
        self._pos = pos
        self._lock = threading.Lock()
        folded: dict[str, tuple[str, str]] = {}
        for w, tag in words.items():
            f = _fold(w)
            if len(f) >= 2 and not _jieba_whole(f):
                folded.setdefault(f, (w, tag))
        self._special: dict[str, list[tuple[str, str]]] = {}
        # words jieba would cut at a hyphen or a bracket, by first character, longest first
        for f, (_w, tag) in sorted(folded.items(), key=lambda kv: -len(kv[0])):
            self._special.setdefault(f[0], []).append((f, tag))

    def tokens(self, text: str) -> list[Token]:
        """The words of `text` in order, whitespace left out; ``text[t.start:t.end] == t.word``."""
        folded = _fold(text)
        out: list[Token] = []
        gap = 0
        i = 0
        while i < len(folded):
            hit = next((w for w in self._special.get(folded[i], ()) if folded.startswith(w[0], i)), None)
            if hit is None:
                i += 1
                continue
            out.extend(self._jieba(text, folded, gap, i))
            out.append(Token(text[i : i + len(hit[0])], hit[1], i, i + len(hit[0])))
            i += len(hit[0])
            gap = i
        out.extend(self._jieba(text, folded, gap, len(folded)))
        return out

    def _jieba(self, text: str, folded: str, start: int, end: int) -> list[Token]:
        if start >= end:
            return []
        with self._lock:
            pairs = self._pos.lcut(folded[start:end])
        out: list[Token] = []
        at = start
        for p in pairs:
            w = str(p.word)
            if folded.startswith(w, at):
                if not w.isspace():
                    out.append(Token(text[at : at + len(w)], str(p.flag), at, at + len(w)))
                at += len(w)
            else:  # never seen: jieba returns the text it was given; one character each if not
                return [Token(text[k], "x", k, k + 1) for k in range(start, end) if not text[k].isspace()]
        return out

    def word_at(self, text: str, start: int, end: int) -> Token | list[Token]:
        """The word(s) covering text[start:end]: one `Token` when a single word covers the span (「录」
        of 供应商名录 → 名录), else every word it overlaps, in order (「事这边」 → 人事, 这边)."""
        toks = self.tokens(text)
        if end <= start:
            hit = [t for t in toks if t.start <= start < t.end]
        else:
            hit = [t for t in toks if t.start < end and t.end > start]
        return hit[0] if len(hit) == 1 else hit


_cache: OrderedDict[tuple[int, int], tuple[weakref.ref[Any], weakref.ref[Any], Segmenter]] = OrderedDict()
_CACHE_SIZE = 4
"""Segmenters kept: the published version's, and a few others a desktop switching versions asks for."""


def segmenter_for(schema: SchemaView, lexicon: Lexicon) -> Segmenter:
    """The segmenter of this schema view and lexicon: built on first use (jieba loaded then, about a
    second the first time in a process), then kept; safe to call from several threads."""
    key = (id(schema), id(lexicon))
    with _lock:
        hit = _cache.get(key)
        if hit is not None and hit[0]() is schema and hit[1]() is lexicon:
            _cache.move_to_end(key)
            return hit[2]
        words = dictionary_words(schema, lexicon)
        seg = Segmenter(words, _load_base().tokenizers(words))
        _cache[key] = (weakref.ref(schema), weakref.ref(lexicon), seg)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
        return seg
