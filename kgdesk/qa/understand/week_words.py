"""A week said relative to today (上周 / 本周 / 这周 / 下周 / 上个星期 / 这礼拜, lexicon `week_words`): the rules read no week
yet, and without this look the word was read as a name (上周新入职 → no person 「周新」, 本周 → a choice of the person 周敏)
— a false "not in the data" or another question answered. Any question naming such a week is refused, naming the
week and asking for the dates, until the week itself is planned. 周 after 上 / 本 / 这 / 下 never starts a name."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation
from kgdesk.qa.understanding import Understanding, UnderstandingStatus


@cache
def _pattern() -> re.Pattern[str] | None:
    row = load_lexicon().raw.get("week_words", {})
    words, not_after = row.get("words", []), row.get("not_after", [])
    if not words:
        return None
    tail = rf"(?!{alternation(not_after)})" if not_after else ""
    return re.compile(rf"(?:{alternation(words)}){tail}")


def week_refused(question: str, und: Understanding) -> Understanding:
    """The understanding itself, or a refusal when the question names a week relative to today."""
    pat = _pattern()
    m = pat.search(question) if pat is not None else None
    if m is None:
        return und
    reason = f"「{m.group(0)}」是按周的时间，离线规则暂不支持；请给出日期范围（例如“检查日期在2026年4月6日至2026年4月12日之间”）"
    return Understanding(status=UnderstandingStatus.NEEDS_LLM, message=reason, groundings=und.groundings, reason=reason)
