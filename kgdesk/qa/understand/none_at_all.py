"""「一<量词><记录>都没<动词>的」(一次检查都没做过的项目 / 一张证书都没有的员工 / 哪些项目一条收款记录都没有):
none at all — said
the way the rules read a negated record (没做过检查的项目 / 没有证书的员工). Only with the explicit
「一 + measure word … 都/也 + 没/未」 frame; anything else is left as written.
「在考勤里从没出现过」 (a ledger or record type, then 从没 / 从来没 / 从未 + 出现) is the same "no record at
all": 没有考勤记录. Not when the question names a time (3月考勤里从没出现: that month's absence is
another reading, left as written).
「在检查记录里一条都查不到的」 (a ledger or record type, then 一<量词> + 都/也 + a not-found verb, lexicon
`none_at_all.not_found`: 查不到 / 找不到 / 没有) is the same anti-join: 没有检查记录的. So is a ledger then a verb of
looking up in vain before 记录 (3月份项目月度财务里查不到记录的, `none_at_all.looked_up`): 没有项目月度财务记录的, a month
said staying the records' condition as in 3月份没有财务记录的项目."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon

_FRAME = re.compile(
    r"一(?P<unit>[次个条张台份笔项家位名件回天本])?(?P<obj>[\u4e00-\u9fff]{1,6}?)(?:都|也)(?P<neg>没有|没|未)(?P<verb>[\u4e00-\u9fff]{0,3}?)(?P<end>的|[?？。!！]?$)"
)


_BARE_FRAME = re.compile(r"(?P<lead>^|里|中|当中|[，,])(?P<obj>(?:(?![的都也没])[\u4e00-\u9fff]){2,4})(?:都|也)(?P<neg>没有|没)过?(?P<end>的)")
"""考勤里旷工都没有的人 / 证书都没有的人: the same frame without 一<量词> — 没有旷工的人, never 没有人 (no people at all)."""


_NEVER_SEEN = re.compile(
    r"在?(?P<obj>(?:(?![在的些哪])[\u4e00-\u9fff]){2,6}?)(?:表|台账|记录)?(?:里面|里头|当中|里|中|上)"
    r"(?:从来|从)(?:就)?(?:没有|没|未)(?:有)?(?:出现|露过面|露面)过?"
)


@cache
def _not_found() -> re.Pattern[str]:
    verbs = load_lexicon().raw.get("none_at_all", {}).get("not_found", [])
    alts = "|".join(sorted(map(re.escape, verbs), key=len, reverse=True)) or "(?!)"
    return re.compile(
        r"在?(?P<obj>(?:(?![在的些哪])[\u4e00-\u9fff]){2,6}?)(?:表|台账|记录)?(?:里面|里头|当中|里|中|上)[，,]?"
        rf"一[次个条张台份笔项家位名件回本]?(?:记录)?(?:都|也)(?:{alts})(?:记录)?(?P<end>的)"
    )


@cache
def _looked_up() -> re.Pattern[str]:
    """3月份项目月度财务里查不到记录的: a ledger, then a verb of looking it up in vain (lexicon none_at_all.looked_up)."""
    verbs = load_lexicon().raw.get("none_at_all", {}).get("looked_up", [])
    alts = "|".join(sorted(map(re.escape, verbs), key=len, reverse=True)) or "(?!)"
    return re.compile(
        r"在?(?P<obj>(?:(?![在的些哪])[\u4e00-\u9fff]){2,6}?)(?:表|台账)?(?:里面|里头|当中|里|中|上)"
        rf"(?:{alts})(?:任何|相关的?|对应的?)?(?:记录|数据)(?P<end>的)"
    )


_TIME = re.compile(r"\d+月|[本上下这那]个?月|今年|去年|季度|\d{4}年")


def _none(m: re.Match[str]) -> str:
    """一张证书都没有的 → 没有证书的; 一本证书都没有的 → 没有本证书的, as read before 本 was a measure word (its plan is
    the tested one), while 一本证书都没登记的 → 没登记证书的 (the verb's own negated record)."""
    unit = "本" if m.group("unit") == "本" and not m.group("verb") else ""
    return f"{m.group('neg')}{m.group('verb')}{unit}{m.group('obj')}{m.group('end')}"


def none_at_all(question: str) -> str:
    question = _looked_up().sub(lambda m: f"没有{m.group('obj').removesuffix('记录')}记录的", question)  # a month stays
    if not _TIME.search(question):  # 3月的检查记录里一条都没有: that month's absence, left as written
        question = _not_found().sub(lambda m: f"没有{m.group('obj')}记录的", question)
    text = _FRAME.sub(_none, question)
    text = _BARE_FRAME.sub(lambda m: f"{m.group('lead')}{m.group('neg')}{m.group('obj')}{m.group('end')}", text)
    if _TIME.search(text):
        return text
    return _NEVER_SEEN.sub(lambda m: f"没有{m.group('obj')}记录", text)
