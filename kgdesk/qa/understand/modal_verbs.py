"""A modal phrase between a statistic and its question word (检查平均能打多少分 / 合同金额平均能到多少 / 能拿几分): 能 / 可以
+ a verb of reaching (lexicon `modal_verbs`) says only what the number comes to, never a field — 「能打」 must not be
reported as a field the ledgers lack. Dropped only right before 多少 / 几; anywhere else it is left as written."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> re.Pattern[str] | None:
    words = load_lexicon().raw.get("modal_verbs", {}).get("words", [])
    return re.compile(rf"(?:{alternation(words)})(?=多少|几)") if words else None


def modal_verbs(text: str) -> str:
    """消防安全检查平均能打多少分 → 消防安全检查平均多少分."""
    pat = _pattern()
    return pat.sub("", text) if pat is not None else text
