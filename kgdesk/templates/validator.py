"""Validate ledgers: detect the template, parse every value, merge duplicate keys, check references.

A rejected file imports nothing; an accepted file imports every row that has its key,
with a warning for each thing that was wrong. Row numbers are the rows Excel shows.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from kgdesk.config.settings import Limits
from kgdesk.gc_pause import collector_paused
from kgdesk.progress import CancelToken, ProgressCallback, ProgressEvent, no_progress
from kgdesk.templates.cachehook import ResultStore, cache_key, file_sha256, fingerprint, freeze, thaw
from kgdesk.templates.checks import cap_length, preview, schema_words
from kgdesk.templates.columns import CheckedCell, Column, bad_value_spec
from kgdesk.templates.detect import HeaderMatch, closest, detect
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.merge import KEYS, Merger, ParsedRow, key_fields_for
from kgdesk.templates.model import FieldSpec, FieldType, MatchMode, TemplateSet, TemplateSpec
from kgdesk.templates.records import Dataset, FileResult, Issue, RowData, ValidationRun
from kgdesk.templates.values import Parsed, format_raw, is_empty, normalize_text
from kgdesk.templates.workbook import ReadLimits, UnreadableFileError, read_workbook, too_many_rows

EXCEL_SUFFIXES = {".xlsx", ".xlsm", ".xls"}


def collect_paths(paths: Iterable[Path]) -> list[Path]:
    """Files as given, folders expanded to their spreadsheets (Excel lock files `~$…` left out)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(
                sorted(
                    c
                    for c in p.rglob("*")
                    if c.is_file() and c.suffix.lower() in EXCEL_SUFFIXES and not c.name.startswith("~$")
                )
            )
        else:
            out.append(p)
    return out


class Validator:
    """One validation run over many files; cross-file checks see all of them."""

    def __init__(
        self,
        template_set: TemplateSet | None = None,
        limits: Limits | None = None,
        progress: ProgressCallback | None = None,
        cancel: CancelToken | None = None,
        engine: str = "calamine",
        cache: ResultStore | None = None,
    ) -> None:
        self.ts = template_set or default_template_set()
        self.cache = cache
        KEYS.clear()
        KEYS.update(self.ts.node_keys)
        lim = limits or Limits()
        self.read_limits = ReadLimits(
            max_file_bytes=lim.max_file_mb * 1024 * 1024, max_rows_per_sheet=lim.max_rows_per_sheet
        )
        self.progress = progress or no_progress
        self.cancel = cancel or CancelToken()
        self.engine = engine
        self._required_cache: dict[str, list[FieldSpec]] = {}
        self.words = schema_words(self.ts)
        self.cache_hits = 0

    def _read_cached(self, path: Path) -> tuple[FileResult, list[ParsedRow]]:
        """A file's result alone: from the cache when an entry for exactly these bytes, name, metadata
        and code is there and intact, else read (and kept for next time)."""
        if self.cache is None:
            return self._read_file(path)
        fp = fingerprint(self.ts, self.read_limits, self.engine)
        try:
            sha = file_sha256(path)
        except OSError:
            return self._read_file(path)
        key = cache_key(sha, path.name, fp)
        data = self.cache.get(key)
        hit = thaw(data, key, path, self.ts) if data is not None else None
        if hit is not None and hit[0].sha256 == sha:
            self.cache_hits += 1
            return hit
        result, rows = self._read_file(path)
        if result.sha256:
            self.cache.put(cache_key(result.sha256, path.name, fp), path.name,
                           freeze(result, rows, cache_key(result.sha256, path.name, fp)))
        return result, rows

    # -- per file ---------------------------------------------------------------------
    def _read_file(self, path: Path) -> tuple[FileResult, list[ParsedRow]]:
        result = FileResult(path=path, file=path.name)
        try:
            wb = read_workbook(path, self.read_limits, engine=self.engine)
        except UnreadableFileError as e:
            result.errors.append(Issue("E_UNREADABLE", e.message, path.name))
            return result, []
        result.sha256 = wb.sha256
        matches = detect(self.ts, wb.sheets, path.name)
        if not matches:
            message = "无法识别模板：前 5 行中没有任何工作表的表头与 15 类模板之一相符（字段名须与模板完全一致）"
            near = closest(self.ts, wb.sheets)
            if near is not None:
                message += f"。最接近「{near.template.name}」（工作表「{near.sheet.name}」第 {near.header_row} 行）"
                if near.missing:
                    message += f"，但缺少必填列：{'、'.join(near.missing)}"
            result.errors.append(Issue("E_UNKNOWN_TEMPLATE", message, path.name))
            return result, []
        best = matches[0]
        result.template = best.template.name
        result.sheet = best.sheet.name
        if best.missing:
            result.errors.append(
                Issue(
                    "E_MISSING_COLUMN",
                    f"按模板「{best.template.name}」识别，但缺少必填列：{'、'.join(best.missing)}；整份文件未导入",
                    path.name,
                    best.sheet.name,
                    best.header_row,
                    tuple(best.missing),
                )
            )
            return result, []
        for m in matches:
            data_rows = len(m.sheet.rows) - m.header_row
            if data_rows > self.read_limits.max_rows_per_sheet:
                error = too_many_rows(m.sheet.name, self.read_limits.max_rows_per_sheet)
                result.errors.append(Issue("E_UNREADABLE", error.message, path.name, m.sheet.name))
                return result, []
        result.columns = [best.columns[c] for c in sorted(best.columns)]
        parsed: list[ParsedRow] = []
        for m in matches:
            parsed.extend(self._rows(result, m))
        result.skipped_rows = sum(1 for d in result.data_rows if d.skipped)
        result.imported_rows = result.rows - result.skipped_rows
        return result, parsed

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
        cols = []
        for index, name in sorted(m.columns.items()):
            fspec = spec.field(name)
            codes = spec.code_tables[fspec.code_table] if fspec.code_table else None
            cols.append(Column(index, fspec, codes, self.words if fspec.name_like else None))
        sheet_rows = m.sheet.rows
        data = [idx for idx in range(m.header_row, len(sheet_rows)) if not _all_empty(sheet_rows[idx])]
        rows = [sheet_rows[idx] for idx in data]
        # Column by column through each column's cache, then row by row from the checked cells.
        checked: list[list[CheckedCell]] = []
        for column in cols:
            self.cancel.raise_if_cancelled()
            checked.append(column.parse_column(rows))
        names = [column.spec.name for column in cols]
        flagged = {k for column, cells in zip(cols, checked, strict=True) if column.reports
                   for k, c in enumerate(cells) if c.issues}
        raws = _transpose([[c.raw for c in cells] for cells in checked], len(rows))
        values = _transpose([[c.value for c in cells] for cells in checked], len(rows))
        out: list[ParsedRow] = []
        for k, idx in enumerate(data):
            if k % 2000 == 1999:
                self.cancel.raise_if_cancelled()
            issues = [] if k not in flagged else _place([cells[k] for cells in checked], result.file, m.sheet.name, idx + 1)
            pr = self._row(
                result, spec, m.sheet.name, idx + 1, rows[k], dict(zip(names, raws[k], strict=True)),
                dict(zip(names, values[k], strict=True)), issues, extra_cols,
            )
            if pr is not None:
                out.append(pr)
        return out

    def _row(
        self,
        result: FileResult,
        spec: TemplateSpec,
        sheet: str,
        row: int,
        cells: Sequence[object],
        raw: dict[str, str],
        values: dict[str, Any],
        issues: list[Issue],
        extra_cols: list[tuple[int, str]],
    ) -> ParsedRow | None:
        """One data row from its checked template columns: extra columns, the row-level checks, its key."""
        result.rows += 1
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
        issues.extend(self._day_count_checks(result, spec, sheet, row, values, raw))

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

    def _required_specs(self, spec: TemplateSpec) -> list[FieldSpec]:
        cached = self._required_cache.get(spec.name)
        if cached is None:
            cached = [f for f in spec.fields if f.required or f.required_when is not None]
            self._required_cache[spec.name] = cached
        return cached

    @staticmethod
    def _day_count_checks(
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

    # -- whole run --------------------------------------------------------------------
    def run(self, paths: Sequence[Path]) -> ValidationRun:
        with collector_paused():
            return self._run(paths)

    def _run(self, paths: Sequence[Path]) -> ValidationRun:
        files = collect_paths(paths)
        results: list[FileResult] = []
        all_rows: list[ParsedRow] = []
        for i, path in enumerate(files):
            self.cancel.raise_if_cancelled()
            self.progress(ProgressEvent("validate", path.name, i, len(files), f"校验 {path.name}"))
            result, rows = self._read_cached(path)
            results.append(result)
            if result.accepted:
                all_rows.extend(rows)
        self.progress(ProgressEvent("validate", "", len(files), len(files), "校验完成"))
        merger = Merger()
        for pr in all_rows:
            merger.add(pr)
        accepted_templates = {r.template for r in results if r.accepted}
        references = self._references(all_rows, accepted_templates)
        self._dictionary_checks(all_rows, accepted_templates)
        for r in results:
            r.warnings.sort(key=lambda i: (i.sheet or "", i.row or 0))
        return ValidationRun(files=results, references=references, dataset=Dataset(list(merger.records.values())))

    def _key_sets(self, rows: list[ParsedRow]) -> dict[str, set[str]]:
        keys: dict[str, set[str]] = defaultdict(set)
        for pr in rows:
            if pr.label is not None:
                keys[pr.label].add("|".join(pr.key))
        return keys

    def _present_labels(self, accepted: set[str | None]) -> set[str]:
        return {label for label in self.ts.labels if any(t.name in accepted for t in self.ts.templates_for_label(label))}

    def _reference_checks(self) -> list[tuple[str, str, str]]:
        """(referencing label or template, field, target label) triples from the 相等 relation rules.

        A side whose field is the single key of its label is the target; the other side refers
        to it. Rules into a dictionary template (岗位字典) are checked as W_NOT_IN_DICTIONARY instead.
        """
        dictionary_labels = {label for t in self.ts.templates if t.dictionary_for for label in t.labels}

        def is_key(label: str, fld: str) -> bool:
            return self.ts.node_keys.get(label) == (fld,) and label not in dictionary_labels

        checks: list[tuple[str, str, str]] = []
        for rule in self.ts.relations:
            if rule.match not in (MatchMode.EQUAL, MatchMode.MONTH_RUNS):
                continue
            ends = ((rule.start_label, rule.start_field), (rule.end_label, rule.end_field))
            if rule.via_templates:
                checks.extend((via, f, label) for via in rule.via_templates for label, f in ends if is_key(label, f))
                continue
            (sl, sf), (el, ef) = ends
            if is_key(el, ef) and not is_key(sl, sf):
                checks.append((sl, sf, el))
            elif is_key(sl, sf) and not is_key(el, ef):
                checks.append((el, ef, sl))
        return list(dict.fromkeys(checks))

    def _references(self, rows: list[ParsedRow], accepted: set[str | None]) -> list[Issue]:
        keys = self._key_sets(rows)
        present = self._present_labels(accepted)
        by_source: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for source, fld, target in self._reference_checks():
            if target in present:
                by_source[source].append((fld, target))
        out: dict[tuple[str, str, int, str, str], Issue] = {}
        for pr in rows:
            checks = by_source.get(pr.template.name, []) + (by_source.get(pr.label, []) if pr.label else [])
            for fld, target in checks:
                value = pr.values.get(fld)
                if value is None:
                    continue
                for v in value if isinstance(value, list) else [value]:
                    text = _key_text(v)
                    if text in keys.get(target, set()):
                        continue
                    ident = (pr.file.file, pr.sheet, pr.row, fld, text)
                    if ident not in out:
                        out[ident] = Issue(
                            "W_DANGLING_REF",
                            f"「{fld}」引用的 {target}「{text}」在已导入的数据中不存在，未建立关联",
                            pr.file.file,
                            pr.sheet,
                            pr.row,
                            (fld,),
                            text,
                        )
        return sorted(out.values(), key=lambda i: (i.file, i.sheet or "", i.row or 0, i.fields))

    def _dictionary_checks(self, rows: list[ParsedRow], accepted: set[str | None]) -> None:
        for dict_spec in self.ts.templates:
            if not dict_spec.dictionary_for or dict_spec.name not in accepted:
                continue
            (label,) = dict_spec.labels
            (key_field,) = self.ts.node_keys[label]
            known = {"|".join(pr.key) for pr in rows if pr.template.name == dict_spec.name}
            for ref in dict_spec.dictionary_for:
                for pr in rows:
                    if pr.template.name != ref.template:
                        continue
                    value = pr.values.get(ref.field)
                    if value is None:
                        continue
                    for v in value if isinstance(value, list) else [value]:
                        if _key_text(v) not in known:
                            pr.file.warnings.append(
                                Issue(
                                    "W_NOT_IN_DICTIONARY",
                                    f"「{ref.field}」的值「{v}」不在{dict_spec.name}中（{key_field}），请使用规范名称",
                                    pr.file.file,
                                    pr.sheet,
                                    pr.row,
                                    (ref.field,),
                                    str(v),
                                )
                            )


def _merged_warnings(result: FileResult, m: HeaderMatch) -> list[Issue]:
    """One W_MERGED_CELLS per merged range reaching the data rows (a merged title above the
    header is layout, not data, and is not reported)."""
    out: list[Issue] = []
    header_names = {c: n for c, n in m.extra}
    for r in m.sheet.merged:
        if r.last_row < m.header_row:  # header_row is 1-based: index header_row is the first data row
            continue
        name = m.columns.get(r.first_col) or header_names.get(r.first_col) or r.ref.split(":")[0].rstrip("0123456789")
        first = max(r.first_row, m.header_row) + 1
        rows = f"第 {first} 行" if first == r.last_row + 1 else f"第 {first}–{r.last_row + 1} 行"
        wide = "（合并范围内其余列按空值处理）" if r.last_col > r.first_col else ""
        out.append(
            Issue(
                "W_MERGED_CELLS",
                f"合并单元格 {r.ref}：值「{preview(format_raw(r.value))}」已填入它覆盖的{rows}的「{name}」列{wide}；"
                "建议取消合并并在每一行填写",
                result.file,
                m.sheet.name,
                first,
                (name,),
                r.ref,
            )
        )
    return out


def _bad_value(result: FileResult, sheet: str, row: int, name: str, raw: str, why: str) -> Issue:
    code, message, fields, value = bad_value_spec(name, raw, why)
    return Issue(code, message, result.file, sheet, row, fields, value)


def _place(cells: list[CheckedCell], file: str, sheet: str, row: int) -> list[Issue]:
    """The issues of one row's checked cells, in column order, at their file, sheet and row."""
    return [Issue(code, message, file, sheet, row, fields, value) for c in cells for code, message, fields, value in c.issues]


def _all_empty(cells: Sequence[object]) -> bool:
    return all(c is None or is_empty(c) for c in cells)


def _transpose(columns: list[list[Any]], n: int) -> list[tuple[Any, ...]]:
    """Rows from columns (n empty rows when there are no columns)."""
    return list(zip(*columns, strict=True)) if columns else [()] * n


@lru_cache(maxsize=1024)
def _extra_spec(name: str) -> FieldSpec:
    """An extra column is free text for the length limit."""
    return FieldSpec(name=name, type=FieldType.TEXT)


def is_empty_text(text: str) -> bool:
    return is_empty(text)


def _key_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def validate_paths(
    paths: Sequence[Path],
    template_set: TemplateSet | None = None,
    limits: Limits | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    engine: str = "calamine",
    cache: ResultStore | None = None,
) -> ValidationRun:
    """`cache`: keep and reuse each file's own result by content (cross-file checks always re-run)."""
    return Validator(template_set, limits, progress, cancel, engine, cache).run(paths)


__all__ = ["FieldType", "Validator", "collect_paths", "validate_paths"]
