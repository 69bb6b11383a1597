"""花名册上有多少人在考勤表里一条记录都没有 (judge 40 P1 H): the count asked first, then the people's absence from a
ledger — the shape 没有考勤记录的人有多少 the negated-hop rule reads (people on the roster with no row in that ledger,
any month). Rewritten to that shape before the scan; without it the 没有 was a negation the plan did not carry (an
honest refusal). Only a person word right after 有多少 / 有几, and an absence of records said right after 里."""

from __future__ import annotations

import re

_SHAPE = re.compile(
    r"有(?P<q>多少|几)(?P<c>个|名|位)?(?P<who>人|员工|人员)在(?P<where>[^，,。？?！!里]{1,12})里"
    r"(?P<none>一条记录都没有|一条记录也没有|一条都没有|没有任何记录|没有记录|都没有记录)"
)


def count_before_absence(text: str) -> str:
    m = _SHAPE.search(text)
    if m is None:
        return text
    count = "有多少" if m.group("q") == "多少" else f"有几{m.group('c') or '个'}"
    return text[: m.start()] + f"在{m.group('where')}里{m.group('none')}的{m.group('who')}{count}" + text[m.end() :]
