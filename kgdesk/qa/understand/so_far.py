"""已经 / 到目前为止 / 截至目前 / 截至今天 / 今年以来 / 年初至今 / 本月到目前为止 on records with their own day date (检查日期,
中标日期, 入职日期 …): the records dated on or before the reference date T, together with any month or year window the
question states — a record dated after T has not happened yet. The date is the one a date verb names (中标 → 中标日期),
else the only date field of the records asked about (understand/cutoff); monthly facts (年月 only) keep their month cut."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Filter, Op, ValueSource
from kgdesk.qa.understand.cutoff import cutoff_day

SO_FAR_WORDS = ("已经", "已", "到目前为止", "到现在为止", "截至目前", "截止目前", "截至现在", "截止现在", "截至今天", "截至今日",
                "截止到今天", "截止到目前", "截止到现在", "以来", "至今", "到现在", "到今天", "到目前")


def cut_so_far(it: Any, b: Any) -> None:
    """Append "<own day date> ≤ T" when the question says so far and the date is settled; nothing otherwise."""
    if not any(w in it.p.qn for w in SO_FAR_WORDS):
        return
    day = cutoff_day(b, it.ctx.schema, it.p, it.ctx.today) or _own_day(it, b)
    if day is None or any(f.node == day.node and f.field == day.field for f in b.filters):
        return
    info = it.ctx.schema.prop(b.labels().get(day.node, ""), day.field)
    if info is None or info.type != "日期":
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
