"""「耗材采购按类别看各花了多少钱」: 看 / 来看 after 按<field> only says "looked at by that field" — the grouping 按<field>
already says. The scan glued the field to the verb (类别看) and refused. The view words are lexicon
`by_field_view.words`, the fields the lexicon's field terms (or any short word when 各 / 分别 / 每 follows: the
schema's own field names); anywhere else 看 stays as it was read."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> re.Pattern[str] | None:
    raw = load_lexicon().raw
    words = raw.get("by_field_view", {}).get("words", [])
    fields = load_lexicon().field_words()
    if not words or not fields:
        return None
    # a field the lexicon knows, or any short word when a group word follows (按类别看各…: 类别 is the schema's)
    return re.compile(
        rf"(?P<by>按(?:{alternation(fields)}))(?:{alternation(words)})"
        rf"|(?P<by2>按[\u4e00-\u9fff]{{2,6}}?)(?:{alternation(words)})(?=各|分别|每)"
    )


def by_field_view(text: str) -> str:
    """耗材采购按类别看各花了多少钱 → 耗材采购按类别各花了多少钱."""
    pat = _pattern()
    return text if pat is None else pat.sub(lambda m: m.group("by") or m.group("by2"), text)
