"""Validation results: the typed values the builder, the quality report and the CLI consume."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


ERROR_CODES = ("E_UNREADABLE", "E_UNKNOWN_TEMPLATE", "E_MISSING_COLUMN")
WARNING_CODES = (
    "W_MISSING_KEY",
    "W_MISSING_REQUIRED",
    "W_BAD_VALUE",
    "W_DUPLICATE_KEY",
    "W_CONFLICT",
    "W_DANGLING_REF",
    "W_UNKNOWN_CODE",
    "W_NOT_IN_DICTIONARY",
    "W_EXTRA_COLUMN",
    "W_MERGED_CELLS",
    "W_NAME_COLLIDES",
)

# The one place for the Chinese title shown next to a code (CLI JSON, quality report, desktop).
ISSUE_TITLES: dict[str, str] = {
    "E_UNREADABLE": "无法读取",
    "E_UNKNOWN_TEMPLATE": "未识别的模板",
    "E_MISSING_COLUMN": "缺少必需列",
    "W_MISSING_KEY": "缺少主键（行已跳过）",
    "W_MISSING_REQUIRED": "缺少必填值",
    "W_BAD_VALUE": "值格式有误",
    "W_DUPLICATE_KEY": "主键重复（已合并）",
    "W_CONFLICT": "合并行取值冲突",
    "W_DANGLING_REF": "引用不存在",
    "W_UNKNOWN_CODE": "未知代码",
    "W_NOT_IN_DICTIONARY": "不在字典中",
    "W_EXTRA_COLUMN": "多余的列",
    "W_MERGED_CELLS": "合并单元格（已填充）",
    "W_NAME_COLLIDES": "名称与系统用词冲突",
}


def issue_title(code: str) -> str:
    return ISSUE_TITLES.get(code, code)


@dataclass(frozen=True)
class Issue:
    """One problem a user can act on: code, where (file, sheet, Excel row, fields), what, and why."""

    code: str
    message: str
    file: str
    sheet: str | None = None
    row: int | None = None
    fields: tuple[str, ...] = ()
    value: str | None = None

    @property
    def severity(self) -> Severity:
        return Severity.ERROR if self.code.startswith("E_") else Severity.WARNING

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "title": issue_title(self.code),
            "row": self.row,
            "fields": list(self.fields),
            "message": self.message,
        }
        if self.sheet is not None:
            out["sheet"] = self.sheet
        if self.value is not None:
            out["value"] = self.value
        return out

    def to_reference_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "title": issue_title(self.code),
            "file": self.file,
            "sheet": self.sheet,
            "row": self.row,
            "field": self.fields[0] if self.fields else None,
            "value": self.value,
            "message": self.message,
        }


@dataclass(frozen=True)
class SourceRef:
    """Provenance of one value: the row as the user sees it in Excel."""

    template: str
    file: str
    sheet: str
    row: int


@dataclass
class Record:
    """One merged node (or one relationship row of a relationship-only template).

    `properties` hold parsed values; a property whose merged rows disagreed holds a list.
    """

    template: str
    label: str | None
    key: tuple[str, ...]
    properties: dict[str, Any]
    sources: list[SourceRef] = field(default_factory=list)

    @property
    def key_text(self) -> str:
        return "|".join(self.key)


@dataclass
class RowData:
    """One data row as read (raw text per column) and as parsed, kept for the quality viewer."""

    row: int
    raw: dict[str, str]
    values: dict[str, Any]
    skipped: bool = False


@dataclass
class FileResult:
    path: Path
    file: str
    sha256: str = ""
    template: str | None = None
    sheet: str | None = None
    rows: int = 0
    imported_rows: int = 0
    skipped_rows: int = 0
    errors: list[Issue] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    data_rows: list[RowData] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)

    @property
    def accepted(self) -> bool:
        return not self.errors and self.template is not None

    @property
    def status(self) -> str:
        return "accepted" if self.accepted else "rejected"

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "template": self.template,
            "sheet": self.sheet,
            "status": self.status,
            "rows": self.rows,
            "imported_rows": self.imported_rows if self.accepted else 0,
            "skipped_rows": self.skipped_rows,
            "errors": [i.to_json() for i in self.errors],
            "warnings": [i.to_json() for i in self.warnings],
        }


@dataclass
class ValidationRun:
    files: list[FileResult]
    references: list[Issue] = field(default_factory=list)
    dataset: Dataset = field(default_factory=lambda: Dataset())

    @property
    def accepted_files(self) -> list[FileResult]:
        return [f for f in self.files if f.accepted]

    @property
    def warning_count(self) -> int:
        return sum(len(f.warnings) for f in self.files) + len(self.references)

    def summary(self) -> dict[str, int]:
        accepted = len(self.accepted_files)
        return {"accepted": accepted, "rejected": len(self.files) - accepted, "warnings": self.warning_count}

    def to_json(self) -> dict[str, Any]:
        return {
            "files": [f.to_json() for f in self.files],
            "references": [r.to_reference_json() for r in self.references],
            "summary": self.summary(),
        }


@dataclass
class Dataset:
    """All accepted rows of one run, merged by key across files: what the builder writes."""

    records: list[Record] = field(default_factory=list)

    def by_label(self, label: str) -> list[Record]:
        return [r for r in self.records if r.label == label]

    def by_template(self, template: str) -> list[Record]:
        return [r for r in self.records if r.template == template]
