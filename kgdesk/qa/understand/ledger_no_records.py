"""「3月份考勤表里没有任何记录的项目」: a ledger's sheet named with 表 and "no record in it" is no record of the
ledger's record type — 3月份没有考勤记录的, which the rules read as an anti-join (with its month). Only when the
ledger word with 记录 is a word of a record type in the lexicon (考勤记录); anything else is left as it is."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon

_SAID = re.compile(r"(?P<l>[\u4e00-\u9fff]{2,4}?)(?:表格|表)(?:里面|里|中|上)?(?:都|也|还)?没有(?:任何|一条|一笔)?(?:的)?记录")


@cache
def _label_words() -> frozenset[str]:
    return frozenset(w for words in load_lexicon().labels.values() for w in words)


def ledger_no_records(text: str) -> str:
    """3月份考勤表里没有任何记录的有几个 → 3月份没有考勤记录的有几个."""

    def one(m: re.Match[str]) -> str:
        ledger = m.group("l")
        for k in range(len(ledger), 1, -1):  # 月份|考勤表: the longest tail that names a type
            if ledger[-k:] + "记录" in _label_words():
                return f"{ledger[:-k]}没有{ledger[-k:]}记录"
        return m.group(0)

    return _SAID.sub(one, text)
