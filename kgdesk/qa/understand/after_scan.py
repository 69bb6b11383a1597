"""Words settled right after the scan, before names are grounded: a has-it-passed word after a date
field (see passed.py), words searched in a name or a free-text field, and a unit word after an
aggregate cue (最高分 / 平均分: the score field), a verb before a day code (排到夜班)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kgdesk.qa.lexicon import Sense, load_lexicon
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.day_code_verbs import day_code_verbs
from kgdesk.qa.understand.field_tail import field_tail
from kgdesk.qa.understand.hop_label import hop_label
from kgdesk.qa.understand.in_the_end import in_the_end
from kgdesk.qa.understand.kind_and_type import shared_label_word
from kgdesk.qa.understand.leftovers import labels_named
from kgdesk.qa.understand.missing_person import rejoin_names
from kgdesk.qa.understand.name_contains import name_contains
from kgdesk.qa.understand.no_records_ever import no_records_ever
from kgdesk.qa.understand.passed import claim_passed_words
from kgdesk.qa.understand.people_counted import people_counted
from kgdesk.qa.understand.score_tail import score_tail
from kgdesk.qa.understand.text_contains import text_contains
from kgdesk.qa.understand.time_restated import time_restated
from kgdesk.qa.understand.unit_words import all_of_the_owners, unit_of_the_measure
from kgdesk.qa.understand.value_this_field import value_this_field
from kgdesk.qa.understand.verb_not_locative import verb_not_locative

_AGGREGATE_CUES = frozenset({"max", "min", "avg", "sum"})


def after_scan(p: _Parsed, schema: SchemaView, unit_fields: Mapping[str, Sequence[str]]) -> None:
    claim_passed_words(p, schema)
    verb_not_locative(p)  # 投标中了几回: 中了 is a verb, never the locative filler 中
    in_the_end(p)  # 最后中了标的: "in the end" before a result value changes nothing
    field_tail(p)  # 合同开始|日期: the rest of the field's own name
    score_tail(p, unit_fields)  # 客户满意度|分数: the field's own score, not 检查得分
    time_restated(p)  # 这个月，也就是3月份: the same month said twice
    shared_label_word(p)  # 消防维保|合同: the rest of 维保合同 is still the type's word
    raw = load_lexicon().raw
    verbs = {w[0] for ws in raw.get("role_verbs", {}).values() if isinstance(ws, list) for w in ws}
    rejoin_names(p, raw.get("surnames", []), raw.get("neutral_words", {}).get("words", []), verbs)  # 上|官云, 陈静|静
    name_contains(p, schema)  # 名字里带上海的供应商: a text in the name field
    text_contains(p, schema)  # 问题描述提到灭火器的: a text in a free-text field
    no_records_ever(p)  # 没有考勤记录的员工 (no month): no 考勤 record at all
    unit_after_aggregate(p, schema, unit_fields)
    unit_of_the_measure(p, load_lexicon().field_units)  # 预算编制一共多少人: 人 is the measure's unit
    all_of_the_owners(p, schema)  # 所有项目的在岗人数: every record, no hop to 项目
    people_counted(p)  # 排过夜班的一共多少人: the people with such a day, not the days summed
    day_code_verbs(p)  # 排到夜班: the day has the code, as 上夜班
    hop_label(p, schema)  # 哪个片区的项目被检查的次数最多: 的项目 is the path's own middle
    value_this_field(p)  # 保安_普保这个岗位: the value alone


_COPULAS = frozenset({"在", "是", "为", "于"})


def date_field_of_a_time(p: _Parsed, schema: SchemaView) -> None:
    """入职日期在2024年 / 整改完成日期是2026年2月 / 有效期至是在2029年之后: a date field named right before a
    time (at most two copulas between) is where that time goes — a condition, not the field asked for. A date
    attribute is no monthly fact: the data's month coverage says nothing about it. Run once names
    are grounded (a field word settled from a leftover counts too)."""
    for m in list(p.lex("field")):
        fs = m.sense("field")
        info = schema.prop(str(fs.get("label")), str(fs.get("field"))) if fs is not None else None
        keyed = fs is not None and str(fs.get("field")) in schema.key_fields(str(fs.get("label")))
        if info is None or not (info.is_date or (info.is_month and not keyed)):
            continue  # 服务起始年月在3月: a person's own month field, never a monthly fact's key 年月
        nxt = p.next_after(m, skip_fillers=False)
        for _ in range(2):  # 有效期至是在2029年1月1日之后: 是 and 在 are both copulas
            if nxt is not None and nxt.kind == "lex" and nxt.text in _COPULAS:
                nxt = p.next_after(nxt, skip_fillers=False)
        if fs is not None and nxt is not None and nxt.kind == "time":
            m.senses = [Sense("time_field", dict(fs.data), str(fs.get("field")))]


def unit_after_aggregate(p: _Parsed, schema: SchemaView, unit_fields: Mapping[str, Sequence[str]]) -> None:
    """检查最高分 / 平均分 / 总分: a unit word right after an aggregate cue names the one field of the
    record types the question names that is counted in that unit (lexicon unit_fields: 分 → 检查得分,
    客户满意度); with none or several such fields it stays what it was."""
    named = labels_named(p)
    for m in p.mentions:
        fields = unit_fields.get(m.text)
        prev = p.prev_before(m, skip_fillers=False)
        if not fields or prev is None or prev.e != m.s or prev.kind != "lex":
            continue
        if not any(s.kind == "cue" and s.name in _AGGREGATE_CUES for s in prev.senses):
            continue
        if m.kind == "lex" and any(s.kind not in ("cue", "filler") for s in m.senses):
            continue
        owners = [
            (lab, f) for lab in sorted(named) for f in fields if (i := schema.prop(lab, f)) is not None and i.present
        ]
        if len(owners) > 1:  # 各项目检查的平均分: the record type named right before the cue
            near = p.prev_before(prev, skip_fillers=True)
            ls = near.sense("label") if near is not None and near.kind == "lex" else None
            owners = [o for o in owners if ls is not None and o[0] == ls.get("label")]
        if len(owners) == 1:
            lab, f = owners[0]
            m.kind, m.senses = "lex", [Sense("field", {"label": lab, "field": f}, f)]
