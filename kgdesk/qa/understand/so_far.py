"""已经 / 到目前为止 / 截至目前 / 截至今天 / 今年以来 / 年初至今 / 本月到目前为止 on records with their own day date (检查日期,
中标日期, 入职日期 …): the records dated on or before the reference date T, together with any month or year window the
question states — a record dated after T has not happened yet. The date is the one a date verb names (中标 → 中标日期),
else the only date field of the records asked about (understand/cutoff); monthly facts (年月 only) keep their month cut."""

from __future__ import annotations

import re
from typing import Any

from kgdesk.qa.dsl import Filter, Op, ValueSource
from kgdesk.qa.understand.before_time import EARLIEST
from kgdesk.qa.understand.cutoff import cutoff_day

SO_FAR_WORDS = ("已经", "到目前为止", "到现在为止", "截至目前", "截止目前", "截至现在", "截止现在", "截至今天", "截至今日",
                "截止到今天", "截止到目前", "截止到现在", "以来", "至今", "到现在", "到今天", "到目前")

_STATE = re.compile(r"已经?(?:结束|到期|过期|失效|离职|退出|退项目|报废|停用)")
_NOT_YET = ("还没", "尚未", "未", "没", "将", "要", "会", "计划", "预计")


def so_far_cut(it: Any, b: Any) -> Filter | None:
    """"<own day date> ≤ T" when the question says so far and the date is settled, else None."""
    if not _said_so_far(it.p) or any(w in it.p.qn for w in _NOT_YET):
        return None  # 已经签约还没开始的项目: a date after T is asked for, no cut
    day = _verb_day(it, b) or cutoff_day(b, it.ctx.schema, it.p, it.ctx.today) or _own_day(it, b)
    if day is None or any(f.node == day.node and f.field == day.field for f in b.filters):
        return None
    if any(t.node == day.node and t.field == day.field and t.start == EARLIEST for t in b.time):
        return None  # 截至2月底…中标的: the stated cutoff already ends the records
    info = it.ctx.schema.prop(b.labels().get(day.node, ""), day.field)
    return day if info is not None and info.type == "日期" else None


def cut_so_far(it: Any, b: Any) -> None:
    """Append the so-far cut (so_far_cut) with its note; nothing when there is none."""
    day = so_far_cut(it, b)
    if day is None:
        return
    b.filters.append(day)
    it.slots.append(("时间", f"{day.field} 不晚于 {day.value}"))
    it.notes.append(f"口径：只算{day.field}不晚于 {day.value} 的记录（之后的日期尚未发生）")


def _own_day(it: Any, b: Any) -> Filter | None:
    """The day date a month window of the step already cuts (今年以来…检查: 检查日期), else the one day date among the
    record's key fields (检查记录: 检查日期) — None when not exactly one."""
    schema = it.ctx.schema
    found = {(t.node, t.field) for t in b.time if t.field and t.kind != "period_overlap"}
    if not found:
        for alias, lab in b.labels().items():
            found |= {(alias, k) for k in schema.key_fields(lab) if (p := schema.prop(lab, k)) is not None and p.type == "日期"}
    if len(found) != 1:
        return None
    node, fld = found.pop()
    when = it.ctx.today.isoformat()
    return Filter(node=node, field=fld, op=Op.LTE, value=when, value_source=ValueSource.DERIVED, text=when)


def _verb_day(it: Any, b: Any) -> Filter | None:
    """The day date a date verb said in the question names on a record of the step (已经中标 → 投标记录.中标日期)."""
    found = set()
    for row in it.lx.raw.get("date_verbs", []):
        alias = b.alias_of(str(row.get("label")))
        if alias is not None and any(t in it.p.qn for t in row.get("terms", [])) and it.ctx.schema.has_property(row["label"], row["field"]):
            found.add((alias, str(row["field"])))
    if len(found) != 1:
        return None
    node, fld = found.pop()
    when = it.ctx.today.isoformat()
    return Filter(node=node, field=fld, op=Op.LTE, value=when, value_source=ValueSource.DERIVED, text=when)


def _said_so_far(p: Any) -> bool:
    """A so-far word said on its own — not one inside a value or a condition word (服务状态是已结束 / 已到期 / 已离职 say a
    state the rules read already, never a cut of the records' dates)."""
    inside = [(m.s, m.e) for m in p.mentions if m.kind == "cvalue" or (m.kind == "lex" and any(
        x.kind in ("condition", "derived_condition", "value", "date_passed") for x in m.senses))]
    if _STATE.search(p.qn):
        return False  # 已经结束 / 已经到期 / 已经离职: a state the rules read already
    for w in SO_FAR_WORDS:
        for hit in re.finditer(re.escape(w), p.qn):
            if not any(s <= hit.start() and hit.end() <= e for s, e in inside):
                return True
    return False
