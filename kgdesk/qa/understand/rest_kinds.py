"""「耗材采购中除去清洁耗材，其余类别的还有多少笔」: after a value is excluded, "the rest" said with the word
for the record's category (其余类别的 / 其他类型的 / 剩下种类的) means the same records as 其余的 — the category
word only says what the excluded value was a value of, and adds no field and no condition. Dropped only when
the question excludes something before it (除去 / 除了 / 不算 …, the lexicon's exclusion cues other than
the rest-words themselves); a category word anywhere else is left to be read (or refused) as before."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon

_REST = ("其余", "其他", "其它", "剩下", "剩余", "别的")
_KIND = re.compile(r"(?P<rest>其余|其他|其它|剩下|剩余)(?:的)?(?:类别|类型|种类|品类)(?=的)")


@cache
def _excluders() -> tuple[str, ...]:
    cues = load_lexicon().raw.get("cues", {}).get("exclusion", [])
    return tuple(w for w in cues if w not in _REST)


def rest_kinds(text: str) -> str:
    """除去清洁耗材，其余类别的还有多少笔 → 除去清洁耗材，其余的还有多少笔."""
    m = _KIND.search(text)
    if m is None or not any(w in text[: m.start()] for w in _excluders()):
        return text
    return text[: m.start()] + m.group("rest") + text[m.end() :]
