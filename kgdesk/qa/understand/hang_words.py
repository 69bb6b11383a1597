"""A record said to hang under another (XMSQ0150名下挂着几台设备 / 青浦-工业园区底下挂了多少台设备 / 项目下边挂的设备): the
relation between the two record types, said the one way the rules already read as restating it (下面挂着, which the
modifier guard only lets pass when the plan goes through that relation). A place word (名下 / 底下 / 下边 …) and a
hanging verb together, or 挂着 alone right before a number asked (挂着几台): both say "attached to". A bare 挂了 with
no place word is left as said — 设备挂了 is also "broken", so it is never read as the relation. Words: lexicon
hang_words."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], str] | None:
    row = load_lexicon().raw.get("hang_words")
    if not row:
        return None
    placed = re.compile(rf"(?:{alternation(row['places'])})(?:{alternation(row['verbs'])})(?!住|靠|失|断|掉)")
    ongoing = re.compile(rf"(?<![{''.join(row.get('not_after', []))}])(?:{alternation(row['ongoing'])})(?=多少|几)")
    return placed, ongoing, str(row["as"])


def hang_words(text: str) -> str:
    """XMSQ0150底下挂了多少台设备 → XMSQ0150下面挂着多少台设备; 设备挂了几台 is left as said."""
    pats = _patterns()
    if pats is None:
        return text
    placed, ongoing, said = pats
    text = placed.sub(said, text)
    return ongoing.sub(said, text) if said not in text else text
