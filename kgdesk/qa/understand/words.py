"""Leftover words of a question → what they are.

- neutral: made up entirely of words that change nothing (瞅瞅, 给我, 我想了解) — ignored, and
  listed in the understanding so the user (and the agent's routing) can see them;
- person_name: shaped like a personal name (a surname + one or two characters) that the entity
  index does not hold → `insufficient`, reason no_such_entity;
- field: a noun where a field would stand (「人员的婚姻状况」, 「赵德胜的血型是什么」) that no
  template has → `insufficient`, reason no_such_field;
- unknown: anything else — the rules do not guess (needs an LLM or a rephrasing).

The word lists are data (data/qa/lexicon.json: neutral_words, surnames)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["neutral", "person_name", "field", "unknown"]

MAX_WORD = 8


@dataclass(frozen=True)
class WordClass:
    kind: Kind
    text: str


def covered_by(text: str, words: Collection[str]) -> bool:
    """Whether `text` splits completely into `words` (dynamic programming, words up to 8 chars)."""
    n = len(text)
    if n == 0:
        return False
    ok = [True] + [False] * n
    for i in range(1, n + 1):
        ok[i] = any(ok[j] and text[j:i] in words for j in range(max(0, i - MAX_WORD), i))
    return ok[n]


DEMONSTRATIVES = frozenset("那这哪每")
MEASURE_WORDS = frozenset("次台个条位名张本件笔家项份回遍批单趟")


def looks_like_person_name(text: str, surnames: Collection[str]) -> bool:
    """张三 / 李大嘴 / 欧阳明: a surname followed by one or two CJK characters, nothing else."""
    if not 2 <= len(text) <= 4 or not all("\u4e00" <= c <= "\u9fff" for c in text):
        return False
    if text[0] in DEMONSTRATIVES and text[1] in MEASURE_WORDS:
        return False  # 那次得 / 这台: a demonstrative and a classifier, never the start of a name
    if _common_word(text):
        return False  # 东西 / 能干 / 查点啥: an ordinary word (lexicon not_names), never a missing person
    if len(text) == 4:  # 欧阳明月; 王海涛涛: a doubled given name (B5)
        return text[:2] in surnames or (text[0] in surnames and text[-1] == text[-2])
    return text[0] in surnames or text[:2] in surnames


def classify_leftover(
    text: str,
    *,
    neutral: Collection[str],
    fillers: Collection[str],
    surnames: Collection[str],
    field_position: bool,
    name_position: bool,
) -> WordClass:
    """`field_position`: the word follows 「<something named>的」 and ends the question or comes
    before a question word; `name_position`: the word stands where a name would (the start of the
    question or before 的/有/是/在…)."""
    vocabulary = set(neutral) | set(fillers)
    if covered_by(text, vocabulary):
        return WordClass("neutral", text)
    if field_position and len(text) >= 2:
        return WordClass("field", text)  # 员工的籍贯: where a field stands, before any name reading
    if name_position and looks_like_person_name(text, surnames):
        return WordClass("person_name", text)
    return WordClass("unknown", text)


def as_written(text: str, norm: str) -> str:
    """`norm` (the normalised words: hyphens and spaces dropped) as the question wrote it, when it
    can be found there with only hyphens or spaces in between (浦东星河湾 → 浦东-星河湾); else `norm`."""
    import re

    pattern = r"[-－—\s]?".join(re.escape(ch) for ch in norm)
    found = re.search(pattern, text)
    return found.group(0) if found else norm


def colloquial_then_canonical(qn: str, old_end: int, old: Any, new: Any, m: Any, text: str | None = None) -> bool:
    """坏了的停用设备: filter `old` from a colloquial word (its text is none of its values) right before
    mention `m`, the stored value of the same field written as it is (`new`), with at most 的
    between — the colloquial word describes that value: one condition, not two. Punctuation between
    them in the question as written (`text`: 耗材、固定资产) lists two values — never one described."""
    def values(f: Any) -> list[str]:
        return [str(v) for v in (f.value if isinstance(f.value, list) else [f.value])]

    gap = qn[old_end : m.s] if old_end else "?"
    if text is not None and old_end and gap in ("", "的"):
        from kgdesk.qa.lexicon import normalize_with_map

        norm, where = normalize_with_map(text)
        if norm == qn and old_end > 0 and m.s < len(where) and text[where[old_end - 1] + 1 : where[m.s]].strip(" 的"):
            return False
    return gap in ("", "的") and values(new) == [m.text] and old.text not in values(old)


def _common_word(text: str) -> bool:
    """An ordinary word that starts with a surname (东西, 能干), or one with a character no given name
    has (啥, 么, 你): lexicon `not_names`."""
    from kgdesk.qa.lexicon import load_lexicon

    raw = load_lexicon().raw.get("not_names", {})
    words, chars = raw.get("words", []), set(raw.get("chars", []))
    return text in words or any(text.endswith(w) or text.startswith(w) for w in words) or bool(set(text[1:]) & chars)
