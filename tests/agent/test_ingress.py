"""The ingress gate: protocol replies and mode commands never reach understanding."""

from __future__ import annotations

import pytest

from kgdesk.agent.ingress import IngressKind, classify


@pytest.mark.parametrize("text", ["确认", "好的", "好", "是的", "OK", "没问题", "确认。"])
def test_confirmations(text: str) -> None:
    assert classify(text).kind is IngressKind.CONFIRM


@pytest.mark.parametrize("text", ["继续", "继续吧", "全部"])
def test_continue(text: str) -> None:
    assert classify(text).kind is IngressKind.CONTINUE


@pytest.mark.parametrize("text", ["取消", "算了", "不用了"])
def test_cancel(text: str) -> None:
    assert classify(text).kind is IngressKind.CANCEL


@pytest.mark.parametrize(
    ("text", "choices"),
    [("A", (0,)), ("b", (1,)), ("C", (2,)), ("2", (1,)), ("第二个", (1,)), ("选B", (1,)), ("A和C", (0, 2)), ("1,3", (0, 2)), ("Ａ", (0,))],
)
def test_choices(text: str, choices: tuple[int, ...]) -> None:
    ing = classify(text)
    assert ing.kind is IngressKind.CHOICE
    assert ing.choices == choices


def test_none_of_these() -> None:
    assert classify("都不是").kind is IngressKind.NONE_OF_THESE


@pytest.mark.parametrize(("text", "mode", "value"), [("/auto", "auto", True), ("离线模式", "offline", True), ("/llm", "offline", False)])
def test_modes(text: str, mode: str, value: bool) -> None:
    ing = classify(text)
    assert ing.kind is IngressKind.MODE
    assert (ing.mode, ing.mode_value) == (mode, value)


@pytest.mark.parametrize(
    "text",
    ["青浦-赵巷公园有多少人", "改成4月", "换成税务局", "其中女的有几个", "2026", "3月", "A项目有多少人", "哪些项目在服务中"],
)
def test_questions_pass(text: str) -> None:
    assert classify(text).kind is IngressKind.QUESTION
