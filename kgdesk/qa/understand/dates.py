"""哪天到期 / 什么时候到期: a when-question over a word that is both a derived measure (剩余服务月数)
and a date verb (结束日期) asks for the date — the one of the record type the question names (the
anchor's label or a label word). Answering the months left would be another answer. A date verb
of several record types (开始: 项目 / 维保合同) is narrowed the same way; with no date verb of the named
type, a date verb's field that type has too (维保合同.结束日期 for 到期 / 结束) is its own."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.understand.leftovers import labels_named

WHEN_WORDS = ("什么时候", "何时", "哪天", "几号", "哪一天", "啥时候", "日期")


def when_dates(itp: Any, anchors: list[Any]) -> None:
    """Keep only the named label's date-verb sense of such words (in place); else leave them."""
    p = itp.p
    if p.of("time") or not any(w in c.text for c in itp.cue("status") for w in WHEN_WORDS):
        return
    named = labels_named(p) | {a.label for a in anchors}
    for m in [*p.lex("derived"), *(x for x in p.lex("date_verb") if not x.has("derived"))]:
        verbs = {(s.get("label"), s.get("field")): s for s in m.senses if s.kind == "date_verb" and s.get("label") in named}
        if not verbs and len(named) == 1:
            verbs = _own_dates(itp, m, next(iter(named)))
        if len(verbs) == 1:
            m.senses = list(verbs.values())


def _own_dates(itp: Any, m: Any, label: str) -> dict[tuple[Any, Any], Any]:
    """WB2026001这份维保合同哪天到期: no date verb of the named type, but a date verb's field (项目.结束日期)
    is a filled field of the named type too — the asked record's own (维保合同.结束日期), never another
    type's field or a derived measure of it."""
    out: dict[tuple[Any, Any], Any] = {}
    for s in m.senses:
        info = itp.ctx.schema.prop(label, str(s.get("field"))) if s.kind == "date_verb" else None
        if info is not None and info.present:
            out[(label, s.get("field"))] = Sense("date_verb", {**s.data, "label": label, "own": True}, s.name)
    return out


def yes_no_between(p: Any, m: Any) -> bool:
    """3月开票|有没有|超过10万: a yes/no word between a measure and its bound, in one month only (one
    record per anchor; over several months the bound would be on their total, not guessed)."""
    one_month = [t.data.start == t.data.end for t in p.of("time")] == [True]
    return one_month and m.kind == "lex" and all(s.kind == "cue" and s.name == "existence" for s in m.senses)
