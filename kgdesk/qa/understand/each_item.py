"""A和B各有多少 / 分别是多少: one value per named item (project, person, month), never the two summed
into one number. A count or total over a several-valued condition with such a word is split into
one group per value; what cannot be split that way is not guessed.

The each-word is found two ways: the phrases of _EACH, and — the general rule — any 分别 / 各自 / 各 of the lexicon's
values_apart that does not open a grouping of its own (清洁耗材、工程耗材的金额各合计多少 / 1月和2月的开票金额各合计多少:
各 before an aggregate word, not before a record type or a field), so a new verb after 各 needs no new phrase."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import FieldRef, Filter, Op, QueryPlan, QueryType, Sort
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.values_apart import values_apart

# 各 as "each of them": 各有 / 各是 / 各多少 / 各几 / 各自 / 分别; not 各项目 / 各月 (a group word of its own)
_EACH = re.compile(r"分别|各自|各(?:有|是|为|占|要|多少|几|拿|花|开|收|用|请|上|加|出|检|买|签|中|投)")
_SUMMED = ("一共", "总共", "共计", "加起来", "共有")
"""Words that sum the items together (A和B一共多少). 合计 / 总计 / 总和 name each item's total (耗材采购、固定资产的金额合计
分别是多少: one total per value) — with an each-word they never join the items into one number."""


def per_item(plan: QueryPlan, schema: SchemaView, question: str, p: _Parsed | None = None) -> QueryPlan | None:
    """The count or total split by the several named values, None when the question asks no
    per-item answer; raises (needs the LLM) when it does but the plan cannot be split."""
    each = _EACH.search(question) is not None or (p is not None and values_apart(p, 0) is not None)
    if not each or any(w in question for w in _SUMMED):
        return None
    if plan.query_type not in (QueryType.COUNT, QueryType.AGGREGATE):
        return None
    if plan.share is not None or plan.comparison is not None or plan.having is not None:
        return None
    agg = plan.aggregate
    many = [f for s in plan.steps for f in s.filters if _several(f)]
    if plan.group_by:
        named = {(f.node, None if f.field == "_key" else f.field) for f in many}
        if many and not any((g.node, g.field) in named for g in plan.group_by):
            raise _needs_llm("问的是每一项各自的值，查询却按另一个字段分组")  # 1月和2月各开了多少票
        return None
    if agg is None or len(plan.steps) != 1 or len(many) != 1:
        if many or _several_months(plan) or _each_of_a_related_label(plan, question):
            raise _needs_llm("问的是每一项各自的值，离线规则只能算出它们的合计")
        return None
    f = many[0]
    if plan.query_type is QueryType.COUNT and _names_a_measure(plan, schema, question):
        raise _needs_llm("问的是每一项各自的数值，查询却只数了记录的条数")
    by = FieldRef(node=f.node, field=None if f.field == "_key" else f.field)
    doc = plan.model_dump(mode="json")
    doc.update(
        query_type=QueryType.AGGREGATE.value,
        answer_contract=None,
        group_by=[by.model_dump(mode="json")],
        sort=[Sort(by="value", direction="desc").model_dump(mode="json")],
        limit=None,
    )
    return QueryPlan.model_validate(doc)


def _several(f: Filter) -> bool:
    return f.op is Op.IN and isinstance(f.value, list) and len(f.value) >= 2 and not f.node.startswith("r")


def _several_months(plan: QueryPlan) -> bool:
    return any(t.kind == "month_in" for s in plan.steps for t in s.time)


def _names_a_measure(plan: QueryPlan, schema: SchemaView, question: str) -> bool:
    """A numeric field of a node of the plan is named (开票金额): a count of records does not answer it."""
    for step in plan.steps:
        for label in step.aliases().values():
            info = schema.labels.get(label)
            if info is None:
                continue
            if any(len(n) >= 2 and n in question and p.type in ("小数", "整数") for n, p in info.properties.items()):
                return True
    return False


def _each_of_a_related_label(plan: QueryPlan, question: str) -> bool:
    """青浦片区的项目分别有几个人: the each-word right after a label the plan only passes through asks
    one value per such record — one total over all of them does not answer it."""
    passed = {h.target for st in plan.steps for h in st.hops if not h.negate} - {st.entity for st in plan.steps}
    return any(re.search(rf"{re.escape(lab)}的?(?:{_EACH.pattern})", question) for lab in passed)
