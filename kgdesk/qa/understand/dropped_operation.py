"""An operation word said but not computed (服务状态为服务中的项目，客户满意度均值多少): the average
asked after a comma-clause must never be answered by the records alone — a list of 12 projects is no mean. When the
question carries the lexicon's avg cue and the plan neither aggregates, sorts nor compares anything, the
operation was dropped on the way: the question is refused rather than answered with another thing. An average word is
looked for in the text too, as a word the scan may have split (均值多少 read as 均 + 值多少)."""

from __future__ import annotations

from kgdesk.qa.dsl import QueryPlan, QueryType
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed

_OPERATIONS = frozenset({"avg"})  # a lowest / highest is set later (检查得分最低的一次得了多少分): not judged here
_LISTING = frozenset({QueryType.LIST, QueryType.STATUS})  # the records, or a field of each


def dropped_operation(plan: QueryPlan, p: _Parsed) -> None:
    """Refuse a bare listing of records when an average was asked."""
    if plan.query_type not in _LISTING or plan.aggregate is not None or plan.sort or plan.limit:
        return
    if plan.comparison is not None or plan.having is not None or plan.share is not None:
        return
    said = [m.text for m in p.mentions if m.kind == "lex" and any(s.kind == "cue" and s.name in _OPERATIONS for s in m.senses)]
    said += [w for w in load_lexicon().raw.get("cues", {}).get("avg", []) if w in p.qn]  # 均值多少 read as 均 + 值多少
    if said:
        raise _needs_llm(f"问的是「{said[0]}」，离线规则没能把它算出来，不用记录清单代替")
