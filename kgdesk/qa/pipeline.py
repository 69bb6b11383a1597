"""`ask()`: one question through understand → ground → plan → [confirm] → compile → execute →
[clarify / scope] → verify → render, with a trace of steps and milliseconds.

Blocking work (the sync Neo4j driver) runs in worker threads, so the coroutine can be awaited on
the GUI's Qt event loop without freezing it. `ask_sync` is the CLI's wrapper.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from typing import Any

from kgdesk.config.settings import Limits
from kgdesk.errors import GraphError, KgdeskError
from kgdesk.qa import describe
from kgdesk.qa.compiler import CompileError, compile_step
from kgdesk.qa.dsl import FieldRef, QueryPlan, QueryType, ValueSource
from kgdesk.qa.executor import (
    ExecutedQuery,
    GraphReader,
    NothingPublished,
    NotReadOnly,
    QueryTimeout,
    provenance,
)
from kgdesk.qa.grounding import EntityIndex, ValueIndex, default_embedder, entity_index
from kgdesk.qa.interactions import (
    SCOPE_ALL,
    SCOPE_SUMMARY,
    AutoInteractor,
    Interactor,
    PlanConfirmation,
    SlotConfirmation,
)
from kgdesk.qa.lexicon import Lexicon, load_lexicon
from kgdesk.qa.planner import NEEDS_LLM_MESSAGE, DeterministicPlanner
from kgdesk.qa.policy import AllowAll, Policy
from kgdesk.qa.render import Renderer, machine_value, md_escape
from kgdesk.qa.results import Outcome, Row, apply_derived, build_outcome, combine, filter_rows
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.scope import narrow, probe, replace_filter, scope_request, value_choice
from kgdesk.qa.understanding import (
    ChoiceRequest,
    Option,
    UnderstandContext,
    Understander,
    Understanding,
    UnderstandingStatus,
)
from kgdesk.qa.validate_plan import PlanRejected, validate_plan
from kgdesk.qa.verifier import Action, verify
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.model import TemplateSet

log = logging.getLogger(__name__)

BEIJING = timezone(timedelta(hours=8))
MAX_CLARIFY_ROUNDS = 3
MAX_FEEDBACK_ROUNDS = 2


def today_beijing() -> date:
    return datetime.now(BEIJING).date()


@dataclass
class AskResult:
    """What `kgdesk ask --json` prints (cli.md); `options` and `message` stay in process."""

    status: str  # answered | clarify | insufficient | denied | error
    answer: str
    value: Any = None
    citations: list[dict[str, Any]] = field(default_factory=list)
    version: str | None = None
    plan: dict[str, Any] = field(default_factory=dict)
    queries: list[dict[str, Any]] = field(default_factory=list)
    trace: list[dict[str, Any]] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    """Choices offered with a clarify status (entity candidates, value candidates)."""
    groundings: list[dict[str, Any]] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list, repr=False)
    """In process only: the (masked) result rows the answer was computed from (the agent's reuse check)."""
    outcome: Outcome | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "answer": self.answer,
            "value": self.value,
            "citations": self.citations,
            "version": self.version,
            "plan": self.plan,
            "queries": self.queries,
            "trace": self.trace,
        }

    def ms(self, step: str) -> float:
        return sum(float(t["ms"]) for t in self.trace if t["step"] == step)

    def debug_text(self) -> str:
        """--debug: plan, Cypher, parameters, row counts and per-step milliseconds."""
        lines = ["== 计划 ==", json.dumps(self.plan, ensure_ascii=False, indent=2)]
        for i, q in enumerate(self.queries, start=1):
            lines.append(f"== 查询 {i}（{q.get('rows')} 行）==")
            lines.append(str(q.get("cypher")))
            lines.append("参数：" + json.dumps(q.get("params"), ensure_ascii=False))
        if self.groundings:
            lines.append("== 接地 ==")
            lines += [
                f"{g['text']} → {g['display']}（{g['method']}，{g['confidence']}）" for g in self.groundings
            ]
        lines.append("== 耗时 ==")
        lines += [f"{t['step']}: {t['ms']} ms" for t in self.trace]
        return "\n".join(lines)


@dataclass
class _Trace:
    steps: list[dict[str, Any]] = field(default_factory=list)

    def add(self, step: str, ms: float) -> None:
        self.steps.append({"step": step, "ms": round(ms, 2)})


@dataclass
class _Execution:
    outcome: Outcome
    rows: list[Row]
    queries: list[ExecutedQuery]
    executed: set[tuple[str, str, str, int]]
    compile_ms: float
    execute_ms: float


class QuestionAnswerer:
    """Holds what does not change between questions (lexicon, templates, planner, policy)."""

    def __init__(
        self,
        *,
        understander: Understander | None = None,
        policy: Policy | None = None,
        lexicon: Lexicon | None = None,
        templates: TemplateSet | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.lexicon = lexicon or load_lexicon()
        self.templates = templates or default_template_set()
        self.understander: Understander = understander or DeterministicPlanner(self.lexicon)
        self.policy: Policy = policy or AllowAll()
        self.limits = limits or Limits()
        self._embedder = default_embedder()

    async def ask(
        self,
        question: str,
        *,
        conn: Any,
        interactor: Interactor | None = None,
        role: str | None = None,
        user: str | None = None,
        thread_id: str | None = None,
        debug: bool = False,
        today: date | None = None,
        history: list[dict[str, Any]] | None = None,
    ) -> AskResult:
        interactor = interactor or AutoInteractor()
        trace = _Trace()
        t_all = time.perf_counter()
        try:
            result = await self._ask(
                question, conn, interactor, role, user, today or today_beijing(), history or [], trace
            )
        except NothingPublished as e:
            result = AskResult("insufficient", e.message)
        except QueryTimeout as e:
            result = AskResult("insufficient", e.message)
        except NotReadOnly as e:
            result = AskResult("error", e.message)
        except KgdeskError as e:
            if e.code == "E_DENIED":  # the policy refused (e.g. a group too small to show)
                result = AskResult("denied", e.message)
            else:
                log.warning("ask failed: %s", e.message)
                result = AskResult("error", e.message)
        except Exception:  # the one funnel: never a traceback to the user
            log.exception("ask crashed on %r", question)
            result = AskResult("error", "内部错误：这个问题暂时无法回答，详情已写入日志。")
        trace.add("total", (time.perf_counter() - t_all) * 1000)
        result.trace = trace.steps
        doc = self.policy.mask_answer(result.to_json(), role=role)
        result.answer, result.value = doc.get("answer", result.answer), doc.get("value", result.value)
        result.trace = doc.get("trace", result.trace)
        result.queries = doc.get("queries", result.queries)
        result.citations = doc.get("citations", result.citations)
        del thread_id, debug
        return result

    # ---------------------------------------------------------------- the steps

    async def _ask(
        self,
        question: str,
        conn: Any,
        interactor: Interactor,
        role: str | None,
        user: str | None,
        today: date,
        history: list[dict[str, Any]],
        trace: _Trace,
    ) -> AskResult:
        question = (question or "").strip()
        if not question:
            return AskResult("clarify", "请输入要查询的问题。")
        if len(question) > self.limits.max_question_chars:
            return AskResult(
                "clarify", f"问题太长（超过 {self.limits.max_question_chars} 个字），请精简后再问。"
            )
        reader = GraphReader(conn, timeout_s=self.limits.query_timeout_s)
        t0 = time.perf_counter()
        version, schema = await asyncio.to_thread(reader.published)
        index = await asyncio.to_thread(entity_index, reader, schema, self.lexicon)
        values = _value_index(schema, self.lexicon)
        trace.add("load", (time.perf_counter() - t0) * 1000)
        ctx = UnderstandContext(
            schema=schema,
            index=index,
            values=values,
            lexicon=self.lexicon,
            templates=self.templates,
            today=today,
            embedder=self._embedder,
            history=history,
        )
        und, question = await self._understand(question, ctx, interactor, trace)
        base = AskResult("clarify", "", version=version, groundings=[g.to_json() for g in und.groundings])
        if und.plan is not None:
            base.plan = und.plan.model_dump(mode="json", exclude_none=True)
        if und.status is UnderstandingStatus.EXPLAIN:
            base.status, base.answer = (
                "answered",
                und.explain_text
                + "\n\n**来源**\n"
                + "\n".join(
                    f"- 模板「{md_escape(c['template'])}」的{c['sheet']}" for c in und.explain_citations
                ),
            )
            base.citations = und.explain_citations
            return base
        if und.status is not UnderstandingStatus.PLAN or und.plan is None:
            return self._not_planned(base, und)
        plan = und.plan
        decision = self.policy.permit(plan, role=role, user=user)
        if not decision.allowed and und.optional_fields:
            trimmed = self._without_hidden(plan, und.optional_fields, role, user)
            if trimmed is not None:
                plan, decision = trimmed, self.policy.permit(trimmed, role=role, user=user)
                base.plan = plan.model_dump(mode="json", exclude_none=True)
        if not decision.allowed:
            base.status, base.answer = "denied", decision.message or "当前角色无权查看这类数据"
            return base
        try:
            validate_plan(plan, schema)
        except PlanRejected as e:
            base.status, base.answer = "error", e.message
            return base
        display_of = _display_lookup(index)
        reply = await interactor.confirm_plan(
            PlanConfirmation(question, describe.describe_plan(plan, display_of), base.plan)
        )
        if not reply.ok:
            base.status = "clarify"
            base.answer = "已取消：计划未被确认。" + (
                f"您的修改意见：{reply.feedback}" if reply.feedback else ""
            )
            return base
        return await self._run(
            question, plan, base, reader, schema, version, today, interactor, role, trace, display_of, index
        )

    def _without_hidden(
        self, plan: QueryPlan, optional: list[tuple[str, str]], role: str | None, user: str | None
    ) -> QueryPlan | None:
        """The plan with only those optional fields the role may see (each one tried in turn), or
        None when even the plan without any of them is refused (that refusal stands)."""
        opt = set(optional)
        base = [p for p in plan.projection if (p.node, p.field or "") not in opt]
        kept: list[FieldRef] = []
        if not self.policy.permit(plan.model_copy(update={"projection": base}), role=role, user=user).allowed:
            return None
        dropped: list[str] = []
        for p in plan.projection:
            if (p.node, p.field or "") not in opt:
                continue
            trial = plan.model_copy(update={"projection": [*base, *kept, p]})
            if self.policy.permit(trial, role=role, user=user).allowed:
                kept.append(p)
            else:
                dropped.append(p.field or "")
        order = {id(p): i for i, p in enumerate(plan.projection)}
        projection = sorted([*base, *kept], key=lambda p: order[id(p)])
        notes = (
            [*plan.notes, f"当前角色无权查看的字段未列出：{'、'.join(dropped)}"] if dropped else plan.notes
        )
        return plan.model_copy(update={"projection": projection, "notes": notes})

    async def _understand(
        self, question: str, ctx: UnderstandContext, interactor: Interactor, trace: _Trace
    ) -> tuple[Understanding, str]:
        und = await self._understand_once(question, ctx, trace)
        rounds = 0
        while und.status is UnderstandingStatus.CLARIFY and und.choices and rounds < MAX_CLARIFY_ROUNDS:
            rounds += 1
            progressed = False
            for choice in und.choices:
                picked = await interactor.choose_values(choice)
                if picked:
                    ctx.choices[_norm(choice.text)] = picked
                    progressed = True
            if not progressed:
                break
            und = await self._understand_once(question, ctx, trace)
        feedback_rounds = 0
        while und.status is UnderstandingStatus.PLAN and feedback_rounds <= MAX_FEEDBACK_ROUNDS:
            reply = await interactor.confirm_slots(SlotConfirmation(question, und.slots))
            if reply.ok:
                break
            feedback_rounds += 1
            if not reply.feedback or feedback_rounds > MAX_FEEDBACK_ROUNDS:
                return Understanding(
                    UnderstandingStatus.CLARIFY, message="已取消：理解未被确认，请换一种问法。"
                ), question
            question = reply.feedback
            und = await self._understand_once(question, ctx, trace)
        return und, question

    async def _understand_once(self, question: str, ctx: UnderstandContext, trace: _Trace) -> Understanding:
        t0 = time.perf_counter()
        und = await self.understander.understand(question, ctx)
        total = (time.perf_counter() - t0) * 1000
        if und.timings:
            for k in ("understand", "ground", "plan"):
                if k in und.timings:
                    trace.add(k, und.timings[k])
        else:
            trace.add("understand", total)
        return und

    def _not_planned(self, base: AskResult, und: Understanding) -> AskResult:
        if und.status is UnderstandingStatus.INSUFFICIENT:
            base.status = "insufficient"
            base.answer = "数据中未找到答案：" + und.message
            return base
        if und.status is UnderstandingStatus.CLARIFY:
            base.status = "clarify"
            lines = [und.message or "需要您进一步说明问题。"]
            for c in und.choices:
                lines.append("")
                lines.append(c.prompt)
                lines += [
                    f"- {md_escape(o.label)}" + (f"（{md_escape(o.detail)}）" if o.detail else "")
                    for o in c.options
                ]
                base.options.extend(c.options)
            base.answer = "\n".join(lines)
            return base
        base.status = "clarify"
        base.answer = (
            f"{NEEDS_LLM_MESSAGE}：离线规则无法可靠地理解这个问题（{und.message}）。"
            "请换一种更直接的问法（例如“XX项目3月有多少人”“哪些设备报废了”），或在设置中配置语言模型。"
        )
        return base

    async def _run(
        self,
        question: str,
        plan: QueryPlan,
        base: AskResult,
        reader: GraphReader,
        schema: SchemaView,
        version: str,
        today: date,
        interactor: Interactor,
        role: str | None,
        trace: _Trace,
        display_of: Callable[[str, str], str],
        index: EntityIndex,
    ) -> AskResult:
        queries: list[dict[str, Any]] = []
        summary = False
        scope_offered = False
        probed = False
        assumptions_checked = False
        namer = _record_namer(schema, display_of)
        for _attempt in range(5):
            alt = None if assumptions_checked else _without_assumptions(plan)
            if alt is None:
                ex = await self._execute_with_retry(plan, reader, schema, version, today, role, trace, namer)
            else:
                # the plan without its unstated defaults runs alongside, to see whether they matter
                ex, ex_alt = await asyncio.gather(
                    self._execute_with_retry(plan, reader, schema, version, today, role, trace, namer),
                    self._execute_with_retry(alt, reader, schema, version, today, role, None, namer),
                )
            queries += [q.to_json() for q in ex.queries]
            out = ex.outcome
            # a default the user did not state (e.g. only the declared current project) must not
            # change the answer silently: when it does, the user chooses
            if not assumptions_checked:
                assumptions_checked = True
                if alt is not None:
                    queries += [q.to_json() for q in ex_alt.queries]
                    a, b = (
                        _comparable(machine_value(plan, out), out),
                        _comparable(machine_value(alt, ex_alt.outcome), ex_alt.outcome),
                    )
                    if a != b:
                        req = _assumption_choice(plan, out, ex_alt.outcome, self.lexicon)
                        picked = await interactor.choose_values(req)
                        if picked == ["without"]:
                            plan, ex, out = alt, ex_alt, ex_alt.outcome
                            base.plan = plan.model_dump(mode="json", exclude_none=True)
                        elif picked != ["with"]:
                            base.status, base.options, base.queries = "clarify", req.options, queries
                            base.answer = (
                                req.prompt
                                + "\n"
                                + "\n".join(f"- {md_escape(o.label)}：{o.detail}" for o in req.options)
                            )
                            return base
            # empty result / zero count with the user's own words: offer the graph's real values
            if not probed and _empty(plan, out):
                probed = True
                t0 = time.perf_counter()
                probes = await asyncio.to_thread(probe, plan, reader, schema, version)
                trace.add("probe", (time.perf_counter() - t0) * 1000)
                queries += [p.query for p in probes]
                with_cands = [p for p in probes if p.candidates]
                if with_cands:
                    p = with_cands[0]
                    picked = await interactor.choose_values(value_choice(p))
                    if picked:
                        plan = replace_filter(plan, p, picked)
                        base.plan = plan.model_dump(mode="json", exclude_none=True)
                        continue
                    base.status = "clarify"
                    req = value_choice(p)
                    base.options = req.options
                    base.answer = (
                        req.prompt
                        + "\n"
                        + "\n".join(f"- {md_escape(o.label)}（{o.detail}）" for o in req.options)
                    )
                    base.queries = queries
                    return base
                if probes and plan.query_type is not QueryType.EXISTENCE:
                    words = "、".join(f"「{p.filter.text or p.filter.value}」" for p in probes)
                    base.status = "insufficient"
                    base.answer = f"数据中未找到与{words}匹配的{plan.output_step.entity}（{probes[0].filter.field}中没有相近的取值）。"
                    base.queries = queries
                    return base
            # more than 30 results: offer to narrow down, once per question
            if (
                not scope_offered
                and plan.query_type is QueryType.LIST
                and not plan.group_by
                and out.total > self.limits.scope_threshold
            ):
                scope_offered = True
                sreq = scope_request(question, plan, out, ex.rows, schema, self.lexicon)
                choice = await interactor.choose_scope(sreq)
                if choice == SCOPE_SUMMARY or choice is None:
                    summary = True
                elif choice != SCOPE_ALL:
                    narrowed = narrow(plan, choice)
                    if narrowed is not None:
                        plan = narrowed
                        base.plan = plan.model_dump(mode="json", exclude_none=True)
                        continue
            break
        base.queries = queries
        if out.empty:
            # an empty answer cites the rows of the named entities that were checked
            for key in _grounded_keys(plan):
                for e in index.entries:
                    if e.key == key:
                        out.checked.extend(s for s in e.sources if s.key not in {c.key for c in out.checked})
                        ex.executed.update(s.key for s in e.sources)
        t0 = time.perf_counter()
        verdict = verify(plan, out, ex.executed)
        trace.add("verify", (time.perf_counter() - t0) * 1000)
        if not verdict.ok:
            base.status = "insufficient"
            base.answer = f"证据不足，不能给出可靠的回答：{verdict.reason}。"
            if verdict.action is Action.RETRY_CLARIFIED:
                base.status = "error"
            return base
        # the published version must not have moved under us
        now = await asyncio.to_thread(reader.published_version)
        if now != version:
            base.status = "error"
            base.answer = "查询期间发布了新的数据版本，请重新提问。"
            return base
        t0 = time.perf_counter()
        renderer = Renderer(schema, self.lexicon)
        owners = {info.key[0]: label for label, info in schema.labels.items() if len(info.key) == 1}
        conds = describe.conditions(plan, display_of, owners)
        base.answer = renderer.answer(plan, out, conditions=conds, summary=summary)
        base.value = machine_value(plan, out)
        base.citations = [p.to_json() for p in out.citations()]
        base.status = "answered"
        base.rows, base.outcome = ex.rows, out
        trace.add("render", (time.perf_counter() - t0) * 1000)
        return base

    async def _execute_with_retry(
        self,
        plan: QueryPlan,
        reader: GraphReader,
        schema: SchemaView,
        version: str,
        today: date,
        role: str | None,
        trace: _Trace | None,
        namer: Callable[[str, str, str], str] | None = None,
    ) -> _Execution:
        try:
            ex = await asyncio.to_thread(self._execute, plan, reader, schema, version, today, role, namer)
        except (QueryTimeout, NotReadOnly, CompileError):
            raise
        except GraphError as e:
            log.info("retrying the same plan after: %s", e.message)
            ex = await asyncio.to_thread(self._execute, plan, reader, schema, version, today, role, namer)
        if trace is not None:
            trace.add("compile", ex.compile_ms)
            trace.add("execute", ex.execute_ms)
        return ex

    def _execute(
        self,
        plan: QueryPlan,
        reader: GraphReader,
        schema: SchemaView,
        version: str,
        today: date,
        role: str | None,
        namer: Callable[[str, str, str], str] | None = None,
    ) -> _Execution:
        step_rows: dict[str, list[Row]] = {}
        executed: set[tuple[str, str, str, int]] = set()
        queries: list[ExecutedQuery] = []
        truncated = False
        compile_ms = execute_ms = 0.0
        pending = list(plan.steps)
        pool: ThreadPoolExecutor | None = None
        try:
            while pending:
                # steps whose inputs are ready run together (independent months of an analysis)
                ready = [s for s in pending if all(d in step_rows for d in s.depends_on)]
                if not ready:
                    raise CompileError("步骤之间的依赖关系无法满足")
                t0 = time.perf_counter()
                subtracted = _subtracted_only(plan)
                compiled = [
                    compile_step(
                        plan,
                        s,
                        schema,
                        version=version,
                        row_cap=self.limits.row_cap,
                        resolved=_resolved(s, step_rows),
                        keys_only=s.id in subtracted,
                    )
                    for s in ready
                ]
                t1 = time.perf_counter()
                if len(compiled) == 1:
                    results = [reader.run(compiled[0], timeout=self.limits.query_timeout_s)]
                else:
                    pool = pool or ThreadPoolExecutor(
                        max_workers=min(4, len(plan.steps)), thread_name_prefix="kgdesk-qa"
                    )
                    futures = [
                        pool.submit(reader.run, q, timeout=self.limits.query_timeout_s) for q in compiled
                    ]
                    results = [f.result() for f in futures]
                t2 = time.perf_counter()
                compile_ms += (t1 - t0) * 1000
                execute_ms += (t2 - t1) * 1000
                for step, res in zip(ready, results, strict=True):
                    queries.append(res)
                    # derive and filter on the raw values first (the plan check already limited
                    # what a role may derive or filter on), then mask what leaves the step
                    apply_derived(step, res.rows, today)
                    rows = self.policy.mask_rows(plan, filter_rows(step, res.rows), role=role)
                    for r in rows:
                        for v in r.values():
                            if isinstance(v, dict):
                                executed.update(p.key for p in provenance(v))
                    step_rows[step.id] = rows
                    truncated = truncated or res.truncated
                pending = [s for s in pending if s.id not in step_rows]
        finally:
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        rows_out = combine(plan, step_rows)
        outcome = build_outcome(plan, rows_out, truncated=truncated, namer=namer)
        return _Execution(outcome, rows_out, queries, executed, compile_ms, execute_ms)


def _subtracted_only(plan: QueryPlan) -> set[str]:
    """Steps whose rows only ever remove keys (the right side of a difference): their keys suffice."""
    right: set[str] = set()
    elsewhere: set[str] = set()
    for c in plan.combine:
        for i, sid in enumerate(c.steps):
            (right if c.op == "difference" and i > 0 else elsewhere).add(sid)
    for s in plan.steps:
        for f in s.filters:
            if f.ref is not None:
                elsewhere.add(f.ref.step)
    if plan.steps and not plan.combine:
        elsewhere.add(plan.steps[-1].id)
    # derived filters are applied in Python and need the fields, not only the keys
    elsewhere |= {s.id for s in plan.steps if s.derived}
    return right - elsewhere


def _resolved(step: Any, step_rows: dict[str, list[Row]]) -> dict[int, list[Any]]:
    """Values of earlier steps for `previous_step` filters (passed as parameters, never as text)."""
    resolved: dict[int, list[Any]] = {}
    for i, f in enumerate(step.filters):
        if f.value_source is ValueSource.PREVIOUS_STEP and f.ref is not None:
            vals: list[Any] = []
            for r in step_rows.get(f.ref.step, []):
                v = (r.get(f.ref.node) or {}).get(f.ref.field)
                vals.extend(v if isinstance(v, list) else [v])
            resolved[i] = list(dict.fromkeys(x for x in vals if x is not None))
    return resolved


def _without_assumptions(plan: QueryPlan) -> QueryPlan | None:
    steps = []
    changed = False
    for s in plan.steps:
        keep = [f for f in s.filters if not f.assumption]
        changed = changed or len(keep) != len(s.filters)
        steps.append(s.model_copy(update={"filters": keep}))
    return plan.model_copy(update={"steps": steps}) if changed else None


def _comparable(value: Any, out: Outcome) -> Any:
    if isinstance(value, list):
        return sorted(map(str, value))
    if value is None:
        return sorted((f.display, repr(f.values.get("__value__"))) for f in out.facts)
    return value


def _assumption_choice(plan: QueryPlan, with_: Outcome, without: Outcome, lexicon: Lexicon) -> ChoiceRequest:
    filters = [f for s in plan.steps for f in s.filters if f.assumption]
    f = filters[0]
    # a count reads with its classifier (3 人, 5 台); other values carry their own wording
    unit = lexicon.count_unit(plan.steps[-1].entity) if plan.query_type is QueryType.COUNT else ""

    def shown(o: Outcome) -> str:
        v = o.value
        if isinstance(v, list):
            return f"{len(v)} 个：" + "、".join(map(str, v[:8])) + ("……" if len(v) > 8 else "")
        if isinstance(v, bool):
            return "有" if v else "没有"
        if v is None and o.facts:
            shown_facts = [f"{f.display} {f.values.get('__value__', f.members)}" for f in o.facts[:6]]
            return "；".join(shown_facts) + ("……" if len(o.facts) > 6 else "")
        if v is None:
            return "—"
        return f"{v} {unit}" if unit and isinstance(v, int | float) else str(v)

    if f.field == "依据":
        a = f"只算{f.value}中登记的当前服务项目"
        b = "也算考勤、排班记录中出现过的（不限时间）"
    else:
        a = f"只算 {f.field} = {f.value} 的"
        b = f"不限 {f.field}"
    return ChoiceRequest(
        kind="assumption",
        text=f"{f.field}={f.value}",
        prompt="问题没有说明口径，两种口径的结果不同，请选择：",
        options=[
            Option(id="with", label=a, detail=shown(with_)),
            Option(id="without", label=b, detail=shown(without)),
        ],
    )


def _grounded_keys(plan: QueryPlan) -> list[str]:
    out: list[str] = []
    for s in plan.steps:
        for f in s.filters:
            if f.value_source is ValueSource.GROUNDED and f.op.value in ("eq", "in"):
                vals = f.value if isinstance(f.value, list) else [f.value]
                out.extend(str(v) for v in vals)
    return out


def _empty(plan: QueryPlan, out: Outcome) -> bool:
    if plan.query_type in (QueryType.COUNT,):
        return not out.value
    if plan.query_type is QueryType.AGGREGATE:
        return out.total == 0
    return out.empty


def _norm(text: str) -> str:
    from kgdesk.qa.lexicon import normalize

    return normalize(text)


_VALUE_CACHE: dict[tuple[int, str], ValueIndex] = {}


def _value_index(schema: SchemaView, lexicon: Lexicon) -> ValueIndex:
    key = (id(lexicon), schema.version)
    vi = _VALUE_CACHE.get(key)
    if vi is None:
        _VALUE_CACHE.clear()
        vi = _VALUE_CACHE[key] = ValueIndex(schema, lexicon)
    return vi


def _display_lookup(index: EntityIndex) -> Callable[[str, str], str]:
    table = index.displays()

    def display_of(label: str, key: str) -> str:
        return table.get((label, key), key)

    return display_of


def _record_namer(
    schema: SchemaView, display_of: Callable[[str, str], str]
) -> Callable[[str, str, str], str]:
    """Records without a display field (考勤, 财务 …) are named by their key parts, with the codes
    of people and projects shown as their standard names: 赵德胜（KWL2307024）· 青浦-北斗园区（XMSQ0105）· 2026-03."""
    owners: dict[str, str] = {}
    for label, info in schema.labels.items():
        if len(info.key) == 1:
            owners.setdefault(info.key[0], label)

    def namer(label: str, key: str, display: str) -> str:
        info = schema.labels.get(label)
        if info is None or info.display or display != key or len(info.key) < 2:
            return display
        parts = key.split("|")
        if len(parts) != len(info.key):
            return display
        shown = []
        for fld, part in zip(info.key, parts, strict=True):
            owner = owners.get(fld)
            shown.append(display_of(owner, part) if owner and owner != label else part)
        return " · ".join(shown)

    return namer


_DEFAULT: QuestionAnswerer | None = None


def default_answerer() -> QuestionAnswerer:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = QuestionAnswerer()
    return _DEFAULT


async def ask(
    question: str,
    *,
    conn: Any,
    interactor: Interactor | None = None,
    role: str | None = None,
    thread_id: str | None = None,
    debug: bool = False,
    today: date | None = None,
    user: str | None = None,
    answerer: QuestionAnswerer | None = None,
) -> AskResult:
    """Answer one question against the published graph (the core API the GUI and CLI share)."""
    qa = answerer or default_answerer()
    return await qa.ask(
        question,
        conn=conn,
        interactor=interactor,
        role=role,
        user=user,
        thread_id=thread_id,
        debug=debug,
        today=today,
    )


def ask_sync(question: str, **kwargs: Any) -> AskResult:
    """For the CLI and scripts (never call from a running event loop: await `ask` there)."""
    return asyncio.run(ask(question, **kwargs))
