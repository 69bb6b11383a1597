"""What the desktop's services hand to the GUI: small typed values, Qt-free and picklable.

Documents that other fronts share keep their cli.md JSON shape (the ask document, the build
report, the quality report); they are described here as TypedDicts so the GUI reads named keys
instead of `dict[str, Any]`. Values the desktop makes itself are frozen dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal, TypedDict

# What the GUI may name of the core, re-exported here so `kgdesk.ui` imports only `kgdesk.app`.
from kgdesk.config.settings import Limits as Limits
from kgdesk.config.settings import Settings as Settings
from kgdesk.templates.records import FileResult as FileResult
from kgdesk.templates.records import Issue as Issue
from kgdesk.templates.records import RowData as RowData

GraphState = Literal["ok", "busy", "bad", "off"]


@dataclass(frozen=True)
class StatusInfo:
    """What the status bar shows; texts are Chinese, `graph_state` drives the colour."""

    graph_text: str
    graph_state: GraphState
    version: str | None
    llm_online: bool
    llm_text: str


@dataclass(frozen=True)
class TestResult:
    """The outcome of a connection test in the settings dialog (nothing is saved by a test)."""

    __test__ = False  # not a pytest test class
    ok: bool
    message: str


# ---------------------------------------------------------------------- quality report


class QualityIssue(TypedDict, total=False):
    code: str
    severity: str
    message: str
    row: int | None
    field: str | None
    fields: list[str]
    value: Any
    file: str


class ProblemRow(TypedDict, total=False):
    row: int
    imported: bool
    missing: list[str]
    bad: list[str]
    raw: dict[str, str]
    issues: list[QualityIssue]


class QualityFile(TypedDict, total=False):
    file: str
    template: str | None
    status: str
    sheet: str | None
    columns: list[str]
    missing_columns: list[str]
    rows: int
    imported_rows: int
    skipped_rows: int
    issue_counts: dict[str, int]
    file_issues: list[QualityIssue]
    problem_rows: list[ProblemRow]


class QualityReport(TypedDict, total=False):
    """kgdesk/quality/report.py's document, already masked for the current role."""

    available: bool
    has_issues: bool
    version: str | None
    generated_at: str | None
    message: str
    summary: dict[str, int]
    files: list[QualityFile]
    references: list[QualityIssue]


# ---------------------------------------------------------------------- answers and sources


class Citation(TypedDict, total=False):
    template: str
    file: str
    sheet: str
    row: int
    version: str
    label: str
    key: str
    fields: list[str]


class SourceRow(TypedDict):
    """All fields of a cited row, read from the version's stored copy and masked for the role."""

    fields: list[tuple[str, str]]
    masked: list[str]
    template: str
    sheet: str | None
    row: int
    file: str
    version: str
    path: str
    """The stored copy the row was read from (what 打开原文件 copies)."""


# ---------------------------------------------------------------------- conversations


@dataclass(frozen=True)
class ThreadInfo:
    id: str
    title: str
    updated_at: str = ""


@dataclass(frozen=True)
class Turn:
    turn_id: int | None
    question: str
    result: dict[str, Any]
    """The ask document of cli.md."""
    approved: bool = False
    from_cache: bool = False


@dataclass(frozen=True)
class SearchHit:
    """A conversation whose title, questions or answers contain the searched text."""

    thread_id: str
    title: str
    turn_id: int | None
    snippet: str


# ---------------------------------------------------------------------- run log and audit


class Outcome(StrEnum):
    """Every way a question ends, as the run log counts it (cli.md statuses plus cancelled)."""

    ANSWERED = "answered"
    CLARIFY = "clarify"
    INSUFFICIENT = "insufficient"
    DENIED = "denied"
    ERROR = "error"
    CANCELLED = "cancelled"


OUTCOME_TEXT: dict[str, str] = {
    "answered": "已回答",
    "clarify": "需要补充",
    "insufficient": "数据不足",
    "denied": "无权查看",
    "error": "出错",
    "cancelled": "已取消",
    "needs_llm": "需要语言模型",
    "rejected": "无法执行",
    "ok": "成功",
    "failed": "失败",
    "published": "已发布",
}


@dataclass(frozen=True)
class RunEntry:
    at: str
    kind: str
    user: str
    status: str
    ms: float | None
    tokens: int | str
    text: str


@dataclass(frozen=True)
class RunSummary:
    questions: int
    failure_rate: float
    """Questions that did not end answered (every outcome but 已回答), over all questions."""
    avg_ms: float
    llm_tokens: int
    builds: int
    outcomes: dict[str, int] = field(default_factory=dict)
    """Every outcome of `Outcome`, zero included, plus any other status recorded."""


@dataclass(frozen=True)
class RunLog:
    summary: RunSummary
    runs: list[RunEntry]


@dataclass(frozen=True)
class AuditEntry:
    at: str
    user: str
    role: str
    action: str
    decision: str
    ms: float | None
    summary: str
    id: int


@dataclass(frozen=True)
class OpenedSource:
    """A highlighted copy of a source workbook, ready for the system's spreadsheet program."""

    path: Path
    sheet: str
    cell: str
