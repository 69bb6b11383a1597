"""客户投诉次数最多的项目，投诉了几次 / 客户满意度最低的项目，得了多少分 / 原值最高的设备值多少钱: the extreme
VALUE of the ranked field asked after the record noun — a number (the value of the record(s) at the top;
ties share it), the record(s) holding it named in the answer (a record's field, STATUS). Only with the top
one (最高 / 最多, not 前3) and a value asked with no counting measure word (几次 / 多少分 / 是多少 / 多少钱,
never 有几个 / 几台: those count the records at the top). 哪个项目 / 是谁 alone keeps the list. When
another field of the record is named (合同金额最大的项目，合同面积是多少) that field is the one asked."""

from __future__ import annotations

import re
from typing import Any

from kgdesk.qa.dsl import FieldRef, QueryPlan, QueryType
from kgdesk.qa.lexicon import load_lexicon

_ASK = ("多少", "几")
_WHO = re.compile(r"谁|哪位|哪一位")  # 合同金额最小的项目，项目经理是哪位: the people of the top record
_YEAR = ("哪年", "哪一年", "几几年")


def _year_fields(itp: Any, entity: str) -> list[str]:
    """The record type's own year fields (投标记录.年份), asked by 是哪一年的."""
    info = itp.ctx.schema.labels.get(entity)
    return [k for k, pi in (info.properties.items() if info is not None else ()) if pi.type == "年份" and pi.present]


def _measure(itp: Any, cue: Any) -> str:
    """The measure word of 几次 / 多少分 (a filler right after 几 counts too): '' when none."""
    text = cue.text
    for w in _ASK:
        if w in text:
            text = text[text.index(w) + len(w) :]
            break
    if text:
        return text
    nxt = itp.p.next_after(cue, skip_fillers=False)
    return nxt.text if nxt is not None and nxt.s == cue.e and len(nxt.text) <= 2 else ""


def extreme_value(itp: Any, plan: QueryPlan) -> QueryPlan | None:
    """The top record's field asked as a number (STATUS of that field, ties kept), else None."""
    if plan.query_type is not QueryType.LIST or plan.group_by or plan.aggregate is not None or plan.limit != 1:
        return None
    if not plan.sort or plan.sort[0].by != "field" or plan.sort[0].node != "n0" or not plan.sort[0].field:
        return None
    entity, fld = plan.steps[0].entity, plan.sort[0].field
    if not itp._is_numeric(entity, fld):
        return None
    nouns = [m for m in itp.p.mentions if any(s.kind == "label" and s.get("label") == entity for s in m.senses)]
    if not nouns:
        return None
    if entity != "人员" and itp.cue("which") and _WHO.search(itp.p.qn[nouns[-1].e :]):
        return _people_shown(itp, plan, entity)
    units = load_lexicon().raw.get("units", {})
    asked = [
        c
        for c in (*itp.cue("count"), *itp.cue("status"))
        if c.s >= nouns[-1].e and any(w in c.text for w in _ASK)
        and units.get(_measure(itp, c), {}).get("kind") not in ("count", "people")
    ]
    years = _year_fields(itp, entity)
    year_cues = [c for c in itp.cue("status") if c.s >= nouns[-1].e and any(w in c.text for w in _YEAR)]
    if year_cues and len(years) != 1:
        return None
    if not asked and not year_cues:
        return None
    for c in (*asked, *year_cues):
        itp.use(c)
    # 合同金额最大的项目，合同面积是多少: another field of the top record is what is asked, never the ranking one
    others = [r for r in plan.projection if r.node == "n0" and r.field and r.field != fld]
    if year_cues:  # 投标金额最低的那条投标是哪一年的: the record's own year field
        others = [*others, FieldRef(node="n0", field=years[0])] if years[0] not in {r.field for r in others} else others
    shown = others or [FieldRef(node="n0", field=fld)]
    update = {"query_type": QueryType.STATUS, "answer_contract": None, "projection": shown}
    return QueryPlan.model_validate(plan.model_copy(update=update).model_dump())


def _people_shown(itp: Any, plan: QueryPlan, entity: str) -> QueryPlan | None:
    """合同金额最大的项目，项目经理是谁: the top record listed with the people the question names beside it
    (their names in a column); with no such people in the plan, the list as before."""
    step = plan.steps[0]
    people = [f"n{i}" for i, h in enumerate(step.hops, start=1) if h.source == "n0" and h.target == "人员"]
    shown = itp.ctx.schema.display_field("人员")
    if len(people) != 1 or shown is None or not any(f.node == people[0] for f in step.filters):
        return None  # read as before: the top record's list
    return plan.model_copy(update={"projection": [*plan.projection, FieldRef(node=people[0], field=shown)]})
