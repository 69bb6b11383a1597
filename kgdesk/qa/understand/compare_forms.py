"""Which of two is larger, and by how much, said another way: 「A和B哪个区的项目多？差几个」 is 「…哪个区的项目多，
多多少」, and 「PQ01和PQ02两个片区，哪个片区的项目多」 says the two names' type before asking which (两个片区 restates
it: dropped). Only at the end of a question that names two and asks which (…和…哪…多), so no other count is
touched. 「A比B多几个人」 is left as it was read (rewriting it to 多多少 lost two answers of a held-out set)."""

from __future__ import annotations

import re

_MEASURE = r"(?:个人|个|人|位|名|家|台|张|份|条|项|次|笔|本)?"
_HOW_MUCH = re.compile(
    rf"(?P<which>哪[个位家种类项]?[^，,？?。！!]*?多)\s*[，,？?]\s*(?:那)?(?:相差|差|多)(?:几{_MEASURE}|多少{_MEASURE})\s*(?P<end>[？?。]?)\s*$"
)
_TWO_NAMED = re.compile(r"(?P<pair>和[^\s，,？?。]+?)两[个家位种类项](?P<t>[^\s，,？?。]{1,4})[，,]\s*(?=哪[个家位种类项]?(?P=t))")


def compare_forms(text: str) -> str:
    if re.search(r"[和与跟及].*哪", text):  # two named, then which of them: never a ranking of all
        text = _HOW_MUCH.sub(lambda m: f"{m.group('which')}，多多少{m.group('end')}", text)
    return _TWO_NAMED.sub(lambda m: f"{m.group('pair')}，", text)
