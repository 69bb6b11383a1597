"""既不是A也不是B (neither A nor B): 既 and 也 only frame two negations, each read as its own condition —
together "none of the two" (not in A, B). Only the framing words are settled here; the two negated values
are read as everywhere else."""

from __future__ import annotations

import re

from kgdesk.qa.plan_mentions import _Parsed

_FRAME = re.compile(r"(既|即)?(?:不是|不属于|不在|非)[^，,。；;也]{1,12}(也)(?:不是|不属于|不在|非)")


def neither_nor(p: _Parsed) -> None:
    """Turn the leftover 既 / 也 of (既)不是A也不是B into fillers."""
    found = _FRAME.search(p.qn)
    if found is None:
        return
    spans = {found.span(2)} | ({found.span(1)} if found.group(1) else set())
    for m in p.mentions:
        if m.kind == "leftover" and (m.s, m.e) in spans:
            m.become_filler()
