"""A zero amount said in words (一分钱没收到 / 一分也没回 / 一分钱都没开): the measure of that verb is 0
(收 → 收款, 开 → 开票; lexicon `zero_words.verbs`), written as 「收款为0」 for the rest of the reading.
Right after a condition that already says the same measure is 0 (收款金额为0、一分钱没收到) the words only
restate it and are dropped."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon


@cache
def _pattern() -> tuple[re.Pattern[str], dict[str, str]] | None:
    verbs = dict(load_lexicon().raw.get("zero_words", {}).get("verbs", {}))
    if not verbs:
        return None
    alt = "|".join(re.escape(v) for v in sorted(verbs, key=len, reverse=True))
    return re.compile(
        rf"(?P<sep>[、，,]\s*(?:也就是|就是|即)?\s*)?(?:一分钱?|一毛钱?|分文)(?:都|也)?(?:没有?|未)(?P<v>{alt})(?:到|过|了|着|回来)?(?:票|款|钱)?"
    ), verbs


_ZERO_BEFORE = re.compile(r"(?:为|是|等于|=)\s*(?:0|零)(?:\.0+)?(?:元|块)?\s*$")


def zero_words(text: str) -> str:
    found = _pattern()
    if found is None:
        return text
    pat, verbs = found
    m = pat.search(text)
    if m is None:
        return text
    measure = verbs[m.group("v")]
    if m.group("sep") and _ZERO_BEFORE.search(text[: m.start()]):
        return text[: m.start()] + text[m.end() :]  # 收款金额为0、一分钱没收到: a restatement
    sep = m.group("sep") or ""
    return text[: m.start()] + sep + f"{measure}为0" + text[m.end() :]
