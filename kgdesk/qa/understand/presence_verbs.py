"""A person "doing" a ledger's records is having them (3月份有多少人出考勤 / 谁打了卡 = 有考勤记录).

出考勤 / 打了卡 / 有考勤 name no condition beyond the records themselves: the people counted are those with a row of
that ledger in the period, which the rules read from 有考勤记录. The verbs, the objects and the form they are read
as are data (lexicon presence_verbs); only right after a word for people (人 / 员工 / 谁 …) is the phrase rewritten,
so a field or a count of the records (出勤天数 / 考勤记录有几条) is left as it is."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    raw = load_lexicon().raw.get("presence_verbs", {})
    who = raw.get("people", [])
    out = []
    for row in raw.get("rows", []):
        verbs, objects = row.get("verbs", []), row.get("objects", [])
        if who and verbs and objects:
            people, deed = alternation(who), rf"(?:{alternation(verbs)})(?:{alternation(objects)})"
            # 有多少人出考勤 (the people before) / 出考勤的人 (the people after 的); never 出考勤天数
            pat = rf"(?:(?P<who>{people}){deed}(?!天|日|次|小时)|{deed}(?=的(?:{people})))"
            out.append((re.compile(pat), str(row["said"])))
    return tuple(out)


def presence_verbs(text: str) -> str:
    """3月份有多少人出考勤 → 3月份有多少人有考勤记录."""
    for pat, said in _patterns():
        text = pat.sub(lambda m, said=said: (m.group("who") or "") + said, text)  # type: ignore[misc]
    return text
