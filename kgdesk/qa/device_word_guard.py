"""A device's own happenings are never answered from other records (judge 52): 「NT-002还没进场吗」 read as the project's
服务状态 = 未开始 answered a false 没有, and 「那台客梯坏了几回」 counted the devices whose 完好状况 is 报废 (1 台 for a
question about times). A plan that reads an entry word (进场 / 入场 / 退场 / 离场) as a project's 服务状态 while the
question is about a device, or counts devices for a question asking how many times, is refused, naming the word: the
device's own dates are read by pass 58's device_not_entered, and no ledger records a device's events."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, QueryPlan

_ENTRY = re.compile(r"进场|入场|退场|离场|撤场")
_DEVICE = re.compile(r"设备|[A-Za-z]{2}-\d{3}|台")
_TIMES = re.compile(r"几回|几次|多少次|多少回|几趟|多少趟")


def device_word_misread(text: str, plan: QueryPlan) -> str | None:
    """The word a device question was answered by on another record or as another count, or None."""
    if not _DEVICE.search(text):
        return None
    for step in plan.steps:
        for f in step.filters:
            if f.field == "服务状态" and f.text and _ENTRY.search(f.text):
                return f.text  # NT-002还没进场吗: never the project's 未开始
    counted = plan.aggregate is not None and plan.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT)
    if counted and plan.steps and plan.steps[0].entity == "设备" and (m := _TIMES.search(text)) is not None:
        return m.group(0)  # 客梯坏了几回: times, never the number of devices
    return None
