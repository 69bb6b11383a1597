"""Native modal dialogs for the agent's questions to the user (the Interactor's four interactions).

Each dialog is a real QDialog, window-modal to the main window, opened with `open()` and awaited
through `kgdesk.ui.aio.show_dialog` (no nested exec() loop under qasync). Closing a dialog
(Esc, the window's close button, "取消提问") rejects it; the interactor turns that into a
cancelled question. Enter runs the primary (blue) action: it is the only default button and has
the focus when the dialog opens; no other button becomes default by taking the focus.

Offline (no language model) a correction is never free text the rules cannot parse: the user
picks the item to change (时间、条件、对象) and types its new value only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from kgdesk.ui import theme
from kgdesk.ui.widgets import button, label

NONE_OF_THESE = "都不是"


@dataclass(frozen=True)
class Choice:
    """One option shown to the user: `key` goes back to the agent, `text` and `detail` are shown."""

    key: str
    text: str
    detail: str = ""


class InteractionDialog(QDialog):
    """Common frame: question header, body, a correction box (optional) and the buttons."""

    def __init__(self, parent: QWidget | None, title: str, heading: str, question: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumWidth(560)
        self.root = QVBoxLayout(self)
        self.root.setContentsMargins(20, 18, 20, 14)
        self.root.setSpacing(10)
        self.heading = label(heading, "title", wrap=True)
        self.root.addWidget(self.heading)
        if question:
            self.question = label(f"您的问题：{question}", "muted", wrap=True, selectable=True)
            self.root.addWidget(self.question)
        self.buttons = QHBoxLayout()
        self.cancel_btn = button("取消提问", "close", tip="关闭对话框并取消这个问题")
        self.cancel_btn.clicked.connect(self.reject)
        self.buttons.addWidget(self.cancel_btn)
        self.buttons.addStretch(1)

    def finish_layout(self, primary: QPushButton) -> None:
        """Buttons in; `primary` is the one default (Enter) and starts with the focus."""
        self.root.addLayout(self.buttons)
        self.primary = primary
        for b in self.findChildren(QPushButton):
            b.setAutoDefault(False)
            b.setDefault(False)
        self.set_primary(primary)

    def set_primary(self, primary: QPushButton) -> None:
        if getattr(self, "primary", None) is not None and self.primary is not primary:
            self.primary.setDefault(False)
        self.primary = primary
        primary.setDefault(True)
        primary.setFocus()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.focusWidget() is None or isinstance(self.focusWidget(), QPushButton):
            self.primary.setFocus()
        QTimer.singleShot(0, self.fit_tables)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self.fit_tables)

    def fit_tables(self) -> None:
        """Wrapped cells get the height of their whole text (never cut); the table grows up to a
        third of the screen and scrolls beyond."""
        for t in self.findChildren(QTableWidget):
            t.resizeRowsToContents()
            rows_h = sum(t.rowHeight(r) for r in range(t.rowCount()))
            t.setMinimumHeight(min(420, t.horizontalHeader().sizeHint().height() + rows_h + 6))


EDITABLE_SLOTS = ("时间", "条件", "对象")
"""What the offline rules can change on their own: a time, a condition, the thing counted."""
SLOT_HINTS = {"时间": "例如：4月；2026年第一季度", "条件": "例如：只看保安；服务中的项目", "对象": "例如：项目；人员"}


class CorrectionBox(QFrame):
    """Where the user says what to change. Online: in words. Offline: the item to change and its
    new value, the one form the rules can apply (the answer is sent as that value alone)."""

    def __init__(self, prompt: str, placeholder: str, *, slots: Sequence[str] = ()) -> None:
        super().__init__()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(label(prompt, "section", wrap=True))
        row = QHBoxLayout()
        self.slot = QComboBox()
        self.slot.setObjectName("correctionSlot")
        self.slot.addItems(list(slots))
        self.slot.setVisible(bool(slots))
        row.addWidget(self.slot)
        self.edit = QLineEdit()
        self.edit.setObjectName("correctionEdit")
        self.edit.setPlaceholderText(SLOT_HINTS.get(self.slot.currentText(), placeholder) if slots else placeholder)
        self.slot.currentTextChanged.connect(lambda name: self.edit.setPlaceholderText(SLOT_HINTS.get(name, placeholder)))
        row.addWidget(self.edit, 1)
        lay.addLayout(row)
        self.hide()

    @property
    def text(self) -> str:
        return self.edit.text().strip()


class ConfirmSlotsDialog(InteractionDialog):
    """"我理解的是……" — confirm, or say in words what is wrong."""

    def __init__(self, parent: QWidget | None, understanding: str, slots: Sequence[tuple[str, str]] = (),
                 question: str = "", *, offline: bool = False) -> None:
        super().__init__(parent, "确认理解", "我这样理解您的问题，对吗？", question)
        self.setObjectName("confirmSlotsDialog")
        card = QFrame()
        card.setProperty("role", "card")
        cl = QVBoxLayout(card)
        self.understanding = label(understanding, wrap=True, selectable=True)
        cl.addWidget(self.understanding)
        if slots:
            table = QTableWidget(len(slots), 2)
            table.setObjectName("slotsTable")
            table.setHorizontalHeaderLabels(["项目", "理解为"])
            table.verticalHeader().hide()
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
            for r, (k, v) in enumerate(slots):
                table.setItem(r, 0, QTableWidgetItem(k))
                table.setItem(r, 1, QTableWidgetItem(v))
            table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
            table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
            table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            table.setWordWrap(True)
            table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
            self.slots_table = table
            cl.addWidget(table)
        self.root.addWidget(card)
        editable = [k for k, _ in slots if k in EDITABLE_SLOTS] or list(EDITABLE_SLOTS)
        if offline:
            self.correction = CorrectionBox("要改哪一项？选好后只写新的内容", "", slots=editable)
        else:
            self.correction = CorrectionBox("哪里不对？请直接说明", "例如：不是 3 月，是 4 月；只看保安")
        self.root.addWidget(self.correction)
        self.correct_btn = button("修改一项" if offline else "不对，我来更正", "edit")
        self.confirm_btn = button("对，就是这个意思", "check", variant="primary")
        self.buttons.addWidget(self.correct_btn)
        self.buttons.addWidget(self.confirm_btn)
        self.finish_layout(self.confirm_btn)
        self.correction.edit.returnPressed.connect(self._correct)
        self.correct_btn.clicked.connect(self._correct)
        self.confirm_btn.clicked.connect(self._confirm)
        self.result_correction: str | None = None

    def _correct(self) -> None:
        if not self.correction.isVisible():
            self.correction.show()
            self.correction.edit.setFocus()
            self.correct_btn.setText("提交更正")
            self.set_primary(self.correct_btn)
            self.correction.edit.setFocus()
            return
        if not self.correction.text:
            self.correction.edit.setPlaceholderText("请写下要更正的内容，或点“对，就是这个意思”")
            self.correction.edit.setFocus()
            return
        self.result_correction = self.correction.text
        self.accept()

    def _confirm(self) -> None:
        self.result_correction = None
        self.accept()


class ConfirmPlanDialog(InteractionDialog):
    """The plan as a steps table in Chinese; approve, or ask for a change in words."""

    def __init__(self, parent: QWidget | None, description: str, steps: Sequence[Sequence[str]],
                 headers: Sequence[str] = ("步骤", "做什么", "依据"), question: str = "", *,
                 offline: bool = False) -> None:
        super().__init__(parent, "确认查询计划", "我打算这样查，可以吗？", question)
        self.setObjectName("confirmPlanDialog")
        self.setMinimumWidth(720)
        self.description = label(description, wrap=True, selectable=True)
        self.root.addWidget(self.description)
        self.steps = QTableWidget(len(steps), len(headers))
        self.steps.setObjectName("planSteps")
        self.steps.setHorizontalHeaderLabels(list(headers))
        self.steps.verticalHeader().hide()
        self.steps.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.steps.setWordWrap(True)
        self.steps.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.steps.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        for r, row in enumerate(steps):
            for c, text in enumerate(row):
                item = QTableWidgetItem(str(text))
                item.setToolTip(str(text))
                self.steps.setItem(r, c, item)
        h = self.steps.horizontalHeader()
        for c in range(len(headers)):
            h.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        if len(headers) > 1:
            h.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.steps.resizeRowsToContents()
        self.steps.setMinimumHeight(min(320, 40 + 34 * max(1, len(steps))))
        self.root.addWidget(self.steps, 1)
        if offline:  # the rules take one item's new value, not a plan change in words
            self.correction = CorrectionBox("要改哪一项？选好后只写新的内容", "", slots=EDITABLE_SLOTS)
        else:
            self.correction = CorrectionBox("想怎么改？请直接说明", "例如：按片区分组；只统计服务中的项目")
        self.root.addWidget(self.correction)
        self.change_btn = button("修改一项" if offline else "需要修改", "edit")
        self.approve_btn = button("按这个计划查询", "check", variant="primary")
        self.buttons.addWidget(self.change_btn)
        self.buttons.addWidget(self.approve_btn)
        self.finish_layout(self.approve_btn)
        self.correction.edit.returnPressed.connect(self._change)
        self.change_btn.clicked.connect(self._change)
        self.approve_btn.clicked.connect(self._approve)
        self.result_change: str | None = None

    def _change(self) -> None:
        if not self.correction.isVisible():
            self.correction.show()
            self.correction.edit.setFocus()
            self.change_btn.setText("提交修改意见")
            self.set_primary(self.change_btn)
            self.correction.edit.setFocus()
            return
        if not self.correction.text:
            return
        self.result_change = self.correction.text
        self.accept()

    def _approve(self) -> None:
        self.result_change = None
        self.accept()


SCOPE_LIST_MAX_HEIGHT = 380
"""Pixels of narrowing options shown before they scroll (the dialog fits a 768-pixel screen)."""


class ChooseScopeDialog(InteractionDialog):
    """Too many results: pick how to narrow them (one option)."""

    def __init__(self, parent: QWidget | None, message: str, options: Sequence[Choice], question: str = "",
                 default: str | None = None) -> None:
        """`default`: the option Enter takes (the agent's own choice without a user, 只看汇总) — never a
        narrowing the user did not pick; the first option when it is absent."""
        super().__init__(parent, "缩小范围", "结果比较多，要怎么看？", question)
        self.setObjectName("chooseScopeDialog")
        self.message = label(message, wrap=True, selectable=True)
        self.root.addWidget(self.message)
        self.group = QButtonGroup(self)
        self.options = list(options)
        self.radios: list[QRadioButton] = []
        # the options scroll: a long list of ways to narrow (one per value of each field) would
        # otherwise make the dialog taller than the screen and push 确定 out of reach
        inner = QWidget()
        inner.setObjectName("scopeOptions")
        lay = QVBoxLayout(inner)
        lay.setContentsMargins(0, 0, 8, 0)
        lay.setSpacing(6)
        for i, opt in enumerate(self.options):
            rb = QRadioButton(opt.text)
            self.group.addButton(rb, i)
            self.radios.append(rb)
            lay.addWidget(rb)
            if opt.detail:
                detail = label(opt.detail, "muted", wrap=True)
                detail.setContentsMargins(24, 0, 0, 0)
                lay.addWidget(detail)
        lay.addStretch(1)
        self.options_area = QScrollArea()
        self.options_area.setObjectName("scopeScroll")
        self.options_area.setWidgetResizable(True)
        self.options_area.setWidget(inner)
        self.options_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.options_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.options_area.setMinimumHeight(min(inner.sizeHint().height(), SCOPE_LIST_MAX_HEIGHT))
        self.options_area.setMaximumHeight(inner.sizeHint().height() + 4)
        self.root.addWidget(self.options_area, 1)
        if self.radios:
            first = next((i for i, o in enumerate(self.options) if o.key == default), 0)
            self.radios[first].setChecked(True)
            self.options_area.ensureWidgetVisible(self.radios[first])
        self.ok_btn = button("确定", "check", variant="primary")
        self.buttons.addWidget(self.ok_btn)
        self.finish_layout(self.ok_btn)
        self.ok_btn.clicked.connect(self.accept)

    @property
    def chosen(self) -> Choice | None:
        i = self.group.checkedId()
        return self.options[i] if 0 <= i < len(self.options) else None

    def choose(self, key: str) -> None:
        for rb, opt in zip(self.radios, self.options, strict=True):
            if opt.key == key:
                rb.setChecked(True)


class ChooseValuesDialog(InteractionDialog):
    """"您指的是哪个？" — one or several candidates, or 都不是."""

    def __init__(self, parent: QWidget | None, message: str, candidates: Sequence[Choice], *, multiple: bool = True,
                 question: str = "") -> None:
        super().__init__(parent, "选择取值", "您指的是哪一个？" if not multiple else "您指的是哪些？（可多选）", question)
        self.setObjectName("chooseValuesDialog")
        self.multiple = multiple
        self.message = label(message, wrap=True, selectable=True)
        self.root.addWidget(self.message)
        self.list = QListWidget()
        self.list.setObjectName("valueList")
        self.candidates = list(candidates)
        for c in self.candidates:
            item = QListWidgetItem(c.text + (f"\n{c.detail}" if c.detail else ""))
            # the view must not toggle by itself: a click anywhere on the row toggles (below)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.UserRole, c.key)
            self.list.addItem(item)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.list.setWordWrap(True)
        self.list.setSpacing(3)
        self.list.itemChanged.connect(self._item_changed)
        self.list.itemClicked.connect(self._item_clicked)
        self.list.itemActivated.connect(self._item_clicked)
        self.list.setMinimumHeight(min(320, 30 + 44 * max(1, len(self.candidates))))
        self.root.addWidget(self.list, 1)
        self.none_btn = QRadioButton(f"{NONE_OF_THESE}（这些都不是我要找的）")
        self.none_btn.setObjectName("noneOfThese")
        self.none_btn.setAutoExclusive(False)
        self.none_btn.toggled.connect(self._none_toggled)
        self.root.addWidget(self.none_btn)
        self.hint = label("", "muted")
        self.root.addWidget(self.hint)
        self.ok_btn = button("确定", "check", variant="primary")
        self.buttons.addWidget(self.ok_btn)
        self.finish_layout(self.ok_btn)
        self.ok_btn.clicked.connect(self._ok)
        self._sync()

    def _item_clicked(self, item: QListWidgetItem) -> None:
        checked = item.checkState() == Qt.CheckState.Checked
        item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)  # → _item_changed

    def _item_changed(self, item: QListWidgetItem) -> None:
        if item.checkState() == Qt.CheckState.Checked:
            if not self.multiple:
                self.list.blockSignals(True)
                for i in range(self.list.count()):
                    other = self.list.item(i)
                    if other is not item:
                        other.setCheckState(Qt.CheckState.Unchecked)
                self.list.blockSignals(False)
            self.none_btn.blockSignals(True)
            self.none_btn.setChecked(False)
            self.none_btn.blockSignals(False)
        self._sync()

    def _none_toggled(self, on: bool) -> None:
        if on:
            self.list.blockSignals(True)
            for i in range(self.list.count()):
                self.list.item(i).setCheckState(Qt.CheckState.Unchecked)
            self.list.blockSignals(False)
        self._sync()

    def _sync(self) -> None:
        n = len(self.selected)
        self.ok_btn.setEnabled(bool(n) or self.none_btn.isChecked())
        self.hint.setText(f"已选 {n} 项" if n else ("将告诉助手：都不是" if self.none_btn.isChecked() else "请选择，或勾选“都不是”"))

    def set_checked(self, keys: Sequence[str]) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) in keys:
                item.setCheckState(Qt.CheckState.Checked)

    @property
    def selected(self) -> list[str]:
        return [
            self.list.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.list.count())
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]

    @property
    def none_of_these(self) -> bool:
        return self.none_btn.isChecked()

    def _ok(self) -> None:
        if self.selected or self.none_of_these:
            self.accept()


class ChooseBasisDialog(InteractionDialog):
    """The question left a counting basis (口径) open and the bases give different results: the user
    picks one. Exactly one: "none of them" is no answer here, and nothing is chosen for the user."""

    def __init__(self, parent: QWidget | None, message: str, bases: Sequence[Choice], question: str = "") -> None:
        super().__init__(parent, "选择统计口径", "按哪种口径统计？", question)
        self.setObjectName("chooseBasisDialog")
        self.message = label(message, wrap=True, selectable=True)
        self.root.addWidget(self.message)
        self.candidates = list(bases)
        self.group = QButtonGroup(self)
        self.radios: list[QRadioButton] = []
        card = QFrame()
        card.setProperty("role", "card")
        cl = QVBoxLayout(card)
        cl.setContentsMargins(14, 10, 14, 10)
        cl.setSpacing(2)
        for i, c in enumerate(self.candidates):
            rb = QRadioButton(c.text)
            rb.setObjectName(f"basis_{i}")
            self.group.addButton(rb, i)
            self.radios.append(rb)
            if i:
                cl.addSpacing(8)
            cl.addWidget(rb)
            if c.detail:
                detail = label(c.detail, "muted", wrap=True, selectable=True)
                detail.setContentsMargins(24, 0, 0, 0)  # under the text, past the radio mark
                cl.addWidget(detail)
        self.root.addWidget(card)
        self.hint = label("请选择一种口径", "muted")
        self.root.addWidget(self.hint)
        self.ok_btn = button("按这个口径统计", "check", variant="primary")
        self.buttons.addWidget(self.ok_btn)
        self.finish_layout(self.ok_btn)
        self.group.idToggled.connect(lambda _i, _on: self._sync())
        self.ok_btn.clicked.connect(self._ok)
        self._sync()

    def _sync(self) -> None:
        self.ok_btn.setEnabled(self.chosen is not None)
        self.hint.setVisible(self.chosen is None)

    @property
    def chosen(self) -> Choice | None:
        i = self.group.checkedId()
        return self.candidates[i] if 0 <= i < len(self.candidates) else None

    @property
    def selected(self) -> list[str]:
        chosen = self.chosen
        return [chosen.key] if chosen is not None else []

    def set_checked(self, keys: Sequence[str]) -> None:
        for rb, c in zip(self.radios, self.candidates, strict=True):
            if c.key in keys:
                rb.setChecked(True)
                return

    def _ok(self) -> None:
        if self.chosen is not None:
            self.accept()


class DetailDialog(QDialog):
    """A plain, resizable dialog with a title and free content (citations, query details)."""

    def __init__(self, parent: QWidget | None, title: str, object_name: str) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setWindowTitle(title)
        self.resize(820, 600)
        self.root = QVBoxLayout(self)
        self.title = label(title, "title", wrap=True, selectable=True)
        self.subtitle = label("", "muted", wrap=True, selectable=True)
        self.root.addWidget(self.title)
        self.root.addWidget(self.subtitle)
        self.body = QStackedWidget()
        self.root.addWidget(self.body, 1)
        bottom = QHBoxLayout()
        self.extra = QHBoxLayout()
        bottom.addLayout(self.extra)
        bottom.addStretch(1)
        close = button("关闭")
        close.clicked.connect(self.accept)
        bottom.addWidget(close)
        self.root.addLayout(bottom)


def section_label(text: str) -> QLabel:
    w = label(text, "section")
    return w


def status_icon(kind: str) -> QLabel:
    w = QLabel()
    name, color = {"ok": ("check", theme.SUCCESS), "bad": ("warning", theme.DANGER)}.get(kind, ("info", theme.PRIMARY))
    w.setPixmap(theme.icon(name, color).pixmap(16, 16))
    return w
