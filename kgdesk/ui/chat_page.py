"""Chat page: threads, questions and cited Markdown answers, step progress, the agent's dialogs.

The question runs in the core (`Desktop.ask`); this page shows its progress, streams the
LLM's narration, answers the agent's interactions with modal dialogs (`QtInteractor`) and
offers the per-answer actions (citations, query details, approve for the cache, copy, export).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QListWidgetItem,
    QPlainTextEdit,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from kgdesk.app.contracts import ThreadInfo
from kgdesk.errors import CancelledError, KgdeskError
from kgdesk.ui.aio import run_sync
from kgdesk.ui.answer_actions import AnswerActions
from kgdesk.ui.chat_widgets import AnswerCard, StepBar, UserBubble
from kgdesk.ui.markdown_view import answer_html
from kgdesk.ui.markdown_view import warm as warm_markdown
from kgdesk.ui.prompts import ask_text, confirm
from kgdesk.ui.threads import ThreadPanel
from kgdesk.ui.widgets import Banner, PageHeader, button, label

if TYPE_CHECKING:
    from kgdesk.ui.context import UiContext

log = logging.getLogger("kgdesk.ui")

EXAMPLES = (
    "一共有多少个项目？",
    "服务中的项目有哪些？",
    "每个项目有多少人？",
    "加班最多的是谁？",
)
"""Shapes the built-in rules answer on any department's data: no project or person names (a new
user's ledgers hold other ones), nothing that needs the language model."""


class _SendOnEnter(QObject):
    """Enter sends, Shift+Enter makes a new line."""

    def __init__(self, page: ChatPage) -> None:
        super().__init__(page)
        self.page = page

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and not (event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        ):
            self.page.send()
            return True
        return False


class ChatPage(QWidget):
    asked = Signal(str)  # status of a finished question

    def __init__(self, ctx: UiContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.thread_id: str | None = None
        self.threads: list[ThreadInfo] = []
        self.cards: list[AnswerCard] = []
        self.current_card: AnswerCard | None = None
        self.offline = True

        root = QHBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.setSpacing(0)
        split = QSplitter(Qt.Orientation.Horizontal)
        root.addWidget(split)
        self.thread_panel = ThreadPanel()
        split.addWidget(self.thread_panel)
        main = QWidget()
        split.addWidget(main)
        split.setStretchFactor(1, 1)
        split.setSizes([230, 1000])
        ml = QVBoxLayout(main)
        ml.setContentsMargins(0, 0, 0, 0)
        ml.setSpacing(0)
        self.header = PageHeader("智能问答", "用中文提问；每个答案都注明出处（文件和行号）")
        self.export_thread_btn = button("导出对话", "export")
        self.header.action_bar.addWidget(self.export_thread_btn)
        ml.addWidget(self.header)

        self.banner = Banner()
        self.answer_actions = AnswerActions(ctx, self.window, self.banner)
        bl = QVBoxLayout()
        bl.setContentsMargins(20, 8, 20, 0)
        bl.addWidget(self.banner)
        ml.addLayout(bl)

        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("chatScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.messages = QWidget()
        self.messages.setObjectName("chatMessages")
        self.msg_layout = QVBoxLayout(self.messages)
        self.msg_layout.setContentsMargins(24, 16, 24, 16)
        self.msg_layout.setSpacing(12)
        self.empty = self._empty_state()
        self.msg_layout.addWidget(self.empty)
        self.msg_layout.addStretch(1)
        self.scroll_area.setWidget(self.messages)
        ml.addWidget(self.scroll_area, 1)
        # Follow the end of the conversation while the user is at the bottom: an answer's height is
        # only known after its browser's deferred fit, so scrolling happens whenever the range grows.
        self.pinned = True
        bar = self.scroll_area.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

        bottom = QFrame()
        bottom.setObjectName("composer")
        bl2 = QVBoxLayout(bottom)
        bl2.setContentsMargins(20, 8, 20, 12)
        self.steps = StepBar()
        self.steps.hide()
        bl2.addWidget(self.steps)
        row = QHBoxLayout()
        self.input = QPlainTextEdit()
        self.input.setObjectName("questionInput")
        self.input.setPlaceholderText("输入问题，按 Enter 发送（Shift+Enter 换行；Ctrl+L 回到这里）")
        self.input.setFixedHeight(64)
        self.input.installEventFilter(_SendOnEnter(self))
        row.addWidget(self.input, 1)
        col = QVBoxLayout()
        self.send_btn = button("发送", "send", variant="primary")
        self.stop_btn = button("停止", "stop", variant="danger")
        self.stop_btn.hide()
        col.addWidget(self.send_btn)
        col.addWidget(self.stop_btn)
        col.addStretch(1)
        row.addLayout(col)
        bl2.addLayout(row)
        self.mode = label("", "muted")
        bl2.addWidget(self.mode)
        ml.addWidget(bottom)

        self.send_btn.clicked.connect(self.send)
        self.stop_btn.clicked.connect(self.stop)
        self.thread_panel.new_btn.clicked.connect(self.new_thread)
        self.thread_panel.rename_btn.clicked.connect(self.rename_thread)
        self.thread_panel.delete_btn.clicked.connect(self.delete_thread)
        self.thread_panel.list.currentItemChanged.connect(self._thread_selected)
        self.thread_panel.search_changed.connect(self.search)
        self.thread_panel.hit_chosen.connect(self._hit_chosen)
        self.export_thread_btn.clicked.connect(self.export_thread)

    def _empty_state(self) -> QWidget:
        w = QFrame()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(0, 40, 0, 0)
        t = label("可以这样问", "title")
        t.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(t)
        for q in EXAMPLES:
            b = button(q, variant="link")
            b.clicked.connect(lambda _c=False, q=q: self._use_example(q))
            lay.addWidget(b, 0, Qt.AlignmentFlag.AlignHCenter)
        hint = label("问题会先由内置规则理解；需要时会请您确认理解和查询计划。", "muted")
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(hint)
        return w

    def _use_example(self, q: str) -> None:
        self.input.setPlainText(q)
        self.input.setFocus()

    # -- lifecycle -------------------------------------------------------------------------
    def start(self, thread_id: str | None = None) -> None:
        """Load the conversations; `thread_id`: the one the user had open last time, if it still exists."""
        self.ctx.tasks.spawn("chat.load", self._load_threads(select=thread_id))
        self.ctx.tasks.spawn("chat.warm", run_sync(warm_markdown))
        self.settings_changed()

    def version_changed(self) -> None:
        """A new version was published: nothing cached in the page depends on it (the core drops its cache)."""

    def settings_changed(self) -> None:
        self.ctx.tasks.spawn("chat.mode", self._update_mode())

    async def _update_mode(self) -> None:
        s = await run_sync(self.ctx.desktop.settings.effective)
        self.offline = not s.llm_configured
        self.mode.setText(
            f"离线模式：只用内置规则回答 · 角色 {s.role}" if self.offline else f"语言模型：{s.llm_model} · 角色 {s.role}"
        )

    @property
    def asking(self) -> bool:
        return self.ctx.tasks.running("chat.ask")

    # -- threads ---------------------------------------------------------------------------
    async def _load_threads(self, select: str | None = None) -> None:
        try:
            self.threads = await run_sync(self.ctx.desktop.conversations.threads)
        except KgdeskError as e:
            self.banner.show_message("warning", f"无法读取对话记录：{e.message}")
            self.threads = []
        if not self.threads:
            try:
                t = await run_sync(self.ctx.desktop.conversations.new_thread, "新对话")
            except KgdeskError as e:
                self.banner.show_message("error", e.message)
                return
            self.threads = [t]
        ids = [t.id for t in self.threads]
        target: str = select if select is not None and select in ids else (
            self.thread_id if self.thread_id is not None and self.thread_id in ids else ids[0])
        self.thread_panel.set_threads(self.threads, target)
        if target != self.thread_id:
            await self._open_thread(target)

    def _thread_selected(self, current: QListWidgetItem | None, _prev: QListWidgetItem | None) -> None:
        if current is None:
            return
        tid = str(current.data(Qt.ItemDataRole.UserRole))
        if tid == self.thread_id:
            return
        if self.asking:
            self.stop()
        self.ctx.tasks.spawn("chat.open", self._open_thread(tid))

    async def _open_thread(self, tid: str) -> None:
        self.thread_id = tid
        self._clear_messages()
        self.header.title.setText(self._title(tid) or "新对话")
        try:
            turns = await run_sync(self.ctx.desktop.conversations.turns, tid)
        except KgdeskError as e:
            self.banner.show_message("warning", f"无法读取这个对话：{e.message}")
            return
        docs = [{**t.result, "approved": t.approved, "turn_id": t.turn_id, "from_cache": t.from_cache} for t in turns]
        rendered = await run_sync(lambda: [answer_html(d) for d in docs])
        if tid != self.thread_id:
            return  # the user moved on to another thread meanwhile
        for turn, doc, html in zip(turns, docs, rendered, strict=True):
            card = self._add_question(turn.question)
            card.set_result(doc, html)
        self.empty.setVisible(not turns)
        self._scroll_to_end()

    def new_thread(self) -> None:
        self.ctx.tasks.spawn("chat.threads", self._new_thread())

    async def _new_thread(self) -> None:
        if self.asking:
            self.stop()
        t = await run_sync(self.ctx.desktop.conversations.new_thread, "新对话")
        await self._load_threads(select=t.id)
        self.input.setFocus()

    def rename_thread(self) -> None:
        if self.thread_id is not None:
            self.ctx.tasks.spawn("chat.threads", self._rename_thread(self.thread_id))

    def _title(self, tid: str | None) -> str:
        return next((t.title for t in self.threads if t.id == tid), "")

    async def _rename_thread(self, tid: str) -> None:
        old = self._title(tid)
        title = await ask_text(self.window(), "重命名对话", "新的名称：", old)
        if not title or title == old:
            return
        await run_sync(self.ctx.desktop.conversations.rename_thread, tid, title)
        if tid == self.thread_id:
            self.header.title.setText(title)
        await self._load_threads(select=tid)

    def delete_thread(self) -> None:
        if self.thread_id is not None:
            self.ctx.tasks.spawn("chat.threads", self._delete_thread(self.thread_id))

    async def _delete_thread(self, tid: str) -> None:
        message = f"删除对话「{self._title(tid)}」及其全部问答记录？此操作不能撤销。"
        if not await confirm(self.window(), "删除对话", message, "删除", danger=True):
            return
        if self.asking and tid == self.thread_id:
            self.stop()
        await run_sync(self.ctx.desktop.conversations.delete_thread, tid)
        if tid == self.thread_id:
            self.thread_id = None
        await self._load_threads()

    # -- search (Ctrl+F) -------------------------------------------------------------------
    def focus_search(self) -> None:
        self.thread_panel.focus_search()

    def search(self, text: str) -> None:
        if not text:
            self.thread_panel.show_hits(None)
            return
        self.ctx.tasks.spawn("chat.search", self._search(text))

    async def _search(self, text: str) -> None:
        try:
            hits = await run_sync(self.ctx.desktop.conversations.search, text)
        except KgdeskError as e:
            self.banner.show_message("warning", e.message)
            return
        self.thread_panel.show_hits(hits)

    def _hit_chosen(self, tid: str, _turn: object) -> None:
        if tid != self.thread_id:
            self.ctx.tasks.spawn("chat.open", self._load_threads(select=tid))

    def focus_input(self) -> None:
        self.input.setFocus()

    # -- messages --------------------------------------------------------------------------
    def _clear_messages(self) -> None:
        for card in self.cards:
            card.setParent(None)
            card.deleteLater()
        for i in reversed(range(self.msg_layout.count())):
            item = self.msg_layout.itemAt(i)
            w = item.widget() if item is not None else None
            if isinstance(w, QFrame) and w is not self.empty and w.property("row") == "message":
                w.setParent(None)
                w.deleteLater()
        self.cards = []
        self.current_card = None
        self.empty.show()
        self.banner.hide()

    def _add_row(self, widget: QWidget, right: bool) -> None:
        row = QFrame()
        row.setProperty("row", "message")
        lay = QHBoxLayout(row)
        lay.setContentsMargins(0, 0, 0, 0)
        if right:
            lay.addStretch(1)
            lay.addWidget(widget)
        else:
            lay.addWidget(widget, 1)
            lay.addSpacing(60)
        self.msg_layout.insertWidget(self.msg_layout.count() - 1, row)

    def _add_question(self, question: str) -> AnswerCard:
        self.empty.hide()
        self._add_row(UserBubble(question), right=True)
        card = AnswerCard(question)
        card.citation_requested.connect(lambda n, c=card: self.answer_actions.open_citation(c, n))
        card.details_requested.connect(lambda c=card: self.answer_actions.open_details(c))
        card.approve_requested.connect(lambda on, c=card: self.answer_actions.approve(c, on))
        card.copy_requested.connect(lambda c=card: self.answer_actions.copy_answer(c))
        card.export_requested.connect(lambda c=card: self.answer_actions.export_answer(c))
        card.evidence_requested.connect(lambda c=card: self.answer_actions.open_evidence(c))
        card.expand_requested.connect(lambda c=card: self.ctx.tasks.spawn("chat.expand", self._expand(c)))
        self._add_row(card, right=False)
        self.cards.append(card)
        return card

    PIN_SLACK = 8
    """Pixels from the bottom that still count as "at the end" (a wheel notch is larger)."""

    def _scrolled(self, value: int) -> None:
        self.pinned = value >= self.scroll_area.verticalScrollBar().maximum() - self.PIN_SLACK

    def _range_changed(self, _minimum: int, maximum: int) -> None:
        if self.pinned:
            self.scroll_area.verticalScrollBar().setValue(maximum)

    def _scroll_to_end(self, *, force: bool = True) -> None:
        """Show the end of the conversation and keep following it as answers grow (`force`: even
        if the user had scrolled up, e.g. they just sent a question or opened a thread)."""
        if force:
            self.pinned = True
        if self.pinned:
            bar = self.scroll_area.verticalScrollBar()
            bar.setValue(bar.maximum())
            QTimer.singleShot(0, lambda: self._range_changed(bar.minimum(), bar.maximum()))

    # -- asking ----------------------------------------------------------------------------
    def send(self) -> asyncio.Task[None] | None:
        question = self.input.toPlainText().strip()
        if not question or self.asking or self.thread_id is None:
            return None
        self.input.clear()
        return self.ctx.tasks.spawn("chat.ask", self._ask(question, self.thread_id), supersede=False)

    def stop(self) -> None:
        self.ctx.tasks.cancel("chat.ask")

    def _busy(self, busy: bool) -> None:
        self.send_btn.setVisible(not busy)
        self.stop_btn.setVisible(busy)
        self.input.setReadOnly(busy)
        self.thread_panel.new_btn.setEnabled(not busy)
        self.thread_panel.delete_btn.setEnabled(not busy)
        self.steps.setVisible(True)

    async def _ask(self, question: str, thread_id: str) -> None:
        from kgdesk.ui.interactor import QtInteractor

        card = self._add_question(question)
        self.current_card = card
        self.steps.reset()
        self._busy(True)
        self._scroll_to_end()
        interactor = QtInteractor(self.window(), question, on_step=self._on_step, offline=self.offline)
        status = "error"
        try:
            doc = await self.ctx.desktop.ask(
                question,
                thread_id=thread_id,
                interactor=interactor,
                on_step=self._on_step,
                on_token=self._on_token,
                on_retract=self._on_retract,
            )
            status = str(doc.get("status") or "answered")
            card.set_result(doc, await run_sync(answer_html, doc))
            self.steps.finish(status == "answered")
        except (CancelledError, asyncio.CancelledError) as e:
            status = "cancelled"
            card.set_failed("cancelled", "已取消这个问题。")
            self.steps.finish(False)
            if isinstance(e, asyncio.CancelledError):
                raise
        except KgdeskError as e:
            card.set_failed("error", e.message)
            self.steps.finish(False)
        finally:
            interactor.close()
            self.current_card = None
            self._busy(False)
            self._scroll_to_end(force=False)  # the user may be reading older messages meanwhile
            self.asked.emit(status)
            self.ctx.tasks.spawn("chat.refresh_threads", self._refresh_titles())

    async def _refresh_titles(self) -> None:
        try:
            self.threads = await run_sync(self.ctx.desktop.conversations.threads)
        except KgdeskError:
            return
        self.thread_panel.set_threads(self.threads, self.thread_id)
        title = self._title(self.thread_id)
        if title:
            self.header.title.setText(str(title))

    def _on_step(self, step: str, state: str, detail: str = "") -> None:
        self.steps.set_step(step, state, detail)
        if self.current_card is not None and state == "active":
            from kgdesk.ui.chat_widgets import STEPS

            name = dict(STEPS).get(step, step)
            self.current_card.set_thinking(f"正在{name}…" + (f"（{detail}）" if detail else ""))

    async def _expand(self, card: AnswerCard) -> None:
        """The whole answer, tables included (rendered off the GUI thread; laid out once)."""
        if card.doc is not None:
            body, _src = await run_sync(lambda: answer_html(card.doc or {}, full=True))
            self.pinned = False  # the table grows below where the user is reading: stay there
            card.body.setHtml(body)

    def _on_retract(self, reason: str) -> None:
        if self.current_card is not None:
            self.current_card.retract(reason)

    def _on_token(self, delta: str) -> None:
        if self.current_card is not None:
            self.current_card.append_token(delta)
            self._scroll_to_end(force=False)

    # -- answer actions (kgdesk.ui.answer_actions) ---------------------------------------------
    def last_answer(self) -> AnswerCard | None:
        return next((c for c in reversed(self.cards) if c.doc is not None and c.doc.get("answer")), None)

    def export_last(self) -> None:
        """Ctrl+E: the latest answer to Excel."""
        card = self.last_answer()
        if card is None:
            self.banner.show_message("info", "还没有可以导出的答案。")
            return
        self.answer_actions.export_answer(card)

    def export_thread(self) -> None:
        self.answer_actions.export_thread(self.cards, self.header.title.text())
