"""People and equipment "now" at the reference date T (today, or the day the question states): one derived flag per
concept, used by every wording (现在 / 目前 / 在职 / 还在 / 截至今天 …). A person is 在职 at T when 入职日期 ≤ T (or
empty) and not 离职日期 ≤ T; a device is on its project at T when 入项目日期 ≤ T (or empty) and not 退项目日期 ≤ T
(expressions.held_at). Whether a date field is empty alone never decides it: ledgers hold planned dates (a departure
agreed for the end of the month, equipment due to arrive). 已离职 is 离职日期 ≤ T (lexicon conditions)."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Derived


def at_reference_fields(raw: dict[str, Any], label: str) -> set[str]:
    """The derived names that already say the state at T for `label` (按参考日在职, 离职日期距今天数): a plan holding one
    gets no second "now" condition (现在已离职的人 keeps 已离职)."""
    row = raw.get("current_filters", {}).get(label) or {}
    opposite = raw.get("current_opposites", {}).get(label) or {}
    return {str(n) for n in (row.get("derived"), opposite.get("derived")) if n}


def held_at_reference(lx: Any, b: Any, row: dict[str, Any]) -> str:
    """The field the "now" condition of `row` (lexicon current_filters) filters on: its derived flag, declared on the
    step once; the plain field when the row names none."""
    name = row.get("derived")
    spec = lx.derived_row(name) if name else None
    if spec is None:
        return str(row["field"])
    if not any(d.name == name and d.node == "n0" for d in b.derived):
        b.derived.append(Derived(name=str(name), node="n0", expression=str(spec["expression"]), unit=spec.get("unit")))
    return str(name)
