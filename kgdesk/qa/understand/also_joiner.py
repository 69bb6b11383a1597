"""「客户满意度高于90分，毛利率也高于10%的项目」: 也 between a field and a comparison word in a clause after a comma
only says the second condition holds as well — the two conditions joined, as the comma alone joins them. 也 is
dropped there; anywhere else (也是 / 也有 / 也没有) it stays and is read (or refused) as before. The comparison
words are the lexicon's comparators."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> re.Pattern[str] | None:
    raw = load_lexicon().raw
    comps = [w for ws in raw.get("comparators", {}).values() if isinstance(ws, list) for w in ws]
    comps = [w for w in comps if len(w) >= 2]
    fields = load_lexicon().field_words()
    if not comps or not fields:
        return None
    alt = alternation(set(comps))
    named = alternation(fields)
    # the clause names a field right before 也 (毛利率也高于): a second condition, never another record
    # compared on the first one's condition (XMSQ0150也超过了吗 stays unread)
    # 不低于20000、也不高于50000: right after the enumeration comma, 也 only joins the second bound
    return re.compile(rf"(?P<head>[，,](?:[^，,。？?]{{0,8}}?)(?:{named})|、)也(?=(?:都)?(?:{alt}))")


def also_joiner(text: str) -> str:
    """客户满意度高于90分，毛利率也高于10% → 客户满意度高于90分，毛利率高于10%."""
    pat = _pattern()
    return text if pat is None else pat.sub(lambda m: m.group("head"), text)
