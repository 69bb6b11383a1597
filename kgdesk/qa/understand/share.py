"""占比 / 比例 of a group as two readings of one question: the part (every condition the question
states) and the whole (the same question without the words that name the subset). Both are
planned by the same interpreter, so a share understands exactly what a count or a total does;
the plan then divides the part's aggregate by the whole's (`dsl.Share`).

Where the whole is: 在W中P的占比 (between 在 and 中), W中P占比 (before 中), P占W的比例 (after 占).
A share whose two readings do not nest (the part not a subset of the whole) is refused."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass

from kgdesk.qa.dsl import AggFn, QueryPlan, QueryType, Share
from kgdesk.qa.lexicon import Sense, normalize
from kgdesk.qa.plan_mentions import _M, _needs_llm, _Parsed, _Stop
from kgdesk.qa.understand.share_union import narrow_part
from kgdesk.qa.understand.share_whole import NO_TARGET, whole_of_part
from kgdesk.qa.understanding import Understanding, UnderstandingStatus
from kgdesk.qa.validate_plan import share_errors

_WITHIN = ("当中", "之中", "里面", "里头", "中间", "其中", "中", "里", "内")
_QUESTION_CUES = ("count", "status", "which", "list", "existence")
_SHARE_ASKED = re.compile(rf"(?P<w>在[^，,。？?；;]{{1,24}}?(?:{'|'.join(_WITHIN)}))(?:能|大概|大约)?占(?:了|到)?(?:多少|几成|百分之几|多大比例|多大的比例)")


def share_asked_after(text: str) -> str:
    """耗材采购金额在全部采购金额里占多少: 占多少 after the whole (在W里) asks the share, as 在W里的占比 does."""
    return _SHARE_ASKED.sub(lambda m: f"{m.group('w')}的占比", text)


@dataclass
class ShareReading:
    """The two readings; None for both when the question asks a share whose subset is unclear."""

    part: _Parsed | None
    whole: _Parsed | None
    whole_named: bool = True


def _is_cue(m: _M, name: str) -> bool:
    return m.kind == "lex" and any(s.kind == "cue" and s.name == name for s in m.senses)


def _filler() -> list[Sense]:
    return [Sense("filler", {}, "")]


Span = tuple[int, int]


def _inside(m: _M, span: Span | None) -> bool:
    return span is not None and span[0] <= m.s and m.e <= span[1]


def _spans(p: _Parsed, cues: list[_M], of: _M | None, end: int) -> tuple[Span | None, Span]:
    """(whole, part) character spans of the question."""
    ordered = sorted(p.mentions, key=lambda m: m.s)
    zai = next((m for m in ordered if m.text == "在" and m.e <= end), None)
    within = next((m for m in ordered if m.text in _WITHIN and m.is_filler() and m.e <= end), None)
    if of is not None and of.s == end:
        if within is not None and zai is None:
            return (0, within.s), (within.e, of.s)  # W中P占多少
        # P占W的比例: the whole after 占 (up to the share word or the end)
        after = [m.s for m in cues if m.s > of.e]
        return (of.e, min(after) if after else len(p.qn)), (0, of.s)
    if zai is not None and within is not None and zai.e <= within.s:
        return (zai.e, within.s), (0, end)  # 在W中P的占比
    if within is not None:
        return (0, within.s), (within.e, end)  # W中P的占比
    return None, (0, end)  # P的占比: the whole is every record of the asked kind


def share_reading(p: _Parsed) -> ShareReading | None:
    """The part and whole readings of a share question, or None when it asks no share."""
    cues = [m for m in p.mentions if _is_cue(m, "share")]
    of = next((m for m in p.mentions if _is_cue(m, "share_of") and not _is_cue(m, "share")), None)
    if not cues and of is None:
        return None
    end = min([m.s for m in cues] + ([of.s] if of is not None else []))
    whole_span, part_span = _spans(p, cues, of, end)
    in_part = [
        m for m in p.mentions if _inside(m, part_span) and not _inside(m, whole_span) and not m.is_filler()
    ]
    if not any(m.kind == "time" and _inside(m, whole_span) for m in p.mentions):
        # 3月青浦片区的开票金额占全部开票金额的比例: the month frames both sides unless the whole
        # states its own
        in_part = [m for m in in_part if m.kind != "time"]
    in_part = _two_totals(p, in_part, whole_span)
    if not in_part:
        return ShareReading(None, None)
    part, whole = _copy(p), _copy(p)
    narrow_part(part, in_part, whole_span)  # 耗材采购+固定资产里固定资产的占比: the part is 固定资产 alone
    _ask_a_number(part, cues, of)
    _ask_a_number(whole, cues, of)
    _drop_part(whole, in_part)
    _one_month_once(part)
    _one_month_once(whole)
    return ShareReading(part, whole, whole_span is not None)


def _two_totals(p: _Parsed, in_part: list[_M], whole_span: Span | None) -> list[_M]:
    """川沙人民医院2月回款占开票的比例: when the whole names a measure of its own (another field, not the
    part's under a shorter word), the part's other words (the project, its values) frame both sides like the month does."""
    fields = [m for m in in_part if m.kind == "lex" and m.has("field")]
    own = [m for m in p.mentions if m.kind == "lex" and m.has("field") and _inside(m, whole_span)]
    if fields and own and {_field(m) for m in fields}.isdisjoint(_field(m) for m in own):
        return fields
    return in_part


def _field(m: _M) -> str:
    """The field a field word names (开票 and 开票金额 are one measure: 占全部开票的比例)."""
    fs = m.sense("field")
    return str(fs.get("field")) if fs is not None else m.text


def _drop_part(whole: _Parsed, in_part: list[_M]) -> None:
    """The whole reading: the part's words become fillers, except the label that names the kind
    of record when the whole has no other (女性员工占比: 员工 names the whole too)."""
    drop = {(m.s, m.e) for m in in_part}
    labels_left = any(m.kind == "lex" and m.has("label") and (m.s, m.e) not in drop for m in whole.mentions)
    if not labels_left:
        keep = next((m for m in reversed(in_part) if m.kind == "lex" and m.has("label")), None)
        if keep is not None:
            drop.discard((keep.s, keep.e))
    for m in whole.mentions:
        if (m.s, m.e) in drop:
            m.kind, m.senses, m.data = "lex", _filler(), None


def _one_month_once(reading: _Parsed) -> None:
    """3月…占3月…: one month said on both sides is one condition."""
    seen: set[tuple[str, str]] = set()
    for m in sorted(reading.mentions, key=lambda x: x.s):
        if m.kind == "time":
            key = (m.data.start, m.data.end)
            if key in seen:
                m.kind, m.senses, m.data = "lex", _filler(), None
            seen.add(key)


def _copy(p: _Parsed) -> _Parsed:
    out = copy.copy(p)
    out.mentions = [copy.copy(m) for m in p.mentions]
    for m in out.mentions:
        m.senses = list(m.senses)
    out.ignored = list(p.ignored)
    return out


def _ask_a_number(p: _Parsed, cues: list[_M], of: _M | None) -> None:
    """The share words become one count cue (the number of each side); other question words after
    them (是多少, 有多少) only repeat that and become fillers."""
    first = min([m.s for m in cues] + ([of.s] if of is not None else []))
    asked = False
    amount = _summed(p)  # 耗材采购金额中清洁耗材占比: the amounts summed, not the records counted
    if amount is not None:
        amount.senses = [*amount.senses, Sense("cue", {"cue": "sum"}, "sum")]
    for m in sorted(p.mentions, key=lambda x: x.s):
        if m.s < first:
            continue
        share_word = _is_cue(m, "share") or (of is not None and (m.s, m.e) == (of.s, of.e))
        if share_word or any(_is_cue(m, c) for c in _QUESTION_CUES):
            if not asked and share_word and amount is None:
                m.kind, m.senses = "lex", [Sense("cue", {"cue": "count"}, "count")]
                asked = True
            else:  # 占总人数的比例: a count word that also names the kind of record keeps that name
                m.kind, m.senses = "lex", [s for s in m.senses if s.kind == "label"] or _filler()


def _summed(p: _Parsed) -> _M | None:
    """The amount a share is of: the one additive field (金额, 原值) named by its plain field name,
    when no other field is named (收款占开票 keeps its own reading) and no bound follows it (大于0: a condition)."""
    from kgdesk.qa.lexicon import load_lexicon

    additive = load_lexicon().additive_fields
    fields = [m for m in p.mentions if m.kind == "lex" and m.has("field")]
    if len(fields) != 1:
        return None
    fs = fields[0].sense("field")
    assert fs is not None
    plain = fs.get("field") in additive and fields[0].text.endswith(str(fs.get("field")))
    bound = p.next_after(fields[0], skip_fillers=False)
    if bound is not None and bound.kind == "num" and isinstance(bound.data, dict) and bound.data.get("op"):
        return None  # 平时加班小时大于0的考勤记录占比: the field bounds the records counted, it is no amount
    return fields[0] if plain else None


def _whole_in_parts_measure(part: QueryPlan, whole: QueryPlan) -> QueryPlan:
    """耗材采购金额在全部采购记录里的占比: the whole names its records but no measure (a bare listing of the
    same record type), the part a total of one of their fields — a share of amounts divides by the whole's
    amount, so the whole is the same total over its own records. Anything else is left as it is."""
    pa = part.aggregate
    if part.query_type is not QueryType.AGGREGATE or pa is None or pa.fn is not AggFn.SUM or len(part.steps) != 1:
        return whole
    bare = whole.query_type is QueryType.LIST and whole.aggregate is None and not (whole.group_by or whole.projection or whole.sort or whole.limit)
    if not bare or len(whole.steps) != 1 or whole.steps[0].entity != part.steps[0].entity or whole.combine:
        return whole
    return whole.model_copy(update={"query_type": QueryType.AGGREGATE, "answer_contract": None, "aggregate": pa}).model_validate(
        whole.model_copy(update={"query_type": QueryType.AGGREGATE, "answer_contract": None, "aggregate": pa}).model_dump()
    )


def share_plan(part: QueryPlan, whole: QueryPlan) -> QueryPlan:
    """One plan dividing the part's aggregate by the whole's; refused when the readings differ in
    anything but the part's extra conditions."""
    whole = _whole_in_parts_measure(part, whole)  # 耗材采购金额在全部采购记录里的占比: 全部采购记录's 金额
    ok_types = (QueryType.COUNT, QueryType.AGGREGATE)
    if part.query_type not in ok_types or whole.query_type not in ok_types:
        raise _needs_llm("占比问题需要一个可以计数或合计的对象")
    for p in (part, whole):
        if p.group_by or p.combine or len(p.steps) != 1 or p.aggregate is None or p.having is not None:
            raise _needs_llm("分组后的占比，离线规则暂不支持")
    pa, wa = part.aggregate, whole.aggregate
    assert pa is not None and wa is not None
    ps, ws = part.steps[0], whole.steps[0]
    same_rows = ps.model_dump(exclude={"id", "description"}) == ws.model_dump(exclude={"id", "description"})
    # 3月回款占开票的百分之几: two totals of the same records (收款金额 / 开票金额)
    two_totals = same_rows and pa.fn is wa.fn is AggFn.SUM and pa.node == wa.node and pa.field != wa.field
    if pa.model_dump() != wa.model_dump() and not two_totals:
        raise _needs_llm("占比的分子与分母统计的不是同一样东西")
    if pa.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT, AggFn.SUM):
        raise _needs_llm("只有数量或合计可以算占比")
    if same_rows and not two_totals:
        raise _needs_llm("无法确定占比的子集条件")
    notes = list(dict.fromkeys([*whole.notes, *part.notes]))
    plan = QueryPlan(
        query_type=QueryType.AGGREGATE,
        steps=[
            ws.model_copy(update={"id": "s1", "description": f"全部{ws.entity}（分母）"}),
            ps.model_copy(update={"id": "s2", "description": f"符合条件的{ps.entity}（分子）"}),
        ],
        aggregate=pa,
        share=Share(part="s2", whole="s1", whole_field=wa.field if two_totals else None),
        notes=notes,
        reference_date=part.reference_date,
    )
    errors = share_errors(plan)
    if errors:
        raise _needs_llm(errors[0])
    return plan



def _no_value_ignored(plan: QueryPlan, ignored: list[str]) -> None:
    """A word dropped as changing nothing that is itself one of the values the share filters on (耗材采购的金额在
    采购总额（耗材+固定资产）里占多大比重: 耗材采购 ignored, the bracket's two kinds became the part, 100 %): the part
    lost its own condition, so the share is refused, never answered from the whole over itself."""
    words = {normalize(w) for w in ignored}
    values = {normalize(str(v)) for s in plan.steps for f in s.filters for v in (f.value if isinstance(f.value, list) else [f.value])}
    if words & values:
        raise _needs_llm("占比的分子条件（" + "、".join(sorted(words & values)) + "）没有体现在查询中")


def share_understanding(reading: ShareReading, interpret: Callable[[_Parsed], Understanding]) -> Understanding:
    """Both readings planned; the share plan when both are plans that nest, else the first refusal."""
    if reading.part is None or reading.whole is None:
        return Understanding(status=UnderstandingStatus.NEEDS_LLM, message="无法确定占比是哪一部分占哪个整体")
    part = interpret(reading.part)
    if part.status is not UnderstandingStatus.PLAN or part.plan is None:
        return part
    whole = interpret(reading.whole)
    own = None if reading.whole_named or whole.message != NO_TARGET else whole_of_part(part.plan)
    if own is not None:  # 男员工的比例: every record of the part's own kind
        whole = Understanding(status=UnderstandingStatus.PLAN, plan=own, confidence=part.confidence)
    if whole.status is not UnderstandingStatus.PLAN or whole.plan is None:
        return whole
    try:
        plan = share_plan(part.plan, whole.plan)
        _no_value_ignored(plan, [*part.ignored_words, *whole.ignored_words])
    except _Stop as stop:
        return Understanding(status=stop.status, message=stop.message, groundings=part.groundings)
    slots = [(k, v) for k, v in part.slots if k != "意图"]
    return Understanding(
        status=UnderstandingStatus.PLAN,
        plan=plan,
        confidence=min(part.confidence, whole.confidence),
        slots=[("意图", "占比"), *slots],
        groundings=part.groundings,
        notes=list(dict.fromkeys([*whole.notes, *part.notes])),
        optional_fields=[],
        assumptions=list(dict.fromkeys([*part.assumptions, *whole.assumptions])),
    )
