"""A newcomer's preamble before the question (新人请教下， / 新来的问一下： / 小白求问、 / 刚入职想问下，): like 您好 / 请问 it
says who asks, nothing of what is asked — dropped up to its first ， / ： / 、. Only when every word of it is one of these
opening words (no field, value or name can hide in it)."""

from __future__ import annotations

import re

_WHO = r"(?:我是|本人是|我)?(?:新人|新来的|新同事|新员工|小白|萌新|菜鸟|刚入职的?|刚来的?|刚到岗的?|初来乍到)"
_SAY = r"(?:的|想|要|请教|求教|求问|求助|请问|问|咨询|打听|了解|一下|下|各位|大家|老师们?|前辈们?|们|麻烦|请|弱弱地|弱弱的|个问题|一个问题|问题)*"
_OPENING = re.compile(rf"^\s*{_WHO}{_SAY}\s*[，,：:、]\s*")


def newcomer(text: str) -> str:
    """刚入职想问下，女员工占花名册的比例是多少 → 女员工占花名册的比例是多少."""
    return _OPENING.sub("", text, count=1)
