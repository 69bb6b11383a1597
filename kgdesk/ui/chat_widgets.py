"""Pieces of the chat page: the step bar, message bubbles and the answer card with its actions."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from kgdesk.ui import theme
from kgdesk.ui.markdown_view import SafeTextBrowser, answer_html, render_markdown
from kgdesk.ui.widgets import label, tool_button

STEPS: tuple[tuple[str, str], ...] = (
    ("understand", "理解"),
    ("ground", "匹配数据"),
    ("plan", "计划"),
    ("execute", "执行"),
    ("verify", "审查"),
    ("answer", "回答"),
)
STEP_KEYS = [k for k, _ in STEPS]

STATUS_TEXT = {
    "answered": "",
    "clarify": "需要您补充信息",
    "insufficient": "数据不足",
    "denied": "没有权限",
    "error": "出错了",
    "cancelled": "已取消",
}


class StepBar(QWidget):
    """理解 → 匹配数据 → 计划 → 执行 → 审查 → 回答, each pending / active / done / failed."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("stepBar")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        self.labels: dict[str, QLabel] = {}
        for i, (key, text) in enumerate(STEPS):
            if i:
                arrow = QLabel("→")
                arrow.setProperty("step", "arrow")
                lay.addWidget(arrow)
            w = QLabel(text)
            w.setProperty("step", "pending")
            w.setObjectName(f"step_{key}")
            self.labels[key] = w
            lay.addWidget(w)
        self.detail = label("", "muted")
        lay.addSpacing(8)
        lay.addWidget(self.detail, 1)
        self.states: dict[str, str] = dict.fromkeys(STEP_KEYS, "pending")

    def reset(self) -> None:
        for key in STEP_KEYS:
            self._set(key, "pending")
        self.detail.setText("")

    def _set(self, key: str, state: str) -> None:
        self.states[key] = state
        theme.set_variant(self.labels[key], "step", state)

    def set_step(self, key: str, state: str = "active", detail: str = "") -> None:
        """Mark `key`; when a step becomes active, the steps before it are done."""
        if key not in self.labels:
            return
        idx = STEP_KEYS.index(key)
        if state == "active":  # one active step: earlier ones are done, later ones not started
            for k in STEP_KEYS[:idx]:
                if self.states[k] in ("pending", "active"):
                    self._set(k, "done")
            for k in STEP_KEYS[idx + 1:]:
                if self.states[k] == "active":
                    self._set(k, "pending")
        self._set(key, state)
        if detail:
            self.detail.setText(detail)

    def finish(self, ok: bool) -> None:
        active = [k for k in STEP_KEYS if self.states[k] == "active"]
        if ok:
            for k in STEP_KEYS:
                self._set(k, "done")
        else:
            for k in active:
                self._set(k, "failed")
        self.detail.setText("")


class UserBubble(QFrame):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.setProperty("bubble", "user")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 8, 12, 8)
        self.text = label(text, wrap=True, selectable=True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.text)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        self.setMaximumWidth(640)


class AnswerCard(QFrame):
    """One answer: status line, Markdown body (streamed while the LLM narrates), citations, actions."""

    citation_requested = Signal(int)  # 1-based index into `citations`
    details_requested = Signal()
    approve_requested = Signal(bool)  # True = mark correct (cache), False = undo
    copy_requested = Signal()
    export_requested = Signal()
    expand_requested = Signal()
    evidence_requested = Signal()

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question
        self.doc: dict[str, Any] | None = None
        self.approved = False
        self.streamed = ""
        self.setProperty("bubble", "assistant")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 10, 14, 8)
        lay.setSpacing(6)
        head = QHBoxLayout()
        self.badge = label("", "muted")
        self.badge.setObjectName("answerBadge")
        self.badge.hide()  # shown with a status only: an empty line would sit above the streamed text
        head.addWidget(self.badge, 1)
        lay.addLayout(head)
        self.body = SafeTextBrowser(self)
        self.body.setObjectName("answerBody")
        self.body.citation_clicked.connect(self.citation_requested)
        self.body.expand_clicked.connect(self.expand_requested)
        lay.addWidget(self.body)
        self.sources = SafeTextBrowser(self)
        self.sources.setObjectName("answerSources")
        self.sources.citation_clicked.connect(self.citation_requested)
        self.sources.hide()
        lay.addWidget(self.sources)
        actions = QHBoxLayout()
        actions.setSpacing(2)
        self.details_btn = tool_button("code", "查询详情")
        self.details_btn.setText("查询详情")
        self.approve_btn = tool_button("check", "答案正确，加入缓存", theme.SUCCESS)
        self.approve_btn.setText("答案正确，加入缓存")
        self.copy_btn = tool_button("copy", "复制答案")
        self.copy_btn.setText("复制")
        self.export_btn = tool_button("table", "导出为 Excel（表格、条件和来源行）")
        self.export_btn.setText("导出 Excel")
        self.evidence_btn = tool_button("graph", "查看答案背后的数据关系图")
        self.evidence_btn.setText("证据图")
        for b in (self.details_btn, self.evidence_btn, self.approve_btn, self.copy_btn, self.export_btn):
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            actions.addWidget(b)
        actions.addStretch(1)
        self.action_row = QWidget()
        self.action_row.setLayout(actions)
        actions.setContentsMargins(0, 0, 0, 0)
        self.action_row.hide()
        lay.addWidget(self.action_row)
        self.details_btn.clicked.connect(self.details_requested)
        self.approve_btn.clicked.connect(lambda: self.approve_requested.emit(not self.approved))
        self.copy_btn.clicked.connect(self.copy_requested)
        self.export_btn.clicked.connect(self.export_requested)
        self.evidence_btn.clicked.connect(self.evidence_requested)
        self.set_thinking("正在理解问题…")

    # -- states ----------------------------------------------------------------------------
    def set_thinking(self, text: str) -> None:
        if not self.streamed:
            self.body.setHtml(f"<p style='color:#6b7280'>{text}</p>")

    def append_token(self, delta: str) -> None:
        """The LLM's narrative as it streams (the facts come with the final result)."""
        self.streamed += delta
        self.body.setHtml(render_markdown(self.streamed))

    def retract(self, reason: str) -> None:
        """The streamed narrative was dropped by the core (e.g. a number not in the results)."""
        self.streamed = ""
        note = "语言模型的小结未通过核对，已撤回" + (f"：{reason}" if reason else "")
        self.body.setHtml(f"<p style='color:#b54708'>{note}</p>")

    @property
    def citations(self) -> list[dict[str, Any]]:
        return list((self.doc or {}).get("citations") or [])

    def set_result(self, doc: dict[str, Any], html: tuple[str, str] | None = None) -> None:
        """Show the finished answer; `html` is `answer_html(doc)` computed off the GUI thread."""
        self.doc = doc
        status = "cancelled" if doc.get("cancelled") else str(doc.get("status") or "answered")
        badge = STATUS_TEXT.get(status, status)
        source = doc.get("source")
        if source == "cache" or doc.get("from_cache"):
            badge = (badge + " · " if badge else "") + "来自已确认的答案缓存"
        elif source == "reuse":
            badge = (badge + " · " if badge else "") + "根据上一轮的结果推导，未重新查询"
        self.badge.setText(badge)
        self.badge.setVisible(bool(badge))
        theme.set_variant(self.badge, "state", "bad" if status in ("denied", "error") else ("busy" if status != "answered" else "ok"))
        body, src = html if html is not None else answer_html(doc)
        self.body.setHtml(body)
        self.sources.setHtml(src)
        self.sources.setVisible(bool(src))
        self.action_row.show()
        self.approve_btn.setVisible(status == "answered")
        self.details_btn.setVisible(bool(doc.get("plan") or doc.get("queries") or doc.get("trace")))
        self.evidence_btn.setVisible(bool(self.citations))
        self.set_approved(bool(doc.get("approved")))

    def set_failed(self, status: str, message: str) -> None:
        self.doc = {"status": status, "answer": message}
        self.badge.setText(STATUS_TEXT.get(status, status))
        self.badge.show()
        theme.set_variant(self.badge, "state", "bad" if status == "error" else "off")
        self.body.setHtml(render_markdown(message))
        self.action_row.show()
        for b in (self.approve_btn, self.details_btn, self.export_btn, self.evidence_btn):
            b.hide()

    def set_approved(self, approved: bool) -> None:
        self.approved = approved
        if approved:
            self.approve_btn.setText("已加入缓存 · 撤销")
            self.approve_btn.setIcon(theme.icon("undo", theme.TEXT))
            self.approve_btn.setToolTip("撤销：从答案缓存中移除")
        else:
            self.approve_btn.setText("答案正确，加入缓存")
            self.approve_btn.setIcon(theme.icon("check", theme.SUCCESS))
            self.approve_btn.setToolTip("确认答案正确：同一问题在同一数据版本下直接使用此答案")

    def markdown(self) -> str:
        """Question, answer and sources as Markdown (copy and export)."""
        from kgdesk.ui.markdown_view import citation_text

        doc = self.doc or {}
        parts = [f"**问：** {self.question}", "", str(doc.get("answer") or self.streamed)]
        if self.citations:
            parts += ["", "来源："] + [f"[{i}] {citation_text(c)}" for i, c in enumerate(self.citations, 1)]
        if doc.get("version"):
            parts += ["", f"数据版本：{doc['version']}"]
        return "\n".join(parts)
