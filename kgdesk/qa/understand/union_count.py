"""保洁员和绿化工两个岗位的预算编制合计 — the number after two values of one field
counts the values just said (两个岗位, 这三类), it is no condition on the field (岗位 = 2 names
nothing, and its empty result read as "没有可计算的数值" misstated the data)."""

from __future__ import annotations

from kgdesk.qa.dsl import Op, QueryPlan, ValueSource


def said_count_dropped(plan: QueryPlan) -> QueryPlan | None:
    """The plan without a number condition restating how many values an IN of the same field holds."""
    steps, changed = [], False
    for st in plan.steps:
        sizes = {
            (f.node, f.field): len(f.value)
            for f in st.filters
            if f.op is Op.IN and isinstance(f.value, list) and len(f.value) >= 2
        }
        keep = [
            f
            for f in st.filters
            if not (
                f.op is Op.EQ
                and f.value_source is ValueSource.DERIVED
                and isinstance(f.value, int)
                and not isinstance(f.value, bool)
                and sizes.get((f.node, f.field)) == f.value
            )
        ]
        changed = changed or len(keep) != len(st.filters)
        steps.append(st.model_copy(update={"filters": keep}))
    return plan.model_copy(update={"steps": steps}) if changed else None
