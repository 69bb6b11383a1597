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
    confirm the plan (change in words → replan) ─► qa plan runner (permit, validate, compile,
    execute, verify, render, mask); a choice it needs (口径, near values, narrowing) is asked here
    and the plan run again ─► replan on a rejected model plan (≤3, no interruptions)
        │
        ▼
    optional narrative (streamed, numbers checked) ─► pending clarification ─► stored turn

The agent owns the conversation: every dialog goes through its `MemoInteractor` (which also
replays answers given in an earlier turn). One `QuestionContext` per question carries the
published version read once; the qa runner gets it in a `RunContext` and never asks the user.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import date
from typing import Any

from kgdesk.agent.access import THREAD_NOT_YOURS, hidden_sensitive_fields, thread_access, visible_memory
from kgdesk.agent.context import (
    AgentEvent,
    AgentOptions,
    AgentResult,
    OnEvent,
    Published,
    QuestionContext,
    index_display,
    key_fields,
)
from kgdesk.agent.dialogs import (
    choose_reading,
    confirm_plan,
    confirm_understanding,
    resolve_choices,
    run_plan,
)
from kgdesk.agent.followup import FollowUpPatcher, followup_lead
from kgdesk.agent.ingress import Ingress, IngressKind, classify, option_letter
from kgdesk.agent.interact import MemoInteractor, NonInteractive, options_text, values_key
from kgdesk.agent.llm_understander import LLMOptions, LLMUnderstander, PlanningFailed
from kgdesk.agent.memory import HistoryStore, Pending, Turn, context_key_of
from kgdesk.agent.narrative import narrate
from kgdesk.agent.reuse import REUSE_PREFIX, compact_result, try_reuse
from kgdesk.agent.screen import flagged, shown
from kgdesk.agent.turns import CACHE_MARK, answer_from_cache, not_planned, record_other, store_answer
from kgdesk.agent.understanders import AgentUnderstander, Previous
from kgdesk.config.settings import Limits
from kgdesk.errors import CancelledError, GraphError, KgdeskError
from kgdesk.llm import LLMClient, LLMError
from kgdesk.qa import describe
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.executor import NothingPublished, ReadOnlyGraph
from kgdesk.qa.grounding import default_embedder, entity_index
from kgdesk.qa.interactions import (
    Interactor,
    Reply,
)
from kgdesk.qa.lexicon import Lexicon, load_lexicon
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.policy import AllowAll, Policy
from kgdesk.qa.runner import PlanRunner, today_beijing
from kgdesk.qa.trace import Trace
from kgdesk.qa.understanding import Option, UnderstandContext, Understanding, UnderstandingStatus
from kgdesk.qa.values import value_index
from kgdesk.security import audit as audit_log
from kgdesk.security.limits import LimitExceeded, check_question
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.model import TemplateSet

log = logging.getLogger(__name__)

MAX_REPLANS = 3
PLANNING_FAILED = "语言模型没有给出可用的查询计划（没有执行任何查询）。"
DATA_CHANGED = "（数据已更新：上一轮的结果来自数据版本 {old}，本轮已按当前发布的版本 {new} 重新查询。）"
STALE_REPLY = (
    "数据已更新：对“{question}”的追问是在数据版本 {old} 上提出的，当前发布的是 {new}，之前的选项可能已不适用，"
    "这个回复没有被采用。请重新提问。"
)
_REPLAN_MARKERS = ("证据不足", "查询计划与当前图谱不符")


__all__ = ["CACHE_MARK", "THREAD_NOT_YOURS", "Agent", "AgentEvent", "AgentOptions", "AgentResult", "OnEvent", "QuestionContext"]


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
        self.runner = PlanRunner(policy=self.policy, lexicon=self.lexicon, limits=self.limits)
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
        refused = await thread_access(self.store, self.policy, info, role, user, audit=self._refusal_audit(text) if self.audit else None)
        if refused is not None:
            return refused
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
        qc = QuestionContext(
            text=text,
            tid=tid,
            conn=conn,
            role=role,
            user=user,
            opts=opts,
            emit=emit,
            trace=trace,
            memo=MemoInteractor(front, on_ask=lambda kind, prompt: emit(AgentEvent("ask", kind, "active", prompt))),
            policy_key=self.fingerprint(role),
            today=self._today or today_beijing(),
            model=self.client.model if self.client is not None and not opts.offline else "",
        )
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
                result = await self._protocol(ing, qc)
            else:
                pending = await asyncio.to_thread(self.store.pending, tid)
                question = text
                if pending is not None and pending.kind in ("confirm_slots", "confirm_plan"):
                    # a correction in words to a confirmation left open
                    qc.memo.preload(str(pending.state.get("key") or ""), Reply(False, text.strip()))
                    question = pending.question
                result = await self._question(qc, question)
        except CancelledError:
            result = AgentResult("clarify", "已取消这个问题。可以换一种问法重新提问。", thread_id=tid, cancelled=True)
        except KgdeskError as e:
            log.warning("agent failed: %s", e.message)
            result = AgentResult("error", e.message, thread_id=tid)
        except Exception:
            log.exception("agent crashed on %r", text)
            result = AgentResult("error", "内部错误：这个问题暂时无法回答，详情已写入日志。", thread_id=tid)
        trace.add("total", trace.total_ms)
        result.trace = trace.to_json()
        result.thread_id = tid
        if self.audit:
            try:
                await asyncio.to_thread(self._audit, text, result, role, user, trace.total_ms, trace.llm_totals())
            except KgdeskError as e:  # a failed audit write fails the answer
                result = AgentResult("error", e.message, thread_id=tid)
        if result.turn_id is None:
            kind = "protocol" if ing.is_protocol else "question"
            result.turn_id = await asyncio.to_thread(record_other, self.store, qc, kind, result)
        emit(AgentEvent("done", data=result.to_json()))
        return result

    def _refusal_audit(self, text: str) -> Callable[[AgentResult, str | None, str | None], None]:
        def write(result: AgentResult, role: str | None, user: str | None) -> None:
            self._audit(text, result, role, user, 0.0)

        return write

    def _audit(
        self, text: str, result: AgentResult, role: str | None, user: str | None, ms: float,
        llm: dict[str, Any] | None = None,
    ) -> None:
        flags = [t.get("flags") for t in result.trace if t.get("step") == "injection_check" and t.get("flags")]
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

    async def _protocol(self, ing: Ingress, qc: QuestionContext) -> AgentResult:
        tid = qc.tid
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
                if ok and (stale := await self._stale(qc, pending)) is not None:
                    return stale
                if ok:
                    ids = [opts_list[i].id for i in idx]
                    await asyncio.to_thread(self.store.set_pending, tid, None)
                    key = values_key(str(pending.state.get("text") or ""), opts_list)
                    qc.trace.add("resume", 0, kind="choose_values", chosen=ids)
                    for k, v in dict(pending.state.get("answers") or {}).items():
                        qc.memo.preload(k, v)
                    qc.memo.preload(key, ids)
                    return await self._question(qc, pending.question)
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
                if (stale := await self._stale(qc, pending)) is not None:
                    return stale
                await asyncio.to_thread(self.store.set_pending, tid, None)
                qc.memo.preload(str(pending.state.get("key") or ""), Reply(True))
                return await self._question(qc, pending.question)
            return AgentResult("clarify", f"{pending.prompt}\n请回复“确认”或“取消”，也可以直接说要怎么改。", source="protocol")
        await asyncio.to_thread(self.store.set_pending, tid, None)
        return AgentResult("clarify", "之前的追问已失效，请重新提问。", source="protocol")

    # ------------------------------------------------------------------ a question

    async def _load(self, qc: QuestionContext) -> AgentResult | None:
        """The one read of the published pointer for this question (every run uses it); the
        answer to give instead when nothing can be read."""
        if qc.published is not None:
            return None
        reader = ReadOnlyGraph(qc.conn, timeout_s=self.limits.query_timeout_s)
        try:
            with qc.trace.step("load"):
                version, schema = await asyncio.to_thread(reader.published)
        except NothingPublished as e:
            return AgentResult("insufficient", e.message)
        except GraphError as e:
            return AgentResult("error", e.message)
        qc.published = Published(version, schema, reader)
        return None

    async def _stale(self, qc: QuestionContext, pending: Pending) -> AgentResult | None:
        """A reply to a dialog asked on a data version that is no longer published is refused
        (its options and plan were read from that version)."""
        asked_on = str(pending.state.get("version") or "")
        if not asked_on:
            return None
        failed = await self._load(qc)
        if failed is not None:
            return failed
        if qc.version == asked_on:
            return None
        await asyncio.to_thread(self.store.set_pending, qc.tid, None)
        qc.trace.add("resume", 0, ok=False, reason="data_version", asked_on=asked_on, published=qc.version)
        return AgentResult(
            "clarify",
            STALE_REPLY.format(question=pending.question, old=asked_on, new=qc.version),
            version=qc.version,
            source="protocol",
        )

    async def _question(self, qc: QuestionContext, question: str) -> AgentResult:
        opts, emit, trace = qc.opts, qc.emit, qc.trace
        try:
            qc.question = question = check_question(question, self.limits)
        except LimitExceeded as e:  # empty or too long: the user rephrases, nothing was asked
            return AgentResult("clarify", e.message)
        emit(AgentEvent("step", "understand", "active"))
        failed = await self._load(qc)
        if failed is not None:
            return failed
        version, schema, reader = qc.version, qc.schema, qc.loaded.reader
        memory = visible_memory(self.policy, await asyncio.to_thread(self.store.memory, qc.tid), qc.role)
        prev_turn = qc.prev_turn = _previous(memory)
        qc.prev_key = context_key_of(prev_turn.plan) if prev_turn is not None else ""
        # ---------------- the approved-answer cache
        with trace.step("cache") as c:
            hit = await asyncio.to_thread(
                self.store.cached,
                question,
                context_keys=["", qc.prev_key],
                version=version,
                policy=qc.policy_key,
                model=qc.model,
            )
            c["hit"] = hit is not None
        if hit is not None and hit.document is not None:
            return await answer_from_cache(self.store, hit, qc)
        # ---------------- understanding
        index = await asyncio.to_thread(entity_index, reader, schema, self.lexicon)
        qc.ctx = UnderstandContext(
            schema=schema,
            index=index,
            values=value_index(schema, self.lexicon, index.sensitive_values,
                               hidden_sensitive_fields(self.policy, qc.role, index)),
            lexicon=self.lexicon,
            templates=self.templates,
            today=qc.today,
            embedder=self._embedder,
            history=[t.memory() for t in memory],
            offline=opts.offline or self.client is None,
        )
        llm = self._llm(opts, trace, emit)
        ua = AgentUnderstander(
            self.planner, self.patcher, llm, trace, previous=_previous_of(prev_turn), auto=opts.auto
        )
        if self.client is not None and llm is not None and self.client.budget is not None:
            self.client.budget.start_question()
        flags = _injection_flags(question)
        if flags:
            # a flag, not a gate: the role's permissions and the read-only compiler decide what may happen
            trace.add("injection_check", 0, where="question", flags=flags)
        async def understood() -> tuple[Understanding, bool]:
            first = await resolve_choices(await ua.understand(question, qc.ctx), ua, qc)
            first, chosen = await choose_reading(first, ua, qc)
            if chosen:  # picking one of two readings is the confirmation of the understanding
                return first, False
            return await confirm_understanding(first, ua, qc)

        step = await self._dialog(qc, understood(), "已取消：理解未被确认。可以换一种问法重新提问。")
        if isinstance(step, AgentResult):
            return step
        und = step
        emit(AgentEvent("step", "understand", "done"))
        qc.understood_by = ua.source
        context_key = qc.prev_key if ua.used_history else ""
        # ---------------- reuse of the previous turn's results
        if und.status is UnderstandingStatus.PLAN and und.plan is not None and prev_turn is not None and prev_turn.plan:
            reused = self._try_reuse(und.plan, prev_turn, qc)
            if reused is not None and prev_turn.version == version:
                reused.version = version
                if lead := followup_lead(ua.followup_kind, prev_turn, self.lexicon):
                    reused.answer = reused.answer.replace(REUSE_PREFIX, REUSE_PREFIX + lead.rstrip("：") + "，", 1)
                emit(AgentEvent("step", "answer", "done"))
                return await store_answer(self.store, reused, qc, None, context_key, und.plan)
            if reused is not None:
                # the previous results are of another data version: run the plan on this one
                qc.data_changed = DATA_CHANGED.format(old=prev_turn.version or "未知", new=version)
                trace.add("reuse", 0, ok=False, reason="data_version", from_version=prev_turn.version)
        # ---------------- the plan, confirmed (a change in words → replan)
        if und.status is UnderstandingStatus.PLAN and und.plan is not None:
            step = await self._dialog(qc, confirm_plan(und, ua, qc, self.policy), "已取消：计划未被确认。可以换一种问法重新提问。")
            if isinstance(step, AgentResult):
                return step
            und = step
        if und.status is not UnderstandingStatus.PLAN or und.plan is None:
            result = not_planned(und, version, offline=opts.offline or self.client is None)
            emit(AgentEvent("step", "answer", "done"))
            return await store_answer(self.store, result, qc, None, context_key)
        # ---------------- the run (replanned on a rejected model plan: ≤3, no interruptions)
        emit(AgentEvent("step", "execute", "active"))
        result = await run_plan(und, qc, self.runner)
        replans = 0
        while (
            replans < MAX_REPLANS
            and result.status == "error"
            and result.answer.startswith(_REPLAN_MARKERS)
            and ua.source == "llm"
        ):
            replans += 1
            trace.retry("replan", replans, result.answer[:200])
            try:
                new = await ua.replan(question, und, result.answer, qc.ctx)
            except (LLMError, PlanningFailed) as e:
                trace.add("replan", 0, attempt=replans, ok=False, reason=getattr(e, "message", str(e)))
                break
            if new is None or new.status is not UnderstandingStatus.PLAN or new.plan is None:
                break
            und = new
            result = await run_plan(und, qc, self.runner)
        emit(AgentEvent("step", "execute", "done"))
        if result.status == "answered" and (lead := followup_lead(ua.followup_kind, prev_turn, self.lexicon)):
            result.answer = f"{lead}\n\n{result.answer}"
        if qc.data_changed and result.status == "answered":
            result.answer = f"{qc.data_changed}\n\n{result.answer}"
        executed = _plan_or_none(result.plan) or und.plan
        if executed is not None and result.plan:
            result.plan_description = describe.plan_lines(executed, name_of=index_display(index), key_fields=key_fields(qc.ctx))
        # ---------------- the narrative
        if opts.narrative and result.status == "answered" and self.client is not None and not opts.offline:
            emit(AgentEvent("step", "answer", "active", "正在生成小结…"))
            nar = await narrate(
                self.client,
                question,
                result.answer,
                result.value,
                trace=trace,
                on_delta=lambda d: emit(AgentEvent("text", text=d)),
            )
            if nar.kept and flagged(nar.text, "narrative", trace):
                emit(AgentEvent("retract", text="小结含有疑似要求改变系统行为的文字，已丢弃。"))
            elif nar.kept:
                result.narrative = nar.text
                result.answer = result.answer + "\n\n**小结**（由语言模型根据以上结果撰写）\n\n" + nar.text
            elif nar.text:
                emit(AgentEvent("retract", text=nar.reason))
        emit(AgentEvent("step", "answer", "done"))
        compact = None
        if result.status == "answered" and executed is not None and result.outcome is not None:
            compact = compact_result(
                executed, result.rows, truncated=result.outcome.truncated, limited=result.outcome.limited
            )
        return await store_answer(self.store, result, qc, compact, context_key)

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

    async def _dialog(
        self, qc: QuestionContext, dialog: Awaitable[tuple[Understanding, bool]], cancelled_text: str
    ) -> Understanding | AgentResult:
        """A confirmation dialog (with re-understanding on a correction): the understanding it
        ends with, or the answer to give instead (the model failed, the user cancelled)."""
        try:
            und, cancelled = await dialog
        except LLMError as e:
            return self._llm_failed(e, qc.trace)
        except PlanningFailed as e:  # its reasons may quote the model's review
            return AgentResult("error", shown(e.message, "model_message", qc.trace, PLANNING_FAILED), version=qc.version)
        if cancelled:
            return await store_answer(self.store, AgentResult("clarify", cancelled_text, version=qc.version), qc, None, "")
        return und

    def _llm_failed(self, e: LLMError, trace: Trace) -> AgentResult:
        trace.llm_error("understand", e)
        return AgentResult("error", f"{e.message}（没有执行任何查询。）")

    def _try_reuse(self, plan: QueryPlan, prev: Turn, qc: QuestionContext) -> AgentResult | None:
        with qc.trace.step("reuse") as entry:
            if prev.policy != qc.policy_key or prev.result is None or prev.plan is None:
                entry["ok"] = False
                return None
            prev_plan = _plan_or_none(prev.plan)
            if prev_plan is None:
                entry["ok"] = False
                return None
            conds = describe.conditions(plan, name_of=index_display(qc.ctx.index), key_fields=key_fields(qc.ctx))
            ans = try_reuse(plan, prev_plan, prev.result, schema=qc.schema, lexicon=self.lexicon, conditions=conds)
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

# ---------------------------------------------------------------------- helpers


def _injection_flags(text: str) -> list[dict[str, str]]:
    try:
        from kgdesk.security.injection import detect_injection
    except ImportError:  # pragma: no cover - the security package ships with kgdesk
        return []
    return [f.to_json() for f in detect_injection(text, "question")]


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


