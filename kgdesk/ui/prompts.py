"""kgdesk's own small dialogs instead of the stock QMessageBox / QInputDialog: the app's look,
an icon that matches the action (a red bin on 删除, not a green question mark), the primary
action as the default button (Enter) and Esc to cancel, the message wrapped in full."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLineEdit, QVBoxLayout, QWidget

from kgdesk.ui import theme
from kgdesk.ui.aio import show_dialog
from kgdesk.ui.widgets import button, icon_label, label


class ConfirmBox(QDialog):
    """A question with one action: 取消 (Esc) and the action (Enter)."""

    def __init__(self, parent: QWidget | None, title: str, message: str, action: str, *, danger: bool = False,
                 icon_name: str | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("confirmBox")
        self.setWindowTitle(title)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumWidth(420)
        root = QVBoxLayout(self)
        root.setContentsMargins(20, 18, 20, 14)
        top = QHBoxLayout()
        color = theme.DANGER if danger else theme.PRIMARY
        top.addWidget(icon_label(theme.icon(icon_name or ("trash" if danger else "info"), color), 28),
                      0, Qt.AlignmentFlag.AlignTop)
        col = QVBoxLayout()
        col.addWidget(label(title, "title", wrap=True))
        self.message = label(message, wrap=True, selectable=True)
        col.addWidget(self.message)
        top.addLayout(col, 1)
        root.addLayout(top)
        self.body = QVBoxLayout()
        root.addLayout(self.body)
        row = QHBoxLayout()
        row.addStretch(1)
        self.cancel_btn = button("取消")
        self.cancel_btn.setAutoDefault(False)
        self.ok_btn = button(action, "trash" if danger else "check", variant="danger" if danger else "primary")
        self.ok_btn.setDefault(True)
        row.addWidget(self.cancel_btn)
        row.addWidget(self.ok_btn)
        root.addLayout(row)
        self.cancel_btn.clicked.connect(self.reject)
        self.ok_btn.clicked.connect(self.accept)


class TextPrompt(ConfirmBox):
    """One line of text (a new name): Enter accepts what is typed, Esc cancels."""

    def __init__(self, parent: QWidget | None, title: str, message: str, value: str, action: str = "确定") -> None:
        super().__init__(parent, title, message, action, icon_name="edit")
        self.edit = QLineEdit(value)
        self.edit.setObjectName("promptEdit")
        self.edit.selectAll()
        self.body.addWidget(self.edit)
        self.edit.setFocus()

    @property
    def value(self) -> str:
        return self.edit.text().strip()


async def confirm(parent: QWidget | None, title: str, message: str, action: str, *, danger: bool = False) -> bool:
    box = ConfirmBox(parent, title, message, action, danger=danger)
    try:
        return await show_dialog(box) == QDialog.DialogCode.Accepted
    finally:
        box.deleteLater()


async def ask_text(parent: QWidget | None, title: str, message: str, value: str) -> str | None:
    box = TextPrompt(parent, title, message, value)
    try:
        return box.value if await show_dialog(box) == QDialog.DialogCode.Accepted else None
    finally:
        box.deleteLater()
