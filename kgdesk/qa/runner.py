"""The plan runner: one confirmed plan → permit → validate → compile → execute → verify → render.

It never talks to the user and never calls back up: where only the user can go on (an unstated
default changes the result, an empty result has near values, too many rows) it returns the
answer so far with a `Need`; the agent asks and runs again with the choice in `RunState`.
Everything a run needs from its question — the published version and schema read once, the
entity index, today, the role — comes in one `RunContext`. Blocking work runs in worker threads.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Any

from kgdesk.config.settings import Limits
from kgdesk.errors import GraphError, KgdeskError
from kgdesk.qa import describe
from kgdesk.qa.answer import Answer, Need
from kgdesk.qa.compiler import CompileError
from kgdesk.qa.dsl import AggFn, FieldRef, QueryPlan, QueryType
from kgdesk.qa.execution import Execution, execute_plan
from kgdesk.qa.executor import NothingPublished, NotReadOnly, QueryTimeout, ReadOnlyGraph
from kgdesk.qa.grounding import EntityIndex
from kgdesk.qa.interactions import SCOPE_SUMMARY
from kgdesk.qa.ledgers import empty_ledger, empty_ledger_message
from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.naming import record_namer
from kgdesk.qa.policy import Policy
from kgdesk.qa.render import Renderer, machine_value, md_escape
from kgdesk.qa.results import Outcome
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.scope import (
    assumption_choice,
    comparable,
    grounded_keys,
    narrowing_plan,
    probe,
    scope_request,
    value_choice,
    without_assumptions,
)
from kgdesk.qa.top_alone import another_top, ranked_alone
from kgdesk.qa.trace import Trace
from kgdesk.qa.understand.unmatched_text import asked_name, unmatched
from kgdesk.qa.validate_plan import PlanRejected, validate_plan
from kgdesk.qa.verifier import Action, verify

log = logging.getLogger(__name__)

BEIJING = timezone(timedelta(hours=8))


def today_beijing() -> date:
    return datetime.now(BEIJING).date()


@dataclass
class RunContext:
    """What a run takes from its question: read once by the agent, the same for every run of it."""

    question: str
    reader: ReadOnlyGraph
    version: str
    schema: SchemaView
    index: EntityIndex
    today: date
    role: str | None
    user: str | None
    trace: Trace


@dataclass
class RunState:
    """The user's decisions so far, carried between the runs of one question."""

    assumption: str | None = None
    """None: compare with and without the unstated defaults; with | without: chosen; same: no difference."""
    probed: bool = False
    scope: str | None = None
    """None: offer narrowing once; summary | all: decided."""


class PlanRunner:
    """Holds what does not change between questions (policy, lexicon, limits)."""

    def __init__(self, *, policy: Policy, lexicon: Lexicon, limits: Limits) -> None:
        self.policy = policy
        self.lexicon = lexicon
        self.limits = limits

    async def run(
        self,
        plan: QueryPlan,
        rc: RunContext,
        state: RunState | None = None,
        *,
        optional_fields: list[tuple[str, str]] | None = None,
    ) -> Answer:
        """The answer of `plan` on the version in `rc` (masked for the role); never raises."""
        base = Answer("clarify", "", version=rc.version, plan=_dump(plan))
        try:
            result = await self._run(plan, rc, state or RunState(), optional_fields or [], base)
        except (NothingPublished, QueryTimeout) as e:
            result = Answer("insufficient", e.message, version=rc.version, plan=base.plan)
        except NotReadOnly as e:
            result = Answer("error", e.message, version=rc.version, plan=base.plan)
        except KgdeskError as e:
            status = "denied" if e.code == "E_DENIED" else "error"  # the policy refused (a group too small)
            if status == "error":
                log.warning("run failed: %s", e.message)
            result = Answer(status, e.message, version=rc.version, plan=base.plan)
        except Exception:  # the one funnel: never a traceback to the user
            log.exception("run crashed on %r", rc.question)
            result = Answer("error", "内部错误：这个问题暂时无法回答，详情已写入日志。", version=rc.version)
        doc = self.policy.mask_answer(
            {"answer": result.answer, "value": result.value, "queries": result.queries, "citations": result.citations},
            role=rc.role,
        )
        result.answer, result.value = doc.get("answer", result.answer), doc.get("value", result.value)
        result.queries = doc.get("queries", result.queries)
        result.citations = doc.get("citations", result.citations)
        return result

    # ---------------------------------------------------------------- permit and validate

    async def _run(
        self, plan: QueryPlan, rc: RunContext, state: RunState, optional: list[tuple[str, str]], base: Answer
    ) -> Answer:
        decision = self.policy.permit(plan, role=rc.role, user=rc.user)
        if not decision.allowed and optional:
            trimmed = self._without_hidden(plan, optional, rc.role, rc.user)
            if trimmed is not None:
                plan, decision = trimmed, self.policy.permit(trimmed, role=rc.role, user=rc.user)
                base.plan = _dump(plan)
        if not decision.allowed:
            base.status, base.answer = "denied", decision.message or "当前角色无权查看这类数据"
            return base
        try:
            validate_plan(plan, rc.schema)
        except PlanRejected as e:
            base.status, base.answer = "error", e.message
            return base
        empty = empty_ledger(plan, rc.schema)
        if empty is not None:  # 有多少台设备 with no 设备信息 in this version: not "共 0 台"
            base.status, base.answer = "insufficient", empty_ledger_message(*empty)
            base.reason, base.missing = "no_records", empty[0]
            return base
        return await self._execute_and_render(plan, rc, state, base)

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
        notes = [*plan.notes, f"当前角色无权查看的字段未列出：{'、'.join(dropped)}"] if dropped else plan.notes
        return plan.model_copy(update={"projection": projection, "notes": notes})

    # ---------------------------------------------------------------- execute, verify, render

    async def _execute_and_render(self, plan: QueryPlan, rc: RunContext, state: RunState, base: Answer) -> Answer:
        display_of = _display_lookup(rc.index)
        namer = record_namer(
            {lbl: tuple(i.key) for lbl, i in rc.schema.labels.items()},
            {lbl: i.display for lbl, i in rc.schema.labels.items() if i.display},
            display_of,
        )
        if state.assumption == "without":
            plan = without_assumptions(plan) or plan
            base.plan = _dump(plan)
        alt = without_assumptions(plan) if state.assumption is None else None
        if alt is None:
            ex = await self._execute(plan, rc, namer)
        else:
            # the plan without its unstated defaults runs alongside, to see whether they matter
            ex, ex_alt = await asyncio.gather(self._execute(plan, rc, namer), self._execute(alt, rc, namer, traced=False))
        base.queries += [q.to_json() for q in ex.queries]
        out = ex.outcome
        if alt is not None:
            # a default the user did not state must not change the answer silently: the user chooses
            base.queries += [q.to_json() for q in ex_alt.queries]
            a = comparable(machine_value(plan, out), out)
            b = comparable(machine_value(alt, ex_alt.outcome), ex_alt.outcome)
            if a != b:
                req = assumption_choice(plan, out, ex_alt.outcome, self.lexicon)
                base.options, base.need = req.options, Need("assumption", req)
                base.answer = req.prompt + "\n" + "\n".join(f"- {md_escape(o.label)}：{o.detail}" for o in req.options)
                return base
            state.assumption = "same"
        # an empty result / zero count with the user's own words: offer the graph's real values
        if not state.probed and _empty(plan, out):
            state.probed = True
            t0 = time.perf_counter()
            probes = await asyncio.to_thread(probe, plan, rc.reader, rc.schema, rc.version)
            rc.trace.add("probe", (time.perf_counter() - t0) * 1000, stage="core")
            base.queries += [p.query for p in probes]
            with_cands = [p for p in probes if p.candidates and not asked_name(plan, p, rc.question)]
            if with_cands:
                req = value_choice(with_cands[0])
                base.options, base.need = req.options, Need("values", req, with_cands[0])
                base.answer = req.prompt + "\n" + "\n".join(f"- {md_escape(o.label)}（{o.detail}）" for o in req.options)
                return base
            if probes and plan.query_type is not QueryType.EXISTENCE:
                return _not_found(plan, probes, rc.schema, base)
            if probes and (missing := unmatched(plan, probes, rc.index, rc.schema, rc.question)):
                return _not_found(plan, missing, rc.schema, base)  # never a silent 没有 (W9)
        # more than 30 results: offer to narrow down, once per question
        if (
            state.scope is None
            and plan.query_type is QueryType.LIST
            and not plan.group_by
            and out.total > self.limits.scope_threshold
        ):
            rows = ex.rows
            wide = narrowing_plan(plan, rc.schema, self.lexicon)
            if wide is not None and self.policy.permit(wide, role=rc.role, user=rc.user).allowed:
                wex = await self._execute(wide, rc, namer, traced=False)  # the columns to narrow by
                rows = wex.rows
                base.queries += [q.to_json() for q in wex.queries]
            sreq = scope_request(rc.question, plan, out, rows, rc.schema, self.lexicon)
            base.need = Need("scope", sreq)
            base.options = list(sreq.options)
            base.answer = sreq.prompt
            return base
        if await self._another_top(plan, rc, namer, base, out):
            return base
        return await self._verify_and_render(plan, rc, state, base, ex, display_of)

    async def _another_top(
        self, plan: QueryPlan, rc: RunContext, namer: Callable[[str, str, str], str], base: Answer, out: Outcome
    ) -> bool:
        """合同金额最大的项目，项目经理是谁: the ranking checked over every record of the type (top_alone);
        True when the true top records are not the ones found (the answer then says so)."""
        alone = ranked_alone(plan, rc.schema)
        if alone is None or not out.facts or not self.policy.permit(alone, role=rc.role, user=rc.user).allowed:
            return False
        aex = await self._execute(alone, rc, namer, traced=False)
        base.queries += [q.to_json() for q in aex.queries]
        other = another_top(plan, out, aex.outcome)
        if other is None:
            return False
        base.status, base.answer, base.reason = "insufficient", other, "no_records"
        base.missing = plan.steps[0].aliases().get(plan.projection[-1].node, "")
        return True

    async def _verify_and_render(
        self,
        plan: QueryPlan,
        rc: RunContext,
        state: RunState,
        base: Answer,
        ex: Execution,
        display_of: Callable[[str, str], str],
    ) -> Answer:
        out = ex.outcome
        if out.empty:
            # an empty answer cites the rows of the named entities that were checked
            for key in grounded_keys(plan):
                for e in rc.index.entries:
                    if e.key == key:
                        out.checked.extend(s for s in e.sources if s.key not in {c.key for c in out.checked})
                        ex.executed.update(s.key for s in e.sources)
        zero = _zero_groups_missing(plan, out, rc.schema)
        if zero:
            base.status, base.answer = "insufficient", zero
            base.reason, base.missing = "no_records", plan.output_step.aliases().get(plan.group_by[0].node, "")
            return base
        t0 = time.perf_counter()
        verdict = verify(plan, out, ex.executed)
        rc.trace.add("verify", (time.perf_counter() - t0) * 1000, stage="core")
        if not verdict.ok:
            base.status = "error" if verdict.action is Action.RETRY_CLARIFIED else "insufficient"
            base.answer = f"证据不足，不能给出可靠的回答：{verdict.reason}。"
            if base.status == "insufficient":  # cli.md: an insufficient answer always says why
                base.reason = "conflicting_values" if verdict.check == "no_conflicting_values" else "no_records"
                base.missing = plan.output_step.entity
            return base
        # the published version must not have moved under the question
        now = await asyncio.to_thread(rc.reader.published_version)
        if now != rc.version:
            base.status = "error"
            base.answer = "查询期间发布了新的数据版本，请重新提问。"
            return base
        t0 = time.perf_counter()
        key_fields = {label: info.key for label, info in rc.schema.labels.items()}
        conds = describe.conditions(plan, name_of=display_of, key_fields=key_fields)
        whole: list[str] = []
        if plan.share is not None:
            whole_plan = plan.model_copy(update={"steps": [plan.step(plan.share.whole)], "share": None})
            whole = describe.conditions(whole_plan, name_of=display_of, key_fields=key_fields)
        renderer = Renderer(rc.schema, self.lexicon)
        base.answer = renderer.answer(
            plan, out, conditions=conds, summary=state.scope == SCOPE_SUMMARY, whole_conditions=whole
        )
        base.value = machine_value(plan, out)
        base.citations = [p.to_json() for p in out.citations()]
        base.status = "answered"
        base.plan = _dump(plan)
        base.rows, base.outcome = ex.rows, out
        rc.trace.add("render", (time.perf_counter() - t0) * 1000, stage="core")
        return base

    async def _execute(
        self, plan: QueryPlan, rc: RunContext, namer: Callable[[str, str, str], str], *, traced: bool = True
    ) -> Execution:
        def once() -> Execution:
            return execute_plan(
                plan, rc.reader, rc.schema, rc.version, rc.today, rc.role,
                policy=self.policy, limits=self.limits, namer=namer,
            )

        try:
            ex = await asyncio.to_thread(once)
        except (QueryTimeout, NotReadOnly, CompileError):
            raise
        except GraphError as e:
            log.info("retrying the same plan after: %s", e.message)
            ex = await asyncio.to_thread(once)
        if traced:
            rc.trace.add("compile", ex.compile_ms, stage="core")
            rc.trace.add("execute", ex.execute_ms, stage="core")
        return ex


def _not_found(plan: QueryPlan, probes: list[Any], schema: SchemaView, base: Answer) -> Answer:
    words = "、".join(f"「{p.filter.text or p.filter.value}」" for p in probes)
    base.status = "insufficient"
    base.answer = f"数据中未找到与{words}匹配的{plan.output_step.entity}（{probes[0].filter.field}中没有相近的取值）。"
    f0 = probes[0].filter
    label = plan.output_step.aliases().get(f0.node, "")
    # 星河湾项目: a name searched in the names of its label and not found is no such entity
    base.reason = "no_such_entity" if f0.field == schema.display_field(label) else "no_records"
    base.missing = str(f0.text or f0.value)
    return base


def _zero_groups_missing(plan: QueryPlan, out: Outcome, schema: SchemaView) -> str | None:
    """人员最少的项目: a group with no related record at all has no row to be counted from, so a
    ranking from the fewest up is only sound when every entity of the group's label is present."""
    if not (plan.group_by and plan.sort and plan.aggregate is not None and len(plan.group_by) == 1):
        return None
    g, s, a = plan.group_by[0], plan.sort[0], plan.aggregate
    if g.field is not None or g.node == "n0" or s.by != "value" or s.direction != "asc":
        return None
    if a.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT) and plan.having is None:
        return None
    label = plan.output_step.aliases().get(g.node, "")
    info = schema.labels.get(label)
    if info is None or out.total >= info.count:
        return None
    return (
        f"数据中有{info.count - out.total}个{label}没有任何相关记录（数量为 0），"
        f"它们不在统计结果中，按“最少”排序无法可靠回答；可以改问“哪些{label}没有…”。"
    )


def _dump(plan: QueryPlan) -> dict[str, object]:
    return plan.model_dump(mode="json", exclude_none=True)


def _empty(plan: QueryPlan, out: Outcome) -> bool:
    """Nothing found: what makes the runner look for the graph's near values."""
    if plan.query_type is QueryType.COUNT:
        return not out.value
    if plan.query_type is QueryType.AGGREGATE:
        return out.total == 0
    return out.empty


def _display_lookup(index: EntityIndex) -> Callable[[str, str], str]:
    table = index.displays()

    def display_of(label: str, key: str) -> str:
        return table.get((label, key), key)

    return display_of
