"""Scope and value clarification.

- More than `scope_threshold` (30) results: offer narrowing options once per question, built from
  the result's own columns with 2–12 distinct values (project, position, status, month — only
  real values, with counts), plus "汇总" and "全部列出"; a chosen option is added to the plan.
- An empty result or a zero count with text conditions from the user's own words: drop one text
  condition at a time, read the graph's actual values of that field under the other conditions,
  rank them by containment and character similarity, and offer at most 5 — never choose for the user.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from kgdesk.qa.compiler import compile_probe
from kgdesk.qa.dsl import FieldRef, Filter, Op, QueryPlan, QueryType, ValueSource
from kgdesk.qa.executor import ReadOnlyGraph
from kgdesk.qa.interactions import SCOPE_ALL, SCOPE_SUMMARY, ScopeRequest
from kgdesk.qa.lexicon import Lexicon, normalize
from kgdesk.qa.results import Outcome, Row
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understanding import ChoiceRequest, Option

MAX_PROBES = 8
PROBE_LIMIT = 200
MAX_CANDIDATES = 5
MAX_SCOPE_OPTIONS = 12
MAX_PER_FIELD = 6
NARROW_MIN, NARROW_MAX = 2, 12
_DAY_COLUMN = re.compile(r"^\d{1,2}日$")
TEXT_TYPES = ("文本", "枚举", "编码")


# ---------------------------------------------------------------- scope


def _narrowing_columns(
    plan: QueryPlan, rows: list[Row], schema: SchemaView, lexicon: Lexicon
) -> list[tuple[str, str, str, Counter[str], dict[str, str]]]:
    """Columns of the result itself with 2–12 distinct values over its items (one item per output
    entity): (alias, field, shown name, item counts per value, value → display). The output
    entity's text, code and month fields (岗位, 服务状态, 年月…) and the entities it was reached
    through (项目, 片区), never keys, free text, day columns or sensitive fields."""
    step = plan.output_step
    aliases = step.aliases()
    counts: dict[tuple[str, str], Counter[str]] = {}
    shown: dict[tuple[str, str], dict[str, str]] = {}
    seen: set[tuple[str, str, str, str]] = set()
    for r in rows:
        item = str((r.get("n0") or {}).get("_key"))
        for alias in step.node_aliases():
            node = r.get(alias)
            if not isinstance(node, dict):
                continue
            label = aliases[alias]
            if alias != "n0":
                k = node.get("_key")
                if k is not None and (item, alias, "_key", str(k)) not in seen:
                    seen.add((item, alias, "_key", str(k)))
                    counts.setdefault((alias, "_key"), Counter())[str(k)] += 1
                    shown.setdefault((alias, "_key"), {})[str(k)] = str(node.get("_display") or k)
                continue
            for name in _candidate_fields(label, schema, lexicon):
                v = node.get(name)
                if isinstance(v, str) and v and (item, alias, name, v) not in seen:
                    seen.add((item, alias, name, v))
                    counts.setdefault((alias, name), Counter())[v] += 1
    out = []
    for (alias, name), c in counts.items():
        if NARROW_MIN <= len(c) <= NARROW_MAX:
            what = aliases[alias] if name == "_key" else name
            out.append((alias, name, what, c, shown.get((alias, name), {})))
    out.sort(key=lambda x: (len(x[3]), x[0], x[1]))
    return out


def _candidate_fields(label: str, schema: SchemaView, lexicon: Lexicon) -> list[str]:
    info = schema.labels.get(label)
    if info is None:
        return []
    skip = set(lexicon.free_text_fields) | set(info.key)
    return [
        name
        for name, p in info.properties.items()
        if name not in skip and not name.startswith("_") and not p.sensitive and not _DAY_COLUMN.match(name)
        and (p.is_month or p.type in TEXT_TYPES)
    ]


def narrowing_plan(plan: QueryPlan, schema: SchemaView, lexicon: Lexicon) -> QueryPlan | None:
    """The same rows with the columns narrowing may use (a list shows only its display fields):
    the output entity's text, code and month fields and the entities it was reached through."""
    step = plan.output_step
    fields = _candidate_fields(step.entity, schema, lexicon)
    refs = [FieldRef(node="n0", field=f) for f in fields] + [FieldRef(node=a) for a in step.node_aliases() if a != "n0"]
    if not refs or plan.combine:
        return None
    try:
        return QueryPlan.model_validate(
            plan.model_copy(update={"projection": refs[:20], "sort": [], "limit": None, "with_ties": False}).model_dump(mode="json")
        )
    except ValueError:
        return None


def scope_request(
    question: str, plan: QueryPlan, outcome: Outcome, rows: list[Row], schema: SchemaView, lexicon: Lexicon
) -> ScopeRequest:
    """Narrowing options from the result's own columns (by project, position, status, month…),
    each value with its count, then 汇总 and 全部列出."""
    options: list[Option] = []
    for alias, name, what, c, display in _narrowing_columns(plan, rows, schema, lexicon):
        for value, n in c.most_common(MAX_PER_FIELD):
            if len(options) >= MAX_SCOPE_OPTIONS:
                break
            options.append(
                Option(id=f"{alias}.{name}={value}", label=f"只看{what}为「{display.get(value, value)}」的", detail=f"{n} 条")
            )
    options.append(Option(id=SCOPE_SUMMARY, label="只看汇总（数量与前 30 条）"))
    options.append(Option(id=SCOPE_ALL, label=f"全部列出（{outcome.total} 条）"))
    return ScopeRequest(
        question=question,
        total=outcome.total,
        prompt=f"结果共有 {outcome.total} 条，超过 30 条。要缩小范围吗？",
        options=options,
    )


def narrow(plan: QueryPlan, choice: str) -> QueryPlan | None:
    """The plan with the chosen `alias.field=value` (or `field=value` on n0) added to the output
    step as a user choice."""
    if "=" not in choice:
        return None
    target, value = choice.split("=", 1)
    alias, _, fld = target.rpartition(".")
    alias = alias or "n0"
    out = plan.output_step
    if alias not in out.node_aliases() or not fld:
        return None
    new_step = out.model_copy(
        update={
            "filters": [
                *out.filters,
                Filter(node=alias, field=fld, op=Op.EQ, value=value, value_source=ValueSource.USER_CHOICE, text=value),
            ]
        }
    )
    steps = [new_step if s.id == out.id else s for s in plan.steps]
    return plan.model_copy(update={"steps": steps})


# ---------------------------------------------------------------- empty results


@dataclass
class Probe:
    step_id: str
    filter_index: int
    filter: Filter
    candidates: list[tuple[Any, float, int]]
    """(value, score, rows)"""
    query: dict[str, Any]


def probe_targets(plan: QueryPlan, schema: SchemaView) -> list[tuple[str, int, Filter]]:
    """Text conditions taken from the user's words (not grounded to an existing value)."""
    out: list[tuple[str, int, Filter]] = []
    for step in plan.steps:
        aliases = step.aliases()
        derived = {(d.node, d.name) for d in step.derived}
        for i, f in enumerate(step.filters):
            if f.value_source is not ValueSource.USER_TEXT or f.op not in (Op.EQ, Op.CONTAINS, Op.IN):
                continue
            if not f.node.startswith("n") or (f.node, f.field) in derived or f.field.startswith("_"):
                continue
            info = schema.prop(aliases[f.node], f.field)
            if info is None or info.type not in TEXT_TYPES:
                continue
            out.append((step.id, i, f))
    return out


def score(wanted: str, actual: Any) -> float:
    a, b = normalize(wanted), normalize(str(actual))
    if not a or not b:
        return 0.0
    if a == b:
        return 1.0
    if a in b or b in a:
        return 0.75 + 0.25 * min(len(a), len(b)) / max(len(a), len(b))
    return difflib.SequenceMatcher(None, a, b).ratio() * 0.74


def probe(plan: QueryPlan, reader: ReadOnlyGraph, schema: SchemaView, version: str) -> list[Probe]:
    """Each text condition from the user's words probed on its own: the values its field takes
    under the other conditions, without the other such conditions (two misspelt words must each
    get their candidates, not hide each other's)."""
    probes: list[Probe] = []
    targets = probe_targets(plan, schema)[:MAX_PROBES]
    for step_id, idx, f in targets:
        step = plan.step(step_id)
        others = {i for sid, i, _ in targets if sid == step_id and i != idx}
        kept = [x for i, x in enumerate(step.filters) if i not in others]
        alone = step.model_copy(update={"filters": kept})
        alone_plan = plan.model_copy(update={"steps": [alone if s.id == step_id else s for s in plan.steps]})
        q = compile_probe(
            alone_plan, alone, schema, version=version, drop_filter=idx - sum(1 for i in others if i < idx), limit=PROBE_LIMIT
        )
        res = reader.run(q)
        raw = f.value
        wanted = (
            raw
            if isinstance(raw, str)
            else " ".join(str(x) for x in (raw if isinstance(raw, list) else [raw]))
        )
        ranked = []
        for r in res.rows:
            s = score(wanted, r["value"])
            if s >= 0.3:
                ranked.append((r["value"], round(s, 3), int(r["n"])))
        ranked.sort(key=lambda x: (-x[1], -x[2], str(x[0])))
        probes.append(Probe(step_id, idx, f, ranked[:MAX_CANDIDATES], res.to_json()))
    return probes


def value_choice(p: Probe) -> ChoiceRequest:
    f = p.filter
    return ChoiceRequest(
        kind="value",
        text=str(f.text or f.value),
        prompt=f"数据中没有{f.field}为「{f.text or f.value}」的记录。您指的是下面哪一个？（可多选）",
        options=[Option(id=str(v), label=str(v), detail=f"{n} 条", confidence=s) for v, s, n in p.candidates],
        multiple=True,
    )


def replace_filter(plan: QueryPlan, p: Probe, values: list[str]) -> QueryPlan:
    step = plan.step(p.step_id)
    f = step.filters[p.filter_index]
    new = Filter(
        node=f.node,
        field=f.field,
        op=Op.IN if len(values) > 1 else Op.EQ,
        value=list(values) if len(values) > 1 else values[0],
        value_source=ValueSource.USER_CHOICE,
        text=f.text,
    )
    filters = list(step.filters)
    filters[p.filter_index] = new
    new_step = step.model_copy(update={"filters": filters})
    return plan.model_copy(update={"steps": [new_step if s.id == step.id else s for s in plan.steps]})


# ---------------------------------------------------------------- unstated defaults


def without_assumptions(plan: QueryPlan) -> QueryPlan | None:
    steps = []
    changed = False
    for s in plan.steps:
        keep = [f for f in s.filters if not f.assumption]
        changed = changed or len(keep) != len(s.filters)
        steps.append(s.model_copy(update={"filters": keep}))
    return plan.model_copy(update={"steps": steps}) if changed else None


def comparable(value: Any, out: Outcome) -> Any:
    if isinstance(value, list):
        return sorted(map(str, value))
    if value is None:
        return sorted((f.display, repr(f.values.get("__value__"))) for f in out.facts)
    return value


def assumption_choice(plan: QueryPlan, with_: Outcome, without: Outcome, lexicon: Lexicon) -> ChoiceRequest:
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


def grounded_keys(plan: QueryPlan) -> list[str]:
    out: list[str] = []
    for s in plan.steps:
        for f in s.filters:
            if f.value_source is ValueSource.GROUNDED and f.op.value in ("eq", "in"):
                vals = f.value if isinstance(f.value, list) else [f.value]
                out.extend(str(v) for v in vals)
    return out
