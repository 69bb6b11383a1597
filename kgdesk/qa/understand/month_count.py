""" "N个月" right after a stated month range that only restates how many months the range has
(1~4月四个月都有记录的员工 / 1到2月两个月累计收款): "N个月都有" is "每个月都有" (present in every month of
the range), and any other "N个月" (before 累计 / 加起来 / a measure) adds nothing to the range — the sum over those months.
When N is not the number of months in the range (1到3月两个月都有…), nothing changes: which months
are meant is not guessed, and the rules refuse "N个月" as before."""

from __future__ import annotations

import re

from kgdesk.qa.timeparse import cn_number

_NUM = r"\d{1,2}|[一二两三四五六七八九十]{1,3}"
_RESTATED = re.compile(
    rf"(?P<range>(?P<a>{_NUM})月?份?\s*(?:到|至|~|～|-|—)\s*(?P<b>{_NUM})月份?)(?P<de>的)?"
    rf"(?P<n>{_NUM})个月(?P<next>都|均|全都|全)?(?!内|以内|之内|以上|以下|前|后|以来)"
)


def _restated(m: re.Match[str]) -> str:
    a, b, n = cn_number(m.group("a")), cn_number(m.group("b")), cn_number(m.group("n"))
    if a is None or b is None or n is None or not 1 <= a <= b <= 12 or n != b - a + 1:
        return m.group(0)
    nxt = m.group("next")
    return f"{m.group('range')}每个月{nxt}" if nxt else m.group("range")


def restated_months(text: str) -> str:
    return _RESTATED.sub(_restated, text)
