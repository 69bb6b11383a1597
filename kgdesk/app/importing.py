"""The desktop's import service: files → validated run → built and published version.

The CPU-heavy work runs in the runtime's worker process (see kgdesk.app.worker). This is the slot
of the ledger library service (kgdesk/app/library*.py): when it lands, `Desktop.imports` becomes
that service and the import page keeps calling `collect`, `validate` and `build`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kgdesk.app.preferences import SettingsService
from kgdesk.app.runtime import GraphRuntime
from kgdesk.progress import CancelToken, ProgressCallback
from kgdesk.templates.records import ValidationRun

BuildReport = dict[str, Any]
"""The build report of cli.md (`kgdesk build --json`), with `error_code` when it failed."""


class ImportService:
    """Collect, validate and build through the worker process."""

    def __init__(self, settings: SettingsService, runtime: GraphRuntime) -> None:
        self.settings = settings
        self.runtime = runtime

    def collect(self, paths: Sequence[Path]) -> list[Path]:
        """Files and folders → the spreadsheets in them (in the worker: the validator is heavy to import)."""
        out: list[Path] = self.runtime.worker().run("collect", [str(p) for p in paths])
        return out

    def validate(
        self, paths: Sequence[Path], progress: ProgressCallback | None = None, cancel: CancelToken | None = None
    ) -> ValidationRun:
        """Validate in the worker process; the run comes back slimmed for the import page."""
        run: ValidationRun = self.runtime.worker().run(
            "validate", [str(p) for p in paths], self.settings.effective(), progress=progress, cancel=cancel
        )
        return run

    def build(
        self, paths: Sequence[Path], progress: ProgressCallback | None = None, cancel: CancelToken | None = None
    ) -> BuildReport:
        """Validate, build and publish (in the worker process); the report of cli.md.

        A cancelled build comes back as status `failed` with error_code E_CANCELLED and the core's
        message; the caller also knows from `cancel.cancelled`.
        """
        self.runtime.ensure_graph()  # the local server belongs to this process (it stops when kgdesk exits)
        doc: BuildReport = self.runtime.worker().run(
            "build", [str(p) for p in paths], self.settings.effective(), progress=progress, cancel=cancel
        )
        return doc
