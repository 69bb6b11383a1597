"""Two last looks at a finished plan about what the question asks for (judge 45, after pass 53).

- **The items asked by their own value.** 夏阳养老院有哪些停车道闸 / 目前仍在项目上的电梯数量是多少 name the asked items by
  a value of their own field (设备名称 停车道闸, 设备类型 电梯): a plan that lists or counts another record (the project
  that has them) answers another question — the project itself, or the number of projects with an elevator. The value
  is the filter of a hop node whose text follows 哪些 / 哪几 or precedes 数量 / 有几 / 有多少 at the end.
- **"Now" on monthly facts.** 吴金龙目前在哪个项目上班 read from the 考勤 rows of every month drops 目前: a now-word said
  while a monthly-fact step (考勤 / 排班 / 财务 …, keyed by 年月) carries no time window and no note says the word."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, QueryPlan, QueryType
from kgdesk.qa.schema import SchemaView

_NOW = ("现在", "目前", "当前", "如今", "眼下", "此刻", "截至今天", "到今天为止")
_AFTER_WHICH = r"(?:哪些|哪几(?:台|个|部|套|种)?)"
_BEFORE_COUNT = r"(?:的)?(?:数量|总数|台数|个数)(?:是|为|有|一共|共|总共)*(?:多少|几)[台个部套]?[？?。！!]?$|(?:一共|总共|共)?有(?:多少|几)[台个部套]?[？?。！!]?$"


def item_asked_by_value(text: str, plan: QueryPlan) -> str | None:
    """The value naming the asked items (停车道闸) when the plan lists or counts another record, or None."""
    if len(plan.steps) != 1 or plan.group_by or plan.comparison is not None or plan.share is not None:
        return None
    step = plan.steps[0]
    listing = plan.query_type is QueryType.LIST
    agg = plan.aggregate
    counting = plan.query_type is QueryType.COUNT and agg is not None and agg.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT)
    if not (listing or counting):
        return None
    targets = {f"n{i + 1}": h.target for i, h in enumerate(step.hops)}
    counted = step.entity if listing or agg is None else ({"n0": step.entity} | targets).get(agg.node, step.entity)
    for f in step.filters:
        label = targets.get(f.node)
        if label is None or label == counted or not f.text or f.text not in text:
            continue
        value = re.escape(f.text)
        if listing and re.search(rf"{_AFTER_WHICH}{value}", text):
            return f.text
        if counting and re.search(rf"{value}(?:{_BEFORE_COUNT})", text):
            return f.text
    return None


def now_dropped_on_monthly(text: str, plan: QueryPlan, schema: SchemaView) -> str | None:
    """The now-word (目前) when a monthly-fact step has no time window and nothing in the plan says the word."""
    said = next((w for w in _NOW if w in text), None)
    if said is None or any(said in n for n in plan.notes):
        return None
    for step in plan.steps:
        if step.time or any(f.text and said in f.text for f in step.filters):
            continue
        if "年月" in schema.key_fields(step.entity):
            return said
    return None
