"""Judge-29 P0, the rule alone (no graph; the in-memory index holds no purchase records, so the wordings are asked end
to end in test_hazards34_graph.py): two values of one field inside one bracket （耗材+固定资产） are a union when the
question has other sides; outside a bracket, either pair could be the sides and the question is refused; with no other
sides the two values stay the sides."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from kgdesk.qa.dsl import Filter, Op
from kgdesk.qa.lexicon import normalize_with_map
from kgdesk.qa.plan_mentions import _Stop
from kgdesk.qa.understand.bracket_union import bracket_union, in_one_bracket

_FIELD = ("n0", "记录类型", "耗材采购", "固定资产")


def _span(text: str) -> tuple[int, int]:
    qn, _ = normalize_with_map(text)
    return qn.index("耗材"), qn.index("固定资产") + 4


def _builder() -> Any:
    f = Filter(node="n0", field="记录类型", op=Op.IN, value=["耗材采购", "固定资产"], text="耗材、固定资产")
    return SimpleNamespace(filters=[f])


@pytest.mark.parametrize(
    "text, inside",
    [
        ("3月的金额（耗材+固定资产）", True),
        ("3月的金额(耗材+固定资产)比1月多多少", True),
        ("3月耗材+固定资产的金额", False),
        ("（3月）耗材+固定资产的金额", False),
        ("3月的金额（耗材+固定资产", False),
    ],
)
def test_in_one_bracket(text: str, inside: bool) -> None:
    from kgdesk.qa.lexicon import normalize_with_map

    qn, _ = normalize_with_map(text)
    s = qn.index("耗材")
    assert in_one_bracket(text, s, qn.index("固定资产") + 4) is inside


@pytest.mark.parametrize(
    "text",
    [
        "3月份登记的采购金额跟1月份的差了多少？（耗材+固定资产）",
        "XMSQ0150和XMSQ0205的采购金额(耗材、固定资产)相差多少",
        "1月的采购金额【耗材和固定资产】比3月多多少",
    ],
)
def test_a_bracket_with_other_sides_is_a_union(text: str) -> None:
    b = _builder()
    p = SimpleNamespace(text=text)
    assert bracket_union(p, b, _FIELD, _span(text), other_sides=True) is True  # type: ignore[arg-type]
    assert b.filters[0].value == ["耗材采购", "固定资产"] and b.filters[0].text == "耗材采购或固定资产"


@pytest.mark.parametrize("text", ["3月和1月耗材+固定资产的金额相差多少", "XMSQ0150和XMSQ0205耗材和固定资产的金额差多少"])
def test_two_pairs_outside_a_bracket_are_refused(text: str) -> None:
    with pytest.raises(_Stop):
        bracket_union(SimpleNamespace(text=text), _builder(), _FIELD, _span(text), other_sides=True)  # type: ignore[arg-type]


def test_with_no_other_sides_the_values_stay_the_sides() -> None:
    text = "2026年1月耗材采购和固定资产哪个金额多"
    assert bracket_union(SimpleNamespace(text=text), _builder(), _FIELD, _span(text), other_sides=False) is False  # type: ignore[arg-type]
