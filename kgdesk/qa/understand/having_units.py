"""2个人及以上 / 3个人以下: a number of people with its measure word 个 before the bound is that number of
people (2人及以上), as a count condition reads it. Only a digit number right before 个人 and a bound word, so
几个人 / 一个人 stay what they are."""

from __future__ import annotations

import re

_PEOPLE_BOUND = re.compile(r"(?P<n>\d+)\s*个人(?=\s*(?:及|或|含)?以[上下])")


def people_bound(text: str) -> str:
    return _PEOPLE_BOUND.sub(lambda m: f"{m.group('n')}人", text)
