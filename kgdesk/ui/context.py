"""What every page gets: the service adapter, the task keeper and the error funnel."""

from __future__ import annotations

from dataclasses import dataclass, field

from kgdesk.app.desktop import Desktop
from kgdesk.app.notifications import ErrorFunnel, funnel
from kgdesk.ui.aio import TaskKeeper


@dataclass
class UiContext:
    desktop: Desktop
    errors: ErrorFunnel = field(default_factory=funnel)
    tasks: TaskKeeper = field(init=False)

    def __post_init__(self) -> None:
        self.tasks = TaskKeeper(self.errors)
