"""A date field compared with today by 比 (维保合同里结束日期比今天（2026-11-30）晚的 / 有效期至比现在早的证书): one date
condition on each record, the same as 晚于今天 / 早于今天 — not a comparison of two objects, which the 比 reading asks
for and refuses. Only a date field's word (…日期 / 有效期至) right before 比, today's word after it (a bracketed day
restating today may follow, read by the today rules as before), then 晚 or 早 (with 一些 / 一点); anything else is
left as it was read."""

from __future__ import annotations

import re

_TODAY = re.compile(
    r"(?P<f>[\u4e00-\u9fff]{0,6}(?:日期|有效期至|有效期))比(?P<t>今天|今日|现在|当前|目前)(?P<d>\s*[（(][^（()）]{4,20}[）)])?"
    r"(?:还|更|要)?(?P<c>晚|早)(?:一些|一点|些)?(?=的|[，,。？?]|$)"
)


def today_compared(text: str) -> str:
    """结束日期比今天（2026-11-30）晚的 → 结束日期晚于今天（2026-11-30）的."""
    return _TODAY.sub(lambda m: f"{m['f']}{m['c']}于{m['t']}{m['d'] or ''}", text)
