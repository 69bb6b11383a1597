"""The planned query read once more against the question's own words, each reread fixing one class
of answer that would be wrong (the host project's field for its contract's, the person's name for
the project's, a sum for "each", a month for a named day, people's rows for a dictionary). Each
returns None when it does not apply, so the order only matters where two could apply."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.anchored_count import anchored_count
from kgdesk.qa.understand.bare_quota import bare_quota_note
from kgdesk.qa.understand.both_values import both_values
from kgdesk.qa.understand.count_not_text import count_not_text
from kgdesk.qa.understand.counted_owners import counted_owners
from kgdesk.qa.understand.device_entry import device_entry_date
from kgdesk.qa.understand.dictionary import dictionary_count
from kgdesk.qa.understand.distinct_values import distinct_values
from kgdesk.qa.understand.dropped_operation import dropped_operation
from kgdesk.qa.understand.each_item import per_item
from kgdesk.qa.understand.each_role import each_role_shown
from kgdesk.qa.understand.either import mixed_negation, union_said
from kgdesk.qa.understand.far_values import far_value_filters
from kgdesk.qa.understand.field_difference import unsigned_total
from kgdesk.qa.understand.full_day import one_day
from kgdesk.qa.understand.group_words import groups_formed
from kgdesk.qa.understand.kind_question import kind_records_listed
from kgdesk.qa.understand.kinds import kinds_counted
from kgdesk.qa.understand.kinds_of_field import kinds_of_field
from kgdesk.qa.understand.later_target import later_target
from kgdesk.qa.understand.monthly import summed_headcount
from kgdesk.qa.understand.negated_owners import negated_measure_owners
from kgdesk.qa.understand.once_each import once_each_note
from kgdesk.qa.understand.quantity_field import quantity_field
from kgdesk.qa.understand.record_fields import (
    grouped_record_total,
    named_record_count,
    record_field_owner,
    related_name,
    what_record_is,
    which_related,
)
from kgdesk.qa.understand.role_records import who_did
from kgdesk.qa.understand.total_field import field_total
from kgdesk.qa.understand.union_count import said_count_dropped
from kgdesk.qa.understand.value_home import dictionary_value_home
from kgdesk.qa.understand.value_owner import value_of_a_named_record
from kgdesk.qa.understand.where_asked import where_asked


def reread(
    plan: QueryPlan, schema: SchemaView, p: _Parsed, use: Callable[[_M], None], raw: dict[str, Any]
) -> QueryPlan:
    """The plan after every reread that applies (raises _Stop where the rules must not guess)."""
    q = p.qn
    plan = both_values(plan, p, use) or plan  # LED灯管和干粉灭火器的采购金额合计: either name, never both at once
    plan = said_count_dropped(plan) or plan  # 保洁员和绿化工两个岗位: the values counted, no condition
    union_said(plan, p)  # 这两类合在一起: the two values of one field, else refused
    mixed_negation(plan)  # 不是完好和停用的设备: neither, or not A but B? not guessed
    far_value_filters(plan, p)  # 停用的人员: a value of a record two hops away is not guessed
    value_of_a_named_record(plan, schema, p)  # 有保安编制的项目: 人员.岗位名称 or 岗位编制.岗位? not guessed
    summed_headcount(plan, schema)  # 1到3月在岗人数一共: person-months are not people
    plan = counted_owners(plan, schema, p) or plan  # 2月收款的项目数: the projects, never the amount
    plan = negated_measure_owners(plan, schema, p, use) or plan  # 1月没有收款的项目: NOT EXISTS such records
    plan = record_field_owner(plan, schema) or plan  # 维保合同的结束日期: the record's own
    plan = grouped_record_total(plan, schema) or plan  # 每个项目的维保合同的合同金额: the contracts'
    plan = dictionary_value_home(plan, schema) or plan  # 记录类型为耗材采购的…供应商: the condition on the records
    plan = quantity_field(plan, schema, p) or plan  # 清洁耗材的数量一共买了多少: 数量 summed, not the records counted
    plan = named_record_count(plan, schema, q) or plan  # CG2026004的数量: its field, not a count of 1
    plan = related_name(plan, schema, q) or plan  # 陈静的项目叫什么: the project's name
    plan = device_entry_date(plan, q) or plan  # 冷却塔什么时候进场的: 设备.入项目日期, never 项目.开始日期
    plan = what_record_is(plan, schema, q) or plan  # CG2026001是什么设备: the record's name
    plan = which_related(plan, schema, q) or plan  # WB2026001是哪个项目的: the related project
    plan = where_asked(plan, schema, p, raw) or plan  # 区图书馆在哪里: its place field
    plan = each_role_shown(plan, schema, p) or plan  # 各片区的负责人: each person's region beside them
    plan = unsigned_total(plan, p) or plan  # 加班超时费合计和国定加班费合计相差多少: |A − B|
    plan = per_item(plan, schema, q, p) or plan  # A和B各有多少 / 各合计多少: one value each
    plan = one_day(plan, schema, p) or plan  # 2026年3月10日: that day, not its month
    plan = who_did(plan, schema, q) or plan  # 谁检查了区图书馆: the 检查人, not the records
    plan = dictionary_count(plan, schema, q) or plan  # 有多少种岗位: the 岗位 nodes
    plan = distinct_values(plan, schema, p) or plan  # 涉及哪些检查类型: each value once
    plan = kinds_counted(plan, schema, p, raw) or plan  # 设备分几类: distinct 设备类型, never the items
    plan = kinds_of_field(plan, schema, p) or plan  # 有几种设备类型: the field's distinct values counted
    plan = kind_records_listed(plan, schema, p, raw) or plan  # 哪几类设备报废了: 设备类型; 有哪几种证书: refused
    plan = field_total(plan, set(load_lexicon().additive_fields), q) or plan  # 青浦片区4月的加班小时合计
    plan = anchored_count(plan) or plan  # XMSQ0150每种检查类型各有多少次: the inspections, never the project
    dropped_operation(plan, p)  # 服务中的项目，客户满意度均值多少: the mean, never the records
    later_target(plan, p)  # X的维保合同，分别签在哪些项目上: the projects asked, not the contracts — refused
    groups_formed(plan, p)  # 每组各有几个项目 with no 按…分组: not a total
    once_each_note(plan, p)  # 同一人只算一次: the count's 口径, said, never an ignored word
    count_not_text(plan, q)  # 有几个 answered with a field's value: refused
    bare_quota_note(plan, p)  # XMSQ0102的编制是几个: Σ 项目编制, 预算编制 named beside it
    return plan
