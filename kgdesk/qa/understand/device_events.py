"""An event count of a thing (修过几回 / 坏过几次 / 检修多少次) is never answered as a count of people (judge 50, W1).

XMSQ0150 的 DT-001 一年维修几次 was planned as "people whose 岗位名称 contains 维修 and whose 司龄 = 1": the activity
verb matched as a substring into a 岗位名称 value, the span 一年 read as 司龄 = 1, and 人员 counted for a question whose
subject is a device and that has no person word. No ledger records such events (设备信息 holds a device's state and
dates, never its repairs), so the answer is `insufficient` / `no_such_field` naming the event count. Three general
looks at a finished plan:
- events_counted: a count of 人员 for a question asked in 次 / 回 that has no person word → the event count's name;
- verb_as_position: a 岗位名称 value matched from a part of it (维修 ⊂ 工程维修工) in a question with no person word
  whose plan also reaches a non-person record by its key → the verb;
- span_as_field: 一年 / 半年 / 一个月 / 每年 read as a field = N (司龄 = 1) when the question names no such field → the span;
- devices_counted: a count of 设备 for a 几次 / 几回 question (那台客梯坏了几回 → the devices whose 完好状况 is 报废, judge 52)
  → the word (refused: times are no number of devices).
"""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan, ValueSource

_EVENTS = re.compile(r"(?:几|多少)\s*(?:次|回|趟)|次数")
_PERSON = re.compile(r"人(?!次)|员|谁|师傅|领班|经理|班长|保安|者|(?:几|多少)\s*(?:位|名|号)")
_SPANS = ("一年", "半年", "一个月", "每年", "每月", "一季度", "一个季度", "一周", "每周", "每天")
_NAMED_FIELD = re.compile(r"司龄|工龄|年限|入职|在职|工作了|干了|合同期|有效期|剩余|满")
_VERB = re.compile(r"([\u4e00-\u9fff]{1,2}?)(?:过|了)?\s*(?:几|多少)\s*(?:次|回|趟)")


def _no_person(text: str) -> bool:
    return _PERSON.search(text) is None


def _counts_people(plan: QueryPlan) -> bool:
    agg = plan.aggregate
    return (
        bool(plan.steps)
        and plan.steps[0].entity == "人员"
        and agg is not None
        and agg.fn.value.startswith("count")
    )


def _verb(text: str, plan: QueryPlan) -> str:
    for s in plan.steps:
        for f in s.filters:
            if f.field == "岗位名称" and f.text:
                return f.text
    m = _VERB.search(text)
    return m.group(1) if m else "发生"


def events_counted(text: str, plan: QueryPlan) -> str | None:
    """The event count's name (维修次数) when people are counted for a 几次 / 几回 question with no person word."""
    if _EVENTS.search(text) is None or not _no_person(text) or not _counts_people(plan):
        return None
    return f"{_verb(text, plan)}次数"


def verb_as_position(text: str, plan: QueryPlan) -> str | None:
    """A part of a 岗位名称 value (维修) bound as the position in a question with no person word whose plan reaches a
    non-person record by its key (a device, a project's device): the verb, else None."""
    if not _no_person(text):
        return None
    keyed = False
    for st in plan.steps:
        labels = st.aliases()
        keyed = keyed or any(
            f.field == "_key"
            and f.op.value == "eq"
            and labels.get(f.node or "n0") not in ("人员", "项目", None)
            for f in st.filters
        )
    if not keyed:
        return None
    for s in plan.steps:
        for f in s.filters:
            values = f.value if isinstance(f.value, list) else [f.value]
            if f.field == "岗位名称" and f.text and all(str(v) != f.text for v in values):
                return f.text
    return None


def span_as_field(text: str, plan: QueryPlan) -> str | None:
    """A span or a rate (一年 / 每年) read as a field's value (司龄 = 1) where the question names no such field."""
    if _NAMED_FIELD.search(text) is not None:
        return None
    for s in plan.steps:
        for f in s.filters:
            if f.value_source is ValueSource.DERIVED and (f.text or "").strip() in _SPANS:
                return f.text
    return None


def devices_counted(text: str, plan: QueryPlan) -> str | None:
    """The 几回 / 几次 of a question whose plan counts devices instead of times, else None."""
    agg, m = plan.aggregate, _EVENTS.search(text)
    counted = bool(plan.steps) and plan.steps[0].entity == "设备" and agg is not None and agg.fn.value.startswith("count")
    return m.group(0) if m is not None and counted else None
