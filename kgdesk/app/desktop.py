"""The desktop's composition of small Qt-free services; the GUI reaches the core only through them.

    settings       SettingsService  saved/effective settings, identity, secrets, policy, window state
    runtime        GraphRuntime     local graph server, read connection, worker processes, status
    imports        LibraryDesk      collect → validate → add to the ledger library → build it all
    quality        QualityService   the published version's quality report, masked; its Excel export
    history        HistoryService   run log (every outcome counted) and audit records
    conversations  AskingService    threads, questions, approvals, search
    sources        SourceService    cited rows, and highlighted copies of their workbooks
    exports        ExportService    answers and problem rows to .xlsx
    evidence       EvidenceService  the subgraph behind an answer, laid out for drawing

Every service is synchronous except `conversations.ask` (the GUI runs the others through
`run_sync`). The few methods on `Desktop` itself are the ones other fronts and tests share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgdesk.app.contracts import SourceRow, StatusInfo, TestResult
from kgdesk.app.conversations import AnswerDoc, AskingService, StepFn
from kgdesk.app.evidence import EvidenceService
from kgdesk.app.excel_export import ExportService
from kgdesk.app.library_desk import LibraryDesk
from kgdesk.app.preferences import SettingsService
from kgdesk.app.quality_view import QualityService
from kgdesk.app.run_log import HistoryService
from kgdesk.app.runtime import GraphRuntime
from kgdesk.app.sources import SourceService
from kgdesk.config.settings import Settings
from kgdesk.progress import CancelToken, ProgressCallback
from kgdesk.templates.records import ValidationRun
from kgdesk.templates.records import issue_title as issue_title  # the one issue-title table, for the GUI

if TYPE_CHECKING:
    from collections.abc import Callable

    from kgdesk.qa.interactions import Interactor

__all__ = ["Desktop", "ImportSession", "StatusInfo", "TestResult"]


@dataclass
class ImportSession:
    """The files the user put on the import page, validated together so cross-file checks run."""

    paths: list[Path] = field(default_factory=list)
    run: ValidationRun | None = None

    def add(self, paths: Sequence[Path], expanded: Sequence[Path] | None = None) -> list[Path]:
        """Add files and folders (expanded to their spreadsheets); returns the new files.

        `expanded`: the expansion done elsewhere (the worker process), else the validator's here.
        """
        if expanded is None:
            from kgdesk.templates.validator import collect_paths

            expanded = collect_paths([Path(x) for x in paths])
        known = {p.resolve() for p in self.paths}
        added: list[Path] = []
        for p in expanded:
            r = p.resolve()
            if r not in known:
                known.add(r)
                self.paths.append(p)
                added.append(p)
        return added

    def remove(self, path: Path) -> None:
        self.paths = [p for p in self.paths if p.resolve() != path.resolve()]

    def clear(self) -> None:
        self.paths.clear()
        self.run = None


class Desktop:
    """The services of one desktop window (see the module docstring)."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = home
        self.settings = SettingsService(home)
        self.runtime = GraphRuntime(self.settings)
        self.imports = LibraryDesk(self.settings, self.runtime)
        self.quality = QualityService(self.settings, self.runtime)
        self.history = HistoryService(self.settings)
        self.conversations = AskingService(self.settings, self.runtime)
        self.sources = SourceService(self.settings, self.runtime)
        self.exports = ExportService(self.settings)
        self.evidence = EvidenceService(self.settings, self.runtime)

    # -- shared with the CLI's tests and the import page ----------------------------------------
    def effective(self) -> Settings:
        return self.settings.effective()

    def is_admin(self) -> bool:
        return self.settings.is_admin()

    def save(self, settings: Settings, secrets: dict[str, str | None] | None = None, *,
             first_run: bool = False) -> None:
        """Save through the checked and audited path; the read connection reopens with the new settings."""
        try:
            self.settings.save(settings, secrets, first_run=first_run)
        finally:
            self.runtime.drop_connection()

    def source_row(self, citation: dict[str, Any], version: str | None) -> SourceRow:
        return self.sources.source_row(citation, version)

    def collect(self, paths: Sequence[Path]) -> list[Path]:
        return self.imports.collect(paths)

    def validate(self, paths: Sequence[Path], progress: ProgressCallback | None = None,
                 cancel: CancelToken | None = None) -> ValidationRun:
        return self.imports.validate(paths, progress, cancel)

    def build(self, paths: Sequence[Path], progress: ProgressCallback | None = None,
              cancel: CancelToken | None = None) -> dict[str, Any]:
        """Add `paths` to the ledger library and publish the whole library: the report of cli.md,
        plus `library_notes` (files pulled from a shared server's version)."""
        out = self.imports.build(paths, progress, cancel)
        return {**out.report, "library_notes": list(out.sync_notes)}

    def library(self) -> LibraryDesk:
        return self.imports

    async def ask(self, question: str, *, thread_id: str | None, interactor: Interactor,
                  on_step: StepFn | None = None, on_token: Callable[[str], None] | None = None,
                  on_retract: Callable[[str], None] | None = None) -> AnswerDoc:
        return await self.conversations.ask(question, thread_id=thread_id, interactor=interactor,
                                            on_step=on_step, on_token=on_token, on_retract=on_retract)

    def shutdown(self) -> None:
        self.runtime.shutdown()
