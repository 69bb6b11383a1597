"""What every page gets: the service adapter, the task keeper, the error funnel and the file opener."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kgdesk.app.desktop import Desktop
from kgdesk.app.notifications import ErrorFunnel, funnel
from kgdesk.ui.aio import TaskKeeper


def open_with_system(path: Path) -> bool:
    """Excel on Windows (whatever opens .xlsx), the desktop's default program elsewhere."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QDesktopServices

    return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))))


@dataclass
class UiContext:
    desktop: Desktop
    errors: ErrorFunnel = field(default_factory=funnel)
    open_file: Callable[[Path], bool] = open_with_system
    """How a file is handed to the system's default program (tests record the call instead)."""
    tasks: TaskKeeper = field(init=False)

    def __post_init__(self) -> None:
        self.tasks = TaskKeeper(self.errors)
