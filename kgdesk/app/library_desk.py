"""The import page's library service: typed, Qt-free, blocking (the page calls it through `run_sync`).

Validation and builds run in the desktop's worker process (`WORKER_JOBS`, registered by
kgdesk.app.worker); reading the library and the published version's file list runs in a thread.
This module imports nothing heavy at load time, so the worker can register its jobs cheaply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgdesk.progress import CancelToken, ProgressCallback

if TYPE_CHECKING:
    from kgdesk.app.library_service import LibraryView
    from kgdesk.app.library_sync import ChangeSet
    from kgdesk.app.preferences import SettingsService
    from kgdesk.app.runtime import GraphRuntime
    from kgdesk.templates.records import ValidationRun


@dataclass
class Pending:
    """The change set of the library plus the page's files, and which library files they replace."""

    changes: ChangeSet
    replaces: list[tuple[str, str]]  # (file, who added the one in the library)


@dataclass
class LibraryBuildResult:
    """A library build as the page shows it: the cli.md report and what the library did."""

    report: dict[str, Any]
    sync_notes: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    refused: bool = False


class LibraryDesk:
    """The desktop's imports service (`Desktop.imports`): collect, validate, and build the library."""

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

    def view(self) -> LibraryView:
        from kgdesk.app.library_service import library_view

        return library_view(self.settings.effective(), self.settings.home)

    def remove(self, names: Sequence[str]) -> tuple[list[str], list[str]]:
        from kgdesk.app.library_service import remove_from_library

        return remove_from_library(names, self.settings.home)

    def build(self, paths: Sequence[Path], progress: ProgressCallback | None = None,
              cancel: CancelToken | None = None) -> LibraryBuildResult:
        """Add `paths` to the library (same names replace), then publish the whole library."""
        self.runtime.ensure_graph()  # the local server belongs to the window's process
        out: LibraryBuildResult = self.runtime.worker().run("library_build", [str(p) for p in paths],
                                                            self.settings.effective(), progress=progress,
                                                            cancel=cancel)
        return out

    @staticmethod
    def pending(view: LibraryView, run: ValidationRun | None) -> Pending:
        """What a build would change with the page's validated files added to the library (no I/O)."""
        from kgdesk.app.library import LibraryState, entry_for, name_key
        from kgdesk.app.library_sync import compute_changes

        state = LibraryState(list(view.state.files), view.state.base_version, dict(view.state.base_files))
        replaces: list[tuple[str, str]] = []
        for f in run.accepted_files if run is not None else []:
            old = state.find(f.file)
            if old is not None and f.sha256 and old.sha256 == f.sha256:
                continue
            if old is not None:
                replaces.append((old.file, old.added_by))
            try:
                entry = entry_for(f, None, "", str(f.path))
            except OSError:  # the file went away since it was validated: the build will say so
                continue
            state.files = [x for x in state.files if name_key(x.file) != name_key(f.file)] + [entry]
        return Pending(compute_changes(state, view.published), replaces)


# ------------------------------------------------------------------ the worker process's side


def job_build(paths: Sequence[str], settings: Any, progress: ProgressCallback,
              cancel: CancelToken) -> LibraryBuildResult:
    from kgdesk.app.library_sync import build_library

    out = build_library([Path(p) for p in paths], progress=progress, cancel=cancel, settings=settings)
    doc = out.report.to_json()
    if out.report.error_code:
        doc["error_code"] = out.report.error_code
    return LibraryBuildResult(
        doc,
        sync_notes=out.sync.notes() if out.sync else [],
        rejected=list(out.report.rejected_files),
        refused=out.report.error_code in ("E_LIBRARY_CONFLICT", "E_LIBRARY_INCOMPLETE"),
    )


WORKER_JOBS = {"library_build": job_build}
