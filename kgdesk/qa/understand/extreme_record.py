"""<record type>里<field>最高 / 最大 / 最低 的是什么 / 是哪个 / 是谁 asks for the record, with ties (red team 7, class M).

设备里原值最高的是什么 was planned as max(原值) and answered with the bare number, like 最高是多少; 原值最高的设备是什么
already names the device. The plan's whole-set maximum / minimum is rewritten to the top record(s) by that field, ties
kept, when the extreme word is followed by 的(是)什么 / 哪… / 谁; only 最高是多少 / 最大值 asks for the number. A date's
extreme (有效期至最晚的是什么) is answered the same way, never with an error."""

from __future__ import annotations

import dataclasses
import re

from kgdesk.qa.dsl import CONTRACT_FOR, AggFn, FieldRef, QueryType, Sort
from kgdesk.qa.understanding import Understanding

_WHICH = re.compile(r"最(?P<w>[高大多低小少早晚贵便长短])的?(?:是|为)?(?:什么|哪|谁)")
_NUMBER = re.compile(r"最[高大多低小少早晚贵长短](?:是|为)?(?:多少|几)|最[大小高低]值|数值")


def extreme_record(text: str, und: Understanding) -> Understanding:
    """The understanding with max / min of one field rewritten to the record(s) holding it; else unchanged."""
    plan = und.plan
    if plan is None or _WHICH.search(text) is None or _NUMBER.search(text) is not None:
        return und
    agg = plan.aggregate
    if agg is None or agg.fn not in (AggFn.MAX, AggFn.MIN) or not agg.field or len(plan.steps) != 1:
        return und
    if plan.group_by or plan.having is not None or plan.comparison is not None or plan.share is not None:
        return und
    if agg.node not in (None, "n0"):
        return und
    direction = "desc" if agg.fn is AggFn.MAX else "asc"
    listed = plan.model_copy(
        update={
            "query_type": QueryType.LIST,
            "answer_contract": CONTRACT_FOR[QueryType.LIST],
            "aggregate": None,
            "projection": [FieldRef(field=agg.field)],
            "sort": [Sort(by="field", field=agg.field, direction=direction)],
            "limit": 1,
            "with_ties": True,
        }
    )
    return dataclasses.replace(und, plan=listed)
