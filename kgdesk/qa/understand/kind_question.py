"""A question about the kinds of a record type (XMSQ0150项目上有哪几类采购 / 区图书馆做过哪几类检查 /
有哪几种证书 / 哪几类设备报废了): a kind word right before the type's word asks the distinct values of
the type's kind field — never the records themselves listed one by one.

The kind field is the type's one present text field named …类型 / …类别 that tells records apart
(more than one value): 设备 → 设备类型, 检查记录 → 检查类型. When the type has none, or two (采购记录:
类别 and 记录类型; 证书: 证书类别 and 专业类别), which is meant is not guessed: the question is refused.
A type whose every record is itself a kind (lexicon kind_labels: 岗位) lists its records. 哪几样 asks
items, not kinds (哪几样耗材 lists them)."""

from __future__ import annotations

import re
from typing import Any

from kgdesk.qa.dsl import AggFn, Aggregate, FieldRef, QueryPlan, QueryType, Sort
from kgdesk.qa.plan_mentions import _M, _needs_llm, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.kinds import kind_field, records_are_kinds

KIND_WORDS = frozenset(
    {"哪几类", "哪几种", "哪些类", "哪些种", "哪类", "哪种", "哪一类", "哪一种", "有哪几类", "有哪几种"}
)
_WHICH_OF = re.compile(r"(?:哪些|哪几|什么)(?:种类|([类种])(?![型别]))的?")


def kind_words(text: str) -> str:
    """区图书馆都有哪些类的设备 → 哪几类设备, 有哪些种类的设备 / 什么种类的设备 → 哪几类设备 (哪些类型 is left as
    it is)."""
    return _WHICH_OF.sub(lambda m: f"哪几{m.group(1) or '类'}", text)


def _label(m: _M | None) -> str | None:
    labels = (
        {str(s.get("label")) for s in m.senses if s.kind == "label"}
        if m is not None and m.kind == "lex"
        else set()
    )
    return next(iter(labels)) if len(labels) == 1 else None


def kind_noun(p: _Parsed, w: _M, last: bool = False) -> tuple[_M, str] | None:
    """The record type's word right after a kind word (哪几类|采购), with its label; with last, also the
    type's word before a kind word that ends the question (区图书馆的检查|有哪几种)."""
    if (
        w.kind != "lex"
        or w.text not in KIND_WORDS
        or not any(s.kind == "cue" and s.name in ("list", "which") for s in w.senses)
    ):
        return None
    nxt = p.next_after(w, skip_fillers=False)
    if nxt is not None and nxt.s == w.e and (label := _label(nxt)) is not None:
        return nxt, label
    prev = p.prev_before(w)
    while prev is not None and prev.has("filler"):  # 设备|都|有哪几类: 都 may be a filler too
        prev = p.prev_before(prev)
    if last and p.next_after(w) is None and (label := _label(prev)) is not None and prev is not None:
        return prev, label
    return None


def kind_records_listed(
    plan: QueryPlan, schema: SchemaView, p: _Parsed, raw: dict[str, Any]
) -> QueryPlan | None:
    """A kind question planned as the records of its type listed (哪几类设备报废了 — a condition kept
    the type's word a record noun): the records kept grouped by the kind field, each value once;
    with no single kind field, refused (needs an LLM)."""
    if plan.query_type is not QueryType.LIST or plan.group_by or plan.aggregate is not None:
        return None
    aliases = {lab: a for a, lab in plan.output_step.aliases().items()}
    for w in p.mentions:
        found = kind_noun(p, w, last=True)
        if (
            found is None
            or records_are_kinds(found[1], raw)
            or found[1] not in aliases
        ):
            continue
        field, node = kind_field(schema, found[1]), aliases[found[1]]
        if field is None:
            raise _needs_llm(f"「{w.text}」问的是{found[1]}的种类；无法确定按哪个字段分类")
        return plan.model_copy(
            update={
                "projection": [FieldRef(node=node, field=field)],
                "group_by": [FieldRef(node=node, field=field)],
                "aggregate": Aggregate(fn=AggFn.COUNT_DISTINCT, node=node, field="_key"),
                "sort": [Sort(by="group", node=node, direction="asc")],
            }
        )
    return None
