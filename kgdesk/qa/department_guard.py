"""A department that opens a question about records other than people is not silently a handler filter.

财务部的开票金额最高的两个项目 is most likely asked from the finance department; read as "records whose people are in
财务部" the filter reaches the finance records only through a person related to them (服务于 / 经办 / 检查人), finds
none, and the answer is an empty "no records" — misleading, and a plain wrong number where some happen to match.
Both readings are possible, so the plan is refused with both named. A department that modifies people (财务部的人 /
财务部员工3月加班) is a condition on those people and stays as it is; the organisation fields are the person
fields the lexicon's `department_fields` lists.
"""

from __future__ import annotations

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.lexicon import load_lexicon, normalize

_PERSON = "人员"
_OPENERS = ("我们的", "咱们的", "我们", "咱们", "咱", "我是", "我在")


def department_opens(qn: str, plan: QueryPlan) -> str | None:
    """The department (组织名称 value) opening a question whose records reach it only through a person, or None."""
    lx = load_lexicon()
    fields = set(lx.raw.get("department_fields", {}).get("fields", []))
    people = sorted((normalize(w) for w in [_PERSON, *lx.labels.get(_PERSON, [])]), key=len, reverse=True)
    head = next((qn[len(o) :] for o in _OPENERS if qn.startswith(o)), qn)
    for step in plan.steps:
        if step.entity == _PERSON:
            continue
        aliases = step.aliases()
        for f in step.filters:
            if aliases.get(f.node) != _PERSON or f.field not in fields:
                continue
            said = normalize(str(f.text or f.value))
            if not said or not head.startswith(said):
                continue
            rest = head[len(said) :].lstrip("的")
            if not any(rest.startswith(w) for w in people):
                return str(f.text or f.value)  # 财务部的开票金额: not 财务部的人
    return None
