"""The agent: one question of a thread, from the ingress gate to the stored turn.

    ingress gate ─► protocol reply? ─► answer the pending interaction (or say nothing is pending)
        │
        ▼
    approved-answer cache (exact question + thread context + data version + role)
        │
        ▼
    understand: follow-up patch → deterministic planner → LLM (memory: last 10 turns)
        ├─ choose values (ambiguous names)      ├─ confirm the understanding (correction → re-understand)
        ▼
    reuse check (answer from the previous turn's results, "基于上一轮结果")
        │
        ▼
    confirm the plan (change in words → replan) ─► qa core (permit, compile, execute, scope,
    verify, render, mask) ─► replan on a rejected model plan (≤3, no interruptions)
        │
        ▼
    optional narrative (streamed, numbers checked) ─► pending clarification ─► stored turn

The qa core stays the only place that touches the graph; the agent hands it the confirmed
understanding (`Primed`) and an interactor that replays the user's answers (`MemoInteractor`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from kgdesk.agent import describe
from kgdesk.agent.followup import FollowUpPatcher
from kgdesk.agent.ingress import Ingress, IngressKind, classify, option_letter
from kgdesk.agent.interact import MemoInteractor, NonInteractive, options_text, plan_key, values_key
from kgdesk.agent.llm_understander import LLMOptions, LLMUnderstander, PlanningFailed
from kgdesk.agent.memory import HistoryStore, Pending, Turn, context_key_of
from kgdesk.agent.narrative import narrate
from kgdesk.agent.reuse import compact_result, try_reuse
from kgdesk.agent.trace import Trace
from kgdesk.agent.understanders import AgentUnderstander, Previous, Primed
from kgdesk.config.settings import Limits
from kgdesk.errors import CancelledError, GraphError, KgdeskError
from kgdesk.llm import LLMClient, LLMError
from kgdesk.qa import describe as qa_describe
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.executor import GraphReader, NothingPublished
from kgdesk.qa.grounding import ValueIndex, default_embedder, entity_index
from kgdesk.qa.interactions import Interactor, PlanConfirmation, Reply, SlotConfirmation
from kgdesk.qa.lexicon import Lexicon, load_lexicon, normalize
from kgdesk.qa.pipeline import AskResult, QuestionAnswerer, today_beijing
from kgdesk.qa.planner import NEEDS_LLM_MESSAGE, DeterministicPlanner
from kgdesk.qa.policy import AllowAll, Policy
from kgdesk.qa.understanding import (
    ChoiceRequest,
    Option,
    UnderstandContext,
    Understanding,
    UnderstandingStatus,
)
from kgdesk.qa.validate_plan import plan_errors
from kgdesk.security import audit as audit_log
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.model import TemplateSet

log = logging.getLogger(__name__)

MAX_CHOICE_ROUNDS = 3
MAX_CORRECTIONS = 3
MAX_REPLANS = 3
CACHE_MARK = "（这是您此前确认过的答案，来自已确认答案缓存；数据版本未变。）"
_REPLAN_MARKERS = ("证据不足", "查询计划与当前图谱不符")


# ---------------------------------------------------------------------- events and results


@dataclass(frozen=True)
class AgentEvent:
    """What the GUI shows while a question runs.

    kind: `step` (step, state active|done|failed, text), `progress` (text), `text` (a streamed
    narrative delta), `retract` (the streamed narrative was dropped; text says why), `ask` (an
    interaction is about to be shown: step = its kind), `done` (data = the result document).
    """

    kind: str
    step: str = ""
    state: str = ""
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)


OnEvent = Callable[[AgentEvent], None]


@dataclass
class AgentOptions:
    auto: bool = False
    """--auto: confirm understanding and plans automatically (values are never chosen for the user)."""
    offline: bool = False
    """--no-llm: the deterministic planner only."""
    debug: bool = False
    narrative: bool = False
    """Ask the LLM for a short narrative over the rendered facts (streamed; numbers checked)."""
    review_capability: bool = True
    stream_llm: bool = True


@dataclass
class AgentResult:
    status: str
    answer: str
    value: Any = None
    citations: list[dict[str, Any]] = field(default_factory=list)
    version: str | None = None
    plan: dict[str, Any] = field(default_factory=dict)
    queries: list[dict[str, Any]] = field(default_factory=list)
    trace: list[dict[str, Any]] = field(default_factory=list)
    thread_id: str = ""
    turn_id: int | None = None
    source: str = "query"
    """query | cache | reuse | protocol"""
    options: list[Option] = field(default_factory=list)
    narrative: str = ""
    interactions: list[dict[str, Any]] = field(default_factory=list)
    groundings: list[dict[str, Any]] = field(default_factory=list)
    plan_description: list[str] = field(default_factory=list)
    """The executed plan in Chinese lines (what confirm_plan showed), for 查询详情."""
    cancelled: bool = False
    """The user closed a dialog: audited as cancelled, not as an error (run history's failure rate)."""

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "status": self.status,
            "answer": self.answer,
            "value": self.value,
            "citations": self.citations,
            "version": self.version,
            "plan": self.plan,
            "queries": self.queries,
            "trace": self.trace,
            "thread_id": self.thread_id,
            "turn_id": self.turn_id,
            "source": self.source,
        }
        if self.options:
            doc["options"] = [
                {"letter": option_letter(i), "id": o.id, "label": o.label, "detail": o.detail} for i, o in enumerate(self.options)
            ]
        if self.narrative:
            doc["narrative"] = self.narrative
        if self.plan_description:
            doc["plan_description"] = self.plan_description
        if self.cancelled:
            doc["cancelled"] = True
        return doc


def _noop(_e: AgentEvent) -> None:
    return None


# ---------------------------------------------------------------------- the agent


class Agent:
    """Long-lived: holds the store, the LLM client, the lexicon and templates; `ask` per question."""

    def __init__(
        self,
        *,
        store: HistoryStore,
        client: LLMClient | None = None,
        policy: Policy | None = None,
        lexicon: Lexicon | None = None,
        templates: TemplateSet | None = None,
        limits: Limits | None = None,
        fingerprint: Callable[[str | None], str] | None = None,
        today: date | None = None,
        audit: bool = False,
    ) -> None:
        self.store = store
        self.audit = audit
        self.client = client
        self.policy: Policy = policy or AllowAll()
        self.lexicon = lexicon or load_lexicon()
        self.templates = templates or default_template_set()
        self.limits = limits or Limits()
        self.planner = DeterministicPlanner(self.lexicon)
        self.patcher = FollowUpPatcher(self.planner)
        self._fingerprint = fingerprint
        self._today = today
        self._embedder = default_embedder()

    def fingerprint(self, role: str | None) -> str:
        if self._fingerprint is not None:
            return self._fingerprint(role)
        fp = getattr(self.policy, "fingerprint", None)
        if callable(fp):
            try:
                return str(fp(role))
            except Exception:  # a policy without per-role fingerprints
                log.debug("policy fingerprint unavailable", exc_info=True)
        return f"role:{role or ''}"

    # ------------------------------------------------------------------ entry point

    async def ask(
        self,
        text: str,
        *,
        conn: Any,
        interactor: Interactor | None = None,
        thread_id: str | None = None,
        role: str | None = None,
        user: str | None = None,
        options: AgentOptions | None = None,
        on_event: OnEvent | None = None,
    ) -> AgentResult:
        opts = options or AgentOptions()
        emit = on_event or _noop
        trace = Trace()
        tid = await asyncio.to_thread(self.store.ensure_thread, thread_id, user=user or "", role=role or "")
        info = await asyncio.to_thread(self.store.thread, tid)
        modes = dict(info.modes) if info else {}
        if modes.get("auto"):
            opts.auto = True
        if modes.get("offline"):
            opts.offline = True
        if modes.get("debug"):
            opts.debug = True
        front = interactor or NonInteractive()
        if opts.auto:
            front = NonInteractive()
        with trace.step("gate") as g:
            ing = classify(text)
            g["kind"] = ing.kind.value
        if self.audit:
            try:
                await asyncio.to_thread(audit_log.preflight)
            except KgdeskError as e:  # no audit record, no action
                return AgentResult("error", e.message, thread_id=tid)
        try:
            if ing.is_protocol:
                result = await self._protocol(ing, text, tid, conn, front, role, user, opts, emit, trace)
            else:
                pending = await asyncio.to_thread(self.store.pending, tid)
                preload: dict[str, Any] = {}
                question = text
                if pending is not None and pending.kind in ("confirm_slots", "confirm_plan"):
                    # a correction in words to a confirmation left open
                    preload[pending.state.get("key", "")] = Reply(False, text.strip())
                    question = pending.question
                result = await self._question(question, tid, conn, front, role, user, opts, emit, trace, preload)
        except CancelledError:
            result = AgentResult("clarify", "已取消这个问题。可以换一种问法重新提问。", thread_id=tid, cancelled=True)
        except KgdeskError as e:
            log.warning("agent failed: %s", e.message)
            result = AgentResult("error", e.message, thread_id=tid)
        except Exception:
            log.exception("agent crashed on %r", text)
            result = AgentResult("error", "内部错误：这个问题暂时无法回答，详情已写入日志。", thread_id=tid)
        trace.add("total", trace.total_ms)
        result.trace = _merge_trace(trace.to_json(), result.trace)
        result.thread_id = tid
        if self.audit:
            try:
                await asyncio.to_thread(self._audit, text, result, role, user, trace.total_ms, trace.llm_totals())
            except KgdeskError as e:  # a failed audit write fails the answer
                result = AgentResult("error", e.message, thread_id=tid)
        if result.turn_id is None:
            kind = "protocol" if ing.is_protocol else "question"
            result.turn_id = await asyncio.to_thread(self._record_other, tid, kind, text, result, role, user)
        emit(AgentEvent("done", data=result.to_json()))
        return result

    def _audit(
        self, text: str, result: AgentResult, role: str | None, user: str | None, ms: float,
        llm: dict[str, Any] | None = None,
    ) -> None:
        flags = [t.get("flags") for t in result.trace if t.get("step") == "injection" and t.get("flags")]
        audit_log.record(
            "question",
            user=user or "",
            role=role or "",
            question=text,
            plan=result.plan,
            queries=result.queries,
            rows=[q.get("rows") for q in result.queries],
            decision="cancelled" if result.cancelled else result.status,
            answer=result.answer,
            duration_ms=ms,
            detail={
                "thread_id": result.thread_id, "source": result.source, "version": result.version,
                # the run history's LLM usage (the stored turn keeps only the core's trace)
                "llm_tokens": int((llm or {}).get("prompt_tokens") or 0) + int((llm or {}).get("completion_tokens") or 0),
            },
            flags=[f for group in flags for f in (group if isinstance(group, list) else [group])],
        )

    # ------------------------------------------------------------------ protocol replies

    async def _protocol(
        self,
        ing: Ingress,
        text: str,
        tid: str,
        conn: Any,
        front: Interactor,
        role: str | None,
        user: str | None,
        opts: AgentOptions,
        emit: OnEvent,
        trace: Trace,
    ) -> AgentResult:
        if ing.kind is IngressKind.MODE:
            info = await asyncio.to_thread(self.store.thread, tid)
            modes = dict(info.modes) if info else {}
            modes[ing.mode] = bool(ing.mode_value)
            await asyncio.to_thread(self.store.set_modes, tid, modes)
            words = {"auto": "自动确认", "offline": "离线（不使用语言模型）", "debug": "调试输出"}[ing.mode]
            state = "开启" if ing.mode_value else "关闭"
            return AgentResult("answered", f"已{state}{words}模式（仅对本对话有效）。", source="protocol")
        pending = await asyncio.to_thread(self.store.pending, tid)
        if pending is None:
            return AgentResult(
                "clarify",
                f"当前没有等待您回复的选择或确认（收到的是“{ing.text}”）。请直接输入要查询的问题。",
                source="protocol",
            )
        if ing.kind is IngressKind.CANCEL:
            await asyncio.to_thread(self.store.set_pending, tid, None)
            return AgentResult("answered", f"已取消对“{pending.question}”的追问。", source="protocol")
        if pending.kind == "choose_values":
            opts_list = [Option(o["id"], o["label"], o.get("detail", "")) for o in pending.options]
            if ing.kind is IngressKind.NONE_OF_THESE:
                await asyncio.to_thread(self.store.set_pending, tid, None)
                return AgentResult(
                    "clarify",
                    f"好的，这些选项都不是。请换一种说法，或给出更准确的名称、编号后重新提问（原问题：{pending.question}）。",
                    source="protocol",
                )
            if ing.kind is IngressKind.CHOICE:
                idx = list(ing.choices)
                ok = idx and all(i < len(opts_list) for i in idx) and (len(idx) == 1 or pending.multiple)
                if ok:
                    ids = [opts_list[i].id for i in idx]
                    await asyncio.to_thread(self.store.set_pending, tid, None)
                    key = values_key(str(pending.state.get("text") or ""), opts_list)
                    trace.add("resume", 0, kind="choose_values", chosen=ids)
                    answers: dict[str, Any] = dict(pending.state.get("answers") or {})
                    answers[key] = ids
                    return await self._question(pending.question, tid, conn, front, role, user, opts, emit, trace, answers)
            letters = f"A–{option_letter(len(opts_list) - 1)}" if len(opts_list) > 1 else "A"
            multi = "（可多选，如 A、C）" if pending.multiple else ""
            return AgentResult(
                "clarify",
                f"没有看懂这个回复。{pending.prompt}\n{options_text(opts_list)}\n请回复 {letters} 中的字母{multi}，或回复“都不是”。",
                options=opts_list,
                source="protocol",
            )
        if pending.kind in ("confirm_slots", "confirm_plan"):
            if ing.kind in (IngressKind.CONFIRM, IngressKind.CONTINUE):
                await asyncio.to_thread(self.store.set_pending, tid, None)
                preload = {str(pending.state.get("key") or ""): Reply(True)}
                return await self._question(pending.question, tid, conn, front, role, user, opts, emit, trace, preload)
            return AgentResult("clarify", f"{pending.prompt}\n请回复“确认”或“取消”，也可以直接说要怎么改。", source="protocol")
        await asyncio.to_thread(self.store.set_pending, tid, None)
        return AgentResult("clarify", "之前的追问已失效，请重新提问。", source="protocol")

    def _record_other(
        self, tid: str, kind: str, text: str, result: AgentResult, role: str | None, user: str | None
    ) -> int:
        """Protocol replies, and questions that stopped before the core (LLM failure, nothing published)."""
        return self.store.add_turn(
            tid,
            kind=kind,
            question=text,
            status=result.status,
            answer=result.answer,
            value=result.value,
            user=user or "",
            role=role or "",
            version=result.version or "",
            document=result.to_json(),
        )

    # ------------------------------------------------------------------ a question

    async def _question(
        self,
        question: str,
        tid: str,
        conn: Any,
        front: Interactor,
        role: str | None,
        user: str | None,
        opts: AgentOptions,
        emit: OnEvent,
        trace: Trace,
        preload: dict[str, Any],
    ) -> AgentResult:
        question = question.strip()
        today = self._today or today_beijing()
        emit(AgentEvent("step", "understand", "active"))
        reader = GraphReader(conn, timeout_s=self.limits.query_timeout_s)
        try:
            with trace.step("load"):
                version, schema = await asyncio.to_thread(reader.published)
        except NothingPublished as e:
            return AgentResult("insufficient", e.message)
        except GraphError as e:
            return AgentResult("error", e.message)
        policy_key = self.fingerprint(role)
        memory = await asyncio.to_thread(self.store.memory, tid)
        prev_turn = _previous(memory)
        prev_key = context_key_of(prev_turn.plan) if prev_turn is not None else ""
        # ---------------- the approved-answer cache
        with trace.step("cache") as c:
            hit = await asyncio.to_thread(
                self.store.cached, question, context_keys=["", prev_key], version=version, policy=policy_key
            )
            c["hit"] = hit is not None
        if hit is not None and hit.document is not None:
            return await self._from_cache(hit, question, tid, version, role, user, policy_key, emit)
        # ---------------- understanding
        index = await asyncio.to_thread(entity_index, reader, schema, self.lexicon)
        ctx = UnderstandContext(
            schema=schema,
            index=index,
            values=ValueIndex(schema, self.lexicon),
            lexicon=self.lexicon,
            templates=self.templates,
            today=today,
            embedder=self._embedder,
            history=[t.memory() for t in memory],
            offline=opts.offline or self.client is None,
        )
        mi = MemoInteractor(front, on_ask=lambda kind, prompt: emit(AgentEvent("ask", kind, "active", prompt)))
        for k, v in preload.items():
            if k:
                mi.preload(k, v)
        llm = self._llm(opts, trace, emit)
        und_agent = AgentUnderstander(
            planner=self.planner,
            patcher=self.patcher,
            llm=llm,
            trace=trace,
            previous=_previous_of(prev_turn),
        )
        if self.client is not None and llm is not None and self.client.budget is not None:
            self.client.budget.start_question()
        flags = _injection_flags(question)
        if flags:
            # a flag, not a gate: the role's permissions and the read-only compiler decide what may happen
            trace.add("injection_check", 0, flags=flags)
        try:
            und = await und_agent.understand(question, ctx)
            und = await self._resolve_choices(und, und_agent, question, ctx, mi)
            und, cancelled = await self._confirm_understanding(und, und_agent, question, ctx, mi)
        except LLMError as e:
            return self._llm_failed(e, trace)
        except PlanningFailed as e:
            return AgentResult("error", e.message, version=version)
        if cancelled:
            return await self._store(
                AgentResult("clarify", "已取消：理解未被确认。可以换一种问法重新提问。", version=version),
                question, tid, role, user, policy_key, None, "", mi,
            )
        emit(AgentEvent("step", "understand", "done"))
        context_key = prev_key if und_agent.used_history else ""
        # ---------------- reuse of the previous turn's results
        if und.status is UnderstandingStatus.PLAN and und.plan is not None and prev_turn is not None and prev_turn.plan:
            reused = self._try_reuse(und.plan, prev_turn, policy_key, schema, index_display(index), trace)
            if reused is not None:
                reused.version = version
                emit(AgentEvent("step", "answer", "done"))
                return await self._store(reused, question, tid, role, user, policy_key, None, context_key, mi, und.plan)
        # ---------------- the plan, confirmed (a change in words → replan)
        if und.status is UnderstandingStatus.PLAN and und.plan is not None:
            try:
                und, cancelled = await self._confirm_plan(und, und_agent, question, ctx, mi, role, user, trace)
            except LLMError as e:
                return self._llm_failed(e, trace)
            except PlanningFailed as e:
                return AgentResult("error", e.message, version=version)
            if cancelled:
                return await self._store(
                    AgentResult("clarify", "已取消：计划未被确认。可以换一种问法重新提问。", version=version),
                    question, tid, role, user, policy_key, None, "", mi,
                )
        if und.status is UnderstandingStatus.PLAN and und.plan is not None:
            # an approved plan (or a plan changed at the user's request) is an approved understanding
            und.slots = describe.understanding_slots(und.plan, name_of=index_display(ctx.index), key_fields=_key_fields(ctx))
            mi.preload(_slots_key(und), Reply(True))
        if und.status is UnderstandingStatus.NEEDS_LLM and (opts.offline or self.client is None):
            und.message = und.message or "离线规则无法理解这个问题"
        # ---------------- the core
        emit(AgentEvent("step", "execute", "active"))
        result = await self._run_core(question, und, conn, mi, role, user, today, ctx, trace)
        replans = 0
        while (
            replans < MAX_REPLANS
            and result.status == "error"
            and und.plan is not None
            and result.answer.startswith(_REPLAN_MARKERS)
            and und_agent.source == "llm"
        ):
            replans += 1
            trace.retry("replan", replans, result.answer[:200])
            try:
                new = await und_agent.replan(question, und, result.answer, ctx)
            except (LLMError, PlanningFailed) as e:
                trace.add("replan", 0, attempt=replans, ok=False, reason=getattr(e, "message", str(e)))
                break
            if new is None or new.status is not UnderstandingStatus.PLAN or new.plan is None:
                break
            und = new
            # automatic retries never interrupt the user
            mi.preload(plan_key(new.plan.model_dump(mode="json", exclude_none=True)), Reply(True))
            mi.preload(_slots_key(und), Reply(True))
            result = await self._run_core(question, und, conn, mi, role, user, today, ctx, trace)
        emit(AgentEvent("step", "execute", "done"))
        agent_result = _from_ask(result)
        agent_result.version = agent_result.version or version
        executed = _plan_or_none(agent_result.plan) or und.plan
        if executed is not None and agent_result.plan:
            agent_result.plan_description = describe.plan_lines(
                executed, name_of=index_display(ctx.index), key_fields=_key_fields(ctx)
            )
        # ---------------- the narrative
        if (
            opts.narrative
            and agent_result.status == "answered"
            and self.client is not None
            and not (opts.offline)
        ):
            emit(AgentEvent("step", "answer", "active", "正在生成小结…"))
            nar = await narrate(
                self.client,
                question,
                agent_result.answer,
                agent_result.value,
                trace=trace,
                on_delta=lambda d: emit(AgentEvent("text", text=d)),
            )
            if nar.kept:
                agent_result.narrative = nar.text
                agent_result.answer = agent_result.answer + "\n\n**小结**（由语言模型根据以上结果撰写）\n\n" + nar.text
            elif nar.text:
                emit(AgentEvent("retract", text=nar.reason))
        emit(AgentEvent("step", "answer", "done"))
        rows = getattr(result, "rows", None)
        outcome = getattr(result, "outcome", None)
        compact = None
        if agent_result.status == "answered" and und.plan is not None and isinstance(rows, list):
            plan_now = _plan_or_none(agent_result.plan) or und.plan
            compact = compact_result(
                plan_now,
                rows,
                truncated=bool(getattr(outcome, "truncated", False)),
                limited=bool(getattr(outcome, "limited", False)),
            )
        return await self._store(agent_result, question, tid, role, user, policy_key, compact, context_key, mi)

    # ------------------------------------------------------------------ pieces

    def _llm(self, opts: AgentOptions, trace: Trace, emit: OnEvent) -> LLMUnderstander | None:
        if opts.offline or self.client is None:
            return None
        return LLMUnderstander(
            self.client,
            LLMOptions(review_capability=opts.review_capability, stream=opts.stream_llm),
            trace=trace,
            on_progress=lambda text: emit(AgentEvent("progress", "understand", text=text)),
        )

    def _llm_failed(self, e: LLMError, trace: Trace) -> AgentResult:
        trace.llm_error("understand", e)
        return AgentResult("error", f"{e.message}（没有执行任何查询。）")

    async def _resolve_choices(
        self, und: Understanding, ua: AgentUnderstander, question: str, ctx: UnderstandContext, mi: MemoInteractor
    ) -> Understanding:
        rounds = 0
        while und.status is UnderstandingStatus.CLARIFY and und.choices and rounds < MAX_CHOICE_ROUNDS:
            rounds += 1
            progressed = False
            for choice in und.choices:
                picked = await mi.choose_values(choice)
                if picked:
                    ctx.choices[normalize(choice.text)] = picked
                    ctx.choices[choice.text] = picked
                    progressed = True
            if not progressed:
                break
            und = await ua.understand(question, ctx)
        return und

    async def _confirm_understanding(
        self, und: Understanding, ua: AgentUnderstander, question: str, ctx: UnderstandContext, mi: MemoInteractor
    ) -> tuple[Understanding, bool]:
        corrections = 0
        while und.status is UnderstandingStatus.PLAN and und.plan is not None:
            # the sentence the user confirms is always generated from the DSL, whoever wrote the plan
            und.slots = describe.understanding_slots(
                und.plan, name_of=index_display(ctx.index), key_fields=_key_fields(ctx)
            )
            reply = await mi.confirm_slots(SlotConfirmation(question, und.slots))
            if reply.ok:
                return und, False
            if not reply.feedback or corrections >= MAX_CORRECTIONS:
                return und, True
            corrections += 1
            und = await ua.correct(question, und, reply.feedback, ctx)
            und = await self._resolve_choices(und, ua, question, ctx, mi)
        return und, False

    async def _confirm_plan(
        self,
        und: Understanding,
        ua: AgentUnderstander,
        question: str,
        ctx: UnderstandContext,
        mi: MemoInteractor,
        role: str | None,
        user: str | None,
        trace: Trace,
    ) -> tuple[Understanding, bool]:
        changes = 0
        while und.status is UnderstandingStatus.PLAN and und.plan is not None:
            plan = und.plan
            if plan_errors(plan, ctx.schema) or not self.policy.permit(plan, role=role, user=user).allowed:
                return und, False  # the core gives the reason (rejected / denied); nothing to confirm
            lines = describe.plan_lines(plan, name_of=index_display(ctx.index), key_fields=_key_fields(ctx))
            reply = await mi.confirm_plan(PlanConfirmation(question, lines, plan.model_dump(mode="json", exclude_none=True)))
            if reply.ok:
                return und, False
            if not reply.feedback or changes >= MAX_CORRECTIONS:
                return und, True
            changes += 1
            trace.add("plan_change", 0, attempt=changes, feedback=reply.feedback[:200])
            new = await ua.correct(question, und, reply.feedback, ctx)
            new = await self._resolve_choices(new, ua, question, ctx, mi)
            if new.status is not UnderstandingStatus.PLAN or new.plan is None:
                return new, False
            und = new
        return und, False

    async def _run_core(
        self,
        question: str,
        und: Understanding,
        conn: Any,
        mi: MemoInteractor,
        role: str | None,
        user: str | None,
        today: date,
        ctx: UnderstandContext,
        trace: Trace,
    ) -> AskResult:
        core = QuestionAnswerer(
            understander=Primed(und),
            policy=self.policy,
            lexicon=self.lexicon,
            templates=self.templates,
            limits=self.limits,
        )
        t0 = time.perf_counter()
        result = await core.ask(question, conn=conn, interactor=mi, role=role, user=user, today=today, history=ctx.history)
        trace.add("core", (time.perf_counter() - t0) * 1000, status=result.status)
        if und.status is UnderstandingStatus.NEEDS_LLM and result.status == "clarify" and NEEDS_LLM_MESSAGE not in result.answer:
            result.answer = f"{NEEDS_LLM_MESSAGE}：{und.message}\n\n{result.answer}"
        return result

    def _try_reuse(
        self,
        plan: QueryPlan,
        prev: Turn,
        policy_key: str,
        schema: Any,
        display_of: describe.NameOf,
        trace: Trace,
    ) -> AgentResult | None:
        with trace.step("reuse") as entry:
            if prev.policy != policy_key or prev.result is None or prev.plan is None:
                entry["ok"] = False
                return None
            prev_plan = _plan_or_none(prev.plan)
            if prev_plan is None:
                entry["ok"] = False
                return None
            conds = qa_describe.conditions(plan, lambda label, key: display_of(label, key) or key)
            ans = try_reuse(plan, prev_plan, prev.result, schema=schema, lexicon=self.lexicon, conditions=conds)
            entry["ok"] = ans is not None
            if ans is None:
                return None
            entry["from_turn"] = prev.id
        return AgentResult(
            ans.status,
            ans.answer,
            ans.value,
            ans.citations,
            plan=plan.model_dump(mode="json", exclude_none=True),
            source="reuse",
        )

    async def _from_cache(
        self,
        hit: Turn,
        question: str,
        tid: str,
        version: str,
        role: str | None,
        user: str | None,
        policy_key: str,
        emit: OnEvent,
    ) -> AgentResult:
        doc = hit.document or {}
        res = AgentResult(
            "answered",
            f"{CACHE_MARK}\n\n{doc.get('answer') or hit.answer}",
            doc.get("value"),
            list(doc.get("citations") or hit.citations),
            version=version,
            plan=dict(doc.get("plan") or {}),
            queries=[],
            source="cache",
        )
        emit(AgentEvent("step", "answer", "done"))
        res.turn_id = await asyncio.to_thread(
            self.store.add_turn,
            tid,
            kind="question",
            question=question,
            status=res.status,
            answer=res.answer,
            value=res.value,
            plan=res.plan,
            version=version,
            citations=res.citations,
            result=hit.result,
            context_key=hit.context_key,
            user=user or "",
            role=role or "",
            policy=policy_key,
            from_cache=True,
            document={**res.to_json(), "cache": {"turn_id": hit.id}},
        )
        return res

    async def _store(
        self,
        res: AgentResult,
        question: str,
        tid: str,
        role: str | None,
        user: str | None,
        policy_key: str,
        compact: dict[str, Any] | None,
        context_key: str,
        mi: MemoInteractor,
        plan: QueryPlan | None = None,
    ) -> AgentResult:
        res.interactions = [r.to_json() for r in mi.records]
        if res.status == "clarify" and mi.declined:
            req = mi.declined[0]
            pending = _pending_choice(question, req)
            pending.state["answers"] = mi.choices_given()
            res.options = list(req.options)
            await asyncio.to_thread(self.store.set_pending, tid, pending)
            res.answer = res.answer.rstrip() + "\n\n" + _reply_hint(req)
        else:
            await asyncio.to_thread(self.store.set_pending, tid, None)
        if plan is not None and not res.plan:
            res.plan = plan.model_dump(mode="json", exclude_none=True)
        res.thread_id = tid
        res.turn_id = await asyncio.to_thread(
            self.store.add_turn,
            tid,
            kind="question",
            question=question,
            status=res.status,
            answer=res.answer,
            value=res.value,
            plan=res.plan or None,
            version=res.version or "",
            citations=res.citations,
            result=compact,
            context_key=context_key,
            user=user or "",
            role=role or "",
            policy=policy_key,
            document=res.to_json(),
        )
        return res


# ---------------------------------------------------------------------- helpers


def _injection_flags(text: str) -> list[dict[str, str]]:
    try:
        from kgdesk.security.injection import detect_injection
    except ImportError:  # pragma: no cover - the security package ships with kgdesk
        return []
    return [f.to_json() for f in detect_injection(text, "question")]


def _merge_trace(agent: list[dict[str, Any]], core: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The core's steps go right after the agent's `core` entry (the last one when it ran twice)."""
    if not core:
        return agent
    marked = [{**e, "stage": "core"} for e in core]
    idx = max((i for i, e in enumerate(agent) if e.get("step") == "core"), default=None)
    if idx is None:
        return [*agent, *marked]
    return [*agent[: idx + 1], *marked, *agent[idx + 1 :]]


def _plan_or_none(doc: dict[str, Any] | None) -> QueryPlan | None:
    """A stored plan, or None when it no longer validates (written by an older DSL version)."""
    if not doc:
        return None
    try:
        return QueryPlan.model_validate(doc)
    except ValueError:
        return None


def _previous_of(turn: Turn | None) -> Previous | None:
    plan = _plan_or_none(turn.plan) if turn is not None else None
    return Previous(turn.question, plan) if turn is not None and plan is not None else None


def _previous(memory: list[Turn]) -> Turn | None:
    """The last answered question with a plan: what a follow-up refers to."""
    for t in reversed(memory):
        if t.status == "answered" and t.plan:
            return t
    return None


def _from_ask(r: AskResult) -> AgentResult:
    return AgentResult(
        r.status,
        r.answer,
        r.value,
        list(r.citations),
        r.version,
        dict(r.plan),
        list(r.queries),
        list(r.trace),
        options=list(r.options),
        groundings=list(r.groundings),
    )


def _slots_key(und: Understanding) -> str:
    from kgdesk.agent.interact import slots_key

    return slots_key(und.slots)


def _key_fields(ctx: UnderstandContext) -> dict[str, tuple[str, ...]]:
    return {label: info.key for label, info in ctx.schema.labels.items()}


def index_display(index: Any) -> describe.NameOf:
    table: dict[tuple[str, str], str] = {}
    for e in getattr(index, "entries", []):
        table.setdefault((e.label, e.key), e.display)

    def name_of(label: str, key: str) -> str | None:
        return table.get((label, key))

    return name_of


def _pending_choice(question: str, req: ChoiceRequest) -> Pending:
    return Pending(
        kind="choose_values",
        question=question,
        prompt=req.prompt,
        options=[{"id": o.id, "label": o.label, "detail": o.detail} for o in req.options],
        multiple=req.multiple,
        state={"text": req.text},
    )


def _reply_hint(req: ChoiceRequest) -> str:
    n = len(req.options)
    letters = "、".join(f"{option_letter(i)}. {o.label}" for i, o in enumerate(req.options))
    multi = "（可多选）" if req.multiple else ""
    last = option_letter(n - 1) if n else "A"
    return f"请回复选项字母（A–{last}）{multi}继续，或回复“都不是”：{letters}"
