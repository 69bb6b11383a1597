"""Two colloquial verbs said for a plain word (lexicon `colloquial_verbs`): 被 + a short verb of a ledger
(XMSQ0150一共被查过几回: 被查 = 被检查, the 检查记录's own verb; `passive`), and 干什么 / 做啥 right before a field
word (宋志刚是干什么岗位的 = 什么岗位: the field asked, `what` + `asked`). Only these spans are rewritten; 查 alone
(查一下) stays a courtesy word, and 干什么 without a field after it stays small talk."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _patterns() -> tuple[re.Pattern[str] | None, re.Pattern[str] | None, dict[str, str]]:
    raw = load_lexicon().raw
    row = raw.get("colloquial_verbs", {})
    passive: dict[str, str] = row.get("passive", {})
    what = row.get("what", [])
    fields = load_lexicon().field_words()
    p = re.compile(rf"被(?P<v>{alternation(list(passive))})") if passive else None
    w = re.compile(rf"(?:{alternation(what)})(?=(?:{alternation(fields)}))") if what and fields else None
    return p, w, passive


def colloquial_verbs(text: str) -> str:
    """XMSQ0150一共被查过几回 → XMSQ0150一共被检查过几回; 宋志刚是干什么岗位的 → 宋志刚是什么岗位的."""
    p, w, passive = _patterns()
    if p is not None:
        text = p.sub(lambda m: "被" + passive[m.group("v")], text)
    if w is not None:
        text = w.sub("什么", text)
    return text
