"""An attribute of the top record (单台原值最高的那台设备，属于什么设备类型 / 检查得分最低的那次检查是什么检查类型):
a numeric field with a superlative, then a which-word right before another field of the same record type that is
not a number. Read as the group whose top record is the highest — group by the asked field, rank the groups by
their highest (lowest) record (ties included, understand/ranking.per_record_ranking) — which names the top
record's value of that field, never a total per value. Anything else (two numbers, other record types, no
which-word right before the field) is left to the other rules."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.plan_mentions import _M


def _which_before(itp: Any, m: _M) -> bool:
    prev = itp.p.prev_before(m, skip_fillers=False)
    # 哪个设备类型 / 什么设备类型 / 是什么设备类型 (a status word asking what the field holds)
    return prev is not None and prev.e == m.s and any(s.kind == "cue" and s.name in ("which", "status") for s in prev.senses)


def top_record_attribute(
    itp: Any, fields: list[_M], cue: str | None, which: bool, group: tuple[str, str | None] | None
) -> tuple[str, str | None] | None:
    """(label, field) to group by for an attribute of the top record, else the group given."""
    if group or cue not in ("max", "min"):
        return group
    free = [(m, s) for m in fields if id(m) not in itp.used and (s := m.sense("field")) is not None]
    if len(free) != 2 or len({str(s.get("label")) for _, s in free}) != 1:
        return group
    numeric = [(m, s) for m, s in free if itp._is_numeric(str(s.get("label")), str(s.get("field")))]
    other = [(m, s) for m, s in free if (m, s) not in numeric]
    if len(numeric) != 1 or len(other) != 1:
        return group
    (nm, _), (am, asense) = numeric[0], other[0]
    if not _which_before(itp, am) or not any(nm.e <= c.s < am.s for c in itp.cue(cue)):
        return group
    itp.use(am)
    return (str(asense.get("label")), str(asense.get("field")))
