"""Turns of a thread as the agent stores them: an answer with its dialogs (a declined choice
becomes the pending clarification), a replay from the approved-answer cache, a protocol reply,
and the answer of an understanding that is no plan.
"""

from __future__ import annotations

import asyncio
from typing import Any

from kgdesk.agent.context import AgentEvent, AgentResult, QuestionContext
from kgdesk.agent.ingress import option_letter
from kgdesk.agent.memory import HistoryStore, Pending, Turn
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.interactions import SCOPE_SUMMARY
from kgdesk.qa.planner import NEEDS_LLM_MESSAGE
from kgdesk.qa.render import md_escape
from kgdesk.qa.timeparse import TimeParser
from kgdesk.qa.understanding import ChoiceRequest, Understanding, UnderstandingStatus

CACHE_MARK = "（这是您此前确认过的答案，来自已确认答案缓存；数据版本未变。）"


async def answer_from_cache(store: HistoryStore, hit: Turn, qc: QuestionContext) -> AgentResult:
    doc = hit.document or {}
    res = AgentResult(
        "answered",
        f"{CACHE_MARK}\n\n{doc.get('answer') or hit.answer}",
        doc.get("value"),
        list(doc.get("citations") or hit.citations),
        version=qc.version,
        plan=dict(doc.get("plan") or {}),
        queries=[],
        source="cache",
    )
    qc.emit(AgentEvent("step", "answer", "done"))
    cache = {"turn_id": hit.id}
    res.turn_id = await asyncio.to_thread(
        _add_turn, store, qc, res, result=hit.result, context_key=hit.context_key, from_cache=True,
        document={**res.to_json(), "cache": cache},
    )
    return res

async def store_answer(
    store: HistoryStore,
    res: AgentResult,
    qc: QuestionContext,
    compact: dict[str, Any] | None,
    context_key: str,
    plan: QueryPlan | None = None,
) -> AgentResult:
    mi = qc.memo
    res.interactions = [r.to_json() for r in mi.records]
    if res.status == "clarify" and mi.declined:
        req = mi.declined[0]
        pending = pending_choice(qc.question, req)
        pending.state["answers"] = mi.choices_given()
        pending.state["version"] = qc.version  # a reply on another version is refused
        res.options = list(req.options)
        await asyncio.to_thread(store.set_pending, qc.tid, pending)
        res.answer = res.answer.rstrip() + "\n\n" + reply_hint(req)
    else:
        await asyncio.to_thread(store.set_pending, qc.tid, None)
    if plan is not None and not res.plan:
        res.plan = plan.model_dump(mode="json", exclude_none=True)
    res.thread_id = qc.tid
    blocked = cache_block(qc, res, context_key)
    document = {**res.to_json(), "cache_rule": {"block": blocked, "model": qc.model if qc.understood_by == "llm" else ""}}
    res.turn_id = await asyncio.to_thread(
        _add_turn, store, qc, res, result=compact, context_key=context_key, document=document
    )
    return res



def cache_block(qc: QuestionContext, res: AgentResult, context_key: str) -> str:
    """Why this answer may never be replayed from the approved-answer cache ('' = it may): it
    rests on the previous turn, on a choice the user made, or on today's date."""
    if res.source != "query" or context_key or qc.data_changed:
        return "follow_up"
    for r in qc.memo.records:
        if r.kind == "choose_values" and r.answer:
            return "choice"
        if r.kind == "choose_scope" and r.answer not in (None, SCOPE_SUMMARY):
            return "choice"
    plan = res.plan or {}
    derived = [d for s in plan.get("steps") or [] for d in s.get("derived") or []]
    if any("today" in str(d.get("expression") or "") for d in derived):
        return "clock"
    mentions = TimeParser(qc.today, qc.schema.months).parse(qc.question).mentions
    if any(m.relative or m.assumed_year for m in mentions):
        return "clock"
    return ""


def record_other(store: HistoryStore, qc: QuestionContext, kind: str, result: AgentResult) -> int:
    """Protocol replies, and questions that stopped before a plan ran (LLM failure, nothing published)."""
    return _add_turn(store, qc, result, kind=kind, question=qc.text, plan=None, policy="")


def _add_turn(store: HistoryStore, qc: QuestionContext, res: AgentResult, **fields: Any) -> int:
    """The stored turn of an answer: the thread's, the asker's, with the whole document."""
    row: dict[str, Any] = {
        "kind": "question",
        "question": qc.question,
        "plan": res.plan or None,
        "version": res.version or "",
        "citations": res.citations,
        "policy": qc.policy_key,
        "document": res.to_json(),
        **fields,
    }
    return store.add_turn(
        qc.tid, status=res.status, answer=res.answer, value=res.value, user=qc.user or "", role=qc.role or "", **row
    )


def pending_choice(question: str, req: ChoiceRequest) -> Pending:
    return Pending(
        kind="choose_values",
        question=question,
        prompt=req.prompt,
        options=[{"id": o.id, "label": o.label, "detail": o.detail} for o in req.options],
        multiple=req.multiple,
        state={"text": req.text},
    )


def reply_hint(req: ChoiceRequest) -> str:
    n = len(req.options)
    letters = "、".join(f"{option_letter(i)}. {o.label}" for i, o in enumerate(req.options))
    multi = "（可多选）" if req.multiple else ""
    last = option_letter(n - 1) if n else "A"
    return f"请回复选项字母（A–{last}）{multi}继续，或回复“都不是”：{letters}"


def not_planned(und: Understanding, version: str, *, offline: bool) -> AgentResult:
    """The answer of an understanding that is not a plan: an explanation from the templates, a
    question back to the user, or what is missing (no graph query runs)."""
    base = AgentResult("clarify", "", version=version, groundings=[g.to_json() for g in und.groundings])
    if und.plan is not None:
        base.plan = und.plan.model_dump(mode="json", exclude_none=True)
    if und.status is UnderstandingStatus.EXPLAIN:
        base.status = "answered"
        sources = "\n".join(f"- 模板「{md_escape(c['template'])}」的{c['sheet']}" for c in und.explain_citations)
        base.answer = und.explain_text + "\n\n**来源**\n" + sources
        base.citations = und.explain_citations
        return base
    if und.status is UnderstandingStatus.INSUFFICIENT:
        base.status, base.answer = "insufficient", "数据中未找到答案：" + und.message
        base.reason, base.missing = und.reason, und.missing
        return base
    if und.status is UnderstandingStatus.CLARIFY:
        lines = [und.message or "需要您进一步说明问题。"]
        for c in und.choices:
            lines += ["", c.prompt]
            lines += [f"- {md_escape(o.label)}" + (f"（{md_escape(o.detail)}）" if o.detail else "") for o in c.options]
            base.options.extend(c.options)
        base.answer = "\n".join(lines)
        return base
    message = und.message or ("离线规则无法理解这个问题" if offline else "")
    base.answer = (
        f"{NEEDS_LLM_MESSAGE}：离线规则无法可靠地理解这个问题（{message}）。"
        "请换一种更直接的问法（例如“XX项目3月有多少人”“哪些设备报废了”），或在设置中配置语言模型。"
    )
    return base
