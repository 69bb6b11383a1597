"""From the rows of this execution to the answer's facts: derived attributes, Python-side filters,
set operations across steps, grouping, aggregation, sorting and ties — each fact keeping the
provenance of every row it was computed from.

Aggregates count each node once (a sum over 财务 via a hop never double counts), and a value that
merged rows disagree on (a list) is reported as a conflict instead of being summed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from kgdesk.qa import expressions
from kgdesk.qa.dsl import AggFn, FieldRef, Filter, Op, QueryPlan, QueryType, Step
from kgdesk.qa.executor import Provenance, provenance
from kgdesk.qa.named_groups import missing_named_groups

Row = dict[str, Any]
Namer = Callable[[str, str, str], str]
"""(label, key, display) → the name to show (records without a display field get a readable one)."""


@dataclass
class Fact:
    """One line of the answer: an entity, a group, or a month, with its values and sources."""

    key: str
    display: str
    values: dict[str, Any] = field(default_factory=dict)
    sources: list[Provenance] = field(default_factory=list)
    members: int = 0

    def add_sources(self, ps: Iterable[Provenance]) -> None:
        seen = {p.key for p in self.sources}
        for p in ps:
            if p.key not in seen:
                self.sources.append(p)
                seen.add(p.key)


@dataclass
class Outcome:
    query_type: QueryType
    facts: list[Fact] = field(default_factory=list)
    value: Any = None
    columns: list[str] = field(default_factory=list)
    entity_label: str = ""
    total: int = 0
    """Distinct entities (or groups) before any limit."""
    rows: int = 0
    """Underlying result rows."""
    truncated: bool = False
    conflicts: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    """Entities whose asked property is empty."""
    limited: bool = False
    aggregate_label: str = ""
    tie_note: str = ""
    checked: list[Provenance] = field(default_factory=list)
    """For an empty answer: the rows of the named entities that were checked (cited)."""

    @property
    def empty(self) -> bool:
        return not self.facts

    def citations(self) -> list[Provenance]:
        out: OrderedDict[tuple[str, str, str, int], Provenance] = OrderedDict()
        for f in self.facts:
            for p in f.sources:
                out.setdefault(p.key, p)
        for p in self.checked:
            out.setdefault(p.key, p)
        return list(out.values())


# ---------------------------------------------------------------- per step


def apply_derived(step: Step, rows: list[Row], today: date) -> None:
    """Compute derived attributes in place (node maps get the derived name as a property)."""
    for d in step.derived:
        for r in rows:
            node = r.get(d.node)
            if isinstance(node, dict):
                node[d.name] = expressions.evaluate(d.expression, node, today)


def _num(v: Any) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    return None


def _cmp(v: Any, op: Op, target: Any) -> bool:
    if v is None:
        return op in (Op.IS_NULL, Op.NE)
    if isinstance(v, list):
        if op is Op.NE:
            return all(_cmp(x, op, target) for x in v)
        return any(_cmp(x, op, target) for x in v)
    if op is Op.IS_NULL:
        return False
    if op is Op.NOT_NULL:
        return True
    if op is Op.EQ:
        return bool(v == target)
    if op is Op.NE:
        return bool(v != target)
    if op is Op.IN:
        return v in (target or [])
    if op is Op.CONTAINS:
        return str(target) in str(v)
    a, b = _num(v), _num(target)
    if a is None or b is None:
        if isinstance(v, str) and isinstance(target, str):
            a_s, b_s = v, target
            return {Op.GT: a_s > b_s, Op.GTE: a_s >= b_s, Op.LT: a_s < b_s, Op.LTE: a_s <= b_s}.get(op, False)
        if op is Op.RANGE and isinstance(target, list):
            lo, hi = target
            return (lo is None or v >= lo) and (hi is None or v <= hi)
        return False
    if op is Op.RANGE and isinstance(target, list):
        lo, hi = target
        return (lo is None or a >= float(lo)) and (hi is None or a <= float(hi))
    return {Op.GT: a > b, Op.GTE: a >= b, Op.LT: a < b, Op.LTE: a <= b}.get(op, False)


def python_filters(step: Step) -> list[Filter]:
    """Filters on derived attributes: the compiler leaves these to Python."""
    names = {(d.node, d.name) for d in step.derived}
    return [f for f in step.filters if (f.node, f.field) in names]


def filter_rows(step: Step, rows: list[Row]) -> list[Row]:
    flt = python_filters(step)
    if not flt:
        return rows
    out = []
    for r in rows:
        if all(_cmp((r.get(f.node) or {}).get(f.field), f.op, f.value) for f in flt):
            out.append(r)
    return out


def row_sources(row: Row) -> list[Provenance]:
    out: list[Provenance] = []
    for v in row.values():
        if isinstance(v, dict):
            out.extend(provenance(v))
    return out


# ---------------------------------------------------------------- combining steps


def combine(plan: QueryPlan, step_rows: dict[str, list[Row]]) -> list[Row]:
    """Rows of the combined steps whose entity key survives the set operations."""
    if not plan.combine:
        return step_rows[plan.steps[-1].id]
    sets: dict[str, list[str]] = {}
    for sid, rows in step_rows.items():
        sets[sid] = list(dict.fromkeys(str(r["n0"]["_key"]) for r in rows))
    for c in plan.combine:
        inputs = [sets[x] for x in c.steps]
        if c.op == "intersection":
            keep = set(inputs[0]).intersection(*inputs[1:])
            result = [k for k in inputs[0] if k in keep]
        elif c.op == "union":
            result = list(dict.fromkeys(k for ks in inputs for k in ks))
        else:
            drop = set().union(*inputs[1:])
            result = [k for k in inputs[0] if k not in drop]
        sets[c.id] = result
    final = set(sets[plan.combine[-1].id])
    out: list[Row] = []
    for sid in plan.combined_steps():
        for r in step_rows.get(sid, []):
            if str(r["n0"]["_key"]) in final:
                out.append(r)
    return out


# ---------------------------------------------------------------- facts


def _value_of(row: Row, ref: FieldRef) -> Any:
    node = row.get(ref.node) or {}
    if ref.field is None:
        return node.get("_display") or node.get("_key")
    return node.get(ref.field)


def _col(ref: FieldRef) -> str:
    return ref.field or "名称"


def _name(namer: Namer | None, label: str, node: dict[str, Any]) -> str:
    key = str(node.get("_key"))
    disp = str(node.get("_display") or key)
    return namer(label, key, disp) if namer is not None else disp


def _entities(
    rows: list[Row], alias: str, label: str = "", namer: Namer | None = None
) -> OrderedDict[str, Fact]:
    facts: OrderedDict[str, Fact] = OrderedDict()
    for r in rows:
        node = r.get(alias)
        if not isinstance(node, dict) or node.get("_key") is None:
            continue
        k = str(node["_key"])
        f = facts.get(k)
        if f is None:
            f = facts[k] = Fact(key=k, display=_name(namer, label, node))
        f.members += 1
        f.add_sources(row_sources(r))
    return facts


def _merge_value(old: Any, new: Any) -> Any:
    if old is None:
        return new
    if new is None or new == old:
        return old
    olds = old if isinstance(old, list) else [old]
    news = new if isinstance(new, list) else [new]
    return list(dict.fromkeys([*olds, *news]))


def build_outcome(
    plan: QueryPlan, rows: list[Row], *, truncated: bool = False, namer: Namer | None = None
) -> Outcome:
    out = Outcome(query_type=plan.query_type, rows=len(rows), truncated=truncated)
    step = plan.output_step
    out.entity_label = step.entity
    if plan.group_by:
        _grouped(plan, rows, out, namer)
    elif plan.aggregate is not None and plan.query_type in (QueryType.COUNT, QueryType.AGGREGATE):
        _scalar(plan, rows, out, namer)
    else:
        _listing(plan, rows, out, namer)
    return out


def build_share_outcome(
    plan: QueryPlan, step_rows: dict[str, list[Row]], *, truncated: bool = False, namer: Namer | None = None
) -> Outcome:
    """占比: the aggregate over the part's rows divided by the aggregate over the whole's rows. The
    two facts (part first, then whole) carry their own values and sources, so the answer states
    and cites both; the value is the fraction (None when the whole is empty or zero)."""
    share = plan.share
    assert share is not None
    facts: list[Fact] = []
    out = Outcome(query_type=plan.query_type, truncated=truncated, entity_label=plan.output_step.entity)
    for sid, key, label in ((share.part, "__part__", "符合条件"), (share.whole, "__whole__", "全部")):
        one = plan.model_copy(update={"steps": [plan.step(sid)], "share": None})
        if sid == share.whole and share.whole_field and plan.aggregate is not None:  # 回款占开票
            one = one.model_copy(update={"aggregate": plan.aggregate.model_copy(update={"field": share.whole_field})})
        sub = build_outcome(one, step_rows.get(sid, []), namer=namer)
        out.conflicts.extend(sub.conflicts)
        value = 0 if sub.value is None and not sub.conflicts else sub.value  # no matching record adds 0
        fact = Fact(key=key, display=label, values={"__value__": value}, members=sub.total)
        for f in sub.facts:
            fact.add_sources(f.sources)
        facts.append(fact)
        out.rows += sub.rows
    part, whole = (f.values["__value__"] for f in facts)
    out.total = facts[1].members
    out.facts = facts if whole else []
    if isinstance(part, (int, float)) and isinstance(whole, (int, float)) and whole:
        out.value = round(float(part) / float(whole), 6)
    return out


def _listing(plan: QueryPlan, rows: list[Row], out: Outcome, namer: Namer | None) -> None:
    facts = _entities(rows, "n0", plan.output_step.entity, namer)
    out.columns = [_col(p) for p in plan.projection]
    for r in rows:
        node = r.get("n0") or {}
        f = facts.get(str(node.get("_key")))
        if f is None:
            continue
        for p in plan.projection:
            # the listed node itself is shown by its human name (冷却塔（NT-001） · <项目>), never its stored
            # composite display (冷却塔（XMSQ0144|NT-001）)
            v = f.display if p.field is None and p.node == "n0" else _value_of(r, p)
            f.values[_col(p)] = _merge_value(f.values.get(_col(p)), v)
        for ref in _unshown_sort_fields(plan):  # 合同金额最大的项目的合同面积: ranked by a field not shown
            f.values[_col(ref)] = _merge_value(f.values.get(_col(ref)), _value_of(r, ref))
    ordered = list(facts.values())
    ordered = _sort_facts(plan, ordered)
    out.total = len(ordered)
    out.facts = _limit(plan, ordered, out)
    if plan.query_type is QueryType.EXISTENCE:
        out.value = out.total > 0
    elif plan.query_type is QueryType.LIST:
        out.value = [f.display for f in out.facts]
    elif plan.query_type is QueryType.STATUS:
        _status_value(plan, out)


def _unshown_sort_fields(plan: QueryPlan) -> list[FieldRef]:
    """The record's fields a listing is ranked by that it does not show: still read, so the ranking
    and its ties use them (never the order the rows came in)."""
    shown = {_col(p) for p in plan.projection}
    refs = [FieldRef(node=s.node, field=s.field) for s in plan.sort if s.by == "field" and s.field]
    return [r for r in refs if _col(r) not in shown]


def _status_value(plan: QueryPlan, out: Outcome) -> None:
    cols = out.columns
    for f in out.facts:
        for c in cols:
            v = f.values.get(c)
            if v is None:
                out.missing.append(f"{f.display} 的 {c}")
            elif isinstance(v, list):
                out.conflicts.append(f"{f.display} 的 {c} 有多个不同的值：{'、'.join(map(str, v))}")
    if len(out.facts) == 1 and len(cols) == 1:
        out.value = out.facts[0].values.get(cols[0])
    elif len(out.facts) == 1 and cols:
        out.value = {c: out.facts[0].values.get(c) for c in cols}
    else:
        vals = {repr(f.values.get(cols[0])) for f in out.facts} if cols else set()
        out.value = out.facts[0].values.get(cols[0]) if len(vals) == 1 and out.facts and cols else None


def _sort_facts(plan: QueryPlan, facts: list[Fact]) -> list[Fact]:
    for s in reversed(plan.sort):
        if s.by == "field" and s.field:
            col = s.field
            asc = s.direction == "asc"

            def key(f: Fact, col: str = col, asc: bool = asc) -> tuple[int, Any]:
                v = f.values.get(col)
                if isinstance(v, list) or v is None:
                    return (1, 0)
                return (0, v if asc else _neg(v))

            facts = sorted(facts, key=key)
    return facts


def _neg(v: Any) -> Any:
    if isinstance(v, (int, float)):
        return -v
    if isinstance(v, str):
        return tuple(-ord(c) for c in v)
    return v


def _limit(plan: QueryPlan, facts: list[Fact], out: Outcome) -> list[Fact]:
    if plan.limit is None or len(facts) <= plan.limit:
        return facts
    out.limited = True
    kept = facts[: plan.limit]
    if plan.with_ties and plan.sort:
        s = plan.sort[0]
        col = "__value__" if s.by == "value" else (s.field or "")
        last = kept[-1].values.get(col)
        for f in facts[plan.limit :]:
            if f.values.get(col) == last and last is not None:
                kept.append(f)
            else:
                break
        if len(kept) > plan.limit:
            out.tie_note = f"有 {len(kept)} 个并列"
    return kept


def _agg_values(plan: QueryPlan, rows: list[Row], out: Outcome) -> tuple[Any, int, list[Provenance]]:
    """The aggregate over rows (each node counted once) and the sources it used."""
    agg = plan.aggregate
    assert agg is not None
    sources: list[Provenance] = []
    per_node: OrderedDict[str, Any] = OrderedDict()
    per_key: dict[str, str] = {}
    for r in rows:
        node = r.get(agg.node)
        if not isinstance(node, dict):
            continue
        nk = str(node.get("_key"))
        if agg.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT) and (agg.field in (None, "_key")):
            per_node.setdefault(nk, nk)
            sources.extend(row_sources(r))
            continue
        v = node.get(agg.field or "")
        if nk in per_node:
            continue
        per_node[nk] = v
        if agg.per is not None:
            pnode = r.get(agg.per.node) or {}
            pv = pnode.get("_key") if agg.per.field is None else pnode.get(agg.per.field)
            per_key[nk] = repr(pv)
        if agg.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT):
            sources.extend(row_sources(r))
            continue
        sources.extend(provenance(node))
        for other in r.values():
            if other is not node and isinstance(other, dict) and other.get("_key") is None:
                sources.extend(provenance(other))
    if agg.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT):
        if agg.field in (None, "_key"):
            return len(per_node), len(per_node), sources
        vals = {repr(v) for v in per_node.values() if v is not None}
        return len(vals), len(per_node), sources
    nums: list[float] = []
    sums: OrderedDict[str, float] = OrderedDict()
    for nk, v in per_node.items():
        if isinstance(v, list):
            disp = next(
                (
                    str(r[agg.node].get("_display"))
                    for r in rows
                    if isinstance(r.get(agg.node), dict) and str(r[agg.node].get("_key")) == nk
                ),
                nk,
            )
            out.conflicts.append(f"{disp} 的 {agg.field} 有多个不同的值：{'、'.join(map(str, v))}")
            continue
        n = _num(v)
        if n is None:
            if v is not None and isinstance(v, str) and agg.fn in (AggFn.MAX, AggFn.MIN):
                nums.append(v)  # type: ignore[arg-type]
            continue
        nums.append(n)
        if agg.per is not None:
            pk = per_key.get(nk, "")
            sums[pk] = sums.get(pk, 0.0) + n
    if not nums:
        return None, len(per_node), sources
    if agg.per is not None:  # the totals per key first (每人合计), then their average / highest / lowest
        per_total = {AggFn.MAX: max, AggFn.MIN: min}.get(agg.fn)
        value = per_total(sums.values()) if per_total is not None else sum(sums.values()) / len(sums)
        return round(value, 6), len(per_node), sources
    if agg.fn is AggFn.SUM:
        return round(sum(nums), 6), len(per_node), sources
    if agg.fn is AggFn.AVG:
        return round(sum(nums) / len(nums), 6), len(per_node), sources
    if agg.fn is AggFn.MAX:
        return max(nums), len(per_node), sources
    return min(nums), len(per_node), sources


def _scalar(plan: QueryPlan, rows: list[Row], out: Outcome, namer: Namer | None) -> None:
    value, n, sources = _agg_values(plan, rows, out)
    agg = plan.aggregate
    assert agg is not None
    signed = value
    if agg.absolute and isinstance(value, (int, float)):
        value = abs(value)  # 相差多少: |A−B|, the sign kept beside it so the answer says which side is larger
    out.value = value
    out.total = n
    fact = Fact(key="__total__", display="合计", values={"__value__": value, "__signed__": signed}, members=n)
    fact.add_sources(sources)
    members: OrderedDict[str, str] = OrderedDict()
    for r in rows:
        node = r.get(agg.node)
        if isinstance(node, dict) and node.get("_key") is not None:
            members.setdefault(
                str(node["_key"]), _name(namer, plan.output_step.aliases().get(agg.node, ""), node)
            )
    fact.values["__members__"] = list(members.values())
    out.facts = [fact] if n else []
    if plan.query_type is QueryType.COUNT and value is None:
        out.value = 0
    # evidence: the entities behind the number
    out.columns = []


def _grouped(plan: QueryPlan, rows: list[Row], out: Outcome, namer: Namer | None) -> None:
    groups: OrderedDict[str, tuple[Fact, list[Row]]] = OrderedDict()
    keys = plan.group_by
    aliases = plan.output_step.aliases()
    for r in rows:
        parts = []
        disp = []
        for g in keys:
            node = r.get(g.node) or {}
            if g.field is None:
                parts.append(str(node.get("_key")))
                disp.append(_name(namer, aliases.get(g.node, ""), node))
            else:
                v = node.get(g.field)
                if isinstance(v, list):
                    out.conflicts.append(
                        f"{node.get('_display') or node.get('_key')} 的 {g.field} 有多个不同的值"
                    )
                    v = "、".join(map(str, v))
                parts.append("" if v is None else str(v))
                disp.append("（空）" if v is None else str(v))
        gk = "|".join(parts)
        if gk not in groups:
            groups[gk] = (Fact(key=gk, display=" / ".join(disp)), [])
        groups[gk][1].append(r)
    facts = []
    for fact, grows in groups.values():
        for g in keys:
            if g.field is None:
                for r in grows:
                    fact.add_sources(provenance(r.get(g.node)))
        if plan.aggregate is not None:
            sub = Outcome(query_type=plan.query_type)
            value, n, sources = _agg_values(plan, grows, sub)
            out.conflicts.extend(sub.conflicts)
            fact.values["__value__"] = value
            fact.members = n
            fact.add_sources(sources)
        else:
            fact.members = len(grows)
            for r in grows:
                fact.add_sources(row_sources(r))
        facts.append(fact)
    for name in missing_named_groups(plan, set(groups)):  # XMSQ0110和XMSQ0150各有几台: the one with none, 0
        said = f"{name}（没有符合条件的{plan.output_step.entity}记录，按 0 计）" if plan.comparison is not None else name
        facts.append(Fact(key=name, display=said, values={"__value__": 0}))
    if plan.having is not None:
        # 有2张及以上证书的人: keep the groups whose aggregate meets the condition
        facts = [f for f in facts if _cmp(f.values.get("__value__"), Op(plan.having.op), plan.having.value)]
    for s in reversed(plan.sort):
        if s.by == "value":
            facts.sort(
                key=lambda f: (
                    f.values.get("__value__") is None,
                    _sort_num(f.values.get("__value__"), s.direction),
                )
            )
        elif s.by == "group":
            facts.sort(key=lambda f: f.key, reverse=s.direction == "desc")
    out.total = len(facts)
    out.columns = ["__value__"] if plan.aggregate is not None else []
    out.facts = _limit(plan, facts, out)
    if plan.query_type is QueryType.LIST:
        out.value = [f.display for f in out.facts]
    elif plan.query_type is QueryType.COUNT and plan.having is not None:
        out.value = len(facts)  # 有2张及以上证书的人有几个: the groups that meet the condition
    elif plan.query_type is QueryType.COUNT and plan.limit is not None and plan.sort and out.facts:
        out.value = out.facts[0].values.get("__value__")  # 项目最多的片区有多少个项目: the top group's count
    else:
        out.value = None


def _sort_num(v: Any, direction: str) -> float:
    n = _num(v)
    n = _day_number(v) if n is None and v is not None else n  # 最早中标的项目: a date ranks by its day
    if n is None:
        return 0.0
    return -n if direction == "desc" else n


def _day_number(v: Any) -> float | None:
    """A date (or an ISO date text) as its day number, for ranking groups by their earliest / latest date; else None."""
    try:
        return float((v if isinstance(v, date) else date.fromisoformat(str(v)[:10])).toordinal())
    except ValueError:
        return None
