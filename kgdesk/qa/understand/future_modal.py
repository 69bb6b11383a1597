"""A future modal (会 / 将 / 将会 / 预计) said with a month after today's (下下个月会有多少人, 明年5月将有几个
项目) only says the month is ahead: the word becomes a filler, so the question meets the coverage check
(insufficient, outside_coverage) instead of being sent away as not understood. Without such a month the
word stays not understood — a future count is never answered with today's."""

from __future__ import annotations

from datetime import date

from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.timeparse import TimeMention

_MODALS = frozenset({"会", "将", "将会", "预计", "预计会", "大概会", "可能会"})


def future_modal(p: _Parsed, today: date) -> None:
    """Turn a leftover future modal into a filler when the question names a month after today's."""
    now = f"{today.year:04d}-{today.month:02d}"
    ahead = any(m.kind == "time" and isinstance(m.data, TimeMention) and m.data.start > now for m in p.mentions)
    if not ahead:
        return
    for m in p.mentions:
        if m.kind == "leftover" and m.text in _MODALS:
            m.become_filler()
