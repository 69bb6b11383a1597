"""Markdown answers rendered safely: no raw HTML, no remote or local resources, no scripts.

The answer text comes from the core but may quote data values, so any HTML inside it is
escaped (the raw-HTML parsers of Python-Markdown are removed), and the QTextBrowser refuses
every resource request (images, style sheets), local or remote. Links never open by
themselves: `cite:N` links open the citation dialog, anything else is ignored.
"""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QTextBrowser, QWidget

CITE_SCHEME = "cite"
_CITE_MARK = re.compile(r"\[(\d{1,3})\](?!\()")  # "[3]" but not a Markdown link "[3](…)"

ANSWER_CSS = """
body { line-height: 150%; }
table { border-collapse: collapse; margin: 4px 0; }
th { background: #f3f5f9; font-weight: 600; padding: 4px 8px; border: 1px solid #dfe3ea; }
td { padding: 4px 8px; border: 1px solid #e5e8ee; }
code { background: #f3f5f9; font-family: monospace; }
pre { background: #f6f8fa; padding: 6px; }
a { color: #1a56db; text-decoration: none; }
h1, h2, h3 { margin: 6px 0 4px 0; }
blockquote { color: #4b5563; margin-left: 8px; }
"""


TABLE_ROWS_SHOWN = 40
EXPAND_URL = "action:expand"


def collapse_tables(text: str, limit: int = TABLE_ROWS_SHOWN) -> tuple[str, int]:
    """Markdown tables cut to `limit` data rows; returns the text and the largest row count cut.

    Laying out a rich-text table of hundreds of rows takes the GUI thread well over 100 ms, so
    long tables open collapsed and the user expands them on demand.
    """
    out: list[str] = []
    block: list[str] = []
    hidden = 0

    def flush() -> None:
        nonlocal hidden
        data = block[2:] if len(block) > 2 else []
        if len(data) > limit:
            hidden = max(hidden, len(data))
            out.extend(block[:2] + data[:limit])
        else:
            out.extend(block)
        block.clear()

    for line in text.splitlines():
        if line.lstrip().startswith("|"):
            block.append(line)
            continue
        if block:
            flush()
        out.append(line)
    if block:
        flush()
    return "\n".join(out), hidden


def answer_html(doc: dict[str, Any], *, full: bool = False) -> tuple[str, str]:
    """(answer body, clickable sources) as HTML. Pure and Qt-free: the chat page runs it in a
    worker thread, so converting a long answer never stalls the GUI thread."""
    citations = list(doc.get("citations") or [])
    text = str(doc.get("answer") or "")
    hidden = 0
    if not full:
        text, hidden = collapse_tables(text)
    body = render_markdown(text, len(citations))
    if hidden:
        body += (f'<p><a href="{EXPAND_URL}">表格只显示了前 {TABLE_ROWS_SHOWN} 行，点此显示全部 {hidden} 行</a>'
                 "（复制和导出总是包含全部内容）</p>")
    return body, citations_html(citations)


def warm() -> None:
    """Import Python-Markdown and its extensions ahead of the first answer (off the GUI thread)."""
    _md().convert("**预热** | a |\n|---|\n| b |")


def _md() -> Any:
    import markdown

    md = markdown.Markdown(extensions=["tables", "fenced_code", "sane_lists", "nl2br"], output_format="html")
    # No raw HTML: with these two parsers removed, "<img …>" or "<a …>" in the text is escaped.
    for registry, name in ((md.preprocessors, "html_block"), (md.inlinePatterns, "html")):
        if name in registry:
            registry.deregister(name)
    return md


def render_markdown(text: str, citation_count: int = 0) -> str:
    """HTML for QTextBrowser; "[n]" markers with a matching citation become `cite:n` links."""
    body: str = _md().convert(text or "")
    if citation_count:

        def link(m: re.Match[str]) -> str:
            n = int(m.group(1))
            return f'<a href="{CITE_SCHEME}:{n}"><sup>[{n}]</sup></a>' if 1 <= n <= citation_count else m.group(0)

        body = _CITE_MARK.sub(link, body)
    return body


def citation_text(c: dict[str, Any]) -> str:
    where = c.get("file") or c.get("template") or "来源"
    sheet = f"·{c['sheet']}" if c.get("sheet") else ""
    row = f" 第 {c['row']} 行" if c.get("row") else ""
    return f"{where}{sheet}{row}"


def citations_html(citations: Sequence[dict[str, Any]], limit: int = 6) -> str:
    if not citations:
        return ""
    links = [
        f'<a href="{CITE_SCHEME}:{i}">[{i}] {html.escape(citation_text(c))}</a>'
        for i, c in enumerate(citations[:limit], start=1)
    ]
    more = f'　<a href="{CITE_SCHEME}:0">全部 {len(citations)} 处来源…</a>' if len(citations) > limit else ""
    return "<p style='color:#6b7280'>打开来源行：" + "　".join(links) + more + "</p>"


class SafeTextBrowser(QTextBrowser):
    """A read-only browser that loads nothing and grows to fit its content (no inner scroll bar)."""

    citation_clicked = Signal(int)  # 1-based; 0 = the list of all citations
    expand_clicked = Signal()
    refused: list[str]

    def __init__(self, parent: QWidget | None = None, *, auto_height: bool = True) -> None:
        super().__init__(parent)
        self.refused = []
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.setReadOnly(True)
        self.document().setDefaultStyleSheet(ANSWER_CSS)
        self.document().setDocumentMargin(2)
        self.anchorClicked.connect(self._anchor)
        self._auto = auto_height
        self._fit_pending = False
        if auto_height:
            self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            self.document().contentsChanged.connect(self._schedule_fit)
        self.setFrameShape(QTextBrowser.Shape.NoFrame)

    def loadResource(self, type: int, name: QUrl | str) -> Any:
        """Refuse every resource (images, CSS), local or remote: answers are text only."""
        self.refused.append(name.toString() if isinstance(name, QUrl) else str(name))
        return None

    def _anchor(self, url: QUrl) -> None:
        if url.toString() == EXPAND_URL:
            self.expand_clicked.emit()
            return
        if url.scheme() == CITE_SCHEME:
            with contextlib.suppress(ValueError):
                self.citation_clicked.emit(int(url.path() or url.toString().split(":", 1)[1]))
        # any other link is ignored on purpose (offline app, no browser launching)

    def set_markdown_html(self, body: str) -> None:
        self.setHtml(body)

    def _schedule_fit(self) -> None:
        """One height computation per burst of changes (setHtml fires several)."""
        if not self._fit_pending:
            self._fit_pending = True
            QTimer.singleShot(0, self._fit)

    def _fit(self) -> None:
        self._fit_pending = False
        doc = self.document()
        doc.setTextWidth(max(100, self.viewport().width()))
        h = int(doc.size().height()) + 8
        if self.horizontalScrollBar().isVisible():
            h += self.horizontalScrollBar().height()
        self.setFixedHeight(max(24, h))

    def resizeEvent(self, e: QResizeEvent) -> None:
        super().resizeEvent(e)
        if self._auto:
            self._fit()

    def sizeHint(self) -> QSize:
        return QSize(400, self.height())
