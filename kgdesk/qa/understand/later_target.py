"""The record type asked for comes last, after the records that only carry the condition (维保单位是X的维保合同，
分别签在哪些项目上 / 清洁耗材的采购都是给哪些项目买的): a 哪些 / 哪几个 / 哪家 (the lexicon's list and which cues)
directly before a record type's word asks for THAT record type, and so does the record type's word right before one
that ends the question (…的维保合同的项目有哪些); the condition's records may come before or after it. A plan that still lists (or counts) the first records
themselves answers another question with confidence — the worst outcome — so it is refused unless the plan already
returns the type asked for (a projection, a grouping or an aggregate over it); the records' own relationship to the
type asked is left to a reading that is sure of it."""

from __future__ import annotations

from kgdesk.qa.dsl import QueryPlan, QueryType
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed
from kgdesk.qa.understand.spans import labels_of

_ASKING = frozenset({"list", "which"})
_PLAIN = frozenset({QueryType.LIST, QueryType.COUNT})


def _asked_label(p: _Parsed) -> tuple[str, int] | None:
    """The one record type named right after an asking cue (哪些项目), or right before one at the end of the question
    (…的项目有哪些), and where its word starts."""
    for m in sorted(p.mentions, key=lambda x: x.s):
        if m.kind != "lex" or not any(s.kind == "cue" and s.name in _ASKING for s in m.senses):
            continue
        nxt = p.next_after(m, skip_fillers=False)
        labels = labels_of(nxt) if nxt is not None and nxt.s == m.e else set()
        if nxt is not None and len(labels) == 1:
            return next(iter(labels)), nxt.s
        prev = p.prev_before(m, skip_fillers=False)
        last = p.next_after(m, skip_fillers=True) is None
        labels = labels_of(prev) if prev is not None and prev.e == m.s and last else set()
        if prev is not None and len(labels) == 1:
            return next(iter(labels)), prev.s
    return None


def later_target(plan: QueryPlan, p: _Parsed) -> None:
    """Refuse a plan listing the condition's records when a later 哪些<type> asks for another type."""
    if plan.query_type not in _PLAIN or plan.projection or plan.group_by or plan.aggregate is not None:
        return
    if len(plan.steps) != 1:
        return
    asked = _asked_label(p)
    entity = plan.steps[0].entity
    if asked is None or asked[0] == entity:
        return
    named = any(entity in labels_of(m) and (m.s, m.e) != (asked[1], asked[1] + len(m.text)) for m in p.mentions)
    if named:  # 哪些项目签了…的维保合同 / …的维保合同的项目有哪些: the contracts carry the condition, projects are asked
        raise _needs_llm(f"问的是「{asked[0]}」，但条件落在前面的{entity}记录上，{entity}与{asked[0]}的对应离线规则不猜")
