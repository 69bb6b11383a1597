"""叫啥 / 叫什么 / 叫什么名字 / 名字叫什么 right after a FIELD (XMSQ0102的甲方叫啥名字 / 甲方名字叫什么) ask
what that field holds, as 是什么 does — not the display name of the named record (its 项目名称), and
not an unknown word. Only right after a field word (a relationship word such as 负责人叫什么 keeps its
own reading: the related person's name); the words are the lexicon's `field_name_words`."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import Sense, load_lexicon, normalize
from kgdesk.qa.plan_mentions import _M, _Parsed


@cache
def _words() -> re.Pattern[str]:
    words = load_lexicon().raw.get("field_name_words", {}).get("words", [])
    alts = "|".join(sorted({re.escape(normalize(w)) for w in words if normalize(w)}, key=len, reverse=True))
    return re.compile(rf"的?(?:{alts or '(?!)'})")


def field_name_words(p: _Parsed) -> None:
    """Read 叫啥名字 after a field as the status cue 是什么."""
    for f in sorted(p.mentions, key=lambda m: m.s):
        if f.kind != "lex" or not f.has("field") or f not in p.mentions:
            continue
        m = _words().match(p.qn, f.e)
        if m is None:
            continue
        a, b = m.span()
        inside = [x for x in p.mentions if x.s < b and x.e > a]
        if any(x.s < a or x.e > b for x in inside):
            continue  # a word crossing the edge: read another way
        for x in inside:
            p.mentions.remove(x)
        p.mentions.append(_M("lex", a, b, p.qn[a:b], [Sense("cue", {"cue": "status"}, "status")]))
