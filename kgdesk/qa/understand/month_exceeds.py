"""One measure in two months, asked as 超过 (林桂芳2月的税后工资超过1月了吗 / …有没有超过1月的): whether the
first month's figure is above the second's — the same as 比1月高吗, which the rules compare. Only with a
month right after 超过 (a number after it stays a threshold: 超过100万)."""

from __future__ import annotations

import re

_MONTH = r"(?:\d{4}年)?(?:\d{1,2}|[一二三四五六七八九十]{1,3})月份?|上个?月|本月|这个月"
_EXCEEDS = re.compile(
    rf"(?:有没有|是否|有无)?(?:超过|超出|高于)了?(?P<m>{_MONTH})(?:的)?(?:了吗|了没有|了没|没有|吗|呢)?(?=[？?。]?$)"
)


def month_exceeds(text: str) -> str:
    return _EXCEEDS.sub(lambda m: f"比{m.group('m')}高吗", text)
