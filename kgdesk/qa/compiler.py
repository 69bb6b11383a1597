"""DSL → parameterized Cypher. The only place qa builds query text.

Identifiers (labels, relationship types, property names) are checked against the published
meta-schema and then backtick-quoted; values only ever travel as parameters; every node and
relationship pattern is filtered by `graph.queries.valid_in` (the published version); every query
ends with `LIMIT $row_cap`.
Derived attributes are not compiled: their source fields are returned and the evaluator applies
them in Python.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kgdesk.errors import KgdeskError
from kgdesk.graph import days
from kgdesk.graph.queries import valid_in, valid_path_in
from kgdesk.qa import expressions
from kgdesk.qa.dsl import Filter, Op, QueryPlan, Step, TimeFilter, ValueSource
from kgdesk.qa.schema import NODE_SYSTEM_PROPS, REL_SYSTEM_PROPS, SchemaView

MAX_CYPHER_CHARS = 20_000
_BAD = re.compile(r"[`\x00-\x1f\x7f\\]")
_ALIAS = re.compile(r"^[nr][0-9]$")


class CompileError(KgdeskError):
    code = "E_COMPILE"


@dataclass(frozen=True)
class CompiledQuery:
    step_id: str
    cypher: str
    params: dict[str, Any]
    node_aliases: tuple[str, ...]
    rel_aliases: tuple[str, ...]
    purpose: str = "step"

    def to_json(self, rows: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"cypher": self.cypher, "params": _jsonable(self.params)}
        if rows is not None:
            out["rows"] = rows
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def quote(name: str, allowed: Iterable[str]) -> str:
    """Backtick-quote an identifier that is exactly one of `allowed`; anything else is refused."""
    if not isinstance(name, str) or not name or len(name) > 120 or _BAD.search(name):
        raise CompileError(f"名称「{name!s:.40}」不能用作查询中的标识符")
    if name not in set(allowed):
        raise CompileError(f"「{name:.40}」不在当前图谱的白名单中")
    return f"`{name}`"


def _alias(a: str) -> str:
    if not _ALIAS.match(a):
        raise CompileError(f"别名 {a!s:.20} 无效")
    return a


@dataclass
class _Ctx:
    schema: SchemaView
    step: Step
    params: dict[str, Any] = field(default_factory=dict)

    def param(self, value: Any) -> str:
        name = f"p{len(self.params)}"
        self.params[name] = value
        return f"${name}"

    def label_of(self, alias: str) -> str:
        return self.step.aliases()[alias]

    def rel_ends(self, alias: str) -> tuple[str, str, str]:
        idx = int(alias[1:]) - 1
        hop = self.step.hops[idx]
        src = self.step.aliases()[hop.source]
        start, end = (src, hop.target) if hop.direction == "out" else (hop.target, src)
        return hop.rel, start, end

    def prop_ref(self, alias: str, prop: str) -> str:
        """`n1.`项目编号``, after checking the property is known for that alias; a day column reads
        either stored form (`graph.days.cell`: packed or one property per day)."""
        quoted = self._quoted(alias, prop)
        return self._day_cell(alias, prop, quoted) or f"{alias}.{quoted}"

    def map_item(self, alias: str, prop: str) -> str:
        """The entry of a map projection of `alias` that returns `prop` as the property reads."""
        quoted = self._quoted(alias, prop)
        cell = self._day_cell(alias, prop, quoted)
        return "." + quoted if cell is None else f"{quoted}: {cell}"

    @staticmethod
    def _day_cell(alias: str, prop: str, quoted: str) -> str | None:
        """The expression of a node's day column in either stored form, or None for any other property."""
        return days.cell(alias, prop, quoted) if alias.startswith("n") and days.is_day(prop) else None

    def _quoted(self, alias: str, prop: str) -> str:
        _alias(alias)
        if alias.startswith("n"):
            label = self.label_of(alias)
            info = self.schema.labels.get(label)
            allowed = set(NODE_SYSTEM_PROPS) | set(info.properties if info else ())
        else:
            rel, start, end = self.rel_ends(alias)
            r = self.schema.rel(rel, start, end)
            allowed = set(REL_SYSTEM_PROPS) | set(r.properties if r else ())
        return quote(prop, allowed)

    def is_key(self, alias: str, prop: str) -> bool:
        if prop == "_key":
            return True
        if not alias.startswith("n"):
            return False
        return prop in self.schema.key_fields(self.label_of(alias))


def _as_list(expr: str) -> str:
    """Merged rows that disagree leave a list: compare against every element."""
    return f"CASE WHEN {expr} IS NULL THEN [] WHEN valueType({expr}) STARTS WITH 'LIST' THEN {expr} ELSE [{expr}] END"


def _month_of(v: str) -> str:
    return f"substring(toString({v}), 0, 7)"


def _filter_cond(ctx: _Ctx, f: Filter, resolved: dict[int, list[Any]], index: int) -> str | None:
    """One filter as a Cypher predicate; None for derived attributes (applied in Python)."""
    if (f.node, f.field) in {(d.node, d.name) for d in ctx.step.derived}:
        return None
    ref = ctx.prop_ref(f.node, f.field)
    if f.op is Op.IS_NULL:
        return f"{ref} IS NULL"
    if f.op is Op.NOT_NULL:
        return f"{ref} IS NOT NULL"
    value: Any = f.value
    op = f.op
    if f.value_source is ValueSource.PREVIOUS_STEP:
        if index not in resolved:
            raise CompileError("引用上一步结果的条件还没有取值")
        value = resolved[index]
        op = Op.IN
    key = ctx.is_key(f.node, f.field)
    if op is Op.EQ:
        p = ctx.param(value)
        return f"{ref} = {p}" if key else f"any(v IN {_as_list(ref)} WHERE v = {p})"
    if op is Op.NE:
        p = ctx.param(value)
        return f"{ref} <> {p}" if key else f"({ref} IS NULL OR NOT any(v IN {_as_list(ref)} WHERE v = {p}))"
    if op is Op.IN:
        p = ctx.param(list(value) if isinstance(value, list) else [value])
        return f"{ref} IN {p}" if key else f"any(v IN {_as_list(ref)} WHERE v IN {p})"
    if op is Op.CONTAINS:
        p = ctx.param(str(value))
        return f"any(v IN {_as_list(ref)} WHERE toString(v) CONTAINS {p})"
    cmp = {Op.GT: ">", Op.GTE: ">=", Op.LT: "<", Op.LTE: "<="}
    if op in cmp:
        p = ctx.param(value)
        return f"any(v IN {_as_list(ref)} WHERE v {cmp[op]} {p})"
    if op is Op.RANGE:
        lo, hi = value
        parts = []
        if lo is not None:
            parts.append(f"v >= {ctx.param(lo)}")
        if hi is not None:
            parts.append(f"v <= {ctx.param(hi)}")
        return f"any(v IN {_as_list(ref)} WHERE {' AND '.join(parts)})"
    raise CompileError(f"不支持的运算 {op}")


def _time_cond(ctx: _Ctx, t: TimeFilter) -> str:
    s, e = ctx.param(t.start), ctx.param(t.end)
    if t.kind == "period_overlap":
        assert t.start_field and t.end_field
        a = ctx.prop_ref(t.node, t.start_field)
        b = ctx.prop_ref(t.node, t.end_field)
        started = f"({a} IS NULL OR any(v IN {_as_list(a)} WHERE {_month_of('v')} <= {e}))"
        overlap = f"{started} AND ({b} IS NULL OR any(v IN {_as_list(b)} WHERE {_month_of('v')} >= {s}))"
        return overlap if t.prefer_field is None else _held_at(ctx, t, started, overlap, e)
    assert t.field
    ref = ctx.prop_ref(t.node, t.field)
    return f"any(v IN {_as_list(ref)} WHERE {_month_of('v')} >= {s} AND {_month_of('v')} <= {e})"


def _held_at(ctx: _Ctx, t: TimeFilter, started: str, overlap: str, end: str) -> str:
    """period_overlap with a preferred basis (dsl.TimeFilter): the preferred edge once started, else an
    overlapping edge of a start node that has no started preferred edge of the same type."""
    assert t.prefer_field and t.start_field
    idx = int(t.node[1:]) - 1
    hop = ctx.step.hops[idx]
    if hop.max_hops > 1 or hop.negate:
        raise CompileError("优先依据只能用于一跳关系")
    rel, _start, _end = ctx.rel_ends(t.node)
    rtype = quote(rel, {r.type for r in ctx.schema.relationships})
    holder = _alias(hop.source) if hop.direction == "out" else f"n{idx + 1}"
    basis, value = ctx.prop_ref(t.node, t.prefer_field), ctx.param(t.prefer_value)
    x_basis = "x" + basis[len(t.node):]
    x_start = "x" + ctx.prop_ref(t.node, t.start_field)[len(t.node):]
    other = (
        f"EXISTS {{ MATCH ({holder})-[x:{rtype}]->() WHERE {valid_in('x')} AND {x_basis} = {value} "
        f"AND ({x_start} IS NULL OR any(v IN {_as_list(x_start)} WHERE {_month_of('v')} <= {end})) }}"
    )
    # planner 58: a registration that ended before the month (服务结束年月), or whose holder left before it (离职日期),
    # is no longer held: 林桂芳现在在哪个项目 after 2026-02-28 is never her old project
    held = f"{overlap}{_not_left(ctx, holder, ctx.param(t.start))}"
    return f"(({basis} = {value} AND {held}) OR (coalesce({basis}, '') <> {value} AND {held} AND NOT {other}))"


def _not_left(ctx: _Ctx, holder: str, month: str) -> str:
    """` AND` the holder has not left before the month, when the holder is a person with a 离职日期; else ''."""
    if ctx.label_of(holder) != "人员":
        return ""
    try:
        left = ctx.prop_ref(holder, "离职日期")
    except CompileError:
        return ""
    return f" AND ({left} IS NULL OR any(v IN {_as_list(left)} WHERE {_month_of('v')} >= {month}))"


def _label(ctx: _Ctx, label: str) -> str:
    return quote(label, ctx.schema.labels)


def _rel_pattern(ctx: _Ctx, i: int, var: str) -> tuple[str, str]:
    """The pattern `(src)-[var:T]->(nI:L)` of hop i, and the version condition on the relationship."""
    hop = ctx.step.hops[i - 1]
    rel, start, end = ctx.rel_ends(f"r{i}")
    if ctx.schema.rel(rel, start, end) is None:
        raise CompileError(f"图谱中没有 ({start})-[{rel}]->({end}) 这样的关系")
    rtype = quote(rel, {r.type for r in ctx.schema.relationships})
    length = ""
    if hop.max_hops > 1:
        if start != end:
            raise CompileError("多跳链只能用于同一类节点")
        length = f"*{int(hop.min_hops)}..{int(hop.max_hops)}"
        vcond = valid_path_in(var)
    else:
        vcond = valid_in(var)
    left, right = ("-", "->") if hop.direction == "out" else ("<-", "-")
    src = _alias(hop.source)
    pattern = f"({src}){left}[{var}:{rtype}{length}]{right}(n{i}:{_label(ctx, hop.target)})"
    return pattern, vcond


def _conds_for(ctx: _Ctx, aliases: set[str], resolved: dict[int, list[Any]]) -> list[str]:
    out = []
    for idx, f in enumerate(ctx.step.filters):
        if f.node in aliases:
            c = _filter_cond(ctx, f, resolved, idx)
            if c:
                out.append(c)
    for t in ctx.step.time:
        if t.node in aliases:
            out.append(_time_cond(ctx, t))
    return out


def needed_properties(plan: QueryPlan, step: Step, schema: SchemaView) -> dict[str, set[str]]:
    """Per alias, the properties the answer needs: display, keys, filters, time, derived sources,
    and (for the output step) projection, grouping, aggregation and sort fields."""
    need: dict[str, set[str]] = {a: set() for a in step.node_aliases() + step.rel_aliases()}
    aliases = step.aliases()
    derived = {(d.node, d.name): d for d in step.derived}

    def add(alias: str, prop: str | None) -> None:
        if prop is None or alias not in need:
            return
        d = derived.get((alias, prop))
        if d is not None:
            for name in expressions.names(d.expression):
                need[alias].add(name)
            label = aliases.get(alias, "")
            for name in expressions.optional_names(d.expression):
                if alias.startswith("n") and schema.has_property(label, name):
                    need[alias].add(name)
            return
        need[alias].add(prop)

    for a in step.node_aliases():
        label = aliases[a]
        disp = schema.display_field(label)
        if disp and schema.has_property(label, disp):
            need[a].add(disp)
        need[a].update(k for k in schema.key_fields(label) if schema.has_property(label, k))
    for a in step.rel_aliases():
        rel, start, end = _Ctx(schema, step).rel_ends(a)
        r = schema.rel(rel, start, end)
        if r is not None:
            need[a].update(r.properties)
    for f in step.filters:
        add(f.node, f.field)
    for t in step.time:
        for fld in (t.field, t.start_field, t.end_field):
            add(t.node, fld)
    for d in step.derived:
        add(d.node, d.name)
    share_steps = (plan.share.part, plan.share.whole) if plan.share is not None else ()
    if step is plan.output_step or step.id in share_steps or (plan.combine and step.id in plan.combined_steps()):
        for p in plan.projection:
            add(p.node, p.field)
        for g in plan.group_by:
            add(g.node, g.field)
        if plan.aggregate is not None:
            add(plan.aggregate.node, plan.aggregate.field)
            if plan.share is not None and step.id == plan.share.whole:
                add(plan.aggregate.node, plan.share.whole_field)
        for s in plan.sort:
            add(s.node, s.field)
    for dep in plan.steps:
        for f in dep.filters:
            if f.ref is not None and f.ref.step == step.id:
                add(f.ref.node, f.ref.field)
    return need


def _projection(ctx: _Ctx, alias: str, props: set[str]) -> str:
    system = NODE_SYSTEM_PROPS if alias.startswith("n") else REL_SYSTEM_PROPS
    items = [ctx.map_item(alias, p) for p in sorted(props) if not p.startswith("_")]
    items += ["." + p for p in system]
    return "{" + ", ".join(items) + "}"


def compile_step(
    plan: QueryPlan,
    step: Step,
    schema: SchemaView,
    *,
    version: str,
    row_cap: int,
    resolved: dict[int, list[Any]] | None = None,
    keys_only: bool = False,
) -> CompiledQuery:
    """The step's rows: one per matching (n0, r1, n1, …) combination, with provenance.
    `keys_only`: just the distinct entity keys (a step that is only subtracted from another)."""
    ctx = _Ctx(schema, step)
    resolved = resolved or {}
    clauses, last_where = _match_clauses(ctx, resolved)
    if keys_only:
        clauses.append("RETURN DISTINCT n0 {._key} AS n0")
        clauses.append("ORDER BY n0._key")
        clauses.append("LIMIT $row_cap")
        return _finish(ctx, step, clauses, version, row_cap + 1, "step")
    need = needed_properties(plan, step, schema)
    ret = [f"{a} {_projection(ctx, a, need.get(a, set()))} AS {a}" for a in step.node_aliases()]
    for a in _returned_rels(step):
        if step.hops[int(a[1:]) - 1].max_hops > 1:
            ret.append(f"{{_hops: size({a})}} AS {a}")
        else:
            ret.append(f"{a} {_projection(ctx, a, need.get(a, set()))} AS {a}")
    order = ", ".join(f"{a}._key" for a in step.node_aliases())
    clauses.append("RETURN " + ", ".join(ret))
    clauses.append(f"ORDER BY {order}")
    clauses.append("LIMIT $row_cap")
    del last_where
    return _finish(ctx, step, clauses, version, row_cap + 1, "step")


def _returned_rels(step: Step) -> list[str]:
    return [f"r{i}" for i, h in enumerate(step.hops, start=1) if not h.negate]


def _match_clauses(ctx: _Ctx, resolved: dict[int, list[Any]]) -> tuple[list[str], int]:
    step = ctx.step
    clauses: list[str] = []
    conds = [valid_in("n0"), *_conds_for(ctx, {"n0"}, resolved)]
    clauses.append(f"MATCH (n0:{_label(ctx, step.entity)})")
    clauses.append("WHERE " + " AND ".join(conds))
    last_where = len(clauses) - 1
    for i, hop in enumerate(step.hops, start=1):
        if hop.negate:
            continue
        pattern, vcond = _rel_pattern(ctx, i, f"r{i}")
        conds = [valid_in(f"n{i}"), vcond, *_conds_for(ctx, {f"n{i}", f"r{i}"}, resolved)]
        clauses.append(f"MATCH {pattern}")
        clauses.append("WHERE " + " AND ".join(conds))
        last_where = len(clauses) - 1
    for i, hop in enumerate(step.hops, start=1):
        if not hop.negate:
            continue
        pattern, vcond = _rel_pattern(ctx, i, f"r{i}")
        inner = [valid_in(f"n{i}"), vcond, *_conds_for(ctx, {f"n{i}", f"r{i}"}, resolved)]
        clauses[last_where] += f" AND NOT EXISTS {{ MATCH {pattern} WHERE {' AND '.join(inner)} }}"
    return clauses, last_where


def compile_probe(
    plan: QueryPlan,
    step: Step,
    schema: SchemaView,
    *,
    version: str,
    drop_filter: int,
    limit: int = 200,
    resolved: dict[int, list[Any]] | None = None,
) -> CompiledQuery:
    """Distinct actual values of one filter's field with that filter removed (empty-result probing)."""
    f = step.filters[drop_filter]
    reduced = step.model_copy(update={"filters": [x for i, x in enumerate(step.filters) if i != drop_filter]})
    ctx = _Ctx(schema, reduced)
    remap: dict[int, list[Any] | None] = {}
    for i, _x in enumerate(step.filters):
        if i == drop_filter:
            continue
        remap[len(remap)] = (resolved or {}).get(i)
    clauses, _ = _match_clauses(ctx, {k: v for k, v in remap.items() if v is not None})
    ref = ctx.prop_ref(f.node, f.field)
    clauses.append(f"UNWIND {_as_list(ref)} AS value")
    clauses.append("WITH value, count(*) AS n WHERE value IS NOT NULL")
    clauses.append("RETURN value, n ORDER BY n DESC LIMIT $row_cap")
    return _finish(ctx, reduced, clauses, version, limit, "probe")


def _finish(ctx: _Ctx, step: Step, clauses: list[str], version: str, cap: int, purpose: str) -> CompiledQuery:
    cypher = "\n".join(clauses)
    if len(cypher) > MAX_CYPHER_CHARS:
        raise CompileError("查询过于复杂")
    params = {"version": version, "row_cap": int(cap), **ctx.params}
    return CompiledQuery(
        step_id=step.id,
        cypher=cypher,
        params=params,
        node_aliases=tuple(step.node_aliases()),
        rel_aliases=tuple(_returned_rels(step)),
        purpose=purpose,
    )


# ---------------------------------------------------------------- fixed read queries


def index_query(schema: SchemaView, label: str, fields: Iterable[str]) -> CompiledQuery | None:
    """Names of one label for the entity index: key, display and the given searchable fields."""
    info = schema.labels.get(label)
    if info is None:
        return None
    props = [f for f in fields if f in info.properties]
    step = Step(entity=label)
    ctx = _Ctx(schema, step)
    items = ", ".join(
        ["._key", "._display", "._template", "._src_files", "._src_sheets", "._src_rows"]
        + [ctx.map_item("n0", p) for p in props]
    )
    cypher = f"MATCH (n0:{_label(ctx, label)})\nWHERE {valid_in('n0')}\nRETURN n0 {{{items}}} AS n0\nLIMIT $row_cap"
    return CompiledQuery(
        step.id, cypher, {"version": schema.version, "row_cap": 100_000}, ("n0",), (), "index"
    )


PUBLISHED_QUERY = (
    "MATCH (m:_KgdeskMeta {name: 'published'}) RETURN m.version AS version, m.schema AS schema LIMIT 1"
)
"""The published pointer and its meta-schema (docs/graph-model.md, "Versions")."""


def published_query() -> str:
    return PUBLISHED_QUERY
