"""都 read as "any" (judge 41 W3, W4): a last look at a finished plan.

- 都 after two or more listed months or values (2月和3月都请过假的人; XMSQ0150和XMSQ0105都有人请过病假吗) means *each* of
  them; a plan that keeps the listed values as one "in" condition answers "any of them" (a union) — refused, naming 都.
  都 before a question word (…的项目都有哪些) only enumerates and stays.
- A universal yes/no (所有 / 全部 / 每个 … 都 … 吗) is true only when no member fails; a plan that answers by existence
  ("at least one") is refused, naming the word."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import Op, QueryPlan, QueryType

_ENUMERATING = re.compile(r"都(?:有|是|在|包括|分别)?(?:哪|什么|谁|啥)")
_UNIVERSAL = re.compile(r"所有|全部|全体|每一?[个位台条张家份项名]|每一|凡是|任何|是不是都|是否都|全都")


def each_read_as_any(text: str, plan: QueryPlan) -> str | None:
    """「都」 when the plan reads a list under 都 as a union, or a universal yes/no by existence; else None."""
    if "都" not in text:
        return None
    if plan.query_type is QueryType.EXISTENCE and (m := _UNIVERSAL.search(text)) is not None:
        return m.group(0)  # 所有员工都有证书吗: never "有" because one has
    if text.count("都") == len(_ENUMERATING.findall(text)):
        return None  # 都有哪些: an enumeration, not "each of them"
    for step in plan.steps:
        for f in step.filters:
            if f.op is Op.IN and isinstance(f.value, list) and len(f.value) >= 2:
                return "都"  # 2月和3月都请过假: each month, never either
    return None
