"""Grounding a plan written by the LLM: names → node keys, words → values that exist in the graph.

The LLM never sees data rows, so it writes the user's words (项目名称 = 赵巷公园). Before anything
runs, those words are matched against the entity index exactly as the deterministic planner does
(exact → contains → similarity; renewals prefer 服务中); an ambiguous name becomes a choice for
the user, never a guess, and a name that matches nothing is reported honestly. What a field is
decides how its words are matched: codes only exactly; a name that is its record type's key
(供应商名称) like a name, and under `contains` every record whose name has the words; a value of
one part of a composite key no other record type owns (证书名称, 年月) as a value of that part; a
code unique only within its parent (设备编号) settled by the step's filter on the parent. Categorical values
must be values the meta-schema lists (保安 → 保安_领班、保安_普保). Months outside the data's
coverage are reported as such. The `value_source` the model writes is never trusted: a value it
marks `grounded` (or `user_choice`) is grounded like its own words, so a project that does not
exist is "not found", never a confident "0 人".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from kgdesk.qa.dsl import Filter, Op, QueryPlan, Step, ValueSource
from kgdesk.qa.grounding import CONTAINS_MIN, EXACT, Candidate, Entry, Grounding, resolve_exact
from kgdesk.qa.lexicon import normalize
from kgdesk.qa.timeparse import check_coverage
from kgdesk.qa.understanding import ChoiceRequest, GroundingRecord, Option, UnderstandContext

_TEXT_OPS = (Op.EQ, Op.IN, Op.CONTAINS)
_UNTRUSTED = (ValueSource.USER_TEXT, ValueSource.GROUNDED, ValueSource.USER_CHOICE)
"""Sources the model may write but cannot vouch for: grounded here whatever it claims."""


@dataclass
class PlanGrounding:
    plan: QueryPlan | None
    records: list[GroundingRecord] = field(default_factory=list)
    choices: list[ChoiceRequest] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    """Problems the model can fix (a value that does not exist): fed back for another try."""
    missing: list[str] = field(default_factory=list)
    """Names that match nothing in the graph: an honest 'not found', not a retry."""
    missing_names: list[str] = field(default_factory=list)
    """The words of `missing` (the `missing` field of an insufficient answer)."""
    outside: bool = False
    """`insufficient` is a month outside the data's coverage."""
    insufficient: str = ""
    notes: list[str] = field(default_factory=list)
    pending: list[_Pending] = field(default_factory=list)
    """Codes unique only within a parent (设备编号), several records: settled by the step's other
    filters before they become a choice."""


@dataclass
class _Pending:
    """A code that names several records (one per parent): its filter, words and candidates."""

    filter: Filter
    text: str
    candidates: list[Candidate]


def _index_roles(ctx: UnderstandContext) -> dict[tuple[str, str], str]:
    return {(f["label"], f["field"]): f["role"] for f in ctx.lexicon.index_fields}


def ground_plan(plan: QueryPlan, ctx: UnderstandContext) -> PlanGrounding:
    """A copy of the plan with user words resolved, or the reasons it cannot be resolved."""
    out = PlanGrounding(plan=None)
    roles = _index_roles(ctx)
    steps: list[Step] = []
    for step in plan.steps:
        new_filters: list[Filter] = []
        for f in step.filters:
            new_filters.extend(_ground_filter(step, f, ctx, roles, out))
        new_filters = _settle_pending(new_filters, out)
        steps.append(step.model_copy(update={"filters": new_filters}))
        _check_time(step, ctx, out)
    if out.choices or out.feedback or out.missing or out.insufficient:
        return out
    out.plan = plan.model_copy(update={"steps": steps})
    return out


def _label(step: Step, alias: str) -> str | None:
    return step.aliases().get(alias) if alias.startswith("n") else None


def _ground_filter(
    step: Step, f: Filter, ctx: UnderstandContext, roles: dict[tuple[str, str], str], out: PlanGrounding
) -> list[Filter]:
    label = _label(step, f.node)
    if label is None or f.value_source not in _UNTRUSTED or f.op not in _TEXT_OPS:
        return [f]
    if f.field in {d.name for d in step.derived if d.node == f.node}:
        return [f]
    values = f.value if isinstance(f.value, list) else [f.value]
    if not all(isinstance(v, str) for v in values):
        return [f]
    texts = [str(v) for v in values]
    role = roles.get((label, f.field))
    owner = _key_owner(label, f.field, roles, ctx)
    if owner is not None:
        return _ground_key_part(f, owner, texts, ctx, out)
    keys = ctx.schema.key_fields(label)
    if role in ("key", "code", "name") or keys == (f.field,) or f.field == "_key":
        return _ground_entities(step, f, label, texts, ctx, out)
    # one part of a composite key that no other record type owns (财务.年月, 检查记录.检查类型,
    # 证书.证书名称): a value of that part, not a name of the record itself
    return [_ground_values(f, label, texts, ctx, out)]


def _key_owner(label: str, fld: str, roles: dict[tuple[str, str], str], ctx: UnderstandContext) -> str | None:
    """The label whose code a part of a composite key is (考勤.项目编号 → 项目): the value is that
    entity's code, not a name of the record itself."""
    keys = ctx.schema.key_fields(label)
    if roles.get((label, fld)) is not None or len(keys) < 2 or fld not in keys:
        return None
    for (other, other_field), role in roles.items():
        if other != label and other_field == fld and role in ("key", "code") and ctx.schema.key_fields(other) == (fld,):
            return other
    return None


def _ground_key_part(f: Filter, owner: str, texts: list[str], ctx: UnderstandContext, out: PlanGrounding) -> list[Filter]:
    """A composite key's part written as the owner's code or name: grounded as the owner entity,
    the filter keeps its field with the owner's code."""
    codes: list[str] = []
    for text in texts:
        g = _ground_one(text, owner, ctx, exact=bool(_CODE_SHAPE.match(text.strip())))
        if g.chosen is not None:
            codes.append(g.chosen.entry.key)
            c = g.chosen
            out.records.append(GroundingRecord(text, owner, c.entry.key, c.entry.display, c.confidence, c.method))
        elif g.candidates:
            opts = [Option(id=c.entry.key, label=c.entry.display, confidence=c.confidence) for c in g.candidates[:5]]
            out.choices.append(ChoiceRequest(kind="entity", text=text, prompt=f"「{text}」指的是哪一个？", options=opts))
        else:
            out.missing.append(f"数据中没有名称或编号为「{text}」的{owner}")
            out.missing_names.append(text)
    if not codes:
        return []
    codes = list(dict.fromkeys(codes))
    op = Op.EQ if len(codes) == 1 else Op.IN
    return [
        Filter(
            node=f.node, field=f.field, op=op, value=codes[0] if op is Op.EQ else codes,
            value_source=ValueSource.GROUNDED, text=f.text or "、".join(texts),
        )
    ]


def _ground_entities(
    step: Step, f: Filter, label: str, texts: list[str], ctx: UnderstandContext, out: PlanGrounding
) -> list[Filter]:
    keys: list[str] = []
    words: list[str] = []
    known_keys = ctx.index.displays()
    role = _index_roles(ctx).get((label, f.field))
    # codes only exactly; a key that is a name (供应商名称 of 供应商) is matched like a name
    exact = f.field == "_key" or role in ("key", "code") or (role is None and f.field in ctx.schema.key_fields(label))
    for text in texts:
        if f.field == "_key" and (label, text) in known_keys:
            # a node key the model copied from the context (a previous turn, a user's choice): it exists
            keys.append(text)
            words.append(f.text or text)
            out.records.append(GroundingRecord(text, label, text, known_keys[(label, text)], 1.0, "key"))
            continue
        chosen = ctx.choices.get(text) or ctx.choices.get(normalize(text))
        if chosen:
            keys.extend(chosen)
            words.append(text)
            out.records.append(GroundingRecord(text, label, ",".join(chosen), ",".join(chosen), 1.0, "user_choice"))
            continue
        pattern = f.op is Op.CONTAINS and role == "name"
        g = _ground_words(text, f.field, label, ctx, exact=exact, pattern=pattern)
        if len(texts) == 1 and _code_of_several(g, label):
            out.pending.append(_Pending(f, text, g.candidates))
            return []
        # 名称里带X: every record whose name contains the words, not a choice among them
        taken = [g.chosen] if g.chosen is not None else g.candidates if pattern and _all_literal(g) else []
        for c in taken:
            keys.append(c.entry.key)
            out.records.append(GroundingRecord(text, c.entry.label, c.entry.key, c.entry.display, c.confidence, c.method))
        if taken:
            words.append(text)
            if g.note:
                out.notes.append(g.note)
            elif len(taken) == 1 and taken[0].method in ("contains", "active") and taken[0].confidence < 1.0:
                out.notes.append(f"「{text}」按名称匹配为 {taken[0].entry.display}")
        elif g.candidates:
            out.choices.append(_choice(text, g.candidates))
        else:
            out.missing.append(f"数据中没有名称或编号为「{text}」的{label}")
            out.missing_names.append(text)
    if not keys:
        return []
    source = ValueSource.USER_CHOICE if any(ctx.choices.get(t) for t in texts) else ValueSource.GROUNDED
    keys = list(dict.fromkeys(keys))
    op = Op.EQ if len(keys) == 1 else Op.IN
    value: Any = keys[0] if op is Op.EQ else keys
    return [Filter(node=f.node, field="_key", op=op, value=value, value_source=source, text="、".join(words))]


_CODE_SHAPE = re.compile(r"^[A-Za-z]{1,8}[-_]?\d{2,}$")


def _ground_words(text: str, fld: str, label: str, ctx: UnderstandContext, *, exact: bool, pattern: bool) -> Grounding:
    """The words of one value: a code exactly, a name as names are matched; under `contains` every
    record whose name has them; a full name that is the key (供应商名称) only literally — one that
    only looks like it is another supplier, not a choice."""
    g = _ground_one(text, label, ctx, exact=exact)
    if g.chosen is None and pattern:
        g = _containing(text, label, fld, ctx) or g
    if g.chosen is None and not exact and ctx.schema.key_fields(label) == (fld,):
        g.candidates = [c for c in g.candidates if c.method in _LITERAL]
    return g


def _containing(text: str, label: str, fld: str, ctx: UnderstandContext) -> Grounding | None:
    """Every record of `label` whose name field `fld` contains the words literally (none: None)."""
    norm = normalize(text)
    if not norm:
        return None
    hits: dict[str, Entry] = {}
    for e in ctx.index.entries:
        if e.label == label and e.field == fld and norm in e.norm:
            hits.setdefault(e.key, e)
    if not hits:
        return None
    cands = [Candidate(e, EXACT if e.norm == norm else CONTAINS_MIN, "contains") for e in hits.values()]
    g = Grounding(text=text, label=label, candidates=cands)
    if len(cands) == 1:
        g.chosen = cands[0]
    return g


_LITERAL = ("exact", "contains", "abbreviation")


def _all_literal(g: Grounding) -> bool:
    return all(c.method in ("exact", "contains") for c in g.candidates)


def _code_of_several(g: Grounding, label: str) -> bool:
    """A code written exactly that several records of one label carry (设备编号 XF-001 in three
    projects): unique only within its parent."""
    return g.chosen is None and len(g.candidates) > 1 and all(
        c.method == "exact" and c.entry.role in ("key", "code") and c.entry.label == label for c in g.candidates
    )


def _settle_pending(filters: list[Filter], out: PlanGrounding) -> list[Filter]:
    """A code of several records, settled by the step's other filters: the one record whose
    composite key holds a value the step names (项目 XMSQ0150 → XMSQ0150|XF-001); else, when the
    step has other conditions, the code stays a condition on its own field beside them (the query
    narrows it); else a choice for the user."""
    pending, out.pending = out.pending, []
    for p in pending:
        named = {
            str(v)
            for g in filters
            if g.node != p.filter.node or g.field != p.filter.field
            for v in (g.value if isinstance(g.value, list) else [g.value])
        }
        within = [c for c in p.candidates if named & set(c.entry.key.split("|"))]
        text = p.filter.text or p.text
        if len(within) == 1:
            c = within[0]
            out.records.append(GroundingRecord(p.text, c.entry.label, c.entry.key, c.entry.display, c.confidence, c.method))
            filters.append(Filter(node=p.filter.node, field="_key", op=Op.EQ, value=c.entry.key,
                                  value_source=ValueSource.GROUNDED, text=text))
        elif within or any(g.node != p.filter.node for g in filters):
            filters.append(Filter(node=p.filter.node, field=p.filter.field, op=Op.EQ, value=p.candidates[0].entry.text,
                                  value_source=ValueSource.GROUNDED, text=text))
        else:
            out.choices.append(_choice(p.text, p.candidates))
    return filters


def _choice(text: str, candidates: list[Candidate]) -> ChoiceRequest:
    opts = [
        Option(id=c.entry.key, label=c.entry.display, detail=f"{c.entry.label}·{c.entry.field}：{c.entry.text}",
               confidence=c.confidence)
        for c in candidates[:5]
    ]
    return ChoiceRequest(kind="entity", text=text, prompt=f"「{text}」指的是哪一个？", options=opts)


def _ground_one(text: str, label: str, ctx: UnderstandContext, *, exact: bool = False) -> Grounding:
    """Codes only exactly (a code not in the data is never matched to its neighbours:
    XMSQ9999 is not XMSQ0102); names exact, then by part or similarity."""
    codes = [e for e in ctx.index.code(text) if e.label == label]
    if codes:
        return resolve_exact(text, codes, label)
    if exact or _CODE_SHAPE.match(text.strip()):
        return Grounding(text=text, label=label)
    return ctx.index.ground(text, label, ctx.embedder)


def _ground_values(f: Filter, label: str, texts: list[str], ctx: UnderstandContext, out: PlanGrounding) -> Filter:
    known = ctx.values.fields.get((label, f.field))
    if known is None:
        return f  # free text or high cardinality: kept as the user's words
    hits: list[Any] = []
    for text in texts:
        if text in known:
            hits.append(text)
            continue
        norm = normalize(text)
        contained = [v for v in known if isinstance(v, str) and norm and norm in normalize(v)]
        if contained and f.op in (Op.EQ, Op.IN, Op.CONTAINS):
            hits.extend(contained)
            continue
        shown = "、".join(str(v) for v in known[:30])
        out.feedback.append(f"{label}.{f.field} 没有取值「{text}」，可选取值只有：{shown}")
    if not hits:
        return f
    hits = list(dict.fromkeys(hits))
    op = Op.EQ if len(hits) == 1 else Op.IN
    return Filter(
        node=f.node,
        field=f.field,
        op=op,
        value=hits[0] if op is Op.EQ else hits,
        value_source=ValueSource.GROUNDED,
        text=f.text or "、".join(texts),
    )


def _check_time(step: Step, ctx: UnderstandContext, out: PlanGrounding) -> None:
    months = ctx.schema.months
    if not months:
        return
    for t in step.time:
        if t.kind == "period_overlap" or not t.field:
            continue
        label = _label(step, t.node)
        info = ctx.schema.prop(label, t.field) if label else None
        if info is None or not info.is_month:
            continue
        cov = check_coverage(t.start, t.end, months)
        own = ctx.schema.label_months(label, t.field) if label else ()
        own_cov = check_coverage(t.start, t.end, own) if own else None
        if cov.none:
            out.insufficient = cov.message()
            out.outside = True
        elif own_cov is not None and own_cov.none:  # 考勤 only to 3月 while 财务 runs to 4月
            out.insufficient = f"{label}记录只覆盖 {own[0]} 至 {own[-1]}，没有 {own_cov.missing_text()} 的数据"
            out.outside = True
