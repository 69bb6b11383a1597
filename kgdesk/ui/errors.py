"""The Qt side of the error funnel: notifications from any thread are shown on the GUI thread."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QMessageBox, QWidget

from kgdesk.app.notifications import ErrorFunnel, Notification


class ErrorPresenter(QObject):
    """Subscribes to the funnel; shows one non-blocking Chinese message box per distinct error."""

    received = Signal(object)

    def __init__(self, errors: ErrorFunnel, parent_window: Callable[[], QWidget | None]) -> None:
        super().__init__()
        self._parent_window = parent_window
        self.shown: list[Notification] = []
        self._open: dict[str, QMessageBox] = {}
        # Emitted from whatever thread reported; the queued connection runs _show on ours.
        self.received.connect(self._show, Qt.ConnectionType.QueuedConnection)
        self._unsubscribe = errors.subscribe(self.received.emit)

    def close(self) -> None:
        self._unsubscribe()

    @Slot(object)
    def _show(self, note: Notification) -> None:
        self.shown.append(note)
        if note.message in self._open:  # the same message is already on screen
            return
        box = QMessageBox(self._parent_window())
        box.setObjectName("errorBox")
        box.setIcon(QMessageBox.Icon.Warning if note.severity != "info" else QMessageBox.Icon.Information)
        box.setWindowTitle("kgdesk · 出错了")
        box.setText(note.message)
        if note.context:
            box.setInformativeText(f"发生在：{note.context}")
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        ok = box.button(QMessageBox.StandardButton.Ok)
        ok.setText("知道了")
        ok.setIcon(QIcon())
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._open[note.message] = box
        box.finished.connect(lambda _r, m=note.message: self._open.pop(m, None))
        box.open()

    @property
    def visible_boxes(self) -> list[QMessageBox]:
        return list(self._open.values())
