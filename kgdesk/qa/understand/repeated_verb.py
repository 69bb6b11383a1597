"""A measure's verb said again after it (judge 43 K4): "开票一共开了多少 / 回款回了多少 / 收款收了几次" — the second 开 / 回 /
收 (with 了 / 过) only repeats the verb of the measure named before it (开票 → 开票金额, 收款 / 回款 → 收款金额; the verbs of
the lexicon's zero_words), so it is dropped: "开票一共多少", "收款几次". Only when the repeated verb is the measure's own
first character and a how-much word follows it."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon


@cache
def _pattern() -> re.Pattern[str] | None:
    verbs: dict[str, str] = load_lexicon().raw.get("zero_words", {}).get("verbs", {})
    pairs = [(v, m) for v, m in verbs.items() if m.startswith(v)]
    if not pairs:
        return None
    alt = "|".join(sorted((re.escape(m) for _, m in pairs), key=len, reverse=True))
    return re.compile(rf"(?P<m>{alt})(?P<mid>[^，,。？?！!]{{0,8}}?)(?P<v>[{''.join(v for v, _ in pairs)}])(?:了|过)(?=多少|几)")


def repeated_verb(text: str) -> str:
    p = _pattern()
    if p is None:
        return text
    return p.sub(lambda x: x["m"] + x["mid"] if x["v"] == x["m"][0] else x[0], text)
