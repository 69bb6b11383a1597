"""Judge-21 classes at the plan (no graph; own wording besides the judge's probes). W14a a kind word
with a record type asks the distinct values of its kind field, also after 这个<label> restating the named
record, and with 种类 said (哪些种类的 / 什么种类的); W14b a yes/no question stays one with a bracket after it."""

from __future__ import annotations

import pytest

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.scan_rules import parentheticals
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- W14a: the kinds of a record type


@pytest.mark.parametrize(
    "q",
    [
        "XMSQ0150这个项目都有哪几类设备",
        "XMSQ0150这个项目有哪几种设备",
        "区图书馆这个项目都有哪几类设备",
        "XMSQ0150有哪些种类的设备",
        "XMSQ0150有什么种类的设备",
        "区图书馆都有哪几种类的设备",
    ],
)
def test_the_kinds_are_the_kind_field(q: str) -> None:
    p = planned(q)
    assert [(g.node, g.field) for g in p.group_by] == [("n0", "设备类型")], p
    assert [(f.node, f.field) for f in p.projection] == [("n0", "设备类型")], p
    assert p.steps[0].entity == "设备" and any(f.value in ("XMSQ0150", "XMSQ0102") for f in p.steps[0].filters), p


@pytest.mark.parametrize("q", ["有什么种类的证书", "赵德胜有哪些种类的证书"])
def test_two_kind_fields_are_not_guessed(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- W14b: 吗（…） stays a yes/no question


@pytest.mark.parametrize(
    "q, moved",
    [
        ("上海安泰电梯工程有限公司 做过维保单位吗（维保合同）", "上海安泰电梯工程有限公司 做过维保单位（维保合同）吗"),
        ("区图书馆有报废的设备吗？（设备信息）", "区图书馆有报废的设备（设备信息）吗？"),
        ("赵德胜是保安吗 (花名册)", "赵德胜是保安(花名册)吗"),
        ("赵德胜有证书没有（证书台账）", "赵德胜有证书（证书台账）没有"),
    ],
)
def test_a_bracket_after_the_particle_is_read_before_it(q: str, moved: str) -> None:
    assert parentheticals(q) == moved


@pytest.mark.parametrize("q", ["三月份开票多少（2026年）", "在10%到12%之间（含）的项目有几个"])
def test_other_brackets_stay(q: str) -> None:
    assert "吗" not in parentheticals(q)


def test_done_maintenance_is_the_company_verb() -> None:
    fillers = load_lexicon().raw["company_verbs"]["fillers"]
    assert {"做过", "承接过", "负责过"} <= set(fillers)
