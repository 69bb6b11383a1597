"""The agent's dialogs around one question: values to choose, the understanding and the plan to
confirm (a correction in words → re-understand), and the choices the plan runner needs (口径,
near values, narrowing) — asked here, then the plan run again. The runner never asks the user.
"""

from __future__ import annotations

import time
from typing import Any

from kgdesk.agent.context import AgentResult, QuestionContext, index_display, key_fields
from kgdesk.agent.understanders import AgentUnderstander
from kgdesk.qa import describe
from kgdesk.qa.interactions import SCOPE_ALL, SCOPE_SUMMARY, PlanConfirmation, ScopeRequest, SlotConfirmation
from kgdesk.qa.lexicon import normalize
from kgdesk.qa.policy import Policy
from kgdesk.qa.runner import PlanRunner, RunContext, RunState
from kgdesk.qa.scope import narrow, replace_filter
from kgdesk.qa.understanding import ChoiceRequest, Option, Understanding, UnderstandingStatus
from kgdesk.qa.validate_plan import plan_errors

MAX_CHOICE_ROUNDS = 3
MAX_CORRECTIONS = 3
READING_LLM, READING_RULES = "llm", "rules"
READING_PROMPT = "这个问题可以有两种理解，请选择您要问的是哪一种："
NEITHER_READING = "好的，两种理解都不是您要问的。请换一种说法，把对象、时间和条件说得更具体一些，再重新提问。"


async def resolve_choices(und: Understanding, ua: AgentUnderstander, qc: QuestionContext) -> Understanding:
    rounds = 0
    while und.status is UnderstandingStatus.CLARIFY and und.choices and rounds < MAX_CHOICE_ROUNDS:
        rounds += 1
        progressed = False
        for choice in und.choices:
            picked = await qc.memo.choose_values(choice)
            if picked:
                qc.ctx.choices[normalize(choice.text)] = picked
                qc.ctx.choices[choice.text] = picked
                progressed = True
        if not progressed:
            break
        und = await ua.understand(qc.question, qc.ctx)
    return und

async def choose_reading(und: Understanding, ua: AgentUnderstander, qc: QuestionContext) -> tuple[Understanding, bool]:
    """The model's reading and the rules' differ: both shown in one dialog (this choice is the
    confirmation of the understanding); without a user to ask (--auto) the model's validated
    plan. Returns the understanding to go on with and whether the user chose it here."""
    rule, ua.alternative = ua.alternative, None
    if rule is None or rule.plan is None or und.status is not UnderstandingStatus.PLAN or und.plan is None:
        return und, False
    if qc.memo.non_interactive:
        qc.trace.add("reading", 0, chosen=READING_LLM, asked=False)
        return und, False
    name_of, kf = index_display(qc.ctx.index), key_fields(qc.ctx)

    def reading(plan: Any) -> str:
        return "；".join(f"{k}：{v}" for k, v in describe.understanding_slots(plan, name_of=name_of, key_fields=kf))

    request = ChoiceRequest(
        kind="reading",
        text=qc.question,
        prompt=READING_PROMPT,
        options=[
            Option(READING_LLM, "语言模型的理解", reading(und.plan)),
            Option(READING_RULES, "规则的理解", reading(rule.plan)),
        ],
    )
    picked = await qc.memo.choose_values(request)
    chosen = picked[0] if picked else None
    qc.trace.add("reading", 0, chosen=chosen, asked=True)
    if chosen == READING_RULES:
        ua.source, ua.used_history = "deterministic", False
        return rule, True
    if chosen == READING_LLM:
        return und, True
    return Understanding(UnderstandingStatus.CLARIFY, message=NEITHER_READING), True


async def confirm_understanding(
    und: Understanding, ua: AgentUnderstander, qc: QuestionContext
) -> tuple[Understanding, bool]:
    corrections = 0
    while und.status is UnderstandingStatus.PLAN and und.plan is not None:
        # the sentence the user confirms is always generated from the DSL, whoever wrote the plan
        und.slots = describe.understanding_slots(und.plan, name_of=index_display(qc.ctx.index), key_fields=key_fields(qc.ctx))
        reply = await qc.memo.confirm_slots(SlotConfirmation(qc.question, und.slots))
        if reply.ok:
            return und, False
        if not reply.feedback or corrections >= MAX_CORRECTIONS:
            return und, True
        corrections += 1
        und = await ua.correct(qc.question, und, reply.feedback, qc.ctx)
        und = await resolve_choices(und, ua, qc)
    return und, False

async def confirm_plan(
    und: Understanding, ua: AgentUnderstander, qc: QuestionContext, policy: Policy
) -> tuple[Understanding, bool]:
    changes = 0
    while und.status is UnderstandingStatus.PLAN and und.plan is not None:
        plan = und.plan
        if plan_errors(plan, qc.ctx.schema) or not policy.permit(plan, role=qc.role, user=qc.user).allowed:
            return und, False  # the runner gives the reason (rejected / denied); nothing to confirm
        lines = describe.plan_lines(plan, name_of=index_display(qc.ctx.index), key_fields=key_fields(qc.ctx))
        reply = await qc.memo.confirm_plan(
            PlanConfirmation(qc.question, lines, plan.model_dump(mode="json", exclude_none=True))
        )
        if reply.ok:
            return und, False
        if not reply.feedback or changes >= MAX_CORRECTIONS:
            return und, True
        changes += 1
        qc.trace.add("plan_change", 0, attempt=changes, feedback=reply.feedback[:200])
        new = await ua.correct(qc.question, und, reply.feedback, qc.ctx)
        new = await resolve_choices(new, ua, qc)
        if new.status is not UnderstandingStatus.PLAN or new.plan is None:
            return new, False
        und = new
    return und, False

async def run_plan(und: Understanding, qc: QuestionContext, runner: PlanRunner) -> AgentResult:
    """The confirmed plan through the runner; a choice it needs is asked here and the plan
    run again with it (the runner never asks the user)."""
    assert und.plan is not None
    plan = und.plan
    run = RunContext(
        question=qc.question, reader=qc.loaded.reader, version=qc.version, schema=qc.schema, index=qc.ctx.index,
        today=qc.today, role=qc.role, user=qc.user, trace=qc.trace,
    )
    state = RunState()
    queries: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    result = AgentResult("error", "内部错误：查询没有完成。", version=qc.version)
    for _attempt in range(5):
        result = await runner.run(plan, run, state, optional_fields=und.optional_fields)
        queries += result.queries
        need = result.need
        if need is None:
            break
        if need.kind == "scope":
            assert isinstance(need.request, ScopeRequest)
            choice = await qc.memo.choose_scope(need.request)
            narrowed = narrow(plan, choice) if choice not in (None, SCOPE_SUMMARY, SCOPE_ALL) else None
            state.scope = SCOPE_ALL if choice == SCOPE_ALL or narrowed is not None else SCOPE_SUMMARY
            plan = narrowed or plan
            continue
        assert isinstance(need.request, ChoiceRequest)
        picked = await qc.memo.choose_values(need.request)
        if need.kind == "assumption" and picked in (["with"], ["without"]):
            state.assumption = picked[0]
        elif need.kind == "values" and picked:
            plan = replace_filter(plan, need.probe, picked)
            state.probed = False  # the next empty text condition (if any) is probed on the new plan
        else:
            result.status = "clarify"  # only the user can go on: a pending clarification
            break
    result.queries = queries
    result.groundings = [g.to_json() for g in und.groundings]
    qc.trace.add("core", (time.perf_counter() - t0) * 1000, status=result.status)
    return result
