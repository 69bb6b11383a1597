"""平均每次收款多少 is the mean over the times money moved (a record with the amount > 0), never over month rows with
0 — pass 54 found the class on the dev data (one 0 in 24 rows of 收款金额); our own wordings on the dev schema."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa.dsl import AggFn
from tests.qa.helpers import UnderstandingStatus, filter_set, planned, understand

TODAY = date(2026, 4, 20)


@pytest.mark.parametrize("q, field", [("平均每次收款多少钱", "收款金额"), ("XMSQ0102平均每笔开票金额是多少", "开票金额")])
def test_a_mean_per_time_keeps_the_records_with_money(q: str, field: str) -> None:
    u = understand(q, TODAY)
    if u.status is not UnderstandingStatus.PLAN or u.plan is None:
        return  # a refusal is acceptable, a mean over months without money is not
    assert u.plan.aggregate is not None and u.plan.aggregate.fn is AggFn.AVG, u.plan
    assert (field, "gt", 0) in filter_set(u.plan), u.plan


def test_a_plain_mean_of_the_amount_keeps_every_record() -> None:
    plan = planned("收款金额的平均值是多少", TODAY)
    assert plan.aggregate is not None and plan.aggregate.fn is AggFn.AVG
    assert ("收款金额", "gt", 0) not in filter_set(plan), plan


@pytest.mark.parametrize("q", ["那几笔收款一共多少钱", "这几次开票的金额合计多少"])
def test_a_demonstrative_before_the_records_asks_their_amount(q: str) -> None:
    """这几笔 / 那几次 point at records (test_hazards21_graph: 固定资产这几笔采购的金额一共多少 = Σ金额), never times."""
    from kgdesk.qa.understand.times_counted import times_counted

    plan = planned("收款金额一共多少", TODAY)
    assert times_counted(q, plan) is None
