"""What the user can do with an answer on the chat page: its sources (the row, the workbook at
that row), query details, the answer cache, copy, and export to Excel or Markdown."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget

from kgdesk.errors import KgdeskError
from kgdesk.ui.aio import run_sync
from kgdesk.ui.widgets import Banner, user_documents

if TYPE_CHECKING:
    from kgdesk.ui.chat_widgets import AnswerCard
    from kgdesk.ui.context import UiContext

EXCEL_FILTER = "Excel 工作簿 (*.xlsx)"
MARKDOWN_FILTER = "Markdown (*.md)"


class AnswerActions:
    """The per-answer actions of one chat page (`window` parents the dialogs, `banner` reports)."""

    def __init__(self, ctx: UiContext, window: Callable[[], QWidget], banner: Banner) -> None:
        self.ctx = ctx
        self.window = window
        self.banner = banner

    # -- sources and details ------------------------------------------------------------------
    def open_citation(self, card: AnswerCard, n: int) -> None:
        from kgdesk.ui.detail_dialogs import open_citation, open_citation_list

        if n == 0:
            self.ctx.tasks.spawn("chat.citations", open_citation_list(
                self.window(), card.citations, lambda i: self.open_citation(card, i)))
        elif 1 <= n <= len(card.citations):
            self.ctx.tasks.spawn("chat.citation", open_citation(
                self.ctx, self.window(), card.citations[n - 1], (card.doc or {}).get("version"), n))

    def open_details(self, card: AnswerCard) -> None:
        from kgdesk.ui.detail_dialogs import open_query_details

        self.ctx.tasks.spawn("chat.details", open_query_details(self.window(), card.question, card.doc or {}))

    def open_evidence(self, card: AnswerCard) -> None:
        from kgdesk.ui.evidence import open_evidence

        self.ctx.tasks.spawn("chat.evidence", open_evidence(self.ctx, self.window(), card.doc or {}))

    # -- the answer cache -----------------------------------------------------------------------
    def approve(self, card: AnswerCard, on: bool) -> None:
        self.ctx.tasks.spawn("chat.approve", self._approve(card, on))

    async def _approve(self, card: AnswerCard, on: bool) -> None:
        card.approve_btn.setEnabled(False)
        try:
            await run_sync(self.ctx.desktop.conversations.approve_answer, card.doc or {}, on)
        except KgdeskError as e:
            self.banner.show_message("error", e.message)
            return
        finally:
            card.approve_btn.setEnabled(True)
        card.set_approved(on)
        self.banner.show_message("success", "已加入答案缓存：同一问题在当前数据版本下将直接使用这个答案。" if on
                                 else "已从答案缓存中移除。")

    # -- copy and export --------------------------------------------------------------------------
    def copy_answer(self, card: AnswerCard) -> None:
        QApplication.clipboard().setText(card.markdown())
        self.banner.show_message("info", "答案已复制到剪贴板。")

    def export_answer(self, card: AnswerCard) -> QFileDialog:
        return self._ask_path(f"{file_name(card.question[:20], '答案')}.xlsx", lambda p: self.write_answer(card, p))

    def export_thread(self, cards: list[AnswerCard], title: str) -> QFileDialog | None:
        if not cards:
            self.banner.show_message("info", "这个对话还没有内容。")
            return None
        return self._ask_path(f"{file_name(title, '对话')}.xlsx", lambda p: self.write_thread(cards, title, p))

    def _ask_path(self, default_name: str, write: Callable[[Path], Any]) -> QFileDialog:
        dlg = QFileDialog(self.window(), "导出", str(Path(user_documents()) / default_name),
                          f"{EXCEL_FILTER};;{MARKDOWN_FILTER}")
        dlg.setObjectName("exportDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.setDefaultSuffix("xlsx")
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.fileSelected.connect(lambda f: self.ctx.tasks.spawn("chat.export", write(Path(f))))
        dlg.open()
        return dlg

    async def write_answer(self, card: AnswerCard, path: Path) -> None:
        doc = {**(card.doc or {}), "question": card.question}
        if path.suffix.lower() == ".md":
            await self._done(run_sync(_write_text, path, card.markdown()))
        else:
            await self._done(run_sync(self.ctx.desktop.exports.answer, path, doc, card.question))

    async def write_thread(self, cards: list[AnswerCard], title: str, path: Path) -> None:
        if path.suffix.lower() == ".md":
            text = "\n\n---\n\n".join(c.markdown() for c in cards)
            await self._done(run_sync(_write_text, path, f"# {title}\n\n{text}\n"))
        else:
            docs = [{**(c.doc or {}), "question": c.question} for c in cards]
            await self._done(run_sync(self.ctx.desktop.exports.answers, path, docs, title or "对话"))

    async def _done(self, job: Any) -> None:
        try:
            written = await job
        except KgdeskError as e:
            self.banner.show_message("error", e.message)
            return
        except OSError as e:
            self.banner.show_message("error", f"导出失败：{e.strerror or e}")
            return
        self.banner.show_message("success", f"已导出到 {written}")


def file_name(text: str, default: str) -> str:
    """A suggested file name from a question or title: no characters Windows refuses in names."""
    return re.sub(r'[\\/:*?"<>|\s]+', "_", text).strip("_.") or default


def _write_text(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
