"""Words of a comparison between two values of one field that add nothing to it:
- the field's own word after 哪个 / 哪种 (保安和保洁，哪种岗位人多): it names the kind of the values
  compared, it is not a measure to sum or average;
- 更 before the comparative (哪个岗位的人更多一些): a degree word, the comparison is the same."""

from __future__ import annotations

import re

from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.understand.spans import fields_of

_FRAME = re.compile(r"比(?:较|一比|一下)?(?=哪|谁)")
_DEGREE = frozenset({"更", "更加", "还", "还要", "要"})


def _values_of(p: _Parsed) -> dict[tuple[str, str], int]:
    """How many value mentions stand for each (label, field)."""
    out: dict[tuple[str, str], int] = {}
    for m in p.mentions:
        if m.kind == "cvalue" or (m.kind == "lex" and (m.has("value") or m.has("svalue"))):
            for lf in fields_of(m):
                out[lf] = out.get(lf, 0) + 1
    return out


def comparison_words(p: _Parsed) -> None:
    """Settle the kind word and the degree word of a comparison of two values as fillers."""
    which = p.cue("which")
    compared = p.cue("more") + p.cue("less")
    if not which or not compared:
        return
    values = _values_of(p)
    for w in which:
        nxt = p.next_after(w, skip_fillers=False)
        if (
            nxt is None
            or nxt.kind != "lex"
            or not nxt.senses
            or not all(s.kind == "field" for s in nxt.senses)
        ):
            continue
        if all(values.get(lf, 0) >= 2 for lf in fields_of(nxt)):
            nxt.become_filler()
    for c in compared:
        prev = p.prev_before(c, skip_fillers=False)
        if prev is not None and prev.kind == "leftover" and prev.e == c.s and prev.text in _DEGREE:
            prev.become_filler()


def without_frame(qn: str) -> str:
    """The question without a comparison frame (A跟B比，哪个多; punctuation is gone from the
    normalised text): 比 right before 哪 / 谁 sets the two sides, it is not "A比B多" (a yes/no) —
    the question after it still asks which one."""
    return _FRAME.sub("", qn)
