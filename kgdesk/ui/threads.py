"""The chat page's conversation list: new / rename / delete, and search in conversations and answers."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout

from kgdesk.app.contracts import SearchHit, ThreadInfo
from kgdesk.ui import theme
from kgdesk.ui.widgets import label, tool_button

SEARCH_DELAY_MS = 250


class ThreadPanel(QFrame):
    """The list of conversation threads; while a search is typed, the matches instead."""

    search_changed = Signal(str)  # debounced text ("" = back to the thread list)
    hit_chosen = Signal(str, object)  # thread id, turn id (or None)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("threadPanel")
        self.setMinimumWidth(200)
        self.setMaximumWidth(300)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 12, 8, 12)
        head = QHBoxLayout()
        head.addWidget(label("对话", "section"), 1)
        self.new_btn = tool_button("plus", "新建对话（Ctrl+N）")
        self.rename_btn = tool_button("edit", "重命名")
        self.delete_btn = tool_button("trash", "删除对话", theme.DANGER)
        for b in (self.new_btn, self.rename_btn, self.delete_btn):
            head.addWidget(b)
        lay.addLayout(head)
        self.search = QLineEdit()
        self.search.setObjectName("threadSearch")
        self.search.setPlaceholderText("搜索对话和答案（Ctrl+F）")
        self.search.setClearButtonEnabled(True)
        self.search.addAction(theme.icon("search", theme.MUTED), QLineEdit.ActionPosition.LeadingPosition)
        lay.addWidget(self.search)
        self.list = QListWidget()
        self.list.setObjectName("threadList")
        # a long first question as title: elide it (the tooltip has it whole), no sideways scrolling
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay.addWidget(self.list, 1)
        self.hits = QListWidget()
        self.hits.setObjectName("searchHits")
        self.hits.setWordWrap(True)
        self.hits.hide()
        lay.addWidget(self.hits, 1)
        self.hint = label("", "muted", wrap=True)
        self.hint.hide()
        lay.addWidget(self.hint)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._timer.timeout.connect(lambda: self.search_changed.emit(self.search.text().strip()))
        self.search.textChanged.connect(self._typed)
        esc = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.search)
        esc.setContext(Qt.ShortcutContext.WidgetShortcut)
        esc.activated.connect(self.search.clear)
        self.hits.itemActivated.connect(self._hit)
        self.hits.itemClicked.connect(self._hit)

    def set_threads(self, threads: Sequence[ThreadInfo], current: str | None) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for t in threads:
            item = QListWidgetItem(t.title or "新对话")
            item.setData(Qt.ItemDataRole.UserRole, t.id)
            item.setToolTip(f"{t.title}\n{t.updated_at}")
            self.list.addItem(item)
            if t.id == current:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)

    def current_id(self) -> str | None:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    # -- search ----------------------------------------------------------------------------
    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def _typed(self, text: str) -> None:
        if not text.strip():
            self._timer.stop()
            self.show_hits(None)
            self.search_changed.emit("")
            return
        self._timer.start()

    def show_hits(self, hits: Sequence[SearchHit] | None) -> None:
        """None: the thread list again; else the matches (title, then the matching text)."""
        searching = hits is not None
        self.list.setVisible(not searching)
        self.hits.setVisible(searching)
        self.hint.setVisible(searching)
        self.hits.clear()
        if hits is None:
            return
        for h in hits:
            item = QListWidgetItem(f"{h.title}\n{h.snippet}")
            item.setData(Qt.ItemDataRole.UserRole, (h.thread_id, h.turn_id))
            item.setToolTip(h.snippet)
            self.hits.addItem(item)
        self.hint.setText(f"找到 {len(hits)} 处" if hits else "没有找到。换个词试试，或按 Esc 清空搜索。")

    def _hit(self, item: QListWidgetItem) -> None:
        tid, turn = item.data(Qt.ItemDataRole.UserRole)
        self.hit_chosen.emit(str(tid), turn)
