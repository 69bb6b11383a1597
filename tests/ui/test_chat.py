"""Chat page against the real graph server and the real question pipeline, through every dialog.

The published graph is `data/test_data` built once for this module. Questions are typed into the
window; each dialog the agent opens is answered like a user would (click, type a correction,
close); answers, citations (the stored source row) and query details are checked.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog

from kgdesk.app.building import build_and_publish
from kgdesk.app.desktop import Desktop
from kgdesk.app.notifications import ErrorFunnel
from kgdesk.config.settings import Settings, load_saved, save_settings
from kgdesk.graph.connection import GraphConnection
from kgdesk.ui.chat_widgets import AnswerCard
from kgdesk.ui.context import UiContext
from kgdesk.ui.detail_dialogs import CitationDialog, QueryDetailsDialog
from kgdesk.ui.interaction_dialogs import (
    ChooseBasisDialog,
    ChooseScopeDialog,
    ChooseValuesDialog,
    ConfirmPlanDialog,
    ConfirmSlotsDialog,
)
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio, modal_dialog, until

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(900)]
REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data" / "test_data"


@pytest.fixture(scope="module")
def published_home(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """KGDESK_HOME of a machine that built and published data/test_data (source copies included)."""
    home = tmp_path_factory.mktemp("chat-home")
    # staff: may ask about 服务于 (who serves where), may not see 联系电话
    # every confirmation is shown here, so each dialog is driven; the default mode is tested below
    save_settings(Settings(user="测试员", role="staff", first_run_done=True, confirm_mode="always"), home)
    report = build_and_publish([DATA], graph, home=home)
    assert report.status == "published", report.error
    return home


@pytest.fixture
def ctx(published_home: Path, errors: ErrorFunnel, neo4j_env: dict[str, str],
        monkeypatch: pytest.MonkeyPatch) -> Iterator[UiContext]:
    monkeypatch.setenv("KGDESK_HOME", str(published_home))  # the agent's history store lives there too
    c = UiContext(Desktop(), errors)
    try:
        yield c
    finally:
        c.desktop.shutdown()


def ask(window: MainWindow, text: str) -> None:
    page = window.chat_page
    window.show_page(page)
    page.input.setPlainText(text)
    QTest.mouseClick(page.send_btn, Qt.MouseButton.LeftButton)


async def answered(window: MainWindow, n: int) -> AnswerCard:
    page = window.chat_page
    await until(lambda: len(page.cards) >= n and not page.asking, 300, f"answer {n}")
    return page.cards[n - 1]


def excel_row(file: str, row: int) -> dict[str, Any]:
    ws = load_workbook(DATA / file, read_only=True, data_only=True)["数据"]
    rows = list(ws.iter_rows(values_only=True))
    header = [str(h) for h in rows[0]]
    return {h: v for h, v in zip(header, rows[row - 1], strict=False) if v not in (None, "")}


Policy = dict[type, Any]


async def drive(window: MainWindow, question: str, answers: Policy, n: int) -> tuple[AnswerCard, list[QDialog]]:
    """Ask `question` and answer every dialog the agent opens with `answers[type](dialog)`,
    in whatever order the pipeline asks, until answer `n` is on the page."""
    from PySide6.QtWidgets import QApplication

    page = window.chat_page
    ask(window, question)
    seen: list[QDialog] = []
    deadline = 300.0
    dialogs: list[QDialog] = []

    def ready() -> bool:
        dialogs[:] = [w for w in QApplication.topLevelWidgets()
                      if isinstance(w, QDialog) and w.isVisible() and type(w) in answers and w not in seen]
        return bool(dialogs) or (len(page.cards) >= n and not page.asking)

    while True:
        await until(ready, deadline, f"a dialog or answer {n} to {question}")
        if not dialogs:
            return page.cards[n - 1], seen
        dlg = dialogs[0]
        assert dlg.windowModality() == Qt.WindowModality.WindowModal and dlg.parent() is window
        seen.append(dlg)
        answers[type(dlg)](dlg)


def confirm(dlg: QDialog) -> None:
    QTest.mouseClick(dlg.confirm_btn, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]


def approve(dlg: QDialog) -> None:
    QTest.mouseClick(dlg.approve_btn, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]


def first_value(dlg: QDialog) -> None:
    assert isinstance(dlg, ChooseValuesDialog) and dlg.list.count() >= 2
    dlg.list.item(0).setCheckState(Qt.CheckState.Checked)
    QTest.mouseClick(dlg.ok_btn, Qt.MouseButton.LeftButton)


def first_basis(dlg: QDialog) -> None:
    """A 口径 choice (the question left a default condition open that changes the result): the step
    bar shows 计划 while the user chooses."""
    assert isinstance(dlg, ChooseBasisDialog) and len(dlg.radios) == 2
    parent = dlg.parent()
    assert isinstance(parent, MainWindow) and parent.chat_page.steps.states["plan"] == "active"
    dlg.radios[0].click()
    QTest.mouseClick(dlg.ok_btn, Qt.MouseButton.LeftButton)


def summary(dlg: QDialog) -> None:
    assert isinstance(dlg, ChooseScopeDialog) and len(dlg.radios) >= 2
    assert "34" in dlg.message.text()
    dlg.choose("summary")
    QTest.mouseClick(dlg.ok_btn, Qt.MouseButton.LeftButton)


def change_plan(dlg: QDialog) -> None:
    assert isinstance(dlg, ConfirmPlanDialog)
    QTest.mouseClick(dlg.change_btn, Qt.MouseButton.LeftButton)
    dlg.correction.edit.insert("只看保安")
    QTest.mouseClick(dlg.change_btn, Qt.MouseButton.LeftButton)


USER: Policy = {ConfirmSlotsDialog: confirm, ConfirmPlanDialog: approve, ChooseValuesDialog: first_value,
                ChooseScopeDialog: summary, ChooseBasisDialog: first_basis}


def test_round_trip_through_every_dialog(window: MainWindow, ctx: UiContext, aio: Aio, errors: ErrorFunnel) -> None:
    page = window.chat_page
    shown_errors: list[Any] = []
    errors.subscribe(shown_errors.append)
    seen_steps: set[str] = set()
    original = page._on_step

    def spy(step: str, state: str, detail: str = "") -> None:
        seen_steps.add(f"{step}:{state}")
        original(step, state, detail)

    page._on_step = spy  # type: ignore[method-assign]

    async def load() -> None:
        page.start()
        await until(lambda: page.thread_id is not None, 30, "a thread")

    aio.run(load())
    kinds: set[type] = set()

    # 1) a count for one project: confirm understanding and plan (and choose where the agent asks) ---
    card, seen = aio.run(drive(window, "赵巷镇政府有多少员工？", USER, 1), timeout=600)
    kinds |= {type(d) for d in seen}
    assert {ConfirmSlotsDialog, ConfirmPlanDialog} <= kinds
    doc = card.doc or {}
    assert doc.get("status") == "answered", doc.get("answer")
    assert "赵巷镇政府" in card.body.toPlainText() and "XMSQ0110" in card.body.toPlainText()
    assert card.citations and card.sources.isVisible()
    assert all(state == "done" for state in page.steps.states.values())
    assert {"plan:active", "execute:active"} <= seen_steps
    assert card.body.refused == []  # nothing tried to load a resource

    # the citation dialog shows the stored copy's row, all fields, sensitive ones hidden
    cite = next(c for c in card.citations if c["file"] == "人员信息.xlsx")
    n = card.citations.index(cite) + 1

    async def open_cite() -> CitationDialog:
        card.citation_requested.emit(n)
        dlg = await modal_dialog(CitationDialog, 60)
        assert isinstance(dlg, CitationDialog)
        await until(lambda: dlg.table.rowCount() > 0 or dlg.banner.isVisible(), 60, "citation row")
        return dlg

    dlg = aio.run(open_cite())
    shown = {dlg.table.item(r, 0).text(): dlg.table.item(r, 1).text() for r in range(dlg.table.rowCount())}
    expected = excel_row("人员信息.xlsx", cite["row"])
    assert set(shown) >= set(expected)  # every field of the row
    assert shown["工号"] == str(expected["工号"]) and shown["姓名"] == expected["姓名"]
    assert shown.get("联系电话") == "（无权查看）"  # staff never sees the sensitive value
    assert "服务起始年月" in shown and shown["服务起始年月"] != "（无权查看）"  # …but may see this one
    assert f"Excel 第 {cite['row']} 行" in dlg.subtitle.text()
    dlg.accept()

    # query details: plan, DSL, Cypher with parameters, timings
    async def open_details() -> QueryDetailsDialog:
        card.details_requested.emit()
        d = await modal_dialog(QueryDetailsDialog, 30)
        assert isinstance(d, QueryDetailsDialog)
        return d

    det = aio.run(open_details())
    assert "MATCH" in det.cypher.toPlainText() and "参数" in det.cypher.toPlainText()
    assert '"query_type"' in det.dsl.toPlainText()
    assert det.timings.rowCount() >= 3
    det.accept()

    # 2) an ambiguous place: the agent asks which one is meant ---------------------------------
    card2, seen = aio.run(drive(window, "赵巷有多少员工？", USER, 2), timeout=600)
    kinds |= {type(d) for d in seen}
    assert ChooseValuesDialog in kinds, [type(d).__name__ for d in seen]
    assert (card2.doc or {}).get("status") == "answered", (card2.doc or {}).get("answer")

    # 3) a list over 30 rows: ask for a change in words (the agent stops and says so), then approve --
    card3, _ = aio.run(drive(window, "有哪些人员？", {**USER, ConfirmPlanDialog: change_plan}, 3), timeout=600)
    # offline, the rules cannot apply a change in words: the agent says so and quotes the request
    assert (card3.doc or {}).get("status") == "clarify" and "只看保安" in card3.body.toPlainText()
    card4, seen = aio.run(drive(window, "有哪些人员？", USER, 4), timeout=600)
    kinds |= {type(d) for d in seen}
    assert ChooseScopeDialog in kinds
    assert (card4.doc or {}).get("status") == "answered"
    assert kinds - {ChooseBasisDialog} == {ConfirmSlotsDialog, ConfirmPlanDialog, ChooseValuesDialog, ChooseScopeDialog}

    # 4) closing a dialog cancels the question cleanly -------------------------------------------
    card5, _ = aio.run(drive(window, "哪些项目服务中？", {t: (lambda d: d.close()) for t in USER}, 5), timeout=600)
    assert card5.badge.text() == "已取消" and "已取消这个问题" in card5.body.toPlainText()
    assert not [w for w in window.findChildren(QDialog) if w.isVisible()]
    assert shown_errors == []  # nothing went to the error funnel
    assert page.send_btn.isVisible() and not page.input.isReadOnly()

    # the thread took its title from the first question and holds the four finished turns
    titles = lambda: [page.thread_panel.list.item(i).text() for i in range(page.thread_panel.list.count())]  # noqa: E731
    try:
        aio.run(until(lambda: any("赵巷镇政府" in t for t in titles()), 30))
    except AssertionError:
        raise AssertionError(f"thread titles: {titles()} / store: {ctx.desktop.conversations.threads()}") from None
    turns = ctx.desktop.conversations.turns(page.thread_id or "")
    assert [t.question for t in turns][:4] == ["赵巷镇政府有多少员工？", "赵巷有多少员工？", "有哪些人员？", "有哪些人员？"]
    # the core records the cancelled question as a turn without an answer (never as answered)
    assert all(t.result.get("status") != "answered" for t in turns[4:])


def test_threads_new_rename_delete(window: MainWindow, ctx: UiContext, aio: Aio) -> None:
    from kgdesk.ui.prompts import ConfirmBox, TextPrompt

    page = window.chat_page

    async def scenario() -> None:
        page.start()
        await until(lambda: page.thread_panel.list.count() >= 1 and page.thread_id is not None, 30)
        before = page.thread_panel.list.count()
        first = page.thread_id
        page.thread_panel.new_btn.click()
        await until(lambda: page.thread_panel.list.count() == before + 1 and page.thread_id != first, 30)
        page.thread_panel.rename_btn.click()
        dlg = await modal_dialog(TextPrompt)
        assert isinstance(dlg, TextPrompt) and dlg.ok_btn.isDefault()
        dlg.edit.setText("三月加班统计")
        QTest.keyClick(dlg.edit, Qt.Key.Key_Return)  # Enter accepts the new name
        await until(lambda: page.header.title.text() == "三月加班统计", 30)
        await until(lambda: "三月加班统计" in [page.thread_panel.list.item(i).text()
                                           for i in range(page.thread_panel.list.count())], 30, "the renamed thread")
        page.thread_panel.delete_btn.click()
        box = await modal_dialog(ConfirmBox)
        assert isinstance(box, ConfirmBox) and box.ok_btn.text() == "删除"
        assert box.ok_btn.property("variant") == "danger"  # kgdesk's red 删除, not a stock box's green icon
        box.ok_btn.click()
        await until(lambda: page.thread_panel.list.count() == before, 30)
        assert "三月加班统计" not in [page.thread_panel.list.item(i).text() for i in range(before)]

    aio.run(scenario())


def test_approved_answer_is_reused_and_undo_works(window: MainWindow, ctx: UiContext, aio: Aio) -> None:
    page = window.chat_page
    question = "青浦-北斗园区有哪些设备？"

    async def scenario() -> None:
        page.start()
        await until(lambda: page.thread_id is not None, 30)
        page.new_thread()
        await until(lambda: not page.cards and not page.ctx.tasks.running("chat.threads"), 30)

    aio.run(scenario())
    card, seen = aio.run(drive(window, question, USER, 1), timeout=600)
    assert (card.doc or {}).get("status") == "answered", (card.doc or {}).get("answer")
    assert seen  # the first time the user confirms
    assert card.approve_btn.isVisible() and card.approve_btn.text() == "答案正确，加入缓存"

    card.approve_btn.click()
    aio.run(until(lambda: card.approved, 30, "approved"))
    assert card.approve_btn.text() == "已加入缓存 · 撤销" and page.banner.kind == "success"

    again, seen2 = aio.run(drive(window, question, USER, 2), timeout=600)
    assert seen2 == []  # answered from the cache: no dialog
    assert (again.doc or {}).get("source") == "cache" and "答案缓存" in again.badge.text()
    assert card.body.toPlainText() in again.body.toPlainText()  # the same answer, marked as cached

    card.approve_btn.click()  # undo
    aio.run(until(lambda: not card.approved, 30, "undone"))
    assert card.approve_btn.text() == "答案正确，加入缓存"
    third, seen3 = aio.run(drive(window, question, USER, 3), timeout=600)
    assert seen3 and (third.doc or {}).get("source") != "cache"


def test_a_plain_question_is_answered_with_zero_dialogs_by_default(
    window: MainWindow, aio: Aio, published_home: Path
) -> None:
    """仅在不确定时确认 (the default): a question the rules understood without assumptions opens no dialog."""
    from PySide6.QtWidgets import QApplication

    saved = load_saved(published_home)
    save_settings(saved.model_copy(update={"confirm_mode": "uncertain"}), published_home)
    opened: list[str] = []

    async def scenario() -> AnswerCard:
        page = window.chat_page
        page.start()
        await until(lambda: page.thread_id is not None, 30, "a thread")
        ask(window, "一共有多少个项目？")
        await until(lambda: page.asking, 30, "the question started")
        while page.asking:
            for w in QApplication.topLevelWidgets():
                if isinstance(w, QDialog) and w.isVisible():
                    opened.append(type(w).__name__)
                    w.reject()  # recorded; closing it ends the question
            await asyncio.sleep(0.02)
        return page.cards[-1]

    try:
        card = aio.run(scenario(), timeout=300)
    finally:
        save_settings(saved, published_home)
    assert (card.doc or {}).get("status") == "answered", card.doc
    assert opened == []
