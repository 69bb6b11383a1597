"""「病假或事假至少休过一天的员工」: at least one day of leave is having taken that leave at all — the same as 休过病假或事假,
which the rules read (a day with the code). Only for the lexicon's leave words (day_code_terms: 病假, 事假 …)
joined by 或 / 和 / 、 right before 至少 / 最少 / 起码 and exactly one day; any other number of days is left as
it is (a count of days the rules read, or refuse)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon


@cache
def _pattern() -> re.Pattern[str]:
    terms = load_lexicon().raw.get("day_code_terms", {})
    words = {w for k, vs in terms.items() if not k.startswith("_") for w in (k, *vs) if len(w) >= 2}
    word = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(
        rf"(?P<codes>(?:{word})(?:(?:或者|或|和|、)(?:{word}))*)(?:天数)?(?:至少|最少|起码)(?:都)?(?:休|请)?(?:过|了)?(?:一|1)天"
    )


def leave_at_least(text: str) -> str:
    """病假或事假至少休过一天的员工 → 休过病假或事假的员工."""
    return _pattern().sub(lambda m: f"休过{m.group('codes')}", text)
