"""Executes a validated plan step by step: compile, run read-only, derive, mask, combine.

Runs in a worker thread (the sync driver); steps whose inputs are ready run together.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import date
from typing import Any

from kgdesk.config.settings import Limits
from kgdesk.qa.compiler import CompileError, compile_step
from kgdesk.qa.dsl import QueryPlan, ValueSource
from kgdesk.qa.executor import ExecutedQuery, ReadOnlyGraph, provenance
from kgdesk.qa.policy import Policy
from kgdesk.qa.results import (
    Outcome,
    Row,
    apply_derived,
    build_outcome,
    build_share_outcome,
    combine,
    filter_rows,
)
from kgdesk.qa.schema import SchemaView


@dataclass
class Execution:
    outcome: Outcome
    rows: list[Row]
    queries: list[ExecutedQuery]
    executed: set[tuple[str, str, str, int]]
    compile_ms: float
    execute_ms: float


def execute_plan(
    plan: QueryPlan,
    reader: ReadOnlyGraph,
    schema: SchemaView,
    version: str,
    today: date,
    role: str | None,
    *,
    policy: Policy,
    limits: Limits,
    namer: Callable[[str, str, str], str] | None = None,
) -> Execution:
    """Every step compiled and run (independent steps together), derived fields applied, rows
    masked for the role as they leave their step, then combined into one outcome."""
    step_rows: dict[str, list[Row]] = {}
    executed: set[tuple[str, str, str, int]] = set()
    queries: list[ExecutedQuery] = []
    truncated = False
    compile_ms = execute_ms = 0.0
    pending = list(plan.steps)
    pool: ThreadPoolExecutor | None = None
    counter = member_counter(reader, schema, version, limits)
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
                    row_cap=limits.row_cap,
                    resolved=_resolved(s, step_rows),
                    keys_only=s.id in subtracted,
                )
                for s in ready
            ]
            t1 = time.perf_counter()
            if len(compiled) == 1:
                results = [reader.run(compiled[0], timeout=limits.query_timeout_s)]
            else:
                pool = pool or ThreadPoolExecutor(
                    max_workers=min(4, len(plan.steps)), thread_name_prefix="kgdesk-qa"
                )
                futures = [
                    pool.submit(reader.run, q, timeout=limits.query_timeout_s) for q in compiled
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
                rows = policy.mask_rows(plan, filter_rows(step, res.rows), role=role, count_members=counter)
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
    if plan.share is not None:
        rows_out = [r for sid in (plan.share.part, plan.share.whole) for r in step_rows.get(sid, [])]
        outcome = build_share_outcome(plan, step_rows, truncated=truncated, namer=namer)
        return Execution(outcome, rows_out, queries, executed, compile_ms, execute_ms)
    rows_out = combine(plan, step_rows)
    outcome = build_outcome(plan, rows_out, truncated=truncated, namer=namer)
    return Execution(outcome, rows_out, queries, executed, compile_ms, execute_ms)


def member_counter(
    reader: ReadOnlyGraph, schema: SchemaView, version: str, limits: Limits
) -> Callable[[QueryPlan], int]:
    """The distinct entities a plan's output step matches, on the question's own reader and
    version (keys only, the whitelisted compiler): what the policy's differencing check compares."""

    def count(p: QueryPlan) -> int:
        query = compile_step(p, p.output_step, schema, version=version, row_cap=limits.row_cap, keys_only=True)
        return len(reader.run(query, timeout=limits.query_timeout_s).rows)

    return count


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
