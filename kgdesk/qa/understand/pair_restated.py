"""Two things named, then restated at once as 这两个 + their type (XMSQ0110 和 XMSQ0150 这两个项目2月考勤人数的差距是几个人):
the restatement adds nothing — it is no condition on a count of projects (两个项目) — so it is dropped and the question
is the one said without it, which the rules read (two entities compared, or refused). Only right after a pair joined
by 和 / 与 / 跟, with a type word of the lexicon's labels (项目, 人, 设备 …); anything else is left as it is. The 这 may
be left out before a count and its type (PQ01和PQ03两个片区的项目一共多少个): right after the pair the count still
restates it — read as "projects in two areas at once" it would answer another question (1, not 12)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_COUNTS = ("两个", "两家", "两位", "两名", "两台", "两处")
"""Counts said with their type word after them (这两个项目); 这两种 / 这两类 join two values (understand/either)."""
_ALONE = ("俩", "二者", "两者")
"""Counts that restate the pair alone (这俩 / 这两者), their type word optional."""


@cache
def _pattern() -> re.Pattern[str] | None:
    lx = load_lexicon().raw
    fields = {w for f in lx.get("fields", []) for w in f.get("terms", []) if 2 <= len(w) <= 4 and not any(q in w for q in ("什么", "啥", "几", "多少", "哪"))}
    words = sorted({w for ws in lx.get("labels", {}).values() for w in ws if len(w) <= 4} | fields, key=len, reverse=True)
    if not words:
        return None
    counts = alternation(_COUNTS)
    alone = "|".join(map(re.escape, _ALONE))
    nouns = "|".join(map(re.escape, words))
    return re.compile(
        rf"(?P<pair>[A-Za-z0-9\u4e00-\u9fff_\-]{{2,14}}\s*(?:和|与|跟|、)\s*[A-Za-z0-9\u4e00-\u9fff_\-]{{2,14}}?)\s*"
        rf"(?:这?(?:{counts})(?:{nouns})|这(?:{alone})(?:{nouns})?)(?P<de>的)?"
    )


def pair_restated(text: str) -> str:
    """XMSQ0110 和 XMSQ0150 这两个项目2月… → XMSQ0110 和 XMSQ0150 2月…."""
    pat = _pattern()
    m = pat.search(text) if pat is not None else None
    if m is None:
        return text
    joint = "的" if m.group("de") else " "
    return f"{text[: m.end('pair')]}{joint}{text[m.end() :]}"
