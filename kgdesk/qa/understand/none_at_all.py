"""「一<量词><记录>都没<动词>的」(一次检查都没做过的项目 / 一张证书都没有的员工 / 哪些项目一条收款记录都没有):
none at all — said
the way the rules read a negated record (没做过检查的项目 / 没有证书的员工). Only with the explicit
「一 + measure word … 都/也 + 没/未」 frame; anything else is left as written."""

from __future__ import annotations

import re

_FRAME = re.compile(
    r"一[次个条张台份笔项家位名件回]?(?P<obj>[\u4e00-\u9fff]{1,6}?)(?:都|也)(?P<neg>没有|没|未)(?P<verb>[\u4e00-\u9fff]{0,3}?)(?P<end>的|[?？。!！]?$)"
)


def none_at_all(question: str) -> str:
    return _FRAME.sub(lambda m: f"{m.group('neg')}{m.group('verb')}{m.group('obj')}{m.group('end')}", question)
