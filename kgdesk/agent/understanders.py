"""Understanding for the agent: follow-ups first, then the deterministic planner, then the LLM.

`AgentUnderstander` is what the agent calls itself (with the thread's memory); the plan it
confirms goes to the qa plan runner as is, so a question is understood once.

Routing (issue 18): with a model configured, a rule plan is final only when it is `certain`
(every content word used, nothing assumed) and, for a status question, names the record; otherwise
the model plans too. A rules' refusal for a name not in the data is checked by the model's reading
(second_reading.py). When both readings
exist and differ, the rule reading is kept in `alternative` and the agent shows both in one
dialog (under --auto the model's validated plan runs).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from kgdesk.agent.followup import FollowUpPatcher, followup_form
from kgdesk.agent.llm_understander import LLMUnderstander, PlanningFailed
from kgdesk.agent.screen import screen_understanding
from kgdesk.agent.second_reading import refusal_to_check, replaces_refusal, unidentified_status
from kgdesk.llm import LLMError
from kgdesk.qa import describe
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.planner import NEEDS_LLM_MESSAGE, DeterministicPlanner
from kgdesk.qa.trace import Trace
from kgdesk.qa.understanding import UnderstandContext, Understanding, UnderstandingStatus

CONFIDENT = 0.75
_CORRECTION_LEAD = re.compile(
    r"^(?:不对|不是|错了|不正确|理解错了|你理解错了|应该是|我说的是|我问的是|我的意思是|改一下|改成|换成|请改成|麻烦改成|是)[，,。:：\s]*"
)


@dataclass
class Previous:
    """The last answered question of the thread: what follow-ups refer to."""

    question: str
    plan: QueryPlan


@dataclass
class AgentUnderstander:
    planner: DeterministicPlanner
    patcher: FollowUpPatcher
    llm: LLMUnderstander | None
    trace: Trace
    previous: Previous | None = None
    on_progress: Callable[[str], None] | None = None
    source: str = ""
    """Who produced the last understanding: followup | deterministic | llm."""
    used_history: bool = False
    name: str = "agent"
    followup_kind: str = ""
    """The form of the follow-up the last understanding patched (count | list | narrow | replace)."""
    alternative: Understanding | None = None
    """The rule reading when the model's differs (both are shown to the user in one dialog)."""
    auto: bool = False
    """--auto: nobody answers a dialog, so a choice among names goes to the model first."""
    _calls: int = field(default=0, repr=False)

    # ---------------------------------------------------------------- the first reading

    async def understand(self, question: str, ctx: UnderstandContext) -> Understanding:
        self._calls += 1
        self.followup_kind = ""
        self._rules_for_model(None)
        ctx.offline = self.llm is None
        form = followup_form(question)
        if self.previous is not None and form is not None:
            with self.trace.step("followup", kind=form.kind) as entry:
                und = self.patcher.patch(question, self.previous.plan, self.previous.question, ctx)
                entry["ok"] = und is not None
            if und is not None:
                self.source, self.used_history, self.followup_kind = "followup", True, form.kind
                return und
        t0 = time.perf_counter()
        det = await self.planner.understand(question, ctx)
        self._trace_det(det, t0)
        self._rules_for_model(det)
        self.alternative = None
        needs_context = self.previous is not None and form is not None
        confident = det.status is UnderstandingStatus.PLAN and det.confidence >= CONFIDENT and not needs_context
        unidentified = unidentified_status(det.plan)
        if confident and ((det.certain and not unidentified) or self.llm is None):
            self.source, self.used_history = "deterministic", False
            return det
        if self.llm is not None and not needs_context and refusal_to_check(det):
            self.trace.add("route", 0, to="llm", reason="规则认为数据中没有：" + str(det.missing)[:100])
            return await self._with_model(question, ctx, None, fallback=det, vouch=True)
        # a word the rules do not know, read as a field no template holds, is a guess the model
        # may do better on; a name or month not in the data is a fact
        guessed = det.status is UnderstandingStatus.INSUFFICIENT and det.reason == "no_such_field" and self.llm is not None
        # under --auto a choice among loosely matched names would end the question: the model reads
        # it instead (its plan is grounded again); a name not in the data stays a fact
        guessed = guessed or (
            self.auto and self.llm is not None and det.status is UnderstandingStatus.CLARIFY
            and bool(det.choices) and all(c.kind == "entity" for c in det.choices)
        )
        if (
            det.status in (UnderstandingStatus.CLARIFY, UnderstandingStatus.INSUFFICIENT, UnderstandingStatus.EXPLAIN)
            and not needs_context
            and not guessed
        ):
            self.source, self.used_history = "deterministic", False
            return det
        if guessed and not needs_context:
            self.trace.add("route", 0, to="llm", reason=det.message)
            return await self._with_model(question, ctx, None, fallback=det)
        if self.llm is not None:
            rule = det if det.status is UnderstandingStatus.PLAN and det.plan is not None and not needs_context else None
            if confident and det.assumptions:
                why = "规则理解做了假设：" + "；".join(det.assumptions)
            elif confident:
                why = "规则的属性查询没有指明是哪一条记录"
            else:
                why = det.message or ("这是一个追问" if needs_context else "规则理解的把握不足")
            self.trace.add("route", 0, to="llm", reason=why)
            return await self._with_model(question, ctx, rule)
        self.source, self.used_history = "deterministic", False
        if needs_context:
            return Understanding(
                UnderstandingStatus.NEEDS_LLM,
                message="这是一个接着上一轮的追问，但离线规则无法把它和上一轮的问题对应起来",
            )
        if det.status is UnderstandingStatus.PLAN:
            return Understanding(UnderstandingStatus.NEEDS_LLM, message=det.message or "规则理解的把握不足")
        return det

    async def _with_model(
        self,
        question: str,
        ctx: UnderstandContext,
        rule: Understanding | None,
        *,
        fallback: Understanding | None = None,
        vouch: bool = False,
    ) -> Understanding:
        """The model's reading; with a rule reading beside it: the same plan → the rule reading,
        a different plan → the model's, the rule one kept in `alternative`; no plan from the
        model → the rule reading (unless the model found a fact: a name or month not in the data).
        `vouch`: the fallback is the rules' refusal for a name not in the data, replaced only by a
        model plan that accounts for those words with exactly grounded names."""
        self.source, self.used_history = "llm", bool(ctx.history)
        try:
            llm = await self._from_model(question, ctx)
        except (LLMError, PlanningFailed) as e:
            kept = rule or fallback
            if kept is None:
                raise
            self.trace.add("route", 0, to="rules", reason="语言模型没有给出可用的计划：" + str(getattr(e, "message", e))[:200])
            self.source, self.used_history = "deterministic", False
            return kept
        if vouch and fallback is not None and not replaces_refusal(llm, fallback, ctx):
            self.trace.add("route", 0, to="rules", reason="语言模型的理解没有推翻规则的结论")
            self.source, self.used_history = "deterministic", False
            return fallback
        if rule is None:
            return llm
        assert rule.plan is not None
        if llm.status is UnderstandingStatus.PLAN and llm.plan is not None:
            if same_reading(rule.plan, llm.plan):
                self.trace.add("route", 0, to="rules", reason="语言模型与规则的理解一致")
                self.source, self.used_history = "deterministic", False
                return rule
            self.alternative = rule
            self.trace.add("route", 0, to="both", reason="语言模型与规则的理解不同")
            return llm
        if llm.status is UnderstandingStatus.CLARIFY and llm.choices:
            return llm
        if llm.status is UnderstandingStatus.INSUFFICIENT and llm.reason:
            return llm
        self.trace.add("route", 0, to="rules", reason="语言模型没有给出计划：" + (llm.message or llm.status.value)[:200])
        self.source, self.used_history = "deterministic", False
        return rule

    async def _from_model(self, question: str, ctx: UnderstandContext) -> Understanding:
        """What the model understood, its user-facing texts screened for injection."""
        assert self.llm is not None
        return screen_understanding(await self.llm.understand(question, ctx), self.trace)

    def _rules_for_model(self, det: Understanding | None) -> None:
        """The rules' reading, for the reason of a model's `insufficient` reply without one."""
        if self.llm is not None:
            self.llm.rules = det
    def _trace_det(self, det: Understanding, t0: float) -> None:
        ms = (time.perf_counter() - t0) * 1000
        self.trace.add(
            "understand",
            det.timings.get("understand", ms) if det.timings else ms,
            by="deterministic",
            status=det.status.value,
            confidence=det.confidence,
            message=det.message or None,
        )
        for k in ("ground", "plan"):
            if k in det.timings:
                self.trace.add(k, det.timings[k], by="deterministic")

    # ---------------------------------------------------------------- corrections

    async def correct(self, question: str, current: Understanding, feedback: str, ctx: UnderstandContext) -> Understanding:
        """The user said the understanding (or the plan) is not right, in words: re-understand with it."""
        self.trace.add("feedback", 0, text=feedback[:200])
        fragment = feedback.strip()
        while True:
            stripped = _CORRECTION_LEAD.sub("", fragment).strip()
            if stripped == fragment:
                break
            fragment = stripped
        plan = current.plan
        if plan is not None and fragment:
            for text in (fragment, f"改成{fragment}"):
                und = self.patcher.patch(text, plan, question, ctx)
                if und is not None and und.status is UnderstandingStatus.PLAN:
                    self.source = "followup"
                    return und
        # a complete question in the correction
        det = await self.planner.understand(feedback, ctx)
        if det.status is UnderstandingStatus.PLAN and det.confidence >= CONFIDENT and followup_form(feedback) is None:
            self.source = "deterministic"
            return det
        if self.llm is not None:
            self.source = "llm"
            said = describe.understanding_text(plan) if plan is not None else "（尚未形成计划）"
            self.llm.feedback = [
                f"用户不同意上一次的理解/计划，并说：{feedback}",
                f"上一次的理解是：{said}",
            ]
            try:
                return await self._from_model(question, ctx)
            finally:
                self.llm.feedback = []
        return Understanding(
            UnderstandingStatus.NEEDS_LLM,
            message=f"离线规则无法根据“{feedback[:40]}”修改理解，请直接输入修改后的完整问题",
        )

    async def replan(self, question: str, current: Understanding, reason: str, ctx: UnderstandContext) -> Understanding | None:
        """An automatic replan after the core rejected the result of a model-written plan."""
        if self.llm is None or self.source != "llm":
            return None
        assert current.plan is not None
        self.llm.feedback = [
            f"上一次的计划执行后未通过检查：{reason}",
            "上一次的计划：" + current.plan.model_dump_json(exclude_none=True)[:1500],
        ]
        try:
            return await self._from_model(question, ctx)
        finally:
            self.llm.feedback = []


_IGNORED_FILTER_KEYS = ("text", "value_source", "assumption")


def _canonical(plan: QueryPlan) -> str:
    """A plan without what does not change its meaning: notes, descriptions, the words a value
    was written in, its claimed source, the display columns; filters in a fixed order."""
    doc = plan.model_dump(mode="json", exclude_none=True, exclude={"notes", "projection", "answer_contract"})
    for step in doc.get("steps", []):
        step.pop("description", None)
        filters = []
        for f in step.get("filters", []):
            for k in _IGNORED_FILTER_KEYS:
                f.pop(k, None)
            if isinstance(f.get("value"), list) and f.get("op") == "in":
                f["value"] = sorted(f["value"], key=str)
            filters.append(f)
        step["filters"] = sorted(filters, key=lambda x: json.dumps(x, sort_keys=True, ensure_ascii=False))
    return json.dumps(doc, sort_keys=True, ensure_ascii=False)


def same_reading(a: QueryPlan, b: QueryPlan) -> bool:
    """Two plans that ask the graph the same thing (the rules and the model agree)."""
    return _canonical(a) == _canonical(b)


def needs_llm_text(und: Understanding) -> str:
    return f"{NEEDS_LLM_MESSAGE}：{und.message}" if und.message else NEEDS_LLM_MESSAGE
