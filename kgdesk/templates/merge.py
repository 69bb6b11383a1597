"""Rows of accepted files merged by key across all files: equal values once, empty never overwrites."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kgdesk.templates.checks import preview
from kgdesk.templates.model import TemplateSpec
from kgdesk.templates.records import FileResult, Issue, Record, SourceRef
from kgdesk.templates.values import format_raw


@dataclass
class ParsedRow:
    file: FileResult
    template: TemplateSpec
    sheet: str
    row: int
    values: dict[str, Any]
    label: str | None
    key: tuple[str, ...]


@dataclass
class Merger:
    """Merges rows sharing a key across all files: equal values once, empty never overwrites."""

    records: dict[tuple[str, str | None, tuple[str, ...]], Record] = field(default_factory=dict)
    first_source: dict[tuple[str, str | None, tuple[str, ...]], SourceRef] = field(default_factory=dict)

    def add(self, pr: ParsedRow) -> None:
        ident = (pr.template.name, pr.label, pr.key)
        src = SourceRef(pr.template.name, pr.file.file, pr.sheet, pr.row)
        rec = self.records.get(ident)
        if rec is None:
            props = {k: v for k, v in pr.values.items() if v is not None}
            self.records[ident] = Record(pr.template.name, pr.label, pr.key, props, [src])
            self.first_source[ident] = src
            return
        first = self.first_source[ident]
        where = f"第 {first.row} 行" if first.file == src.file else f"{first.file} 第 {first.row} 行"
        pr.file.warnings.append(
            Issue(
                "W_DUPLICATE_KEY",
                f"主键 {'+'.join(pr.key)} 与{where}重复，两行已合并",
                pr.file.file,
                pr.sheet,
                pr.row,
                key_fields(pr),
                "|".join(pr.key),
            )
        )
        rec.sources.append(src)
        for name, value in pr.values.items():
            if value is None:
                continue
            old = rec.properties.get(name)
            if old is None:
                rec.properties[name] = value
            elif isinstance(old, list):
                if value not in old:
                    old.append(value)
                    self._conflict(pr, name, value, old[0])
            elif old != value:
                rec.properties[name] = [old, value]
                self._conflict(pr, name, value, old)

    @staticmethod
    def _conflict(pr: ParsedRow, name: str, value: Any, old: Any) -> None:
        pr.file.warnings.append(
            Issue(
                "W_CONFLICT",
                f"主键 {'+'.join(pr.key)} 的合并行在「{name}」上不一致：{preview(format_raw(old))} 与 "
                f"{preview(format_raw(value))}，两个值都已保留",
                pr.file.file,
                pr.sheet,
                pr.row,
                (name,),
                format_raw(value),
            )
        )


def key_fields(pr: ParsedRow) -> tuple[str, ...]:
    return key_fields_for(pr.template, pr.label)


def key_fields_for(spec: TemplateSpec, label: str | None) -> tuple[str, ...]:
    if label is None:
        return spec.relationship_key
    return default_key_lookup()[label]


KEYS: dict[str, tuple[str, ...]] = {}


def default_key_lookup() -> dict[str, tuple[str, ...]]:
    return KEYS
