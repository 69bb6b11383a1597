"""The pass-58 last looks at a finished plan, in order (red team 7 and judge 50's W1): an event count of a thing no
ledger records is `insufficient` (device_events), a verb or a span bound as a person's field is refused, and the
plan is rewritten where a word was read on the wrong record: 现在 of people (holders_now), one month positive and the
other negated (month_then_not), the record of an extreme (extreme_record), a device's own entry (device_not_entered;
a device question still read on the project, or times counted as devices, is refused);
one named record counted per group for a two-clause question is refused (two_clauses), so is one number for two
asks (two_asks, red team 8) and a person's service start read on the project's dates
(service_start_read)."""

from __future__ import annotations

from datetime import date

from kgdesk.qa.understand.device_events import (
    devices_counted,
    events_counted,
    span_as_field,
    verb_as_position,
)
from kgdesk.qa.understand.device_not_entered import device_not_entered, entry_read_on_project
from kgdesk.qa.understand.extreme_record import extreme_record
from kgdesk.qa.understand.holders_now import now_of_people
from kgdesk.qa.understand.month_then_not import month_then_not
from kgdesk.qa.understand.service_start_read import service_start_on_project
from kgdesk.qa.understand.two_asks import two_asks
from kgdesk.qa.understand.two_clauses import one_named_counted_per_group
from kgdesk.qa.understanding import Understanding, UnderstandingStatus


def last_readings(text: str, und: Understanding, today: date | None) -> Understanding:
    """The understanding rewritten, refused or declared not in the data by the pass-58 readings."""
    if und.plan is None:
        return und
    if (event := events_counted(text, und.plan)) is not None:  # DT-001 一年维修几次: never a count of people
        msg = f"台账中没有「{event}」这一项（没有记录这类事件的台账）"
        return Understanding(
            UnderstandingStatus.INSUFFICIENT, message=msg, reason="no_such_field", missing=event
        )
    if (word := verb_as_position(text, und.plan) or span_as_field(text, und.plan)) is not None:
        return und.refused(f"「{word}」没有读懂（不是岗位或司龄的取值），不能这样回答")
    if (
        said := one_named_counted_per_group(text, und.plan)
    ) is not None:  # 在哪个项目，岗位是什么: both or none
        return und.refused(f"问题问了几件事（{said}），计划只能回答其中一部分，不能只答一半")
    if (asks := two_asks(text, und.plan)) is not None:  # 有几台设备，其中完好的有几台: never one number for both
        return und.refused(f"问题问了两个数（「{asks}」），计划只算出一个，不能只答一个或把两个加在一起；请分开问")
    if (said := service_start_on_project(text, und.plan)) is not None:  # 杜俊杰3月开始在哪个项目服务
        return und.refused(f"「{said}」说的是人员自己的服务起始或结束年月，计划却按项目的开始或结束日期筛选，不能这样回答")
    if today is not None:
        und = now_of_people(text, und, today)  # 持有…证书的人现在在哪些项目: their current project
    und = month_then_not(text, und, today)  # 2月有开票但3月没有开票: A kept positive, only B negated
    und = extreme_record(text, und)  # 设备里原值最高的是什么: the device(s), never the bare number
    und = device_not_entered(text, und)  # 设备还没进场: its own 入项目日期 after today
    if und.plan is not None and (word := entry_read_on_project(text, und.plan) or devices_counted(text, und.plan)):
        return und.refused(  # NT-002还没进场吗 / 客梯坏了几回 (judge 52): never the project's status or a number of devices
            f"「{word}」说的是设备自己的事（它的进场日期或发生的次数），计划却按项目状态或设备台数回答，不能这样回答"
        )
    return und
