"""Judge-15 B8: 履约中的项目里，2026年3月没有开票记录的有几个 — the things named first with their condition
(履约中的项目里), then a second condition and a bare 的有几个 / 的有哪些: both conditions on those things,
read as 履约中且2026年3月没有开票记录的项目有几个."""

from __future__ import annotations

import re
from functools import lru_cache

_IN = r"(?:里面|里头|当中|之中|里|中)"
_ASK = r"(?:有几个|有多少个|有多少|有哪些|是哪些|有几家|有几台|有几位|有几人|有几项)"


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    from kgdesk.qa.lexicon import load_lexicon

    words = sorted({w for ws in load_lexicon().labels.values() for w in ws if len(w) >= 2}, key=len, reverse=True)
    alt = "|".join(map(re.escape, words))
    return re.compile(
        rf"^(?P<a>[^，,。？?]+?)的(?P<l>{alt}){_IN}[，,]?(?P<b>[^，,。？?]+?)的(?P<q>{_ASK})(?P<end>[？?。]?)$"
    )


def scope_first(text: str) -> str:
    m = _pattern().match(text.strip())
    if m is None:
        return text
    return f"{m.group('a')}且{m.group('b')}的{m.group('l')}{m.group('q')}{m.group('end')}"
