"""Blank-template exporter: one styled .xlsx per template, generated from the metadata only.

Nothing here knows about a particular template: headers, required marks, drop-down lists,
widths, number formats and the 填写说明 sheet all come from the `TemplateSpec`s, so a
template change in `data/templates/metadata` is picked up by re-exporting.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path

from openpyxl import Workbook
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from kgdesk.templates.loader import default_template_set
from kgdesk.templates.model import FieldSpec, FieldType, TemplateSet, TemplateSpec

INSTRUCTIONS_SHEET = "填写说明"
LISTS_SHEET = "可选值"
VALIDATION_LAST_ROW = 5000
REQUIRED_MARK = "必填"

# Excel number formats per field type; text-like types use '@' so that Excel keeps
# what the user typed (2026-03 stays a month, 0012 keeps its zeros).
NUMBER_FORMATS: dict[FieldType, str] = {
    FieldType.DATE: "yyyy-mm-dd",
    FieldType.MONTH: "@",
    FieldType.DECIMAL: "#,##0.00",
    FieldType.PERCENT: "0.00%",
    FieldType.INTEGER: "0",
    FieldType.CODE: "@",
    FieldType.YEAR: "0",
    FieldType.TEXT: "@",
    FieldType.ENUM: "@",
}

# Minimum column widths per type (dates need room for yyyy-mm-dd, amounts for separators).
TYPE_MIN_WIDTH: dict[FieldType, float] = {
    FieldType.DATE: 12,
    FieldType.MONTH: 10,
    FieldType.DECIMAL: 13,
    FieldType.PERCENT: 10,
    FieldType.INTEGER: 9,
    FieldType.CODE: 14,
    FieldType.YEAR: 8,
    FieldType.TEXT: 12,
    FieldType.ENUM: 11,
}

# Free-text fields whose values are long (项目名称, 项目地址, 问题描述 …) get wider columns.
LONG_TEXT_SUFFIXES: dict[str, float] = {
    "地址": 36,
    "描述": 40,
    "情况": 30,
    "名称": 26,
    "路径": 30,
    "参数": 24,
    "信息": 26,
    "备注": 28,
    "位置": 20,
    "期限": 16,
}

# A fixed timestamp makes re-exports byte-identical, so committed templates only change
# when the metadata does.
REPRODUCIBLE_TIME = datetime(2026, 1, 1, 0, 0, 0)

HEADER_FILL = PatternFill("solid", fgColor="FFDDEBF7")
REQUIRED_FILL = PatternFill("solid", fgColor="FFFCE4D6")
SECTION_FILL = PatternFill("solid", fgColor="FFEDEDED")
HEADER_FONT = Font(name="等线", bold=True, color="FF1F1F1F")
REQUIRED_FONT = Font(name="等线", bold=True, color="FFC00000")
TITLE_FONT = Font(name="等线", bold=True, size=14)
SECTION_FONT = Font(name="等线", bold=True, size=11)
THIN = Side(style="thin", color="FFBFBFBF")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
WRAP = Alignment(wrap_text=True, vertical="top")
CENTER = Alignment(horizontal="center", vertical="center", wrap_text=True)


def display_width(text: str) -> float:
    """Width in Excel character units: CJK and full-width characters count double."""
    return float(sum(2 if ord(ch) > 0x2E7F else 1 for ch in text))


def column_width(f: FieldSpec) -> float:
    """A width that fits the header and a typical value of the field."""
    if f.code_table is not None:
        # Day-code style columns hold one short code each.
        return max(5.5, display_width(f.name) + 1.5)
    width = max(display_width(f.name) + 4, TYPE_MIN_WIDTH.get(f.type, 12))
    if f.type is FieldType.TEXT:
        for suffix, wide in LONG_TEXT_SUFFIXES.items():
            if f.name.endswith(suffix):
                width = max(width, wide)
                break
    if f.type is FieldType.ENUM and f.enum:
        width = max(width, max(display_width(v) for v in f.enum) + 6)
    return min(width, 48)


def condition_text(f: FieldSpec) -> str:
    if f.required_when is None:
        return ""
    return f"{f.required_when.field} 为 {'/'.join(f.required_when.values)} 时必填"


def required_text(f: FieldSpec) -> str:
    """必填 / 条件必填：<condition> / 选填, as shown in the 填写说明 table."""
    if f.required_when is not None:
        column = "（此列为必填列，表头不可缺少）" if f.required else ""
        return f"条件必填：{condition_text(f)}{column}"
    return REQUIRED_MARK if f.required else "选填"


def allowed_values(f: FieldSpec, spec: TemplateSpec) -> tuple[str, ...]:
    """The values a drop-down offers: the enum, or the codes of the field's code table."""
    if f.enum:
        return f.enum
    if f.code_table is not None:
        return tuple(spec.code_tables.get(f.code_table, {}))
    return ()


def key_lines(spec: TemplateSpec, ts: TemplateSet) -> list[str]:
    """Human-readable statement of what identifies one record of this template."""
    lines: list[str] = []
    if spec.variants:
        for v in spec.variants:
            key = "+".join(ts.node_keys.get(v.label, ()))
            lines.append(
                f"{v.condition.field} 为 {'/'.join(v.condition.values)} 的行 → 「{v.label}」，唯一标识：{key}"
            )
    elif spec.label:
        key = "+".join(ts.node_keys.get(spec.label, ()))
        lines.append(f"每行生成一个「{spec.label}」，唯一标识：{key}")
    if spec.relationship_key:
        lines.append(f"本模板只生成关系，不生成节点；唯一标识：{'+'.join(spec.relationship_key)}")
    if spec.constant_properties:
        props = "，".join(f"{k} = {v}" for k, v in spec.constant_properties.items())
        lines.append(f"导入时自动补充：{props}")
    return lines


def _comment(text: str) -> Comment:
    c = Comment(text, "kgdesk")
    c.width = 240
    c.height = 110
    return c


def _header_comment(f: FieldSpec, spec: TemplateSpec) -> str:
    """The header note: 必填 first (the visible mark), then type, meaning and choices."""
    if f.required:
        first = REQUIRED_MARK + (f"（{condition_text(f)}）" if f.required_when is not None else "")
    else:
        first = required_text(f)
    parts = [first, f"类型：{f.type.value}"]
    if f.description:
        parts.append(f.description)
    if f.enum:
        parts.append("可选值：" + "、".join(f.enum))
    elif f.code_table is not None:
        parts.append(f"代码见「{INSTRUCTIONS_SHEET}」中的代码表「{f.code_table}」")
    return "\n".join(parts)


def _list_formula(values: Sequence[str], wb: Workbook, lists: dict[tuple[str, ...], str]) -> str:
    """An inline list when Excel allows one, else a range on a hidden 可选值 sheet."""
    inline = ",".join(values)
    if len(inline) <= 250 and not any("," in v or '"' in v for v in values):
        return f'"{inline}"'
    key = tuple(values)
    if key not in lists:
        if LISTS_SHEET in wb.sheetnames:
            ws = wb[LISTS_SHEET]
        else:
            ws = wb.create_sheet(LISTS_SHEET)
            ws.sheet_state = "hidden"
        col = get_column_letter(len(lists) + 1)
        for i, v in enumerate(values, start=1):
            ws[f"{col}{i}"] = v
        lists[key] = f"{quote_sheetname(LISTS_SHEET)}!${col}$1:${col}${len(values)}"
    return lists[key]


def _write_data_sheet(ws: Worksheet, spec: TemplateSpec, wb: Workbook) -> None:
    ws.title = spec.sheet
    # (values, closed list?) → the column ranges sharing one drop-down
    validations: dict[tuple[tuple[str, ...], bool], list[str]] = {}
    for col, f in enumerate(spec.fields, start=1):
        letter = get_column_letter(col)
        cell = ws.cell(row=1, column=col, value=f.name)
        cell.font = REQUIRED_FONT if f.required else HEADER_FONT
        cell.fill = REQUIRED_FILL if f.required else HEADER_FILL
        cell.alignment = CENTER
        cell.border = BOX
        cell.comment = _comment(_header_comment(f, spec))
        dim = ws.column_dimensions[letter]
        dim.width = column_width(f)
        dim.number_format = NUMBER_FORMATS.get(f.type, "General")
        values = allowed_values(f, spec)
        if values:
            key = (values, bool(f.enum))
            validations.setdefault(key, []).append(f"{letter}2:{letter}{VALIDATION_LAST_ROW}")
    lists: dict[tuple[str, ...], str] = {}
    for (values, closed), ranges in validations.items():
        # Enums are closed lists; day codes are extendable data, so Excel only warns.
        dv = DataValidation(
            type="list",
            formula1=_list_formula(values, wb, lists),
            allow_blank=True,
            showDropDown=False,  # openpyxl's flag is inverted: False shows the arrow
            showErrorMessage=True,
            errorStyle="stop" if closed else "warning",
            errorTitle="取值不在可选范围内",
            error=("请从下拉列表中选择：" if closed else "不是已登记的代码：") + "、".join(values)[:200],
            showInputMessage=False,
        )
        for cell_range in ranges:
            dv.add(cell_range)
        ws.add_data_validation(dv)
    ws.freeze_panes = "A2"
    ws.row_dimensions[1].height = 24
    ws.sheet_view.zoomScale = 100


def _section(ws: Worksheet, row: int, title: str) -> int:
    cell = ws.cell(row=row, column=1, value=title)
    cell.font = SECTION_FONT
    for col in range(1, 6):
        ws.cell(row=row, column=col).fill = SECTION_FILL
    return row + 1


def _table(ws: Worksheet, row: int, header: Sequence[str], rows: Iterable[Sequence[str]]) -> int:
    for col, name in enumerate(header, start=1):
        c = ws.cell(row=row, column=col, value=name)
        c.font = HEADER_FONT
        c.fill = HEADER_FILL
        c.border = BOX
        c.alignment = CENTER
    row += 1
    for values in rows:
        for col, value in enumerate(values, start=1):
            c = ws.cell(row=row, column=col, value=value)
            c.border = BOX
            c.alignment = WRAP
        row += 1
    return row + 1


def _lines(ws: Worksheet, row: int, lines: Iterable[str], numbered: bool = False) -> int:
    for i, text in enumerate(lines, start=1):
        c = ws.cell(row=row, column=1, value=f"{i}. {text}" if numbered else text)
        c.alignment = Alignment(wrap_text=False, vertical="top")
        row += 1
    return row + 1


def field_rows(spec: TemplateSpec) -> list[tuple[str, str, str, str, str]]:
    """字段名 · 类型 · 是否必填 · 说明 · 可选值 for every field, in header order."""
    rows = []
    for f in spec.fields:
        note = f.description
        if f.sensitive or f.sensitive_intent:
            mark = "敏感字段" + (f"·{f.sensitive_intent}" if f.sensitive_intent else "")
            note = f"{note}（{mark}）" if note else mark
        if f.enum:
            options = "、".join(f.enum)
        elif f.code_table is not None:
            options = f"见代码表「{f.code_table}」：" + "、".join(allowed_values(f, spec))
        else:
            options = ""
        rows.append((f.name, f.type.value, required_text(f), note, options))
    return rows


def _write_instructions(ws: Worksheet, spec: TemplateSpec, ts: TemplateSet) -> None:
    ws.column_dimensions["A"].width = 18
    ws.column_dimensions["B"].width = 10
    ws.column_dimensions["C"].width = 34
    ws.column_dimensions["D"].width = 44
    ws.column_dimensions["E"].width = 44
    title = ws.cell(row=1, column=1, value=f"「{spec.name}」模板填写说明")
    title.font = TITLE_FONT
    row = 3
    row = _section(ws, row, "模板用途")
    row = _lines(ws, row, [spec.description] if spec.description else ["（无）"])
    row = _section(ws, row, "填写要求")
    general = [
        f"数据请填写在「{spec.sheet}」工作表：第 1 行为表头，从第 2 行起每行一条记录。",
        "表头中红色加粗（批注为“必填”）的列即标 * 的必填列；表头文字就是字段名，不要修改，也不要加 * 等符号。",
        *spec.instructions,
    ]
    row = _lines(ws, row, general, numbered=True)
    row = _section(ws, row, "唯一标识（主键）")
    row = _lines(ws, row, key_lines(spec, ts))
    checks = [
        f"{c.field} 应等于 "
        + " + ".join(f"「{code}」的天数 × {w:g}" for code, w in c.weights.items())
        + "；不一致会给出警告，不会自动更正。"
        for c in spec.day_count_checks
    ]
    dictionary = (
        [
            f"本表是字典：{'、'.join(f'{d.template}.{d.field}' for d in spec.dictionary_for)} 的取值须在本表中。"
        ]
        if spec.dictionary_for
        else []
    )
    if checks or dictionary:
        row = _section(ws, row, "校验规则")
        row = _lines(ws, row, [*checks, *dictionary])
    row = _section(ws, row, "字段说明")
    row = _table(ws, row, ("字段名", "类型", "是否必填", "说明", "可选值"), field_rows(spec))
    for name, table in spec.code_tables.items():
        row = _section(ws, row, f"代码表：{name}")
        row = _table(ws, row, ("代码", "含义"), table.items())


def build_workbook(spec: TemplateSpec, ts: TemplateSet) -> Workbook:
    """The blank workbook of one template: the data sheet first, then 填写说明."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    _write_data_sheet(ws, spec, wb)
    _write_instructions(wb.create_sheet(INSTRUCTIONS_SHEET, index=1), spec, ts)
    wb.active = 0
    wb.properties.creator = "kgdesk"
    wb.properties.title = f"{spec.name}模板"
    wb.properties.created = REPRODUCIBLE_TIME
    return wb


def make_reproducible(path: Path, when: datetime = REPRODUCIBLE_TIME) -> None:
    """Rewrite a saved .xlsx with fixed zip and document timestamps (same input → same bytes)."""
    stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    with zipfile.ZipFile(path) as src:
        entries = [(info, src.read(info.filename)) for info in src.infolist()]
    tmp = path.with_suffix(path.suffix + ".tmp")
    with zipfile.ZipFile(tmp, "w") as dst:
        for info, data in entries:
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(
                    r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:\2>)", rf"\g<1>{stamp}\g<3>", text
                )
                data = text.encode("utf-8")
            fixed = zipfile.ZipInfo(info.filename, date_time=when.timetuple()[:6])
            fixed.compress_type = info.compress_type
            fixed.external_attr = info.external_attr
            dst.writestr(fixed, data)
    tmp.replace(path)


def export_blank_templates(out_dir: Path, template_set: TemplateSet | None = None) -> list[Path]:
    """Write `<template name>.xlsx` for every template into out_dir; return the paths written."""
    ts = template_set or default_template_set()
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for spec in ts.templates:
        path = out_dir / f"{spec.name}.xlsx"
        build_workbook(spec, ts).save(path)
        make_reproducible(path)
        written.append(path)
    return written
