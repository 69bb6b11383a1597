"""The month field named as a condition (排班月报里年月为2026年2月的 / 年月是2026-01 / 年月=202603): 年月 is the key month of
every monthly ledger, so "年月 <is> <month>" says that month of the named ledger's rows, the same as "2026年2月的".
Written as the month alone (2026年2月), which the time rules read on the ledger's 年月; a six-digit month
(202603) becomes 2026年3月 there only. Nothing else (年月 asked, 年月最早的) is changed."""

from __future__ import annotations

import re

_IS = r"(?:为|是|==|=|等于|：|:|写的是|填的是)"
_MONTH = re.compile(
    rf"年月\s*{_IS}\s*(?:(?P<a>\d{{4}}\s*年\s*\d{{1,2}}\s*月份?)|(?P<y>\d{{4}})(?:[-/.]?)(?P<m>\d{{1,2}})(?![\d-]))"
)


def month_field(text: str) -> str:
    """年月为2026年2月 → 2026年2月; 年月=202603 → 2026年3月; 年月是2026-01 → 2026年1月."""

    def said(m: re.Match[str]) -> str:
        if m.group("a"):
            return m.group("a")
        mo = int(m.group("m"))
        return f"{m.group('y')}年{mo}月" if 1 <= mo <= 12 else m.group(0)

    return _MONTH.sub(said, text)
