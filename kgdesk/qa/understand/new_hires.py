"""上个月新入职的员工 / 今年以来新入职了几个人: 新 before 入职 with a time window said adds nothing — the window already
says which hires are new (入职日期 in it). Without a window 新 stays, for the rules to refuse ("new" relative to what)."""

from __future__ import annotations

import re

_WINDOW = re.compile(r"\d{1,2}\s*月|\d{4}\s*年|[本上这前]个?月|[本上这]周|今年|去年|年初|以来|至今|季度|最近\d|近\d")
_NEW = re.compile(r"新(?=入职|进来的|招的|招进来)")


def new_hires(text: str) -> str:
    """上个月新入职的员工有哪些 → 上个月入职的员工有哪些."""
    return _NEW.sub("", text) if _WINDOW.search(text) else text
