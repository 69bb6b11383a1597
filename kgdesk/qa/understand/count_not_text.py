"""A count's value is never a text (医疗卫生业态的项目有几个 → "公建" was a wrong answer): a question that ends asking
how many (有几个 / 有多少个 / 一共几家) whose plan shows a field's value instead of counting is refused, naming the field
(`count_not_text`); and <value>业态 restates the value's own field (医疗卫生业态的项目 → 医疗卫生类的项目), never the
汇总业态 asked (`value_with_field_word`)."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan, QueryType
from kgdesk.qa.plan_mentions import _needs_llm

_UNIT = r"(?:个|家|台|位|名|条|张|项|处)"
_HOW_MANY = re.compile(
    rf"(?:(?:有|共|一共|总共|共有)(?:几{_UNIT}?|多少{_UNIT})|(?:项目|设备|人员|员工|证书|记录|合同)(?:个?数|数量|总数))[？?。]?$"
)
_FIELD_WORD = re.compile(r"(?<![汇总细分什么哪各每按同类])(?<!不同)(?<!哪个)(?<!哪种)(?<!什么)业态(?:的|类的|类)?(?=项目)")


def value_with_field_word(text: str) -> str:
    """医疗卫生业态的项目有几个 → 医疗卫生类的项目有几个 (the value before 业态 keeps its own field)."""
    return _FIELD_WORD.sub("类的", text)


def count_not_text(plan: QueryPlan, q: str) -> None:
    """Refuse a plan that answers "how many" with a field's value."""
    if not _HOW_MANY.search(q) or plan.aggregate is not None or plan.query_type is not QueryType.STATUS:
        return
    shown = [r.field for r in plan.projection if r.field]
    if shown:
        raise _needs_llm(f"问的是个数，计划却给出「{shown[0]}」的取值")
