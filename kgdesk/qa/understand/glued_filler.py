"""A courtesy verb ending in 下 glued to a record type that starts with 月 (看下月度快照 / 查下月度财务): the 下
belongs to the verb (看下 = 看一下), so the stretch is not the month word 下月 (next month); the verb, a
courtesy that changes nothing, is dropped (看一下月度… would still hold 下月 for the time parser). Without this the
time parser reads 下月 and the question is refused as outside the coverage — an untrue reason. The verbs are
the lexicon's fillers and neutral words ending in 下 that are also said with 一下 and the record types are the lexicon's labels, so new words go there."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon


@cache
def _glued() -> re.Pattern[str] | None:
    raw = load_lexicon().raw
    said = [*raw.get("fillers", []), *raw.get("neutral_words", {}).get("words", [])]
    # a verb: its 下 also said as 一下 (看下 / 看一下); 手下, 名下, 剩下 are not
    verbs = sorted({w for w in said if len(w) >= 2 and w.endswith("下") and w[:-1] + "一下" in said}, key=len, reverse=True)
    types = sorted(
        {t for terms in raw.get("labels", {}).values() for t in terms if t.startswith("月") and len(t) >= 3},
        key=len,
        reverse=True,
    )
    if not verbs or not types:
        return None
    alt = "|".join(re.escape(v[:-1]) for v in verbs)
    return re.compile(rf"(?:{alt})下(?=(?:{'|'.join(re.escape(t) for t in types)}))")


def glued_filler(text: str) -> str:
    """看下月度快照 → 月度快照: the courtesy verb with its 下 dropped, away from the record type."""
    pat = _glued()
    return text if pat is None else pat.sub("", text)
