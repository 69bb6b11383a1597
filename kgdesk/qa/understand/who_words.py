"""「3月份都谁请过病假 / 都有谁值过班」: 都谁 / 都有谁 asks which people, with no object word said — read as 哪些人, the
way the rules read a list of people. The words are data (lexicon who_words); a lone 谁 (XMSQ0150的负责人是谁: one
person, a role) is left as it was read, and so is 都有谁 right after another record type (清洁耗材的供应商都有谁 asks
which 供应商, not which people)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> re.Pattern[str] | None:
    words = load_lexicon().raw.get("who_words", {}).get("words", [])
    return re.compile(alternation(words)) if words else None


@cache
def _other_records() -> tuple[str, ...]:
    """The terms of every record type but people, at least two characters long (供应商, 维保合同, 设备台账 …)."""
    terms = {t for label, ts in load_lexicon().labels.items() if label != "人员" for t in ts if len(t) >= 2}
    return tuple(sorted(terms, key=len, reverse=True))


def who_words(text: str) -> str:
    """3月份都谁请过病假 → 3月份哪些人请过病假; 类别为清洁耗材的供应商都有谁 stays as it is."""
    pat = _pattern()
    if pat is None:
        return text

    def _sub(m: re.Match[str]) -> str:
        return m.group(0) if text[: m.start()].rstrip().endswith(_other_records()) else "哪些人"

    return pat.sub(_sub, text)
