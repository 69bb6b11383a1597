"""A device 还没进场 / 尚未进场 / 未进场 is its own 入项目日期 after today (已进场 = on or before today), never the project's
服务状态 = 未开始 (red team 7, class A′): XMSQ0174的设备有几台还没进场 counted 0 on a serving project whose devices all
enter next year. The project's status filter read from the entry verb is replaced by the device's own date. Where the
plan is not about devices at all (XMSQ0128的NT-002还没进场吗 planned on the project: a false 没有, judge 52), the entry
word read as a 服务状态 of a question that names a device is refused instead (entry_read_on_project)."""

from __future__ import annotations

import dataclasses
import re

from kgdesk.qa.dsl import Derived, Filter, Op, QueryPlan, ValueSource
from kgdesk.qa.understanding import Understanding

_NOT_YET = re.compile(r"(?:还没(?:有)?|尚未|未|没(?:有)?)(?:进场|入场|进项目)")
_DONE = re.compile(r"(?:已经|已)(?:进场|入场|进项目)")
_NAME = "入项目日期距今天数"
_ENTRY = re.compile(r"进场|入场|退场|离场|撤场|进项目")
_DEVICE = re.compile(r"设备|[A-Za-z]{2}-\d{3}|台")


def device_not_entered(text: str, und: Understanding) -> Understanding:
    """The understanding with the entry verb read on the devices' 入项目日期; else unchanged."""
    plan = und.plan
    if plan is None or len(plan.steps) != 1 or plan.steps[0].entity != "设备":
        return und
    step = plan.steps[0]
    said = [
        f
        for f in step.filters
        if f.node not in (None, "n0")
        and f.field == "服务状态"
        and (_NOT_YET.search(f.text or "") or _DONE.search(f.text or ""))
    ]
    if len(said) != 1:
        return und
    not_yet = _NOT_YET.search(said[0].text or "") is not None
    cond = Filter(
        node="n0",
        field=_NAME,
        op=Op.GT if not_yet else Op.LTE,
        value=0,
        value_source=ValueSource.DERIVED,
        text=said[0].text,
    )
    derived = Derived(name=_NAME, node="n0", expression="days_between(today, 入项目日期)", unit="天")
    filters = [cond if f is said[0] else f for f in step.filters]
    new_step = step.model_copy(update={"filters": filters, "derived": [*step.derived, derived]})
    word = "晚于" if not_yet else "不晚于"
    note = f"口径：「{said[0].text}」指设备自己的入项目日期{word}今天，不按项目的服务状态"
    notes = [n for n in plan.notes if "按服务状态取值理解为" not in n] + [note]
    new_plan = plan.model_copy(update={"steps": [new_step], "notes": notes})
    und_notes = [n for n in und.notes if "按服务状态取值理解为" not in n] + [note]
    return dataclasses.replace(und, plan=new_plan, notes=und_notes)


def entry_read_on_project(text: str, plan: QueryPlan) -> str | None:
    """The entry word of a device question that the plan still reads as a 服务状态, else None."""
    if not _DEVICE.search(text):
        return None
    for step in plan.steps:
        for f in step.filters:
            if f.field == "服务状态" and f.text and _ENTRY.search(f.text):
                return f.text
    return None
