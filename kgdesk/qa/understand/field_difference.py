"""The difference of two numeric fields over the same records (岗位编制里保洁员的预算编制比在岗人数多多少):
each record's first field minus its second, summed over the records meant — a derived measure, never a
comparison between two groups (there is only one set of records). Only when both words are fields of one
record type with the same unit, every record holding both (the meta-schema's counts: a record missing one
would drop out of the total, which then differs from one sum minus the other), and nothing else compared;
少 turns the difference around; the fields' own unit may follow (少多少人: 人 is 在岗人数's unit)."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.lexicon import Sense, load_lexicon
from kgdesk.qa.plan_mentions import _M, _needs_llm, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.signed_words import signed_difference

_IDENT = re.compile(r"^[\u4e00-\u9fff_A-Za-z][\u4e00-\u9fff_A-Za-z0-9]*$")


def _cue(m: _M | None, *names: str) -> bool:
    return m is not None and m.kind == "lex" and any(s.kind == "cue" and s.name in names for s in m.senses)


def _numeric_field(m: _M | None, schema: SchemaView) -> tuple[str, str] | None:
    fs = m.sense("field") if m is not None and m.kind == "lex" else None
    if fs is None:
        return None
    label, field = str(fs.get("label")), str(fs.get("field"))
    info, whole = schema.prop(label, field), schema.labels.get(label)
    if info is None or whole is None or not info.numeric or not _IDENT.match(field):
        return None
    # every record holds the field: a record missing one would drop out of the difference's total
    return (label, field) if info.count is not None and info.count == whole.count > 0 else None


def field_difference(p: _Parsed, schema: SchemaView) -> None:
    if p.of("time") and len(p.of("time")) > 1:
        return
    for than in p.cue("compare"):
        if than.text != "比":
            continue
        sides = _sides(p, than)
        if sides is None:
            continue
        a, b, totals, end = sides
        fa, fb = _numeric_field(a, schema), _numeric_field(b, schema)
        if fa is None or fb is None or fa[0] != fb[0] or fa[1] == fb[1]:
            continue
        way = p.next_after(totals[-1] if totals else b, skip_fillers=False)
        much = p.next_after(way, skip_fillers=False) if way is not None else None
        if way is None or way.s != end or not _cue(way, "more", "less") or much is None:
            continue
        units = load_lexicon().raw.get("field_units", {})
        if units.get(fa[1]) != units.get(fb[1]):
            continue
        unit_word = _unit_after(p, much, str(units.get(fa[1]) or ""))
        if unit_word is None:
            continue
        first, second = (fa[1], fb[1]) if _cue(way, "more") else (fb[1], fa[1])
        name = f"{first}减{second}"
        a.senses = [Sense("derived", {"name": name, "label": fa[0], "expression": f"{first} - {second}",
                                      "unit": units.get(fa[1]), "additive": True, "terms": [a.text]}, name)]
        for m in (than, b, way, *unit_word, *totals):
            m.become_filler()
        much.senses = [Sense("cue", {"cue": "sum"}, "sum")]
        return


def _sides(p: _Parsed, than: _M) -> tuple[_M, _M, list[_M], int] | None:
    """(first field, second field, their total words, end of the second side) around 比, or None: each field right
    beside 比, or each followed by its total word (项目编制合计比在岗人数合计多多少: the same difference of totals)."""
    a, b = p.prev_before(than, skip_fillers=False), p.next_after(than, skip_fillers=False)
    totals: list[_M] = []
    if a is not None and _total(a) and (before := p.prev_before(a, skip_fillers=False)) is not None and before.e == a.s:
        totals.append(a)
        a = before
    if a is None or b is None or (totals[0].e if totals else a.e) != than.s or than.e != b.s:
        return None
    if not totals:
        return a, b, totals, b.e
    after = p.next_after(b, skip_fillers=False)
    if after is None or not _total(after) or after.s != b.e:
        return None  # a total on one side only: not guessed
    return a, b, [*totals, after], after.e


def _unit_after(p: _Parsed, much: _M, unit: str) -> list[_M] | None:
    """多少 / 几 asking the difference, with the fields' own unit said or not (少多少人: 人 is the unit of
    在岗人数, field_units): the unit word after it (to be ignored), [] for none, None for anything else."""
    bare = ("多少", "几", "几个", "多少个")
    if unit and much.text in tuple(b + unit for b in bare):
        return []
    if much.text not in bare:
        return None
    nxt = p.next_after(much, skip_fillers=False)
    return [nxt] if unit and nxt is not None and nxt.s == much.e and nxt.text == unit else []


_TOTALS = ("总额", "合计", "总和", "总计", "总数")


def _total(m: _M | None) -> bool:
    """A total word (合计 / 总数) after a field: that field's total, the difference's own sum."""
    return m is not None and m.text in _TOTALS and _cue(m, "sum", "count")
_JOIN = ("和", "与", "跟", "同")


def totals_difference(p: _Parsed, schema: SchemaView) -> None:
    """2026年3月开票总额和收款总额差多少 — two fields of one record type joined by 和, then
    差多少: the first total minus the second over the same records (the same derived measure as
    A比B多多少, each record holding both)."""
    if p.of("time") and len(p.of("time")) > 1:
        return
    for diff in p.cue("difference"):
        seq: list[_M] = []
        x = p.prev_before(diff, skip_fillers=False)
        while x is not None and len(seq) < 5:
            seq.insert(0, x)
            x = p.prev_before(x, skip_fillers=False)
        words = [m for m in seq if not _total(m)]
        if len(words) < 3 or words[-2].text not in _JOIN:
            continue
        a, b = words[-3], words[-1]
        fa, fb = _numeric_field(a, schema), _numeric_field(b, schema)
        if fa is None or fb is None or fa[0] != fb[0] or fa[1] == fb[1]:
            continue
        units = load_lexicon().raw.get("field_units", {})
        if units.get(fa[1]) != units.get(fb[1]):
            continue
        unsigned = not signed_difference(p.qn)  # 相差 / 差多少 with no 比: |A − B|, the sign said in the answer (unsigned_total)
        name = f"{fa[1]}与{fb[1]}之差" if unsigned else f"{fa[1]}减{fb[1]}"
        a.senses = [Sense("derived", {"name": name, "label": fa[0], "expression": f"{fa[1]} - {fb[1]}",
                                      "unit": units.get(fa[1]), "additive": True, "terms": [a.text],
                                      "absolute": unsigned}, name)]
        for m in seq[seq.index(a) + 1 :]:
            m.become_filler()
        diff.senses = [Sense("cue", {"cue": "sum"}, "sum")]
        return


def unsigned_total(plan: QueryPlan, p: _Parsed) -> QueryPlan | None:
    """The total of an unsigned difference (totals_difference: 相差 / 差多少, no 比) taken as |A − B| — the project's
    convention: A比B多多少 is signed, 相差 is not; the same rule as the two-group compare path (abs_difference). Per
    group it is not guessed (each group's sign would need its own sentence); None when nothing is unsigned."""
    agg = plan.aggregate
    if agg is None or agg.absolute:
        return None
    names = {str(s.get("name")) for m in p.lex("derived") for s in m.senses if s.kind == "derived" and s.get("absolute")}
    if agg.field not in names:
        return None
    if agg.fn is not AggFn.SUM or plan.group_by or plan.share is not None or plan.comparison is not None:
        raise _needs_llm("「相差」不分谁比谁，只能算一个合计之差；可以问“A比B多多少”")
    return plan.model_copy(update={"aggregate": agg.model_copy(update={"absolute": True})})
