"""The pass-60 last looks at a finished plan (red team 9): a universal condition over a group's records read as "at
least one" (all_of_group), a monthly figure read off a month-less ledger (monthly_headcount), a date compared with a
bare number of days (days_left: reread as the days left, else refused), 哪几天 answered with people (which_days) and a per-record month comparison answered
with the totals (month_pair), an expiry ranked by another record's value
(expiry_of_other), 最早 ranked by a count (early_by_count) and a record's own negative result read as an
anti-join (negated_record) are refused; a conditional rate gets its condition in the whole too (rate_subset); a field
of a named record read on an unnamed one moves to the named one (field_of_named)."""

from __future__ import annotations

import dataclasses

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.all_of_group import all_of_group
from kgdesk.qa.understand.days_left import date_against_number, days_left_reread
from kgdesk.qa.understand.early_by_count import early_ranked_by_count
from kgdesk.qa.understand.expiry_of_other import expiry_ranked_by_other
from kgdesk.qa.understand.field_of_named import field_on_named_record
from kgdesk.qa.understand.month_pair import each_month_compared
from kgdesk.qa.understand.monthly_headcount import monthly_field_off_ledger, monthly_reread
from kgdesk.qa.understand.negated_record import negation_of_the_record
from kgdesk.qa.understand.rate_subset import narrowed_whole
from kgdesk.qa.understand.which_days import which_days_as_people
from kgdesk.qa.understanding import Understanding


def red_team9_readings(text: str, und: Understanding, schema: SchemaView | None) -> Understanding:
    """The understanding, its plan reread (that month's ledger, days left, a narrowed whole), or a refusal naming the
    words it would misread."""
    plan = und.plan
    if plan is None:
        return und
    if (why := _misread(text, plan)) is not None:
        return und.refused(why)
    if schema is not None and (moved := field_on_named_record(text, plan, schema)) is not None:
        und = dataclasses.replace(und, plan=moved)  # 供应商的维保合同结束得最晚: the contract's 结束日期, not the project's
        plan = moved
    if schema is not None:
        und = _reread_on_schema(text, und, plan, schema)
        if und.plan is not plan:
            return und
    if (narrowed := narrowed_whole(text, plan)) is not None:
        return dataclasses.replace(
            und, plan=narrowed, notes=[*und.notes, "口径：「的」前的条件同时限定分子和分母"]
        )
    return und


def _misread(text: str, plan: QueryPlan) -> str | None:
    """Why the plan answers another question than the words say, or None."""
    if (word := all_of_group(text, plan)) is not None:
        return f"「{word}」要求该组的每一条记录都满足条件，计划却只查“有一条满足”，不能这样回答"
    if (word := early_ranked_by_count(text, plan)) is not None:
        return f"「{word}」是按日期排先后，计划却按记录数量排序，不能这样回答"
    if (word := expiry_ranked_by_other(text, plan)) is not None:
        return f"问的是到期时间，计划却按问题没有提到的记录的「{word}」排序，不能这样回答"
    if (word := negation_of_the_record(text, plan)) is not None:
        return f"否定说的是「{word}」自己的结果，计划却查没有这种{word}的对象，不能这样回答"
    if (word := which_days_as_people(text, plan)) is not None:
        return f"「{word}」问的是哪些日期，计划列出的却不是日期，不能这样回答"
    if (word := each_month_compared(text, plan)) is not None:
        return f"「{word}」要逐个比较各自两个月的值再计数，计划却比较两个月的合计，不能这样回答"
    return None


def _reread_on_schema(text: str, und: Understanding, plan: QueryPlan, schema: SchemaView) -> Understanding:
    """The understanding with its plan read off that month's ledger or as the days left, a refusal where neither
    rereading fits, or the understanding itself."""
    if (reread := monthly_reread(text, plan, schema)) is not None and reread != plan:
        note = "口径：按问题所说月份的按月台账取值（不取不按月的台账）"
        return dataclasses.replace(und, plan=reread, notes=[*und.notes, note])
    if (off := monthly_field_off_ledger(text, plan, schema)) is not None:
        field, ledger = off
        return und.refused(f"问题说了月份，「{field}」按月记录在{ledger}中，计划却取了不按月的台账，不能这样回答")
    if (left := days_left_reread(plan, schema)) is not None:
        note = "口径：「还剩不到…」按距今天的剩余天数计算（不含已过期）"
        return dataclasses.replace(und, plan=left, notes=[*und.notes, note])
    if (said := date_against_number(plan, schema)) is not None:
        return und.refused(f"「{said}」说的是距今天的剩余时间，计划却把日期本身与数字比较，不能这样回答")
    return und
