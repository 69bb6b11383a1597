"""「开票金额四个月累计超过100万的项目」: "N个月累计" where N is the number of months the data covers (the dev
ledgers: 2026-01…04) is the total over the whole coverage — the same as 累计 alone. Only a bare N个月 (not
近 / 最近 / 过去 / 前 / 后 / 头 N个月, which count back or forth from a day) and only when N equals the covered
months; any other N is left as it is (refused: which N months is not guessed)."""

from __future__ import annotations

import re

from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.scan_rules import to_number

_SPAN = re.compile(
    r"(?<![近最过去前后头上下])(?:这|这些|这几)?(?P<n>[一二三四五六七八九十两]{1,3}|\d{1,2})个月(?:的|里|内|中)?"
    r"(?=累计|合计|总计|加起来|一共|总共)"
)


def months_total(text: str, schema: SchemaView) -> str:
    """开票金额四个月累计 → 开票金额累计 (the data covers four months)."""
    m = _SPAN.search(text)
    if m is None or not schema.months:
        return text
    n = to_number(m.group("n"))
    if n is None or int(n) != len(schema.months):
        return text
    return text[: m.start()] + text[m.end() :]
