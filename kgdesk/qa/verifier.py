"""The answer verifier: the outcome must fit the question's contract and rest on this execution.

An existence question is never answered with a total count, a list question never with a bare
number; every fact must cite rows returned by this execution; truncated or conflicting evidence
is not an answer. Failures map to: retry with the same plan, retry with a clarified plan, or an
explicit "证据不足".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from kgdesk.qa.dsl import CONTRACT_FOR, AnswerContract, QueryPlan, QueryType
from kgdesk.qa.executor import Provenance
from kgdesk.qa.results import Outcome


class Action(StrEnum):
    OK = "ok"
    RETRY_SAME = "retry_with_same_plan"
    RETRY_CLARIFIED = "retry_with_clarified_plan"
    INSUFFICIENT = "explicit_insufficient_evidence"


@dataclass(frozen=True)
class Verdict:
    action: Action
    reason: str = ""
    check: str = ""

    @property
    def ok(self) -> bool:
        return self.action is Action.OK


def _bad(check: str, reason: str, action: Action = Action.INSUFFICIENT) -> Verdict:
    return Verdict(action, reason, check)


def verify(plan: QueryPlan, outcome: Outcome, executed: set[tuple[str, str, str, int]]) -> Verdict:
    """`executed`: keys of every provenance seen in the rows of this execution."""
    qt = plan.query_type
    if plan.answer_contract is not CONTRACT_FOR[qt] or outcome.query_type is not qt:
        return _bad("contract_matches_query_type", "回答类型与问题类型不一致", Action.RETRY_CLARIFIED)
    v = outcome.value
    contract = plan.answer_contract
    if contract is AnswerContract.YES_NO and not isinstance(v, bool):
        return _bad(
            "no_total_count_substitution",
            "“有没有”的问题必须回答有或没有，而不是一个总数",
            Action.RETRY_CLARIFIED,
        )
    if contract is AnswerContract.COUNT and (isinstance(v, bool) or not isinstance(v, int)):
        return _bad("count_is_integer", "数量问题的结果不是整数", Action.RETRY_CLARIFIED)
    if contract is AnswerContract.LIST and not isinstance(v, list):
        return _bad("list_not_number", "列表问题不能只回答一个数字", Action.RETRY_CLARIFIED)
    if (
        contract is AnswerContract.AGGREGATE
        and not plan.group_by
        and v is not None
        and (isinstance(v, bool) or not isinstance(v, (int, float)))
    ):
        return _bad("aggregate_is_number", "汇总结果不是数值", Action.RETRY_CLARIFIED)
    if outcome.truncated and qt in (
        QueryType.COUNT,
        QueryType.AGGREGATE,
        QueryType.COMPARE,
        QueryType.TREND,
        QueryType.LIST,
    ):
        return _bad(
            "complete_evidence",
            "匹配的记录超过了单次查询的上限，结果可能不完整，请缩小范围（例如指定项目或月份）",
        )
    if outcome.truncated and qt is QueryType.EXISTENCE and v is False:
        return _bad("complete_evidence", "查询结果被截断，无法确认不存在")
    if outcome.conflicts and qt in (
        QueryType.AGGREGATE,
        QueryType.COMPARE,
        QueryType.TREND,
        QueryType.STATUS,
    ):
        return _bad("no_conflicting_values", "数据中存在相互矛盾的取值：" + "；".join(outcome.conflicts[:5]))
    # evidence: facts must cite rows of this execution, and only those
    cited: list[Provenance] = outcome.citations()
    foreign = [c for c in cited if c.key not in executed]
    if foreign:
        return _bad("evidence_from_this_execution", "回答引用了本次查询之外的来源", Action.RETRY_SAME)
    has_facts = not outcome.empty
    if has_facts and not cited:
        return _bad("evidence_backed", "查询结果缺少来源（文件和行号），不能作为回答")
    if qt is QueryType.STATUS:
        if outcome.empty:
            return _bad("entity_found", "数据中未找到符合条件的记录")
        if v is None and outcome.missing and len(outcome.facts) == 1:
            return _bad("property_present", "数据中未填写" + "、".join(outcome.missing))
    if qt is QueryType.AGGREGATE and not plan.group_by and v is None:
        return _bad("aggregate_has_values", "没有可计算的数值（相关记录为空或字段未填写）")
    if qt in (QueryType.COMPARE, QueryType.TREND) and outcome.empty:
        return _bad("comparison_has_groups", "数据中未找到符合条件的记录")
    if qt is QueryType.COMPARE and len(outcome.facts) < 2:
        c, found = plan.comparison, {f.key for f in outcome.facts}
        none = [k for k in ((c.left, c.right) if c is not None else ()) if k not in found]
        if none:  # 两个项目的检查平均分: an average over no record has no value — say which side has none
            return _bad("comparison_has_groups", f"{'、'.join(none)} 没有可计算的记录，无法对比")
        return _bad("comparison_has_groups", "只找到一组数据，无法对比")
    return Verdict(Action.OK)
