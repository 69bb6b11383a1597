"""The import page's library service: typed, Qt-free, blocking (the page calls it through `run_sync`).

Validation, builds and rollbacks run in the desktop's worker process (`WORKER_JOBS`, registered by
kgdesk.app.worker); reading the library, the published versions and their difference runs in a thread.
This module imports nothing heavy at load time, so the worker can register its jobs cheaply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgdesk.errors import KgdeskError
from kgdesk.progress import CancelToken, ProgressCallback

if TYPE_CHECKING:
    from kgdesk.app.library_service import LibraryView
    from kgdesk.app.library_sync import ChangeSet
    from kgdesk.app.library_versions import VersionDiff, VersionInfo
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


REFUSED_ROLLBACK = ("E_NO_SUCH_VERSION", "E_ALREADY_PUBLISHED", "E_VERSION_INCOMPLETE")
"""The core's refusals of a rollback (docs/library.md); anything else that fails is a failed build."""


@dataclass
class VersionList:
    """The kept published versions, newest first, and which one is published now."""

    versions: list[VersionInfo]
    published_version: str | None

    def find(self, version: str) -> VersionInfo | None:
        return next((v for v in self.versions if v.version == version), None)


@dataclass
class RollbackPlan:
    """What a rollback to `target` changes, for the confirm box: the data (published → target) and
    the library's changes not built yet, which the rollback gives up (the library becomes target's files)."""

    target: VersionInfo
    published_version: str | None
    diff: VersionDiff | None  # a = the published version, b = target; None when nothing is published
    unbuilt: ChangeSet | None


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

    def view(self, use_graph: bool = True) -> LibraryView:
        """`use_graph=False`: this computer's records only (instant; the page shows it first)."""
        from kgdesk.app.library_service import library_view

        return library_view(self.settings.effective(), self.settings.home, use_graph=use_graph)

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

    # -- published versions -------------------------------------------------------------------
    def versions(self) -> VersionList:
        """Every kept published version (`kgdesk versions`), read through the window's connection."""
        from kgdesk.app.library_versions import list_versions

        self.runtime.ensure_graph()
        items = list_versions(self.runtime.connection(), self.settings.home)
        return VersionList(items, next((v.version for v in items if v.published), None))

    def diff(self, a: str, b: str) -> VersionDiff:
        """`kgdesk versions diff A B`: files, rows per template, nodes per label, relationships per type."""
        from kgdesk.app.library_versions import diff_versions

        self.runtime.ensure_graph()
        return diff_versions(self.runtime.connection(), a, b, self.settings.home)

    def rollback_plan(self, version: str) -> RollbackPlan:
        """What `rollback(version)` would change; E_NO_SUCH_VERSION when it is not a kept published version."""
        from kgdesk.errors import ConfigError

        listed = self.versions()
        target = listed.find(version)
        if target is None:
            raise ConfigError(f"没有可回滚的版本 {version}（它可能已被清理），请刷新版本列表", code="E_NO_SUCH_VERSION")
        current = listed.published_version
        diff = self.diff(current, version) if current is not None and current != version else None
        try:
            unbuilt: ChangeSet | None = self.view(use_graph=True).changes
        except KgdeskError:
            unbuilt = None
        return RollbackPlan(target, current, diff, unbuilt if unbuilt is not None and unbuilt.has_changes else None)

    def rollback(self, version: str, progress: ProgressCallback | None = None,
                 cancel: CancelToken | None = None) -> LibraryBuildResult:
        """`kgdesk versions rollback VERSION` in the worker (audited there as `rollback`): the build
        report plus `rollback_of`; `refused` when the core refused (REFUSED_ROLLBACK), not failed."""
        self.runtime.ensure_graph()  # the local server belongs to the window's process
        out: LibraryBuildResult = self.runtime.worker().run("versions_rollback", version, self.settings.effective(),
                                                            progress=progress, cancel=cancel)
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


def job_rollback(version: str, settings: Any, progress: ProgressCallback,
                 cancel: CancelToken) -> LibraryBuildResult:
    from kgdesk.app.library_versions import rollback

    report = rollback(version, settings=settings, progress=progress, cancel=cancel)
    doc = {**report.to_json(), "rollback_of": version}
    if report.error_code:
        doc["error_code"] = report.error_code
    return LibraryBuildResult(doc, refused=report.error_code in REFUSED_ROLLBACK)


WORKER_JOBS = {"library_build": job_build, "versions_rollback": job_rollback}
