"""What a new user sees, found by walking through the app with independently written ledgers:
Qt's own dialogs in Chinese, no internal keys or raw JSON on screen, the run history's numbers."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QAbstractButton, QApplication, QDialogButtonBox, QFileDialog, QLabel

from kgdesk.progress import ProgressEvent
from kgdesk.ui.chat_page import EXAMPLES
from kgdesk.ui.chat_widgets import AnswerCard
from kgdesk.ui.detail_dialogs import QueryDetailsDialog
from kgdesk.ui.import_page import BuildProgress
from kgdesk.ui.main_window import MainWindow
from kgdesk.ui.widgets import user_documents
from tests.ui.conftest import Aio, modal_dialog, until

LATIN = re.compile(r"[A-Za-z]{3,}")


def test_qt_standard_texts_are_chinese(gui_app: QApplication) -> None:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel | QDialogButtonBox.StandardButton.Save)
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text().startswith("取消")
    assert "保存" in box.button(QDialogButtonBox.StandardButton.Save).text()


def test_export_dialog_is_chinese_and_opens_in_the_documents_folder(window: MainWindow, aio: Aio) -> None:
    page = window.chat_page

    async def scenario() -> QFileDialog:
        page.answer_actions._ask_path("答案.xlsx", lambda _p: asyncio.sleep(0))
        dlg = await modal_dialog(QFileDialog)
        assert isinstance(dlg, QFileDialog)
        return dlg

    dlg = aio.run(scenario())
    try:
        shown = [w.text() for w in dlg.findChildren(QLabel) + dlg.findChildren(QAbstractButton) if w.isVisible() and w.text()]
        assert not [t for t in shown if LATIN.search(t.replace("&", "")) and "Markdown" not in t], shown
        assert Path(dlg.directory().absolutePath()) == Path(user_documents())
        assert Path(user_documents()) != Path.cwd() or Path.cwd() == Path.home()
    finally:
        dlg.reject()


def test_build_progress_shows_chinese_stages_only(gui_app: QApplication) -> None:
    bp = BuildProgress()
    bp.update_event(ProgressEvent("prune", "", 0, 0, "删除旧版本数据"))
    assert bp.stage.text() == "清理旧版本"
    bp.update_event(ProgressEvent("reindex", "", 0, 0, "重建索引"))  # a stage the page does not know yet
    assert bp.stage.text() == "重建索引" and not LATIN.search(bp.stage.text())
    bp.update_event(ProgressEvent("nodes", "项目", 3, 10, "写入节点：项目"))
    assert bp.stage.text() == "写入节点 · 项目" and bp.detail.text() == ""  # no line repeating the stage
    bp.update_event(ProgressEvent("lock", "", 0, 0, "另一个构建正在进行，等待其完成…"))
    assert bp.detail.text() == "另一个构建正在进行，等待其完成…"


TRACE: list[dict[str, Any]] = [
    {"step": "gate", "ms": 0, "kind": "question"},
    {"step": "load", "ms": 20},
    {"step": "cache", "ms": 1, "hit": False},
    {"step": "understand", "ms": 3, "by": "deterministic", "status": "plan", "confidence": 1.0},
    {"step": "llm", "ms": 800, "purpose": "understand", "prompt_tokens": 100, "completion_tokens": 20},
    {"step": "core", "ms": 900, "status": "answered"},
    {"step": "load", "ms": 15.2, "stage": "core"},
    {"step": "execute", "ms": 880.4, "stage": "core"},
    {"step": "total", "ms": 890.0, "stage": "core"},
    {"step": "total", "ms": 1750},
]


def test_query_details_show_the_plan_and_chinese_timings(gui_app: QApplication) -> None:
    doc = {
        "version": "v1",
        "plan": {"query_type": "count", "steps": []},
        "plan_description": ["步骤 s1：查找「人员」（查找人员）", "条件：项目 = 松江大学城图书馆（PJ2401）（已在图谱中匹配）"],
        "queries": [],
        "trace": TRACE,
    }
    dlg = QueryDetailsDialog(None, "松江大学城图书馆有多少员工？", doc)
    try:
        text = dlg.description.text()
        assert text.startswith("1. 步骤 s1：查找「人员」") and "2. 条件：项目 = 松江大学城图书馆（PJ2401）" in text
        t = dlg.timings
        names = [t.item(r, 0).text() for r in range(t.rowCount())]
        notes = [t.item(r, 2).text() for r in range(t.rowCount())]
        assert names[:2] == ["问题分类", "读取图谱结构"] and "查询核心" in names
        assert any(n.strip().endswith("└ 执行") for n in names)  # the core's own steps, indented
        assert not [n for n in names if LATIN.search(n)], names
        assert not [n for n in notes if "{" in n or "deterministic" in n], notes
        assert "方式：内置规则" in notes[names.index("理解")]
        # the question's own total, not the sum of the agent's and the core's steps counted twice
        labels = [w.text() for w in dlg.findChildren(QLabel)]
        assert "合计约 1750 毫秒" in labels, labels
    finally:
        dlg.deleteLater()


def test_a_cancelled_turn_reads_cancelled(gui_app: QApplication) -> None:
    card = AnswerCard("保洁员有多少人？")
    card.set_result({"status": "clarify", "cancelled": True, "answer": "已取消这个问题。可以换一种问法重新提问。"})
    assert card.badge.text() == "已取消" and not card.approve_btn.isVisibleTo(card)
    card.deleteLater()


def test_chat_examples_are_answered_offline_on_any_data() -> None:
    """The examples on the empty chat page name no project or person (a new user's ledgers hold
    other ones) and need no language model."""
    from kgdesk.qa.planner import DeterministicPlanner
    from kgdesk.qa.understanding import UnderstandingStatus
    from tests.qa.helpers import context

    for q in EXAMPLES:
        u = DeterministicPlanner().understand_sync(q, context())
        assert u.status is UnderstandingStatus.PLAN, (q, u.status, u.message)
        assert not re.search(r"[A-Z]{2,}\d|青浦|赵巷|张伟", q)


def test_run_history_counts_llm_tokens_and_cancellations(window: MainWindow, aio: Aio, _fresh_home: Path) -> None:
    from kgdesk.security.audit import record
    from kgdesk.ui.history import TableDialog

    user = window.ctx.desktop.effective().user
    role = window.ctx.desktop.effective().role
    record("question", user=user, role=role, question="在松江干活的女同志有几位", decision="answered", duration_ms=900,
           detail={"thread_id": "t1", "llm_tokens": 17837 + 560}, home=_fresh_home)
    record("question", user=user, role=role, question="保洁员有多少人？", decision="cancelled", duration_ms=160,
           detail={"thread_id": "t1", "llm_tokens": 0}, home=_fresh_home)
    record("build", user=user, role=role, decision="cancelled", duration_ms=3400,
           detail={"files": ["员工花名册.xlsx"]}, home=_fresh_home)

    async def scenario() -> TableDialog:
        window.open_history()
        dlg = await modal_dialog(TableDialog)
        assert isinstance(dlg, TableDialog)
        await until(lambda: dlg.table.rowCount() == 3, 30, "history rows")
        return dlg

    dlg = aio.run(scenario())
    try:
        summary = dlg.summary.text()
        assert "语言模型用量 18397 tokens" in summary
        # every outcome is counted and named (a cancelled question is not an answered one)
        assert "已回答 1" in summary and "已取消 1" in summary and "数据不足 0" in summary and "需要补充 0" in summary
        assert "未回答率 50.0%" in summary
        headers = [dlg.table.horizontalHeaderItem(c).text() for c in range(dlg.table.columnCount())]
        assert not [h for h in headers if re.fullmatch(r"[A-Za-z ]+", h)], headers
        rows = [[dlg.table.item(r, c).text() for c in range(dlg.table.columnCount())] for r in range(3)]
        by_text = {r[-1]: r for r in rows}
        assert by_text["在松江干活的女同志有几位"][headers.index("模型用量（tokens）")] == "18397"
        assert by_text["保洁员有多少人？"][headers.index("状态")] == "已取消"
        assert by_text["员工花名册.xlsx"][headers.index("状态")] == "已取消"
    finally:
        dlg.reject()
