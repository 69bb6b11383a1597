"""The validator's row path as it was before it checked cells column by column (kept to compare).

A frozen copy of `Validator._rows` / `_row` and their per-cell cache from before the change;
tests/templates/test_validator_paths.py checks that the new path gives the same report.
Not used by kgdesk itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kgdesk.templates.checks import SchemaWords, cap_length, collision_message, preview
from kgdesk.templates.detect import HeaderMatch
from kgdesk.templates.merge import ParsedRow, key_fields_for
from kgdesk.templates.model import FieldSpec, TemplateSpec
from kgdesk.templates.records import FileResult, Issue, RowData
from kgdesk.templates.validator import (
    Validator,
    _bad_value,
    _extra_spec,
    _key_text,
    _merged_warnings,
    _num,
    is_empty_text,
)
from kgdesk.templates.values import Parsed, format_raw, is_empty, normalize_text, parse_value


@dataclass(frozen=True)
class _Cell:
    raw: str
    parsed: Parsed
    too_long: str | None = None  # why the cell is over its length limit
    collides: str | None = None  # the schema word a name collides with


@dataclass
class _Column:
    """One data column: its field spec, allowed codes and a cache of parsed cells.

    Ledgers repeat values (codes, months, names) a lot, so parsing and checking each distinct
    cell once is most of the validator's speed.
    """

    index: int
    spec: FieldSpec
    codes: dict[str, str] | None
    words: SchemaWords | None = None  # set for name-like fields only
    cache: dict[tuple[type, object], _Cell] = field(default_factory=dict)

    def parse(self, cell: object) -> _Cell:
        try:
            ident = (cell.__class__, cell)
            hit = self.cache.get(ident)
        except TypeError:  # unhashable cell value
            return self._check(cell)
        if hit is None:
            hit = self._check(cell)
            if len(self.cache) < 100_000:
                self.cache[ident] = hit
        return hit

    def _check(self, cell: object) -> _Cell:
        raw = format_raw(cell)
        parsed, too_long = cap_length(self.spec, raw, parse_value(self.spec, cell))
        collides = self.words.collision(parsed.value) if self.words is not None else None
        return _Cell(raw, parsed, too_long, collides)


class RowByRowValidator(Validator):
    """The validator with the old row-by-row, cell-by-cell path."""

    def _rows(self, result: FileResult, m: HeaderMatch) -> list[ParsedRow]:
        spec = m.template
        for _col, name in m.extra:
            result.warnings.append(
                Issue(
                    "W_EXTRA_COLUMN",
                    f"列「{name}」不是模板「{spec.name}」的字段（或与已有列重复），已作为附加属性保留",
                    result.file,
                    m.sheet.name,
                    m.header_row,
                    (name,),
                )
            )
        result.warnings.extend(_merged_warnings(result, m))
        extra_cols: list[tuple[int, str]] = []
        for c, n in m.extra:
            if n and n not in spec.field_names and n not in {e for _, e in extra_cols}:
                extra_cols.append((c, n))
        out: list[ParsedRow] = []
        cols = []
        for index, name in sorted(m.columns.items()):
            fspec = spec.field(name)
            codes = spec.code_tables[fspec.code_table] if fspec.code_table else None
            cols.append(_Column(index, fspec, codes, self.words if fspec.name_like else None))
        for idx in range(m.header_row, len(m.sheet.rows)):
            cells = m.sheet.rows[idx]
            if all(is_empty(c) for c in cells):
                continue
            if idx % 2000 == 0:
                self.cancel.raise_if_cancelled()
            excel_row = idx + 1
            result.rows += 1
            pr = self._row_by_row(result, spec, m.sheet.name, excel_row, cells, cols, extra_cols)
            if pr is not None:
                out.append(pr)
        return out

    def _row_by_row(
        self,
        result: FileResult,
        spec: TemplateSpec,
        sheet: str,
        row: int,
        cells: Sequence[object],
        cols: list[_Column],
        extra_cols: list[tuple[int, str]],
    ) -> ParsedRow | None:
        raw: dict[str, str] = {}
        values: dict[str, Any] = {}
        issues: list[Issue] = []
        ncells = len(cells)
        for column in cols:
            name = column.spec.name
            c = column.parse(cells[column.index] if column.index < ncells else None)
            raw[name] = c.raw
            p = c.parsed
            values[name] = p.value
            if c.too_long is not None:
                issues.append(_bad_value(result, sheet, row, name, c.raw, c.too_long))
            elif p.error is not None:
                issues.append(_bad_value(result, sheet, row, name, c.raw, f"无效：{p.error}"))
            elif p.value is not None and column.codes is not None:
                codes = column.codes
                if str(p.value) not in codes:
                    issues.append(
                        Issue(
                            "W_UNKNOWN_CODE",
                            f"「{name}」的代码「{preview(str(p.value))}」不在{column.spec.code_table}中（可用：{' '.join(codes)}）",
                            result.file,
                            sheet,
                            row,
                            (name,),
                            str(p.value),
                        )
                    )
            if c.collides is not None:
                issues.append(
                    Issue(
                        "W_NAME_COLLIDES",
                        collision_message(name, str(p.value), c.collides),
                        result.file,
                        sheet,
                        row,
                        (name,),
                        c.collides,
                    )
                )
        for col, name in extra_cols:
            cell = cells[col] if col < len(cells) else None
            raw[name] = format_raw(cell)
            text = normalize_text(cell)
            if text is not None:
                capped, too_long = cap_length(_extra_spec(name), raw[name], Parsed(text))
                if too_long is not None:
                    issues.append(_bad_value(result, sheet, row, name, raw[name], too_long))
                text = capped.value
            values[name] = text
        for k, v in spec.constant_properties.items():
            values.setdefault(k, v)
        issues.extend(self._day_count_checks_by_row(result, spec, sheet, row, values, raw))

        label = spec.label_for(values)
        skipped = False
        key: tuple[str, ...] = ()
        if spec.variants and label is None:
            skipped = True
            variant_field = spec.variants[0].condition.field
            if values.get(variant_field) is None and not raw.get(variant_field):
                issues.append(
                    Issue(
                        "W_MISSING_KEY",
                        f"「{variant_field}」为空，无法确定记录类型，该行已跳过",
                        result.file,
                        sheet,
                        row,
                        (variant_field,),
                    )
                )
            else:
                issues.append(
                    Issue(
                        "W_MISSING_KEY",
                        f"「{variant_field}」的值无法识别，无法确定记录类型，该行已跳过",
                        result.file,
                        sheet,
                        row,
                        (variant_field,),
                        raw.get(variant_field),
                    )
                )
        else:
            key_fields = key_fields_for(spec, label)
            missing_key = [k for k in key_fields if values.get(k) is None]
            if missing_key:
                skipped = True
                issues.append(
                    Issue(
                        "W_MISSING_KEY",
                        f"主键字段 {'、'.join(missing_key)} 为空或无效，该行已跳过（其余行照常导入）",
                        result.file,
                        sheet,
                        row,
                        tuple(missing_key),
                    )
                )
            else:
                key = tuple(_key_text(values[k]) for k in key_fields)
            for fspec in self._required_specs(spec):
                if fspec.name in key_fields or fspec.name not in raw:
                    continue
                if fspec.value_required(values) and values.get(fspec.name) is None and is_empty_text(raw[fspec.name]):
                    issues.append(
                        Issue(
                            "W_MISSING_REQUIRED",
                            f"必填字段「{fspec.name}」为空",
                            result.file,
                            sheet,
                            row,
                            (fspec.name,),
                        )
                    )
        result.warnings.extend(issues)
        result.data_rows.append(RowData(row=row, raw=raw, values=values, skipped=skipped))
        if skipped:
            return None
        return ParsedRow(result, spec, sheet, row, values, label, key)

    @staticmethod
    def _day_count_checks_by_row(
        result: FileResult, spec: TemplateSpec, sheet: str, row: int, values: dict[str, Any], raw: dict[str, str]
    ) -> list[Issue]:
        out: list[Issue] = []
        for check in spec.day_count_checks:
            stated = values.get(check.field)
            if stated is None:
                continue
            day_values = [values.get(f.name) for f in spec.fields if f.code_table]
            if all(v is None for v in day_values):
                continue
            expected = sum(check.weights.get(str(v), 0.0) for v in day_values if v is not None)
            if abs(float(stated) - expected) > 1e-9:
                out.append(
                    Issue(
                        "W_BAD_VALUE",
                        f"「{check.field}」填写为 {raw.get(check.field)}，但按每日代码计算应为 {_num(expected)}"
                        f"（{'、'.join(f'{c}×{_num(w)}' for c, w in check.weights.items())}），请核对；数据未自动修正",
                        result.file,
                        sheet,
                        row,
                        (check.field,),
                        raw.get(check.field),
                    )
                )
        return out
