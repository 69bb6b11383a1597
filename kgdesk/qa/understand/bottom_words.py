"""Bottom-N words (实际毛利率垫底的3个项目 / 倒数3个 / 排最后的两家 / 排名最后2名): the N with the lowest values of
the measure said before, as 最低的N个 reads them — the lexicon's bottom_words, with the N and its classifier
after them. A word that also stands alone (垫底的项目) is the one lowest; 倒数第N is one position, not the
bottom N, and 倒数3个月 a stretch of time: both are left alone."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_N = r"(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,2})(?P<u>个|名|位|家|条|项|台|张|笔|份|种|类)(?!月|年|季|星期|礼拜|周|天|工作日|小时)"


@cache
def _patterns() -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    row = load_lexicon().raw.get("bottom_words", {})

    def alt(key: str) -> str:
        return alternation(row.get(key, []))

    counted, alone = alt("words"), alt("alone")
    with_n = re.compile(rf"(?:{counted})的?(?!第)前?{_N}") if counted else None
    single = re.compile(rf"(?:{alone})(?=的)") if alone else None
    return with_n, single


def bottom_words(text: str) -> str:
    """实际毛利率垫底的3个项目 → 实际毛利率最低的3个项目; 垫底的项目 → 最低的项目."""
    with_n, single = _patterns()
    if with_n is not None:
        text = with_n.sub(lambda m: f"最低的{m.group('n')}{m.group('u')}", text)
    if single is not None:
        text = single.sub("最低", text)
    return text
