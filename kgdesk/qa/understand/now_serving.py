"""X现在在哪个项目上班 / 目前在哪个项目工作: with a now-word and no month, 上班 / 工作 / 干活 / 任职 after "which
project" is the person's project now (the same as 现在在哪个项目服务: the 服务于 relation at the reference month), not the
attendance ledger over every month — which the monthly-fact guard refuses. With a month said (3月在哪个项目上班) the
attendance reading stays."""

from __future__ import annotations

import re

_NOW = re.compile(r"现在|目前|当前|眼下|如今|这会儿")
_MONTH = re.compile(r"\d{1,2}\s*月|\d{4}\s*[-/.]\s*\d{1,2}|[本上下这前]个?月|月份|今年|去年|年初|季度")
_WHICH_PROJECT = re.compile(r"(?P<head>(?:在|于)(?:哪个|哪一个|哪家|什么)项目(?:上|里|那边)?)(?:上班|工作|干活|做事|任职|上岗)")


def now_serving(text: str) -> str:
    """程娟现在在哪个项目上班 → 程娟现在在哪个项目服务; unchanged without a now-word or with a month."""
    if not _NOW.search(text) or _MONTH.search(text):
        return text
    return _WHICH_PROJECT.sub(lambda m: m.group("head") + "服务", text)
