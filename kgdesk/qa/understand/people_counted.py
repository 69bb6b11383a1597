"""排过夜班的一共多少人 / 请过病假的总共几个人: a day code said as a condition (the code, then 的) and a
count of people after 一共 / 总共 — the people who have at least one such day, never the sum of the
days. 一共 then only frames the count: its sum sense is dropped (it stays a filler)."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed

_PEOPLE = ("人", "位", "名")
"""A count word ending in one of these counts people (多少人 / 几个人 / 几位)."""


def _counts_people(p: _Parsed, m: _M | None) -> bool:
    """多少人 / 几位, or 几个 right before the label word 人 (几个|人)."""
    if m is None or m.kind != "lex" or not any(s.kind == "cue" and s.name == "count" for s in m.senses):
        return False
    if m.text.endswith(_PEOPLE):
        return True
    nxt = p.next_after(m, skip_fillers=False)
    return nxt is not None and nxt.s == m.e and nxt.text in _PEOPLE and nxt.has("label")


def people_counted(p: _Parsed) -> None:
    for m in p.mentions:
        if m.kind != "lex" or not any(s.kind == "cue" and s.name == "sum" for s in m.senses):
            continue
        if not any(s.kind == "filler" for s in m.senses) or not _counts_people(p, p.next_after(m, skip_fillers=False)):
            continue
        de = p.prev_before(m, skip_fillers=False)
        code = p.prev_before(de, skip_fillers=False) if de is not None and de.text == "的" else None
        if de is None or code is None or code.kind != "lex" or not code.has("derived") or code.e != de.s:
            continue
        m.senses = [Sense("filler", {}, "")]
