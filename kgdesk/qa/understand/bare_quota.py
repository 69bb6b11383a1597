"""A bare 编制 asked as a number (XMSQ0102的编制是几个 / 保洁员编制一共多少人 / 有几个编制 / 编制总数是多少) is the headcount
quota: Σ 项目编制 over the 岗位编制 rows in scope (the lexicon's 编制人数 already means 项目编制), never a count of
岗位编制 rows and never the staff serving now. 预算编制 / 项目编制 / 岗位编制 said explicitly keep their own reading.
The 口径 says so and names 预算编制 beside it (`bare_quota_note`)."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.plan_mentions import _Parsed

_NOT_BARE = r"(?<!预算)(?<!项目)(?<!岗位)"
_ASK = r"(?:是|有|为)?(?:多少个?人?|几个人?|几人|几位|多少位)"
_TAIL = re.compile(
    rf"的?{_NOT_BARE}编制(?:的)?(?:总数|总量|总额|数量|数)?(?:一共|总共|合计|加起来|总计)?{_ASK}(?=[？?。]?$)"
)
_HAS = re.compile(rf"(?:一共|总共)?有(?:几个|多少个?){_NOT_BARE}编制(?=[？?。]?$)")
NOTE = "口径：编制按岗位编制表的项目编制合计（另有预算编制，是另一个字段）"


def bare_quota(text: str) -> str:
    """XMSQ0138编制一共几个人 → XMSQ0138的编制人数合计是多少 (编制人数 is 项目编制 in the lexicon)."""
    for pattern in (_TAIL, _HAS):
        m = pattern.search(text)
        if m is not None and m.start() > 0:
            return text[: m.start()] + "的编制人数合计是多少"
    return text


def said_bare(question: str) -> bool:
    """编制人数 (what `bare_quota` wrote, or the user) with neither 预算编制 nor 项目编制 said."""
    return "编制人数" in question and not re.search(r"预算编制|项目编制", question)


def bare_quota_note(plan: QueryPlan, p: _Parsed) -> None:
    """The 口径 of a bare 编制 read as Σ 项目编制, 预算编制 named beside it."""
    agg = plan.aggregate
    if agg is None or agg.fn is not AggFn.SUM or agg.field != "项目编制" or not said_bare(p.question):
        return
    if NOTE not in plan.notes:
        plan.notes.append(NOTE)
