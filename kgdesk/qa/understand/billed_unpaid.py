"""有开票但没收款 over the two amounts of the same monthly finance record (开票 / 收款 of 项目月度财务) is one row with the
first amount non-zero and the second zero (开票金额不为0且收款金额为0); the positive condition is never dropped for a
"has no such record" reading."""

from __future__ import annotations

import re

_AMOUNT = {"开票": "开票金额", "收款": "收款金额", "回款": "收款金额"}
_SAID = re.compile(
    r"(?:有|已经?)?(?P<x>开票|收款|回款)(?:了|过)?(?:金额)?[，,]?(?:但|但是|可是|却|而|可)(?:还|却)?(?:没有?|未)(?:有)?"
    r"(?P<y>开票|收款|回款)(?:了|过)?(?:金额)?的"
)


def billed_unpaid(text: str) -> str:
    """上个月开票了但没收款的项目 → 上个月开票金额不为0且收款金额为0的项目."""
    m = _SAID.search(text)
    if m is None or _AMOUNT[m.group("x")] == _AMOUNT[m.group("y")]:
        return text
    x, y = _AMOUNT[m.group("x")], _AMOUNT[m.group("y")]
    return text[: m.start()] + f"{x}不为0且{y}为0的" + text[m.end() :]
