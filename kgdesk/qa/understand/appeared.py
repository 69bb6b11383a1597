"""出现过 (考勤里出现过旷工吗 / 1月的考勤出现过病假没有): "has it appeared" asks whether such records
exist — an existence word (lexicon cues.existence). When the question asks something else as well
(出现过几次 / 出现过哪些 / 出现最多的), the word only says "occurred" and the other question is what is
asked: it changes nothing there."""

from __future__ import annotations

from kgdesk.qa.plan_mentions import _Parsed

_OTHER = frozenset({"count", "list", "which", "sum", "avg", "max", "min", "status"})


def appeared(p: _Parsed) -> None:
    words = [m for m in p.cue("existence") if "出现" in m.text]
    if not words:
        return
    asks = p.of("top") or [
        m for m in p.mentions if m.kind == "lex" and m not in words and any(s.kind == "cue" and s.name in _OTHER for s in m.senses)
    ]
    if asks:
        for m in words:
            m.become_filler()
