"""A value said without its record type (保安) bound to a record type the question neither names nor
asks about (人员.岗位名称 on a node reached only to carry it), while a record type it does name holds
one of the same values in a field of its own (岗位编制.岗位: 有保安编制的项目): which one was meant is
not guessed — reading the person's job answered the projects with a 保安 on staff, not those with a
保安 post."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Op, QueryPlan, ValueSource
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of


def _values(v: Any) -> set[str]:
    return {str(x) for x in (v if isinstance(v, list) else [v])}


def _code(field: str) -> bool:
    """A node key or a reference code (项目编号, 工号): it holds named records, not values of a field."""
    return field == "_key" or field.endswith(("编号", "工号"))


def value_of_a_named_record(plan: QueryPlan, schema: SchemaView, p: _Parsed) -> None:
    """Refuse when a grounded value sits on an unnamed record type and a named one holds it too."""
    named: set[str] = set()
    for m in p.mentions:
        named |= labels_of(m)
    entities = {m.text for m in p.mentions if m.kind in ("entity", "entity_multi")}
    for step in plan.steps:
        aliases = step.aliases()
        for f in step.filters:
            own = aliases.get(f.node, "")
            if _code(f.field) or f.text in entities or f.value_source is not ValueSource.GROUNDED:
                continue  # a named record (区图书馆, its key or code) is itself, not a value another record holds
            if f.op not in (Op.EQ, Op.IN):
                continue
            if own in named or f.node == "n0":
                continue  # the records asked about (几位: people) carry their own values
            said = _values(f.value)
            for other in set(aliases.values()) & named - {own}:
                info = schema.labels.get(other)
                for prop in info.properties.values() if info else ():
                    if prop.values and not _code(prop.name) and said & {str(x) for x in prop.values}:
                        raise _needs_llm(
                            f"「{f.text or f.field}」可能是{other}的{prop.name}，也可能是{own}的{f.field}，离线规则不猜"
                        )
