"""Chat page: threads, questions and cited Markdown answers, step progress, the agent's dialogs.

The question runs in the core (`Desktop.ask`); this page shows its progress, streams the
LLM's narration, answers the agent's interactions with modal dialogs (`QtInteractor`) and
offers the per-answer actions (citations, query details, approve for the cache, copy, export).
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from kgdesk.errors import CancelledError, KgdeskError
from kgdesk.ui import theme
from kgdesk.ui.aio import run_sync, show_dialog
from kgdesk.ui.chat_widgets import AnswerCard, StepBar, UserBubble
from kgdesk.ui.markdown_view import answer_html
from kgdesk.ui.markdown_view import warm as warm_markdown
from kgdesk.ui.widgets import Banner, PageHeader, button, label, tool_button, user_documents

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


class ThreadPanel(QFrame):
    """The list of conversation threads with new / rename / delete."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("threadPanel")
        self.setMinimumWidth(200)
        self.setMaximumWidth(300)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 12, 8, 12)
        head = QHBoxLayout()
        head.addWidget(label("对话", "section"), 1)
        self.new_btn = tool_button("plus", "新建对话")
        self.rename_btn = tool_button("edit", "重命名")
        self.delete_btn = tool_button("trash", "删除对话", theme.DANGER)
        for b in (self.new_btn, self.rename_btn, self.delete_btn):
            head.addWidget(b)
        lay.addLayout(head)
        self.list = QListWidget()
        self.list.setObjectName("threadList")
        # a long first question as title: elide it (the tooltip has it whole), no sideways scrolling
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay.addWidget(self.list, 1)

    def set_threads(self, threads: list[dict[str, Any]], current: str | None) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for t in threads:
            item = QListWidgetItem(str(t.get("title") or "新对话"))
            item.setData(Qt.ItemDataRole.UserRole, t["id"])
            item.setToolTip(f"{t.get('title') or ''}\n{t.get('updated_at') or ''}")
            self.list.addItem(item)
            if t["id"] == current:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)

    def current_id(self) -> str | None:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None


class ChatPage(QWidget):
    asked = Signal(str)  # status of a finished question

    def __init__(self, ctx: UiContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.thread_id: str | None = None
        self.threads: list[dict[str, Any]] = []
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
        self.input.setPlaceholderText("输入问题，按 Enter 发送（Shift+Enter 换行）")
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
    def start(self) -> None:
        self.ctx.tasks.spawn("chat.load", self._load_threads())
        self.ctx.tasks.spawn("chat.warm", run_sync(warm_markdown))
        self.settings_changed()

    def version_changed(self) -> None:
        """A new version was published: nothing cached in the page depends on it (the core drops its cache)."""

    def settings_changed(self) -> None:
        self.ctx.tasks.spawn("chat.mode", self._update_mode())

    async def _update_mode(self) -> None:
        s = await run_sync(self.ctx.desktop.effective)
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
            self.threads = await run_sync(self.ctx.desktop.threads)
        except KgdeskError as e:
            self.banner.show_message("warning", f"无法读取对话记录：{e.message}")
            self.threads = []
        if not self.threads:
            try:
                t = await run_sync(self.ctx.desktop.new_thread, "新对话")
            except KgdeskError as e:
                self.banner.show_message("error", e.message)
                return
            self.threads = [t]
        ids = [str(t["id"]) for t in self.threads]
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
        title = next((t.get("title") for t in self.threads if t["id"] == tid), "新对话")
        self.header.title.setText(str(title or "新对话"))
        try:
            turns = await run_sync(self.ctx.desktop.turns, tid)
        except KgdeskError as e:
            self.banner.show_message("warning", f"无法读取这个对话：{e.message}")
            return
        docs = [{**(t.get("result") or {}), "approved": bool(t.get("approved")), "turn_id": t.get("turn_id"),
                 "from_cache": bool(t.get("from_cache"))} for t in turns]
        rendered = await run_sync(lambda: [answer_html(d) for d in docs])
        if tid != self.thread_id:
            return  # the user moved on to another thread meanwhile
        for turn, doc, html in zip(turns, docs, rendered, strict=True):
            card = self._add_question(str(turn.get("question") or ""))
            card.set_result(doc, html)
        self.empty.setVisible(not turns)
        self._scroll_to_end()

    def new_thread(self) -> None:
        self.ctx.tasks.spawn("chat.threads", self._new_thread())

    async def _new_thread(self) -> None:
        if self.asking:
            self.stop()
        t = await run_sync(self.ctx.desktop.new_thread, "新对话")
        await self._load_threads(select=t["id"])
        self.input.setFocus()

    def rename_thread(self) -> None:
        if self.thread_id is not None:
            self.ctx.tasks.spawn("chat.threads", self._rename_thread(self.thread_id))

    async def _rename_thread(self, tid: str) -> None:
        old = next((str(t.get("title") or "") for t in self.threads if t["id"] == tid), "")
        dlg = QInputDialog(self.window())
        dlg.setObjectName("renameThreadDialog")
        dlg.setWindowTitle("重命名对话")
        dlg.setLabelText("新的名称：")
        dlg.setTextValue(old)
        dlg.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dlg.setOkButtonText("确定")
        dlg.setCancelButtonText("取消")
        try:
            if await show_dialog(dlg) != QInputDialog.DialogCode.Accepted:
                return
            title = dlg.textValue().strip()
        finally:
            dlg.deleteLater()
        if not title or title == old:
            return
        await run_sync(self.ctx.desktop.rename_thread, tid, title)
        if tid == self.thread_id:
            self.header.title.setText(title)
        await self._load_threads(select=tid)

    def delete_thread(self) -> None:
        if self.thread_id is not None:
            self.ctx.tasks.spawn("chat.threads", self._delete_thread(self.thread_id))

    async def _delete_thread(self, tid: str) -> None:
        title = next((str(t.get("title") or "") for t in self.threads if t["id"] == tid), "")
        box = QMessageBox(QMessageBox.Icon.Question, "删除对话", f"删除对话「{title}」及其全部问答记录？此操作不能撤销。",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.window())
        box.setObjectName("deleteThreadDialog")
        box.button(QMessageBox.StandardButton.Yes).setText("删除")
        box.button(QMessageBox.StandardButton.No).setText("取消")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if await show_dialog(box) != QMessageBox.StandardButton.Yes:
            return
        if self.asking and tid == self.thread_id:
            self.stop()
        await run_sync(self.ctx.desktop.delete_thread, tid)
        if tid == self.thread_id:
            self.thread_id = None
        await self._load_threads()

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
        card.citation_requested.connect(lambda n, c=card: self.open_citation(c, n))
        card.details_requested.connect(lambda c=card: self.open_details(c))
        card.approve_requested.connect(lambda on, c=card: self.approve(c, on))
        card.copy_requested.connect(lambda c=card: self.copy_answer(c))
        card.export_requested.connect(lambda c=card: self.export_answer(c))
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
        interactor = QtInteractor(self.window(), question, on_step=self._on_step)
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
            self.threads = await run_sync(self.ctx.desktop.threads)
        except KgdeskError:
            return
        self.thread_panel.set_threads(self.threads, self.thread_id)
        title = next((t.get("title") for t in self.threads if t["id"] == self.thread_id), None)
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

    # -- answer actions ----------------------------------------------------------------------
    def open_citation(self, card: AnswerCard, n: int) -> None:
        from kgdesk.ui.detail_dialogs import open_citation, open_citation_list

        if n == 0:
            self.ctx.tasks.spawn("chat.citations", open_citation_list(self.window(), card.citations,
                                                                       lambda i: self.open_citation(card, i)))
        elif 1 <= n <= len(card.citations):
            self.ctx.tasks.spawn("chat.citation", open_citation(self.ctx, self.window(), card.citations[n - 1],
                                                                 (card.doc or {}).get("version"), n))

    def open_details(self, card: AnswerCard) -> None:
        from kgdesk.ui.detail_dialogs import open_query_details

        self.ctx.tasks.spawn("chat.details", open_query_details(self.window(), card.question, card.doc or {}))

    def approve(self, card: AnswerCard, on: bool) -> None:
        self.ctx.tasks.spawn("chat.approve", self._approve(card, on))

    async def _approve(self, card: AnswerCard, on: bool) -> None:
        doc = card.doc or {}
        card.approve_btn.setEnabled(False)
        try:
            await run_sync(self.ctx.desktop.approve_answer, self.thread_id, doc, on)
        except KgdeskError as e:
            self.banner.show_message("error", e.message)
            return
        finally:
            card.approve_btn.setEnabled(True)
        card.set_approved(on)
        self.banner.show_message("success", "已加入答案缓存：同一问题在当前数据版本下将直接使用这个答案。" if on else "已从答案缓存中移除。")

    def copy_answer(self, card: AnswerCard) -> None:
        QApplication.clipboard().setText(card.markdown())
        self.banner.show_message("info", "答案已复制到剪贴板。")

    def export_answer(self, card: AnswerCard) -> None:
        self._save_text(card.markdown(), "答案.md")

    def export_thread(self) -> None:
        if not self.cards:
            self.banner.show_message("info", "这个对话还没有内容。")
            return
        text = "\n\n---\n\n".join(c.markdown() for c in self.cards)
        title = self.header.title.text() or "对话"
        self._save_text(f"# {title}\n\n{text}\n", f"{title}.md")

    def _save_text(self, text: str, default_name: str) -> None:
        dlg = QFileDialog(self.window(), "导出", str(Path(user_documents()) / default_name), "Markdown (*.md);;文本 (*.txt)")
        dlg.setObjectName("exportDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.setDefaultSuffix("md")
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.fileSelected.connect(lambda f: self._write_export(Path(f), text))
        dlg.open()

    def _write_export(self, path: Path, text: str) -> None:
        self.ctx.tasks.spawn("chat.export", self._write(path, text))

    async def _write(self, path: Path, text: str) -> None:
        try:
            await run_sync(path.write_text, text, encoding="utf-8")
        except OSError as e:
            self.banner.show_message("error", f"导出失败：{e.strerror or e}")
            return
        self.banner.show_message("success", f"已导出到 {path}")
