"""The terminal interactor asks again after an invalid reply; the memo never asks twice."""

from __future__ import annotations

import asyncio

from kgdesk.agent.interact import MemoInteractor, StdinInteractor
from kgdesk.qa.interactions import PlanConfirmation, Reply, SlotConfirmation
from kgdesk.qa.understanding import ChoiceRequest, Option
from tests.agent.helpers import RecordingUI

OPTIONS = [Option("X1", "青浦-赵巷公园（XMSQ0122）"), Option("X2", "青浦-赵巷镇政府（XMSQ0110）"), Option("X3", "其他")]


def _stdin(replies: list[str]) -> tuple[StdinInteractor, list[str]]:
    out: list[str] = []
    it = iter(replies)

    def read(prompt: str) -> str:
        out.append(prompt)
        return next(it)

    return StdinInteractor(input_fn=read, output_fn=out.append), out


def test_invalid_choice_is_asked_again() -> None:
    ui, out = _stdin(["Z", "第九个", "B"])
    picked = asyncio.run(ui.choose_values(ChoiceRequest("entity", "赵巷", "「赵巷」指的是哪一个？", OPTIONS)))
    assert picked == ["X2"]
    assert sum("没有看懂" in line for line in out) == 2
    assert any("A. 青浦-赵巷公园（XMSQ0122）" in line for line in out)


def test_none_of_these_and_multiple() -> None:
    ui, _ = _stdin(["都不是"])
    assert asyncio.run(ui.choose_values(ChoiceRequest("entity", "赵巷", "?", OPTIONS))) is None
    ui, _ = _stdin(["A和C"])
    assert asyncio.run(ui.choose_values(ChoiceRequest("value", "保安", "?", OPTIONS, multiple=True))) == ["X1", "X3"]
    ui, _ = _stdin(["A和C", "A"])  # a single choice does not take two
    assert asyncio.run(ui.choose_values(ChoiceRequest("value", "保安", "?", OPTIONS))) == ["X1"]


def test_confirmations_in_words() -> None:
    ui, _ = _stdin([""])
    assert asyncio.run(ui.confirm_slots(SlotConfirmation("q", [("意图", "统计数量")]))) == Reply(True)
    ui, _ = _stdin(["取消"])
    assert asyncio.run(ui.confirm_plan(PlanConfirmation("q", ["步骤 s1"]))) == Reply(False)
    ui, _ = _stdin(["不对，是4月"])
    assert asyncio.run(ui.confirm_slots(SlotConfirmation("q", []))) == Reply(False, "不对，是4月")


def test_memo_replays_instead_of_asking_twice() -> None:
    inner = RecordingUI(values=[["X2"]])
    memo = MemoInteractor(inner)
    req = ChoiceRequest("entity", "赵巷", "?", OPTIONS)
    assert asyncio.run(memo.choose_values(req)) == ["X2"]
    assert asyncio.run(memo.choose_values(ChoiceRequest("entity", "赵巷", "again?", OPTIONS))) == ["X2"]
    assert len(inner.requests) == 1
    assert [r.replayed for r in memo.records] == [False, True]
    assert memo.choices_given() and list(memo.choices_given().values()) == [["X2"]]
