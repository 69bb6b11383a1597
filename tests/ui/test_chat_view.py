"""How the chat shows answers: it follows a new answer to its end (after the answer's height is
known), never pulls a reader back down, and a streamed narrative starts at the top of its card.

The question itself is not the subject here: `Desktop.ask` is replaced by a coroutine that streams
a narrative and returns a long answer the way the question worker does (the real round trip is in
test_chat.py).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from kgdesk.ui.chat_widgets import AnswerCard
from kgdesk.ui.context import UiContext
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio, until

ROWS = 30


def long_answer(question: str) -> dict[str, Any]:
    table = "\n".join(f"| 设备{i:02d}（XMSQ0150|GD-{i:03d}） | 设备信息.xlsx · 数据 第 {i + 2} 行 |" for i in range(ROWS))
    citations = [{"file": "设备信息.xlsx", "sheet": "数据", "row": i + 2, "template": "设备信息"} for i in range(ROWS)]
    return {
        "status": "answered",
        "question": question,
        "answer": f"符合条件的设备共 {ROWS} 台：\n\n| 名称 | 来源 |\n|---|---|\n{table}\n\n**小结** 一共 {ROWS} 台。",
        "citations": citations,
    }


@pytest.fixture
def fake_ask(ctx: UiContext, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Questions go to a stand-in that narrates in a few chunks, then returns a long answer."""
    asked: list[str] = []

    async def ask(question: str, *, thread_id: str | None, interactor: Any, on_step: Any = None,
                  on_token: Any = None, on_retract: Any = None) -> dict[str, Any]:
        asked.append(question)
        on_step("answer", "active", "")
        for chunk in ("根据当前发布版本的台账，", "符合条件的设备共 30 台。", "每一条结果都可以点击来源行核对。"):
            await asyncio.sleep(0.05)
            on_token(chunk)
        await asyncio.sleep(0.05)
        return long_answer(question)

    monkeypatch.setattr(ctx.desktop, "ask", ask)
    return asked


async def open_chat(window: MainWindow) -> None:
    page = window.chat_page
    window.show_page(page)
    page.start()
    await until(lambda: page.thread_id is not None, 30, "a thread")


async def settle() -> None:
    """Long enough for the deferred height fit, the layout and the scroll range to follow."""
    await asyncio.sleep(0.4)


def test_a_new_answer_is_scrolled_to_its_end(window: MainWindow, aio: Aio, fake_ask: list[str]) -> None:
    page = window.chat_page
    bar = page.scroll_area.verticalScrollBar()

    async def scenario() -> None:
        await open_chat(window)
        for n, question in enumerate(("青浦-工业园区有哪些设备？", "青浦-北斗园区有哪些设备？"), start=1):
            page.input.setPlainText(question)
            page.send()
            await until(lambda n=n: len(page.cards) >= n and not page.asking, 30, f"answer {n}")
            await settle()
            assert bar.maximum() > 0, "the answers should not fit the window"
            assert bar.value() == bar.maximum(), f"answer {n}: {bar.maximum() - bar.value()} px short of the end"
            # the end of the answer (its action row) is in view
            card = page.cards[-1]
            bottom = card.action_row.mapTo(page.scroll_area.viewport(), card.action_row.rect().bottomLeft()).y()
            assert 0 < bottom <= page.scroll_area.viewport().height()

    aio.run(scenario())
    assert len(fake_ask) == 2


def test_a_reader_scrolled_up_is_not_pulled_down(window: MainWindow, aio: Aio, fake_ask: list[str]) -> None:
    page = window.chat_page
    bar = page.scroll_area.verticalScrollBar()

    async def scenario() -> None:
        await open_chat(window)
        page.input.setPlainText("青浦-工业园区有哪些设备？")
        page.send()
        await until(lambda: len(page.cards) >= 1 and not page.asking, 30, "answer 1")
        await settle()
        page.input.setPlainText("青浦-北斗园区有哪些设备？")
        page.send()
        await until(lambda: page.current_card is not None and bool(page.current_card.streamed), 30, "streaming")
        bar.setValue(0)  # the user scrolls up to read the first answer while the second one comes in
        await until(lambda: len(page.cards) >= 2 and not page.asking, 30, "answer 2")
        await settle()
        assert bar.value() == 0 and bar.maximum() > 0
        # a new question of their own brings them back to the end, and it follows that answer
        page.input.setPlainText("青浦-区图书馆有哪些设备？")
        page.send()
        await until(lambda: len(page.cards) >= 3 and not page.asking, 30, "answer 3")
        await settle()
        assert bar.value() == bar.maximum()

    aio.run(scenario())


def test_streamed_text_starts_at_the_top_of_its_card(window: MainWindow, aio: Aio) -> None:
    """No empty status line above the narrative (the badge shows only with a status)."""

    async def scenario() -> None:
        card = AnswerCard("在赵巷公园干活的女同志有几位？")
        card.resize(700, 200)
        card.show()
        card.append_token("根据当前发布版本的台账，符合条件的人员共 2 人。")
        await settle()
        card.resize(700, card.sizeHint().height())  # as tall as its content, as in the chat column
        await asyncio.sleep(0.05)
        assert not card.badge.isVisible()
        top = card.body.mapTo(card, card.body.rect().topLeft()).y()
        assert top <= card.layout().contentsMargins().top() + 2
        card.set_result({"status": "clarify", "answer": "请补充时间"}, None)
        assert card.badge.isVisible() and card.badge.text() == "需要您补充信息"
        card.close()
        card.deleteLater()

    aio.run(scenario())
