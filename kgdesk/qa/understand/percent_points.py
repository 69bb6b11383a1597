"""「N个点」 after a rate (实际毛利率大于10个点) is N percentage points: N%, the rate's own scale. Only when a rate
(…率) is said before it and 点 ends the word (10个点位 / 几个点检 are something else)."""

from __future__ import annotations

import re

_POINTS = re.compile(r"(?P<n>\d+(?:\.\d+)?)\s*个(?:百分)?点(?![位检数子])")


def percent_points(text: str) -> str:
    """实际毛利率大于10个点 → 实际毛利率大于10%."""
    out, last = [], 0
    for m in _POINTS.finditer(text):
        if "率" in text[: m.start()]:
            out.append(text[last : m.start()] + f"{m.group('n')}%")
            last = m.end()
    return "".join(out) + text[last:]
