"""在哪里 / 在哪儿 / 什么地方 asked of one named record (区图书馆在哪里 / DT-001在哪儿): its place field
(lexicon `where_fields`: 项目 → 项目地址, 设备 → 安装位置), as 区图书馆在什么位置 already is. Only
for a plan that would list that one record itself; a record type without a place field keeps the
refusal (the record is no answer to "where")."""

from __future__ import annotations

import re
from typing import Any

from kgdesk.qa.dsl import FieldRef, Op, QueryPlan, QueryType
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView

_WHERE = re.compile(r"在哪里|在哪儿|在哪|什么地方|在何处|哪个地方|啥地方")
_BARE_END = re.compile(r"在哪(?=[吗呢呀啊?？。!！\s]*$)")


def where_at_end(question: str) -> str:
    """XMSQ0150项目地址在哪 (B4): a bare 在哪 ending the question is 在哪里 (a where-question); 在哪 inside a
    question (在哪些项目) is left alone."""
    return _BARE_END.sub("在哪里", question)


def where_asked(plan: QueryPlan, schema: SchemaView, p: _Parsed, raw: dict[str, Any]) -> QueryPlan | None:
    """The plan asking the named record's place field, or None when it does not apply."""
    if plan.query_type is not QueryType.LIST or plan.aggregate is not None or plan.projection or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    if step.hops or step.time or len(step.filters) != 1:
        return None
    key = step.filters[0]
    if key.field != "_key" or key.op is not Op.EQ or key.node != "n0" or _WHERE.search(p.qn) is None:
        return None
    field = raw.get("where_fields", {}).get(step.entity)
    if not isinstance(field, str) or not schema.has_property(step.entity, field):
        return None
    update = {"query_type": QueryType.STATUS, "answer_contract": None, "projection": [FieldRef(node="n0", field=field)]}
    return QueryPlan.model_validate(plan.model_copy(update=update).model_dump())
