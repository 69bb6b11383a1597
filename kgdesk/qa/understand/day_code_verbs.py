"""A verb right before a day-code word of a monthly table (排到夜班 / 轮到夜班 / 值夜班 / 被安排夜班): it only says
the person's day has that code, as 上 does in 上夜班 — ignored and listed, the code word keeps its reading (days
with the code). The verbs are data (lexicon `day_code_verbs`); a verb anywhere else keeps its own reading."""

from __future__ import annotations

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed


def _day_code(m: _M) -> bool:
    ds = m.sense("derived")
    return ds is not None and str(ds.get("expression", "")).startswith("day_count(")


def day_code_verbs(p: _Parsed) -> None:
    words = set(load_lexicon().raw.get("day_code_verbs", {}).get("words", []))
    for m in p.mentions:
        if m.text not in words or m.kind not in ("leftover", "lex") or (m.kind == "lex" and not m.is_filler() and m.senses):
            continue
        nxt = p.next_after(m, skip_fillers=False)
        if nxt is not None and nxt.s == m.e and _day_code(nxt):
            m.become_filler()
