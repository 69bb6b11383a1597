"""A derived value must come from the record the question asks about (red team C4–C5): a 维保合同's remaining time is
computed from the contract's own 结束日期, never from its project's; a certificate's remaining validity is never the
holder's 司龄. A last look at a finished plan: a derived attribute put on another node while the asked record (n0)
has every field its expression reads, or a remaining-time question (还剩 / 剩余 / 到期 / 有效) answered with a value that
is no remaining time, is refused, naming the attribute."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.schema import SchemaView

_REMAINING = re.compile(r"还剩|剩余|剩下|还有多久|还有多少天|还有几[天个年]|多久到期|几年有效|有效期还有")
_FUNCS = {"today"}


def _fields(expression: str) -> list[str]:
    return [w for w in re.findall(r"[\u4e00-\u9fff][\u4e00-\u9fff（）]*", expression) if w not in _FUNCS]


def derived_off_the_asked(text: str, plan: QueryPlan, schema: SchemaView) -> str | None:
    """The derived attribute computed on another record than the one asked, or None."""
    for step in plan.steps:
        labels = {"n0": step.entity, **{f"n{i + 1}": h.target for i, h in enumerate(step.hops)}}
        for d in step.derived:
            fields = _fields(d.expression)
            own = bool(fields) and all(schema.has_property(step.entity, f) for f in fields)
            other = labels.get(d.node, "")
            if d.node != "n0" and own and other != step.entity and other not in text:  # 已到期的项目里: said
                return d.name  # 维保合同还有多少天到期: its own 结束日期, not the project's
    if _REMAINING.search(text) and plan.projection:
        remaining = {d.name for s in plan.steps for d in s.derived if "today" in d.expression}
        if not any(p.field in remaining for p in plan.projection):
            return plan.projection[0].field  # 证书还剩几年有效: never the holder's 司龄
    return None
