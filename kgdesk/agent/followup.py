"""Deterministic follow-ups: carry over the previous turn's plan and patch it.

"改成4月" patches the time window, "换成赵巷镇政府" the entity (or a categorical value) of the same
kind, "其中女的有几个" narrows the previous population with the fragment's own conditions and asks
the fragment's question about it. The fragment is read by the deterministic planner and the
entity index; nothing is guessed: when the patch does not fit the previous plan, this returns
None and understanding goes on (LLM with the thread's history, or an honest "需要语言模型").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from kgdesk.qa import describe
from kgdesk.qa.dsl import (
    AggFn,
    Aggregate,
    Filter,
    Hop,
    Op,
    QueryPlan,
    QueryType,
    Step,
    TimeFilter,
    ValueSource,
)
from kgdesk.qa.grounding import Grounding, resolve_exact
from kgdesk.qa.lexicon import Lexicon, normalize
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.timeparse import TimeParser
from kgdesk.qa.understanding import (
    ChoiceRequest,
    GroundingRecord,
    Option,
    UnderstandContext,
    Understanding,
    UnderstandingStatus,
)
from kgdesk.qa.validate_plan import plan_errors

FOLLOWUP_CONFIDENCE = 0.9
FOLLOWUP_NOTE = "按上一轮问题"

_REPLACE = re.compile(
    r"^(?:那|那么|那如果|如果|要是|假如)?(?:是)?(?:改成|改为|换成|换为|改查|换到|改到|变成|换|改)(?P<rest>.+?)(?:呢|的呢|的话呢|怎么样|如何|的情况)?$"
)
_WHAT_ABOUT = re.compile(r"^(?:那|那么)?(?P<rest>.+?)(?:呢|的呢|的话呢|怎么样|又如何)$")
_NARROW = re.compile(
    r"^(?:那|那么)?(?:其中|这其中|这些人中|这些人里|这些人当中|这些人里面|他们中|他们当中|他们里面|她们中|她们当中|"
    r"里面|这里面|这中间|当中|在这些人中|在其中|这些中|这些里)(?:的)?(?P<rest>.+)$"
)
_FILLER_END = "的了吗呢呀啊吧"
_COUNT_FORM = re.compile(
    r"^(?:那|那么)?(?:其中|这些|这里|里面|他们|她们)?(?:一共|总共|共|合计|总计|加起来)?(?:有)?(?:多少|几)"
    r"(?:个|名|位|家|台|条|项|张)?(?P<unit>人|员工)?(?:呢|啊|吗|呀)?$"
)
_LIST_FORM = re.compile(
    r"^(?:那|那么)?(?:都|分别|具体)?(?:是|有)?(?:哪些|哪几个|哪几位|谁)(?:人|项目)?(?:呢|啊|呀)?$|^(?:名单|明细|列出来|列一下|具体名单)(?:呢|呀)?$"
)


@dataclass(frozen=True)
class FollowUpForm:
    kind: str  # replace | narrow | count | list
    rest: str


def followup_form(question: str) -> FollowUpForm | None:
    """Is this shaped like a follow-up ("改成4月", "那4月呢", "其中女的有几个")?"""
    q = unicodedata.normalize("NFKC", question).strip().strip("。？?！!，, ")
    m = _COUNT_FORM.match(q)
    if m:
        return FollowUpForm("count", m.group("unit") or "")  # rest: the unit counted (人 → 人员)
    if _LIST_FORM.match(q):
        return FollowUpForm("list", "")
    m = _NARROW.match(q)
    if m:
        return FollowUpForm("narrow", m.group("rest").strip())
    m = _REPLACE.match(q)
    if m and m.group("rest").strip():
        return FollowUpForm("replace", m.group("rest").strip().rstrip(_FILLER_END))
    m = _WHAT_ABOUT.match(q)
    if m and m.group("rest").strip() and len(m.group("rest")) <= 20:
        return FollowUpForm("replace", m.group("rest").strip().rstrip(_FILLER_END))
    return None


def _residue(text: str, spans: list[tuple[int, int]], lexicon: Lexicon) -> str:
    """What is left of `text` outside `spans`, fillers removed."""
    chars = [c for i, c in enumerate(text) if not any(a <= i < b for a, b in spans)]
    rest = normalize("".join(chars))
    for f in sorted(lexicon.fillers, key=len, reverse=True):
        rest = rest.replace(normalize(f), "")
    return rest.replace("份", "")


def _with_time(plan: QueryPlan, start: str, end: str, ctx: UnderstandContext) -> QueryPlan | None:
    steps: list[Step] = []
    changed = False
    for s in plan.steps:
        times: list[TimeFilter] = []
        for t in s.time:
            kind = t.kind
            if kind == "month_eq" and start != end:
                kind = "month_range"
            elif kind == "month_range" and start == end:
                kind = "month_eq"
            # a named window replaces "at today": every overlapping period, the preference dropped
            times.append(t.model_copy(update={"kind": kind, "start": start, "end": end, "prefer_field": None, "prefer_value": None}))
            changed = True
        if not s.time:
            added = _period_for(s, start, end, ctx)
            if added is not None:
                times.append(added)
                changed = True
        steps.append(s.model_copy(update={"time": times}))
    if not changed:
        return None
    moved = plan.model_copy(update={"steps": steps})
    windows = {(t.start, t.end) for s in plan.steps for t in s.time}
    # the notes and descriptions said the old window: they now say the one that runs
    return describe.retimed(moved, windows.pop(), (start, end)) if len(windows) == 1 else moved


def _period_for(step: Step, start: str, end: str, ctx: UnderstandContext) -> TimeFilter | None:
    """A step without time: the lexicon's period of its path (人员 -服务于-> 项目: 开始～结束)."""
    for p in ctx.lexicon.paths:
        per = p.get("period")
        hops = p.get("hops") or []
        if not per or p.get("from") != step.entity or len(hops) > len(step.hops):
            continue
        if all(h.rel == want["rel"] and h.direction == want["direction"] for h, want in zip(step.hops, hops, strict=False)):
            return TimeFilter(
                kind="period_overlap", node=per["node"], start_field=per["start_field"], end_field=per["end_field"], start=start, end=end
            )
    return None


def _key_filter_index(step: Step, label: str, ctx: UnderstandContext) -> list[int]:
    aliases = step.aliases()
    keys = set(ctx.schema.key_fields(label)) | {"_key"}
    return [
        i
        for i, f in enumerate(step.filters)
        if f.node.startswith("n") and aliases.get(f.node) == label and f.field in keys and f.op in (Op.EQ, Op.IN)
    ]


def _replace_entity(plan: QueryPlan, label: str, key: str, text: str, source: ValueSource, ctx: UnderstandContext) -> QueryPlan | None:
    steps: list[Step] = []
    changed = False
    old_keys: set[str] = set()
    for s in plan.steps:
        idx = _key_filter_index(s, label, ctx)
        if not idx:
            steps.append(s)
            continue
        filters = list(s.filters)
        for i in idx:
            old = filters[i]
            old_keys.update(str(v) for v in (old.value if isinstance(old.value, list) else [old.value]))
            filters[i] = Filter(node=old.node, field="_key", op=Op.EQ, value=key, value_source=source, text=text)
            changed = True
        steps.append(s.model_copy(update={"filters": filters}))
    if not changed:
        return None
    # notes about the entity that was replaced no longer apply (同名项目中选择了… XMSQ0122)
    notes = [n for n in plan.notes if not any(k and k in n for k in old_keys) and not (n.startswith("「") and "匹配为" in n)]
    return plan.model_copy(update={"steps": steps, "notes": notes})


def _replace_field(plan: QueryPlan, label: str, fld: str, new: Filter) -> QueryPlan | None:
    steps: list[Step] = []
    changed = False
    for s in plan.steps:
        aliases = s.aliases()
        filters = []
        for f in s.filters:
            if f.node.startswith("n") and aliases.get(f.node) == label and f.field == fld:
                filters.append(new.model_copy(update={"node": f.node}))
                changed = True
            else:
                filters.append(f)
        steps.append(s.model_copy(update={"filters": filters}))
    return plan.model_copy(update={"steps": steps}) if changed else None


_UNIT_LABEL = {"人": "人员", "员工": "人员"}
"""一共有多少个项目 stays a question of its own (as before); 几个人 / 多少员工 count the previous people."""


def _counted_through(prev: QueryPlan, unit: str, ctx: UnderstandContext) -> tuple[QueryPlan, str] | None:
    """有多少人 after a list of records (考勤): the same rows, counted as distinct people, through
    the one relationship between the record and 人员 (a hop the plan has, or one added)."""
    want = _UNIT_LABEL.get(unit)
    out = prev.output_step
    if want is None or out.entity == want or prev.combine:
        return None
    alias = _alias_for(out, want)
    if alias is not None:
        return prev, alias
    rels = [r for r in ctx.schema.relationships if {r.start, r.end} == {out.entity, want}]
    if len(rels) != 1 or len(out.hops) >= 2:
        return None
    rel = rels[0]
    hop = Hop(source="n0", rel=rel.type, direction="out" if rel.start == out.entity else "in", target=want)
    step = out.model_copy(update={"hops": [*out.hops, hop]})
    plan = prev.model_copy(update={"steps": [step if s.id == out.id else s for s in prev.steps]})
    return plan, f"n{len(step.hops)}"


def _retype(prev: QueryPlan, kind: str, unit: str = "", ctx: UnderstandContext | None = None) -> Understanding | None:
    """一共几个 (after a list) / 都是谁 (after a count): the same population, another answer form;
    有多少人 after a list of records counts the distinct people of those records, not rows."""
    if prev.group_by or prev.query_type.value not in ("list", "count", "existence"):
        return None
    node = "n0"
    if kind == "count" and ctx is not None:
        through = _counted_through(prev, unit, ctx)
        if through is not None:
            prev, node = through
    if kind == "count":
        update: dict[str, Any] = {
            "query_type": QueryType.COUNT,
            "aggregate": Aggregate(fn=AggFn.COUNT_DISTINCT, node=node, field="_key"),
            "projection": [],
            "sort": [],
            "limit": None,
            "with_ties": False,
        }
    else:
        update = {"query_type": QueryType.LIST, "aggregate": None}
    update["answer_contract"] = None
    if prev.query_type.value == kind and node == "n0":
        return Understanding(UnderstandingStatus.PLAN, plan=prev.model_copy(deep=True), confidence=FOLLOWUP_CONFIDENCE)
    try:
        plan = QueryPlan.model_validate(prev.model_copy(update=update).model_dump(mode="json"))
    except ValueError:
        return None
    return Understanding(UnderstandingStatus.PLAN, plan=plan, confidence=FOLLOWUP_CONFIDENCE)


def _alias_for(step: Step, label: str) -> str | None:
    for a in step.node_aliases():
        if step.aliases().get(a) == label:
            return a
    return None


def _remap(node: str, alias: str) -> str:
    return alias if node == "n0" else node


class FollowUpPatcher:
    """Turns a follow-up plus the previous plan into a complete plan (or None)."""

    def __init__(self, planner: DeterministicPlanner) -> None:
        self.planner = planner

    def patch(self, question: str, prev_plan: QueryPlan, prev_question: str, ctx: UnderstandContext) -> Understanding | None:
        form = followup_form(question)
        if form is None or not prev_plan.steps:
            return None
        if form.kind in ("count", "list"):
            und = _retype(prev_plan, form.kind, form.rest, ctx)
        elif form.kind == "narrow":
            und = self._narrow(form.rest, prev_plan, ctx)
        else:
            und = self._replace(form.rest, prev_plan, ctx)
        if und is None or und.plan is None:
            return und
        plan = und.plan
        if und.status is UnderstandingStatus.PLAN:
            if plan_errors(plan, ctx.schema):
                return None
            note = f"{FOLLOWUP_NOTE}「{prev_question[:40]}」的条件理解"
            plan.notes[:] = [n for n in plan.notes if not n.startswith(FOLLOWUP_NOTE)]
            plan.notes.append(note)
            und.slots = describe.understanding_slots(plan, name_of=_name_of(und.groundings))
            und.notes.append(note)
        return und

    # ---------------------------------------------------------------- 改成 / 换成 / …呢

    def _replace(self, rest: str, prev: QueryPlan, ctx: UnderstandContext) -> Understanding | None:
        text = unicodedata.normalize("NFKC", rest)
        tp = TimeParser(ctx.today, ctx.schema.months).parse(text)
        if tp.mentions and not _residue(text, [m.span for m in tp.mentions], ctx.lexicon):
            start = min(m.start for m in tp.mentions)
            end = max(m.end for m in tp.mentions)
            plan = _with_time(prev, start, end, ctx)
            if plan is None:
                return None
            return Understanding(UnderstandingStatus.PLAN, plan=plan, confidence=FOLLOWUP_CONFIDENCE)
        # an entity of the same kind as one of the previous anchors
        und = self._replace_entity(text, prev, ctx)
        if und is not None:
            return und
        # a categorical value of the same field (换成保洁)
        return self._replace_value(text, prev, ctx)

    def _replace_entity(self, text: str, prev: QueryPlan, ctx: UnderstandContext) -> Understanding | None:
        norm = normalize(text)
        if len(norm) < 2:
            return None
        labels = {
            s.aliases()[f.node]
            for s in prev.steps
            for f in s.filters
            if f.node.startswith("n") and (f.field == "_key" or f.field in ctx.schema.key_fields(s.aliases()[f.node]))
        }
        if not labels:
            return None
        chosen = ctx.choices.get(norm)
        for label in sorted(labels):
            if chosen:
                keys = [k for k in chosen if any(e.key == k and e.label == label for e in ctx.index.entries)]
                if keys:
                    plan = _replace_entity(prev, label, keys[0], text, ValueSource.USER_CHOICE, ctx)
                    if plan is not None:
                        rec = GroundingRecord(text, label, keys[0], _display(ctx, label, keys[0]), 1.0, "user_choice")
                        return Understanding(UnderstandingStatus.PLAN, plan=plan, confidence=FOLLOWUP_CONFIDENCE, groundings=[rec])
            g = _ground(text, label, ctx)
            if g.chosen is not None:
                c = g.chosen
                plan = _replace_entity(prev, label, c.entry.key, text, ValueSource.GROUNDED, ctx)
                if plan is None:
                    continue
                rec = GroundingRecord(text, c.entry.label, c.entry.key, c.entry.display, c.confidence, c.method)
                und = Understanding(UnderstandingStatus.PLAN, plan=plan, confidence=min(FOLLOWUP_CONFIDENCE, c.confidence), groundings=[rec])
                if g.note:
                    plan.notes.append(g.note)
                return und
            if g.candidates and g.candidates[0].confidence >= 0.5:
                opts = [
                    Option(id=c.entry.key, label=c.entry.display, detail=f"{c.entry.label}·{c.entry.field}：{c.entry.text}", confidence=c.confidence)
                    for c in g.candidates[:5]
                ]
                return Understanding(
                    UnderstandingStatus.CLARIFY,
                    plan=prev,
                    message="问题中的名称可能指多个对象，请选择",
                    choices=[ChoiceRequest(kind="entity", text=text, prompt=f"「{text}」指的是哪一个？", options=opts)],
                )
        return None

    def _replace_value(self, text: str, prev: QueryPlan, ctx: UnderstandContext) -> Understanding | None:
        frag = self.planner.understand_sync(text, _fresh(ctx))
        if frag.status is not UnderstandingStatus.PLAN or frag.plan is None or len(frag.plan.steps) != 1:
            return None
        fs = frag.plan.steps[0]
        plan: QueryPlan | None = prev
        touched = False
        for f in fs.filters:
            label = fs.aliases().get(f.node)
            if label is None or f.field == "_key":
                continue
            assert plan is not None
            patched = _replace_field(plan, label, f.field, f)
            if patched is None:
                return None
            plan, touched = patched, True
        if not touched or plan is None:
            return None
        return Understanding(UnderstandingStatus.PLAN, plan=plan, confidence=FOLLOWUP_CONFIDENCE, groundings=frag.groundings)

    # ---------------------------------------------------------------- 其中 …

    def _narrow(self, rest: str, prev: QueryPlan, ctx: UnderstandContext) -> Understanding | None:
        frag = self.planner.understand_sync(rest, _fresh(ctx))
        if frag.status is not UnderstandingStatus.PLAN or frag.plan is None or len(frag.plan.steps) != 1:
            return frag if frag.status is UnderstandingStatus.CLARIFY and frag.choices else None
        fp = frag.plan
        fs = fp.steps[0]
        if fs.hops or fp.combine:
            return None
        out = prev.output_step
        alias = _alias_for(out, fs.entity)
        if alias is None:
            return None
        if alias != "n0" and (fp.projection or fp.group_by or fp.aggregate or fp.sort):
            return None
        targets = prev.combined_steps() if prev.combine else [out.id]
        steps: list[Step] = []
        for s in prev.steps:
            if s.id not in targets:
                steps.append(s)
                continue
            a = _alias_for(s, fs.entity)
            if a is None:
                return None
            filters = list(s.filters) + [f.model_copy(update={"node": _remap(f.node, a)}) for f in fs.filters]
            derived = list(s.derived) + [d.model_copy(update={"node": _remap(d.node, a)}) for d in fs.derived if d.name not in {x.name for x in s.derived}]
            times = list(s.time)
            for t in fs.time:
                times = [x for x in times if not (x.node == _remap(t.node, a) and x.field == t.field)]
                times.append(t.model_copy(update={"node": _remap(t.node, a)}))
            steps.append(s.model_copy(update={"filters": filters, "derived": derived, "time": times}))
        update: dict[str, Any] = {
            "steps": steps,
            "query_type": fp.query_type,
            "answer_contract": None,
            "projection": fp.projection,
            "group_by": fp.group_by,
            "aggregate": fp.aggregate,
            "sort": fp.sort,
            "limit": fp.limit,
            "with_ties": fp.with_ties,
            "notes": list(dict.fromkeys([*prev.notes, *fp.notes])),
        }
        try:
            plan = QueryPlan.model_validate(prev.model_copy(update=update).model_dump(mode="json"))
        except ValueError:
            return None
        return Understanding(UnderstandingStatus.PLAN, plan=plan, confidence=FOLLOWUP_CONFIDENCE, groundings=frag.groundings, notes=frag.notes)


def followup_lead(kind: str, prev: Any, lexicon: Lexicon) -> str:
    """What an answer resolved against the previous turn says first: "在上一轮的 6 人中：" (a
    count, a list or a narrowing of that turn's results), so it is never mistaken for the whole graph."""
    if kind not in ("count", "list", "narrow") or prev is None:
        return ""
    res = prev.result if isinstance(getattr(prev, "result", None), dict) else None
    if res and not res.get("truncated") and not res.get("limited") and res.get("entities") is not None:
        label = str(res.get("entity") or "")
        unit = lexicon.count_unit(label)
        n = len(res["entities"])
        return f"在上一轮的 {n} {unit}{'' if unit == '人' else label}中："
    return f"在上一轮「{str(prev.question)[:40]}」的结果中："


def _fresh(ctx: UnderstandContext) -> UnderstandContext:
    """The same context for reading a fragment, without history (a fragment is read on its own)."""
    return UnderstandContext(
        schema=ctx.schema,
        index=ctx.index,
        values=ctx.values,
        lexicon=ctx.lexicon,
        templates=ctx.templates,
        today=ctx.today,
        choices=ctx.choices,
        embedder=ctx.embedder,
        history=[],
        offline=ctx.offline,
    )


def _ground(text: str, label: str, ctx: UnderstandContext) -> Grounding:
    codes = [e for e in ctx.index.code(text) if e.label == label]
    if codes:
        return resolve_exact(text, codes, label)
    exact = [e for e in ctx.index.by_norm.get(normalize(text), []) if e.label == label]
    if exact:
        return resolve_exact(text, exact, label)
    return ctx.index.ground(text, label, ctx.embedder)


def _display(ctx: UnderstandContext, label: str, key: str) -> str:
    for e in ctx.index.entries:
        if e.label == label and e.key == key:
            return e.display
    return key


def _name_of(records: list[GroundingRecord]) -> describe.NameOf:
    names = {(r.label, r.key): r.display for r in records}

    def name_of(label: str, key: str) -> str | None:
        return names.get((label, key))

    return name_of
