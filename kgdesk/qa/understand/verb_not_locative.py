"""投标一共中了几回 / 去年投的标中了几个: 中 / 里 / 内 are fillers as locatives (投标记录中 = among the bids),
but a locative never takes the aspect particle 了 — 中了 is the verb "won". Dropping it as a filler
answered every bid. Such a word is no filler there: unless the lexicon knows the verb with 了 (中了 is a
value term of 中标结果 and is matched whole before this runs), it becomes a leftover, which is refused as
not understood — never dropped without trace. Words: lexicon `locative_fillers`."""

from __future__ import annotations

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _Parsed

_ASPECT = ("了", "过")
VERB = "verb_not_locative"
"""The data of such a leftover: no later pass settles it as a neutral word again (leftovers.settle_leftover)."""


def verb_not_locative(p: _Parsed) -> None:
    words = set(load_lexicon().raw.get("locative_fillers", {}).get("words", []))
    for m in p.mentions:
        if not m.is_filler() or m.text not in words:
            continue
        nxt = p.next_after(m, skip_fillers=False)
        if nxt is not None and nxt.s == m.e and nxt.text.startswith(_ASPECT):
            m.kind, m.senses, m.data = "leftover", [], VERB
