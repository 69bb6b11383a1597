"""The character 单 in two readings, both settled from the templates' keys rather than word lists:

- "single X" before a label, a classifier + label, or a time / record word (单人, 单个项目, 单台设备,
  单月, 单次, 单笔): the question is about one X at a time. When the X named cover the key of the
  records the measure lives on (单个项目单月 → 财务 is keyed by 项目编号 + 年月), one record *is*
  one X, so a scalar max / min over the records (or a per-record sort) answers it — no grouping,
  no extra filter. Any other plan (a grouping, a count, a total) answers another question, and a
  "single X" that does not cover the key (单个项目 on 财务 rows of many months) is not guessed.
- the colloquial "order / slip" noun glued to a record type (采购单 = one 采购记录): the record
  type already says it, so the 单 is ignored and listed.
"""

from __future__ import annotations

from kgdesk.qa.dsl import AggFn, QueryPlan, QueryType
from kgdesk.qa.lexicon import Sense, _record_labels, load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView

SINGLE = "单"
TIME_WORDS = {"月": "年月", "个月": "年月"}
"""单月: one month — the records' 年月 key part."""
RECORD_WORDS = ("次", "笔", "条", "项", "份")
"""单次 / 单笔: one record itself."""


def settle_single(p: _Parsed, m: _M) -> bool:
    """A leftover 单… settled in place (True), else False."""
    if not m.text.startswith(SINGLE):
        return False
    prev = p.prev_before(m, skip_fillers=False)
    if m.text == SINGLE and prev is not None and prev.e == m.s and prev.kind == "lex":
        ls = prev.sense("label")
        if ls is not None and ls.get("label") in _record_labels():
            m.kind, m.senses = "lex", [Sense("filler", {"ignored": True}, "")]  # 采购单: the record itself
            p.ignored.append(m.text)
            return True
    rest = m.text[len(SINGLE) :]
    if rest in TIME_WORDS or rest in RECORD_WORDS:
        return _mark(p, m, m, TIME_WORDS.get(rest, ""))
    if rest not in ("", "个"):
        return False
    nxt = p.next_after(m, skip_fillers=False)
    if nxt is not None and nxt.s == m.e and nxt.kind == "lex" and nxt.has("filler") and len(nxt.text) == 1:
        nxt = p.next_after(nxt, skip_fillers=False)  # 单|个|项目 / 单|台|设备
    ls = nxt.sense("label") if nxt is not None and nxt.kind == "lex" else None
    if nxt is not None and ls is not None and nxt.s <= m.e + 1:
        return _mark(p, m, nxt, str(ls.get("label")))
    after = p.next_after(m, skip_fillers=False)
    label = load_lexicon().classifier_label(after.text) if after is not None and after.s == m.e else None
    if rest == "" and after is not None and label is not None:
        return _mark(p, m, after, label)  # 单台|设备原值: the classifier names the label
    return False


def _mark(p: _Parsed, first: _M, last: _M, single: str) -> bool:
    """One ignored mention from `first` to `last` that remembers what it singles out."""
    text = p.qn[first.s : last.e]
    p.mentions = [x for x in p.mentions if x is first or not (first.s <= x.s and x.e <= last.e)]
    first.kind, first.e, first.text = "lex", last.e, text
    first.senses = [Sense("filler", {"ignored": True, "single": single}, "")]
    p.ignored.append(text)
    return True


def single_refusal(p: _Parsed, plan: QueryPlan, schema: SchemaView) -> str | None:
    """Why the plan does not answer a "single X" question (None when it does or there is none)."""
    singles = [
        (m, str(s.get("single")))
        for m in p.mentions
        if m.kind == "lex"
        for s in m.senses
        if s.kind == "filler" and s.get("single") is not None
    ]
    if not singles or not plan.steps:
        return None
    words = "」「".join(m.text for m, _ in singles)
    entity = plan.steps[0].entity
    key = set(schema.key_fields(entity))
    covered: set[str] = set()
    for _, single in singles:
        if single == "" or single == entity:
            covered |= key
        elif single in key:
            covered.add(single)
        else:
            covered |= set(schema.key_fields(single))
    props = schema.labels[entity].properties if entity in schema.labels else {}
    times = {k for k in key if (pi := props.get(k)) is not None and (pi.is_month or pi.is_date or pi.type == "年份")}
    step = plan.steps[0]
    one_month = {t.field for t in step.time if t.node == "n0" and t.kind == "month_eq" and t.start == t.end}
    if not (covered & key) or (times - covered - one_month):
        return f"「{words}」说的是每个单独的对象，但{entity}记录不是一条对应一个"
    agg = plan.aggregate
    scalar = (
        plan.query_type is QueryType.AGGREGATE and agg is not None and agg.fn in (AggFn.MAX, AggFn.MIN)
    )
    per_record_sort = plan.query_type is QueryType.LIST and agg is None and any(s.by == "field" for s in plan.sort)
    top_group = bool(plan.group_by) and plan.limit is not None and agg is not None and agg.fn in (AggFn.MAX, AggFn.MIN)
    if top_group:
        return None  # 单台原值最高的那台设备属于什么类型: the group of the top single record (MAX per group)
    if plan.group_by or not (scalar or per_record_sort):
        return f"「{words}」说的是单条记录，这种问法离线规则暂不支持"
    return None


def single_ranking(p: _Parsed, plan: QueryPlan, schema: SchemaView) -> bool:
    """哪个项目单月开票金额最高: groups ranked by a total, where the "single X" words cover the rest of
    the records' key beyond the group's own key (财务: 项目编号 + 年月; group 项目, 单月 = 年月): one
    group's single X is one record, so the groups rank by their highest (lowest) record instead."""
    singles = {str(s.get("single")) for m in p.mentions if m.kind == "lex" for s in m.senses if s.kind == "filler" and s.get("single") is not None}
    agg = plan.aggregate
    if not singles or len(plan.group_by) != 1 or not plan.limit or not plan.sort or len(plan.steps) != 1:
        return False
    if agg is None or agg.fn is not AggFn.SUM or not agg.field or agg.node != "n0":
        return False
    step = plan.steps[0]
    g = plan.group_by[0]
    group_label = step.aliases().get(g.node, "")
    if g.field not in (None, "_key") or g.node == "n0" or group_label not in schema.labels:
        return False
    key = set(schema.key_fields(step.entity))
    own = {f for f in schema.key_fields(group_label)}
    covered = {s for s in singles if s in key}
    return bool(covered) and (key - covered) == own and own <= key
