"""Judge-30 classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards35_graph.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.count_or_amount import count_or_amount

# ---------------------------------------------------------------- P0: a bare 多少 between records with money


class _Schema:
    def __init__(self, props: dict[str, set[str]]) -> None:
        self.props = props

    def has_property(self, label: str, prop: str) -> bool:
        return prop in self.props.get(label, set())


def _parsed(*counts: str) -> Any:
    cues = [SimpleNamespace(text=c) for c in counts]
    return SimpleNamespace(cue=lambda name: cues if name == "count" else [])


_SCHEMA = _Schema({"采购记录": {"金额", "数量", "记录类型"}, "人员": {"性别"}})


@pytest.mark.parametrize("counts", [("多少",), ("几",), ()])
def test_a_bare_how_much_of_money_records_is_unsure(counts: tuple[str, ...]) -> None:
    why = count_or_amount(_parsed(*counts), load_lexicon(), _SCHEMA, "采购记录")  # type: ignore[arg-type]
    assert why is not None and "金额" in why


@pytest.mark.parametrize("counts", [("几笔",), ("多少条",), ("笔数", "多少"), ("多少个",), ("次数",)])
def test_a_count_word_decides_it(counts: tuple[str, ...]) -> None:
    assert count_or_amount(_parsed(*counts), load_lexicon(), _SCHEMA, "采购记录") is None  # type: ignore[arg-type]


def test_records_without_money_are_counted() -> None:
    assert count_or_amount(_parsed("多少"), load_lexicon(), _SCHEMA, "人员") is None  # type: ignore[arg-type]
