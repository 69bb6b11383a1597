"""A record said to hang under another (XMSQ0150名下挂着几台设备 / 青浦-工业园区底下挂了多少台设备 / 项目下边挂的设备): the
relation between the two record types, said the one way the rules already read as restating it (下面挂着, which the
modifier guard only lets pass when the plan goes through that relation). A place word (名下 / 底下 / 下边 …) and a
hanging verb together, or 挂着 alone right before a number asked (挂着几台): both say "attached to". A bare 挂了 with
no place word is left as said — 设备挂了 is also "broken", so it is never read as the relation. 归X管的<records> says
the same of X (归XMSQ0150管的设备 = XMSQ0150下面挂着的设备). Only after a holder that is a project or a region (a
record code such as XMSQ0150, a dashed name 青浦-工业园区, the words 项目 / 片区): a person has two relations to
devices (the ones in their charge, the ones of their project), so 赵德胜名下挂着几台设备 is left as said (refused).
Words: lexicon hang_words."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_HOLDER = r"(?:[A-Za-z]{2,}-?\d{2,}|[\u4e00-\u9fff]{2,4}-[\u4e00-\u9fff]{2,12}(?:-[\u4e00-\u9fff]{2,8})?|项目|片区)"
"""A project or a region named before the place word: its code, its dashed name, or the record type's own word."""


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str] | None, str] | None:
    row = load_lexicon().raw.get("hang_words")
    if not row:
        return None
    placed = re.compile(rf"(?P<h>{_HOLDER})(?:{alternation(row['places'])})(?:{alternation(row['verbs'])})(?!住|靠|失|断|掉)")
    ongoing = re.compile(rf"(?P<h>{_HOLDER})(?:{alternation(row['ongoing'])})(?=多少|几)")
    managed = row.get("managed")
    held = (
        re.compile(rf"(?:{alternation(managed['before'])})(?P<h>{_HOLDER})(?:{alternation(managed['after'])})(?:着)?的")
        if managed
        else None
    )
    return placed, ongoing, held, str(row["as"])


def hang_words(text: str) -> str:
    """XMSQ0150底下挂了多少台设备 → XMSQ0150下面挂着多少台设备; 设备挂了几台 / 赵德胜名下挂着几台设备 are left as said."""
    pats = _patterns()
    if pats is None:
        return text
    placed, ongoing, held, said = pats
    if held is not None:
        text = held.sub(lambda m: f"{m.group('h')}{said}的", text)
    text = placed.sub(lambda m: f"{m.group('h')}{said}", text)
    return ongoing.sub(lambda m: f"{m.group('h')}{said}", text) if said not in text else text
