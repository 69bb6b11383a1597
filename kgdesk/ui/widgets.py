"""Small shared widgets: page header with the quality mark, result banners, buttons with icons."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import QDir, QSize, QStandardPaths, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
)

from kgdesk.ui import theme


def user_documents() -> str:
    """Where file dialogs open: the user's documents (else home), never the program's folder."""
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return docs if docs and QDir(docs).exists() else QDir.homePath()


def button(text: str, icon_name: str | None = None, *, variant: str | None = None, tip: str = "") -> QPushButton:
    b = QPushButton(text)
    if icon_name:
        color = theme.WHITE if variant == "primary" else (theme.DANGER if variant == "danger" else theme.TEXT)
        b.setIcon(theme.icon(icon_name, color))
        b.setIconSize(QSize(16, 16))
    if variant:
        b.setProperty("variant", variant)
    if tip:
        b.setToolTip(tip)
    b.setCursor(Qt.CursorShape.PointingHandCursor)
    return b


def tool_button(icon_name: str, tip: str, color: str = theme.TEXT) -> QToolButton:
    b = QToolButton()
    b.setIcon(theme.icon(icon_name, color))
    b.setIconSize(QSize(18, 18))
    b.setToolTip(tip)
    b.setProperty("variant", "flat")
    b.setCursor(Qt.CursorShape.PointingHandCursor)
    b.setAccessibleName(tip)
    return b


def label(text: str = "", role: str | None = None, *, wrap: bool = False, selectable: bool = False) -> QLabel:
    w = QLabel(text)
    if role:
        w.setProperty("role", role)
    w.setWordWrap(wrap)
    if selectable:
        w.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return w


class QualityMark(QPushButton):
    """Red pill shown in a page header when the published version has data-quality issues."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("qualityMark")
        self.setIcon(theme.icon("warning", theme.DANGER))
        self.setIconSize(QSize(14, 14))
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("已发布的数据版本存在数据质量问题，点击查看")
        self.hide()

    def set_count(self, problems: int | None) -> None:
        """`None` or 0: hidden; otherwise shows how many problems the report lists."""
        if not problems:
            self.hide()
            return
        self.setText(f"数据质量问题 {problems}")
        self.show()


class PageHeader(QFrame):
    """Title, subtitle and, on the right, the quality mark and any page actions."""

    def __init__(self, title: str, subtitle: str = "") -> None:
        super().__init__()
        self.setObjectName("pageHeader")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(20, 12, 20, 12)
        texts = QVBoxLayout()
        texts.setSpacing(2)
        self.title = label(title, "title")
        self.subtitle = label(subtitle, "subtitle")
        texts.addWidget(self.title)
        texts.addWidget(self.subtitle)
        if not subtitle:
            self.subtitle.hide()
        lay.addLayout(texts, 1)
        self.action_bar = QHBoxLayout()
        self.action_bar.setSpacing(8)
        lay.addLayout(self.action_bar)
        self.quality_mark = QualityMark()
        lay.addWidget(self.quality_mark, 0, Qt.AlignmentFlag.AlignVCenter)

    def set_subtitle(self, text: str) -> None:
        self.subtitle.setText(text)
        self.subtitle.setVisible(bool(text))


class Banner(QFrame):
    """A result message (success, error, info, warning) with an optional action and a close button."""

    action_clicked = Signal()
    _ICONS: ClassVar[dict[str, tuple[str, str]]] = {"success": ("check", theme.SUCCESS), "error": ("warning", theme.DANGER),
              "info": ("info", theme.PRIMARY), "warning": ("warning", theme.WARNING)}

    def __init__(self) -> None:
        super().__init__()
        self.setProperty("banner", "info")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 8, 8, 8)
        self._icon = QLabel()
        self._icon.setFixedSize(20, 20)
        lay.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignTop)
        self.text = label("", wrap=True, selectable=True)
        self.text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        lay.addWidget(self.text, 1)
        self.action = button("", variant="link")
        self.action.clicked.connect(self.action_clicked)
        self.action.hide()
        lay.addWidget(self.action, 0, Qt.AlignmentFlag.AlignTop)
        close = tool_button("close", "关闭")
        close.clicked.connect(self.hide)
        lay.addWidget(close, 0, Qt.AlignmentFlag.AlignTop)
        self.kind = "info"
        self.hide()

    def show_message(self, kind: str, text: str, action: str = "") -> None:
        self.kind = kind
        theme.set_variant(self, "banner", kind)
        name, color = self._ICONS.get(kind, self._ICONS["info"])
        self._icon.setPixmap(theme.icon(name, color).pixmap(QSize(18, 18)))
        self.text.setText(text)
        self.action.setText(action)
        self.action.setVisible(bool(action))
        self.show()


def icon_label(icon: QIcon, size: int = 18) -> QLabel:
    w = QLabel()
    w.setPixmap(icon.pixmap(QSize(size, size)))
    return w
