"""A role phrase around a group-having (judge 43 K5): "作为项目负责人负责着 N 个及以上项目的有几人" — 作为 + the role says
the people are counted through that role (项目负责人, the 负责 relation) and 着 / 了 only marks the verb; the having is on
the number of projects per person. Read as "负责 N 个及以上项目的项目负责人有几人", which the rules plan."""

from __future__ import annotations

import re

_AS_ROLE = re.compile(
    r"作为(?:项目)?负责人[，,、]?(?:负责|管)(?:着|了|过)?(?P<n>[^，,。？?]{1,16}?项目)的(?:人员|人)?"
    r"(?P<t>有(?:几|多少)(?:个人|人|个|位)|有哪些人?|有谁|都有谁|是哪些人|是谁)"
)


def as_role(text: str) -> str:
    """作为项目负责人负责着2个及以上项目的有几人 → 负责2个及以上项目的项目负责人有几人."""
    return _AS_ROLE.sub(lambda m: f"负责{m['n']}的项目负责人{m['t']}", text)
