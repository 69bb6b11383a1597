"""Understanding for the agent: follow-ups first, then the deterministic planner, then the LLM.

`AgentUnderstander` is what the agent calls itself (with the thread's memory); the plan it
confirms goes to the qa plan runner as is, so a question is understood once.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from kgdesk.agent.followup import FollowUpPatcher, followup_form
from kgdesk.agent.llm_understander import LLMUnderstander
from kgdesk.agent.screen import screen_understanding
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
    _calls: int = field(default=0, repr=False)

    # ---------------------------------------------------------------- the first reading

    async def understand(self, question: str, ctx: UnderstandContext) -> Understanding:
        self._calls += 1
        ctx.offline = self.llm is None
        form = followup_form(question)
        if self.previous is not None and form is not None:
            with self.trace.step("followup", kind=form.kind) as entry:
                und = self.patcher.patch(question, self.previous.plan, self.previous.question, ctx)
                entry["ok"] = und is not None
            if und is not None:
                self.source, self.used_history = "followup", True
                return und
        t0 = time.perf_counter()
        det = await self.planner.understand(question, ctx)
        self._trace_det(det, t0)
        needs_context = self.previous is not None and form is not None
        if det.status is UnderstandingStatus.PLAN and det.confidence >= CONFIDENT and not needs_context:
            self.source, self.used_history = "deterministic", False
            return det
        if det.status in (UnderstandingStatus.CLARIFY, UnderstandingStatus.INSUFFICIENT, UnderstandingStatus.EXPLAIN) and not needs_context:
            self.source, self.used_history = "deterministic", False
            return det
        if self.llm is not None:
            self.source, self.used_history = "llm", bool(ctx.history)
            why = det.message or ("这是一个追问" if needs_context else "规则理解的把握不足")
            self.trace.add("route", 0, to="llm", reason=why)
            return await self._from_model(question, ctx)
        self.source, self.used_history = "deterministic", False
        if needs_context:
            return Understanding(
                UnderstandingStatus.NEEDS_LLM,
                message="这是一个接着上一轮的追问，但离线规则无法把它和上一轮的问题对应起来",
            )
        if det.status is UnderstandingStatus.PLAN:
            return Understanding(UnderstandingStatus.NEEDS_LLM, message=det.message or "规则理解的把握不足")
        return det

    async def _from_model(self, question: str, ctx: UnderstandContext) -> Understanding:
        """What the model understood, its user-facing texts screened for injection."""
        assert self.llm is not None
        return screen_understanding(await self.llm.understand(question, ctx), self.trace)

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


def needs_llm_text(und: Understanding) -> str:
    return f"{NEEDS_LLM_MESSAGE}：{und.message}" if und.message else NEEDS_LLM_MESSAGE
