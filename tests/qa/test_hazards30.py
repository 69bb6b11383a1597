"""Judge-25 classes at the plan (no graph; own wording besides the judge's probes). P0 a name after a naming
word (叫X / 名叫X / 名字是X) is the name X itself: names that only contain it are offered as a choice that says
no one is called X — never a yes — and a name no one holds is an exact condition (a plain no)."""

from __future__ import annotations

import dataclasses

import pytest

from kgdesk.qa.dsl import Op
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import context, planned, understand

# ---------------------------------------------------------------- P0: 叫X is the name X


@pytest.mark.parametrize(
    "q, shown",
    [
        ("有叫德胜的人吗", "赵德胜"),
        ("人员信息里名叫德胜的有几个", "赵德胜"),
        ("叫德胜的员工是谁", "赵德胜"),
        ("名字是德胜的人有吗", "赵德胜"),
        ("花名册里有没有一个叫德胜的", "赵德胜"),
        ("有没有叫赵巷的项目", "青浦-赵巷公园"),
    ],
)
def test_a_part_of_a_name_is_a_choice_that_says_no_one_is_called_so(q: str, shown: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.CLARIFY, (q, u.status, u.message)
    assert u.message.startswith("数据中没有叫") and shown in u.message, u.message
    assert u.choices and all(shown in o.label for o in u.choices[0].options)


@pytest.mark.parametrize("q", ["有叫李强的人吗", "有没有叫李强的员工", "名叫李强的员工有几个"])
def test_a_name_no_one_holds_is_an_exact_condition(q: str) -> None:
    p = planned(q)
    fs = [f for s in p.steps for f in s.filters if f.field == "姓名"]
    assert [(f.op, f.value) for f in fs] == [(Op.EQ, "李强")], fs


def test_the_whole_name_is_that_person() -> None:
    p = planned("有没有叫赵德胜的")
    assert any(f.value == "KWL2307024" for s in p.steps for f in s.filters)


def test_the_name_picked_from_the_choice_is_that_person() -> None:
    ctx = dataclasses.replace(context(), choices={"德胜": ["KWL2307024"]})
    u = DeterministicPlanner().understand_sync("有叫德胜的人吗", ctx)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    assert any(f.value == "KWL2307024" for s in u.plan.steps for f in s.filters)


def test_a_name_said_to_contain_the_words_still_contains_them() -> None:
    p = planned("名字里带德胜的员工有几个")
    assert any(f.op is Op.CONTAINS and f.value == "德胜" for s in p.steps for f in s.filters)
