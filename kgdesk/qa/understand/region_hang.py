"""挂 between a region and its projects (青浦片区下面挂了几个项目 / 挂了3个及以上项目的片区 / 青浦片区挂着
哪些项目): the region–project relation the question already names by its two label words, so the verb
changes nothing (ignored and listed). Only when both 片区 and 项目 are named: equipment that 挂了 is
broken down, never "every piece of equipment". Lexicon `region_hang_words`."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense, load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed

_REGION, _PROJECT = "片区", "项目"


def hung_under_a_region(p: _Parsed, m: _M) -> bool:
    """Settle `m` in place when it is 挂 said of a region's projects."""
    if m.text not in load_lexicon().raw.get("region_hang_words", {}).get("words", []):
        return False
    named: set[str] = set()
    for x in p.mentions:
        if x.kind == "lex":
            named.update(str(s.get("label")) for s in x.senses if s.kind == "label")
        elif x.kind in ("entity", "ambiguous"):
            named.update(c.entry.label for c in getattr(x.data, "candidates", []) or [])
    after = [x for x in p.mentions if x.s >= m.e and x.kind == "lex" and x.has("label")]
    projects_after = any(str(s.get("label")) == _PROJECT for x in after for s in x.senses if s.kind == "label")
    if _REGION not in named or not projects_after:
        return False
    m.kind, m.senses = "lex", [Sense("filler", {"ignored": True}, "")]
    p.ignored.append(m.text)
    return True
