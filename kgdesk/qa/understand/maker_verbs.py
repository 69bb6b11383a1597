"""A field asked by what it does, not by its name (DT-003这台设备是哪家厂商生产的 / JS-001是谁家造的): a question word
for a party (哪家厂商 / 谁家 / 哪个厂家) followed by the verb of the field's deed (生产 / 造 / 制造) and 的 at the end
of the question asks that field of what was named before — rewritten to the form the rules read (…的制造厂商是什么).
The rows (the field, its party question words, its verbs) are data (lexicon `field_verbs`); the verb must close the
question, so a condition said with the verb (哪些设备是日立生产的) is left to the other rules."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    out = []
    for row in load_lexicon().raw.get("field_verbs", {}).get("rows", []):
        asks, verbs = row.get("asks", []), row.get("verbs", [])
        if asks and verbs:
            pat = rf"\s*的?\s*(?:是|由)?\s*(?:{alternation(asks)})\s*(?:{alternation(verbs)})(?:出来)?(?:的)?(?:呢|啊|呀)?(?=\s*[？?。]?\s*$)"
            out.append((re.compile(pat), str(row["field"])))
    return tuple(out)


def maker_verbs(text: str) -> str:
    """XMSQ0202 的 JS-001 是谁家造的 → XMSQ0202 的 JS-001的制造厂商是什么."""
    for pat, field in _patterns():
        m = pat.search(text)
        if m is not None and m.start() > 0:
            return f"{text[: m.start()]}的{field}是什么{text[m.end() :]}"
    return text
