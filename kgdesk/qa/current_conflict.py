"""A word for "still here" and the opposite condition on the same field never make a confident count.

在职和离职的人有多少 names both sides: 在职 (离职日期 is empty) and 离职 (离职日期 is filled). The plan can hold only one
condition on the field, and keeping the 离职 one answers "how many left" (1) as if that were the question. Whenever a
word of the lexicon's current_opposites is said and the plan keeps the opposite condition (not_null, or 按参考日未离职 < 1: 离职日期 ≤ T) on that field,
the question is refused: both sides together are everyone, apart they are two numbers — not guessed."""

from __future__ import annotations

from functools import cache

from kgdesk.qa.dsl import Op, QueryPlan
from kgdesk.qa.lexicon import load_lexicon


@cache
def _rows() -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    raw = load_lexicon().raw.get("current_opposites", {})
    return tuple(
        (label, str(row["field"]), str(row.get("derived") or row["field"]), tuple(row["words"]))
        for label, row in raw.items()
        if isinstance(row, dict)
    )


def current_contradicted(qn: str, plan: QueryPlan) -> str | None:
    """The "still here" word the plan contradicts (在职), or None."""
    for step in plan.steps:
        labels = step.aliases()
        for label, field, derived, words in _rows():
            said = next((w for w in words if w in qn), None)
            if said is not None and any(
                ((f.field == field and f.op is Op.NOT_NULL) or (f.field == derived and f.op is Op.LT)) and labels.get(f.node) == label for f in step.filters
            ):
                return said
    return None
