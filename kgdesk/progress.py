"""Qt-free progress events and cooperative cancellation, shared by the CLI and the GUI."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from kgdesk.errors import CancelledError


@dataclass(frozen=True)
class ProgressEvent:
    """One step of long work: `stage` (e.g. validate, nodes, relationships), what, done/total."""

    stage: str
    item: str = ""
    done: int = 0
    total: int = 0
    message: str = ""

    @property
    def fraction(self) -> float | None:
        return self.done / self.total if self.total else None


ProgressCallback = Callable[[ProgressEvent], None]


def no_progress(_event: ProgressEvent) -> None:
    """Default sink: progress is optional for every caller."""


class CancelToken:
    """Set from any thread; checked by the worker between batches."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise CancelledError()
