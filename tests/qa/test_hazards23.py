"""Judge-18 classes at the plan (no graph; own wording besides the judge's probes). W11b a clause restating
a date compared with today, or a lexicon word for it, is a condition on the subject's own date — never a hop
to another record type and a condition there."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import QueryType
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- W11b: a restating clause stays on the subject


@pytest.mark.parametrize(
    "q",
    [
        "结束日期早于今天（已经到期）的维保合同有几份",
        "结束日期晚于今天（还没到期）的维保合同有几份",
        "结束日期早于今天(已过期)的维保合同有哪些",
        "维保合同里结束日期在今天之前（已经到期）的有几份",
        "已经到期的维保合同有几份",
        "已到期的维保合同有哪些",
    ],
)
def test_the_condition_stays_on_the_subject(q: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == "维保合同" and not step.hops, p
    assert [(f.node, f.field) for f in step.filters] == [("n0", "结束日期距今天数")], p


def test_a_named_other_type_keeps_its_own_condition() -> None:
    p = planned("已到期的项目里有几份维保合同")
    assert p.query_type is QueryType.COUNT and p.steps[0].hops, p


def test_the_lexicon_type_itself_keeps_its_derived_day_count() -> None:
    p = planned("已经到期的项目有几个")
    assert [f.field for f in p.steps[0].filters] == ["合同剩余天数"], p


def test_an_opposite_clause_is_not_dropped() -> None:
    u = understand("结束日期晚于今天（已经到期）的维保合同有几份")
    assert u.status is not UnderstandingStatus.PLAN or u.plan is None or len(u.plan.steps[0].filters) > 1, u
