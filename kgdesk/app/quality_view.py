"""The desktop's quality service: the published version's data-quality report, masked for the
role exactly as `kgdesk quality` masks it (`mask_quality_report`), and its Excel export."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from kgdesk.app.contracts import QualityReport
from kgdesk.app.preferences import SettingsService
from kgdesk.app.runtime import GraphRuntime
from kgdesk.errors import GraphError


class QualityService:
    """Reads the report through the graph's published pointer (or this computer's mirror of it)."""

    def __init__(self, settings: SettingsService, runtime: GraphRuntime) -> None:
        self.settings = settings
        self.runtime = runtime

    def report(self) -> QualityReport:
        """The published version's report; raw values, issue values and messages masked for the role."""
        self.runtime.warm_up()
        from kgdesk.app.building import version_quality_report as quality_report
        from kgdesk.security.masking import mask_quality_report

        try:
            doc = quality_report(self.runtime.connection())
        except GraphError:  # unreachable graph: the local mirror of the published pointer
            doc = quality_report(self.settings.home)
        return cast(QualityReport, mask_quality_report(doc, self.settings.policy()))

    def export_problems(self, path: Path) -> Path:
        """The problem rows to .xlsx (one sheet per file, bad cells highlighted, a reason per row).

        Read again here, masked, rather than taken from the caller: what leaves as a file is
        always what this role may see."""
        from kgdesk.app.excel_export import export_problem_rows

        return export_problem_rows(path, self.report())
