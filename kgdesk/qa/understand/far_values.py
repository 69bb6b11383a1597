"""A data value word (停用, 已到货, 消防) that matches a field of a record type two or more hops from
what is asked (停用的人员 → 人员 → 项目 → 设备.完好状况) is an unrelated filter: the word plausibly
describes the asked records, not their project's other records. Unless the question names that
record type, its field, or the record the value hangs off (有保安的项目), the rules do not guess."""

from __future__ import annotations

from kgdesk.qa.dsl import QueryPlan, ValueSource
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed


def _named(p: _Parsed) -> set[str]:
    """Record types and fields the question names by their own words (not by a data value)."""
    out: set[str] = set()
    for m in p.mentions:
        if m.kind != "lex":
            continue
        for s in m.senses:
            if s.kind in ("label", "field", "time_field", "date_verb", "derived") and s.get("label"):
                out.add(str(s.get("label")))
                if s.get("field"):
                    out.add(f"{s.get('label')}.{s.get('field')}")
    return out


def far_value_filters(plan: QueryPlan, p: _Parsed) -> None:
    """Raise (needs the LLM) for a data value matched two or more hops away on an unnamed record type."""
    named: set[str] | None = None
    for step in plan.steps:
        depth = {"n0": 0}
        parent: dict[str, str] = {}
        for i, h in enumerate(step.hops, start=1):
            depth[f"n{i}"] = depth.get(h.source, 0) + 1
            parent[f"n{i}"] = h.source
        aliases = step.aliases()
        for f in step.filters:
            if f.field == "_key" or f.value_source is not ValueSource.GROUNDED or depth.get(f.node, 0) < 2:
                continue
            if named is None:
                named = _named(p)
            label = aliases.get(f.node, "")
            if label in named or f"{label}.{f.field}" in named or aliases.get(parent.get(f.node, ""), "") in named:
                continue  # 有保安的项目被检查了几次: the value is on the named 项目's people, one hop away
            raise _needs_llm(
                f"「{f.text or f.value}」是{label}的{f.field}，与所问的{step.entity}隔了{depth[f.node]}层关联，不能确定是否指它"
            )
