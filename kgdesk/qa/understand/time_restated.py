"""A clause that restates the time just said (这个月，也就是3月份 / 上个月即2月 / 今年，就是2026年): the
lexicon's restating_words between two times that name the same span add nothing — the second time and the
word are dropped and listed as ignored. Two times that differ (这个月，也就是4月份 in March) are left as they
are: the restating word stays unread and the question is refused rather than read as two times."""

from __future__ import annotations

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.timeparse import TimeMention


def _span(m: _M | None) -> tuple[str, str] | None:
    return (m.data.start, m.data.end) if m is not None and m.kind == "time" and isinstance(m.data, TimeMention) else None


def _word(p: _Parsed, first: _M, words: set[str]) -> list[_M]:
    """The mentions from `first` that together spell one restating word (也就|是: the scan cuts it)."""
    run: list[_M] = []
    said, best = "", 0
    m: _M | None = first
    while m is not None and (not run or m.s == run[-1].e) and any(w.startswith(said + m.text) for w in words):
        if not (m.kind == "leftover" or (m.kind == "lex" and m.is_filler())):
            break
        run.append(m)
        said += m.text
        best = len(run) if said in words else best
        m = p.next_after(m, skip_fillers=False)
    return run[:best]


def time_restated(p: _Parsed) -> None:
    words = set(load_lexicon().raw.get("restating_words", {}).get("words", []))
    for m in list(p.mentions):
        run = _word(p, m, words) if m in p.mentions else []
        if not run:
            continue
        before, after = p.prev_before(run[0]), p.next_after(run[-1])
        if _span(before) is None or _span(before) != _span(after):
            continue
        assert after is not None
        for x in (*run, after):
            p.mentions.remove(x)
        p.ignored.append("".join(x.text for x in run) + after.text)
