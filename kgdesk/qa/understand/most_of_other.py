"""哪个片区的项目最多 / 设备最多的项目是哪个: two kinds of thing named with a superlative and no measure — the one asked
(after the which-word, else after the superlative) is the group, the other one is counted per group. Three kinds
with a month are the month's fact records as a condition (3月考勤人数最多的项目), not a third kind."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.plan_mentions import _M


def most_of_other(itp: Any, labels_free: list[_M], cue: str, timed: bool) -> tuple[tuple[str, str | None] | None, str | None]:
    """(group, counted label), or (None, None) when the two kinds are not there."""
    p = itp.p
    kinds: dict[str, _M] = {}
    for m in labels_free:
        ls = m.sense("label")
        assert ls is not None
        kinds.setdefault(ls.get("label"), m)
    if len(kinds) == 3 and timed:
        kinds = {k: v for k, v in kinds.items() if k not in itp.lx.monthly_fact_labels}
    if len(kinds) != 2:
        return None, None
    wcs = itp.cue("which") or itp.cue("list") or p.of("top")
    first = next((m for m in labels_free if m.s >= wcs[0].e), None) if wcs else None
    if first is None:
        # 设备最多的项目是哪个: the label after 最多 is the group, the one before it is counted
        sups = itp.cue(cue) or p.of("top") or wcs  # 设备数量排前三的项目有哪些
        first = next((m for m in labels_free if m.s >= sups[0].e), None) if sups else None
    if first is None:
        return None, None
    fl = first.sense("label")
    assert fl is not None
    for m in labels_free:
        ls = m.sense("label")
        if ls is not None and ls.get("label") in kinds:
            itp.use(m)  # a dropped fact label stays a condition (it must exist)
    return (fl.get("label"), None), next(lab for lab in kinds if lab != fl.get("label"))
