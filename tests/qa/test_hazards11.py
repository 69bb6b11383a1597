"""Judge-11 classes at the plan (in-memory schema, own wording): a de-duplication clause on a count of
people, and a field left empty said before the field (没填X的)."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import Op
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand


@pytest.mark.parametrize(
    "q",
    ["持有证书的员工一共几位（同一人只算一次）", "有证书的人有多少个，按人算", "4月考勤表里出现过的员工有几个，重复的工号只算一次"],
)
def test_once_each_on_people_is_a_distinct_count(q: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == "人员" and p.aggregate is not None and p.aggregate.fn.value == "count_distinct", p


@pytest.mark.parametrize("q", ["证书有几张，同一人只算一次", "3月考勤记录有几条，重复的工号只算一次"])
def test_once_each_on_records_is_not_guessed(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize(
    "q, op",
    [
        ("检查记录里没填整改完成日期的有几条", Op.IS_NULL),
        ("没有填整改完成日期的检查记录有几条", Op.IS_NULL),
        ("未填离职日期的员工有几个", Op.IS_NULL),
        ("填了整改完成日期的检查记录有几条", Op.NOT_NULL),
    ],
)
def test_empty_field_said_before_it(q: str, op: Op) -> None:
    (f,) = planned(q).steps[0].filters
    assert f.op is op, f
