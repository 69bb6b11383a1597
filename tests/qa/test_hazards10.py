"""Judge-10 classes at the plan (in-memory schema, own wording): a ledger's colloquial name is where
the records live, never a filter on them."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import Op
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand


@pytest.mark.parametrize("q", ["维保台账里有几家供应商", "采购台账里有多少家供应商", "采购与维保台账中的供应商有几家"])
def test_ledger_name_is_no_filter(q: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == "供应商" and not step.filters and not step.hops, p


@pytest.mark.parametrize("q", ["行，回头再聊", "你好呀，第一次用这个工具", "好嘞，改天再聊", "您好呀，刚开始用这个软件"])
def test_small_talk_gets_the_capability_reply(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.EXPLAIN and u.explain_text, (q, u.message)


@pytest.mark.parametrize("q", ["状况不等于完好的设备数", "完好状况不属于完好的设备有几台", "岗位不等于保洁员的人有几个"])
def test_not_equal_is_a_ne_filter(q: str) -> None:
    (f,) = planned(q).steps[0].filters
    assert f.op is Op.NE, f


@pytest.mark.parametrize("q", ["带病运行加上停用的设备总数", "停用加上报废的设备一共几台"])
def test_added_values_are_an_in_filter(q: str) -> None:
    (f,) = planned(q).steps[0].filters
    assert f.op is Op.IN and len(f.value) == 2, f


@pytest.mark.parametrize("q", ["性别那一栏填女的有几个人", "岗位栏填的是保洁员的有几个", "性别这一栏填男的有多少人"])
def test_filled_in_as_is_a_value_filter(q: str) -> None:
    (f,) = planned(q).steps[0].filters
    assert f.op is Op.EQ and f.value in ("女", "男", "保洁员"), f
