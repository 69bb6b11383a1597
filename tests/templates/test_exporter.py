"""The blank-template exporter: headers, required marks, drop-downs, formats and 填写说明,
all derived from the metadata."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from kgdesk.templates.exporter import INSTRUCTIONS_SHEET, NUMBER_FORMATS, export_blank_templates
from kgdesk.templates.loader import load_template_set
from kgdesk.templates.model import FieldSpec, FieldType, TemplateSet, TemplateSpec

REPO = Path(__file__).resolve().parents[2]
TEMPLATES = REPO / "data" / "templates"


@pytest.fixture(scope="module")
def ts() -> TemplateSet:
    return load_template_set(TEMPLATES)


@pytest.fixture(scope="module")
def exported(ts: TemplateSet, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("blank")
    paths = export_blank_templates(out, ts)
    return {p.stem: p for p in paths}


@pytest.fixture(scope="module")
def books(exported: dict[str, Path]) -> dict[str, Workbook]:
    """Each exported workbook, loaded once (comments and validations need the full reader)."""
    return {name: load_workbook(path) for name, path in exported.items()}


def _open(path: Path) -> Workbook:
    return load_workbook(path)


def _validations(ws: Worksheet) -> dict[str, list[str]]:
    """Column letter → the drop-down values of the validation covering rows 2..5000."""
    out: dict[str, list[str]] = {}
    for dv in ws.data_validations.dataValidation:
        assert dv.type == "list"
        assert dv.allow_blank
        formula = dv.formula1 or ""
        assert formula.startswith('"') and formula.endswith('"'), formula
        values = formula.strip('"').split(",")
        for rng in dv.sqref.ranges:
            assert (rng.min_row, rng.max_row) == (2, 5000)
            assert rng.min_col == rng.max_col
            out[get_column_letter(rng.min_col)] = values
    return out


def _instruction_rows(wb: Workbook) -> list[tuple[object, ...]]:
    return [r for r in wb[INSTRUCTIONS_SHEET].iter_rows(values_only=True) if any(v is not None for v in r)]


def _field_table(rows: list[tuple[object, ...]]) -> dict[str, tuple[object, ...]]:
    start = next(i for i, r in enumerate(rows) if r[:5] == ("字段名", "类型", "是否必填", "说明", "可选值"))
    table: dict[str, tuple[object, ...]] = {}
    for r in rows[start + 1 :]:
        if r[1] is None:  # the next section heading
            break
        table[str(r[0])] = r
    return table


def test_writes_one_file_per_template(
    ts: TemplateSet, exported: dict[str, Path], books: dict[str, Workbook]
) -> None:
    assert sorted(exported) == sorted(t.name for t in ts.templates)
    assert len(exported) == 15
    for spec in ts.templates:
        assert exported[spec.name].name == f"{spec.name}.xlsx"
        wb = books[spec.name]
        assert wb.sheetnames[:2] == [spec.sheet, INSTRUCTIONS_SHEET]
        assert wb.active is not None and wb.active.title == spec.sheet


def test_header_is_the_metadata_field_order(
    ts: TemplateSet, exported: dict[str, Path], books: dict[str, Workbook]
) -> None:
    for spec in ts.templates:
        ws = books[spec.name][spec.sheet]
        header = tuple(c.value for c in ws[1])
        assert header == spec.field_names, spec.name
        assert ws.max_row == 1  # blank: no data rows, not even empty styled ones
        assert ws.freeze_panes == "A2"


def test_required_columns_are_marked(
    ts: TemplateSet, exported: dict[str, Path], books: dict[str, Workbook]
) -> None:
    for spec in ts.templates:
        ws = books[spec.name][spec.sheet]
        for col, f in enumerate(spec.fields, start=1):
            cell = ws.cell(row=1, column=col)
            assert cell.comment is not None, (spec.name, f.name)
            red = cell.font.color is not None and cell.font.color.rgb == "FFC00000"
            if f.required:
                assert red and cell.font.b, (spec.name, f.name)
                assert cell.comment.text.startswith("必填"), (spec.name, f.name)
            else:
                assert not red, (spec.name, f.name)
                assert not cell.comment.text.startswith("必填"), (spec.name, f.name)
            assert f"类型：{f.type.value}" in cell.comment.text


def test_enum_and_code_columns_have_list_validation(
    ts: TemplateSet, exported: dict[str, Path], books: dict[str, Workbook]
) -> None:
    checked = 0
    for spec in ts.templates:
        ws = books[spec.name][spec.sheet]
        lists = _validations(ws)
        expected = {}
        for col, f in enumerate(spec.fields, start=1):
            if f.enum:
                expected[get_column_letter(col)] = list(f.enum)
            elif f.code_table:
                expected[get_column_letter(col)] = list(spec.code_tables[f.code_table])
        assert lists == expected, spec.name
        checked += len(expected)
    assert checked >= 70  # 9 enum columns + 31 考勤 + 31 排班 day columns
    ws = books["项目信息"]["数据"]
    assert _validations(ws)[get_column_letter(ts.template("项目信息").field_names.index("服务状态") + 1)] == [
        "服务中",
        "已结束",
        "未开始",
    ]


def test_number_formats_and_widths(
    ts: TemplateSet, exported: dict[str, Path], books: dict[str, Workbook]
) -> None:
    for spec in ts.templates:
        ws = books[spec.name][spec.sheet]
        for col, f in enumerate(spec.fields, start=1):
            dim = ws.column_dimensions[get_column_letter(col)]
            assert dim.number_format == NUMBER_FORMATS[f.type], (spec.name, f.name)
            assert dim.width and dim.width >= 5
    project = ts.template("项目信息")
    ws = books["项目信息"]["数据"]

    def width(spec: TemplateSpec, ws: Worksheet, name: str) -> float:
        return float(ws.column_dimensions[get_column_letter(spec.field_names.index(name) + 1)].width)

    assert width(project, ws, "项目地址") > width(project, ws, "项目编号")
    assert width(project, ws, "项目名称") > width(project, ws, "省份")
    check = ts.template("检查记录")
    assert width(check, books["检查记录"]["数据"], "问题描述") >= 30
    attendance = ts.template("考勤与人员财务")
    ws = books["考勤与人员财务"]["数据"]
    assert width(attendance, ws, "15日") < width(attendance, ws, "工号")
    assert NUMBER_FORMATS[FieldType.DATE] == "yyyy-mm-dd" and NUMBER_FORMATS[FieldType.PERCENT] == "0.00%"


def test_instructions_list_every_field_keys_and_code_tables(
    ts: TemplateSet, exported: dict[str, Path], books: dict[str, Workbook]
) -> None:
    for spec in ts.templates:
        rows = _instruction_rows(books[spec.name])
        text = "\n".join(str(v) for r in rows for v in r if v is not None)
        assert spec.description in text
        for line in spec.instructions:
            assert line in text
        table = _field_table(rows)
        assert list(table) == list(spec.field_names), spec.name
        for f in spec.fields:
            _, ftype, required, _, options = table[f.name]
            assert ftype == f.type.value
            if f.required_when is not None:
                assert str(required).startswith("条件必填：") and f.required_when.field in str(required)
            else:
                assert required == ("必填" if f.required else "选填")
            for value in f.enum:
                assert value in str(options)
        for label in spec.labels:
            keys = "+".join(ts.node_keys[label])
            assert keys in text, (spec.name, label)
        if spec.relationship_key:
            assert "+".join(spec.relationship_key) in text
        for name, codes in spec.code_tables.items():
            assert f"代码表：{name}" in text
            start = next(i for i, r in enumerate(rows) if r[0] == f"代码表：{name}")
            assert rows[start + 1][:2] == ("代码", "含义")
            assert {r[0]: r[1] for r in rows[start + 2 : start + 2 + len(codes)]} == codes


def test_conditional_and_variant_text(
    ts: TemplateSet, exported: dict[str, Path], books: dict[str, Workbook]
) -> None:
    rows = _instruction_rows(books["采购与维保"])
    table = _field_table(rows)
    assert table["记录编号"][2] == "条件必填：记录类型 为 维保合同/耗材采购/固定资产 时必填"
    assert (
        table["项目编号"][2]
        == "条件必填：记录类型 为 维保合同/耗材采购/固定资产 时必填（此列为必填列，表头不可缺少）"
    )
    assert table["供应商名称"][2] == "条件必填：记录类型 为 供应商 时必填"
    text = "\n".join(str(r[0]) for r in rows)
    assert "「供应商」，唯一标识：供应商名称" in text
    assert "「采购记录」，唯一标识：记录编号" in text
    rows = _instruction_rows(books["考勤与人员财务"])
    assert any("上班天数 应等于" in str(r[0]) and "× 0.5" in str(r[0]) for r in rows)


def test_committed_blank_templates_are_current(ts: TemplateSet, exported: dict[str, Path]) -> None:
    """data/templates/blank is what the exporter makes from the current metadata, byte for byte."""
    committed = TEMPLATES / "blank"
    assert sorted(p.name for p in committed.glob("*.xlsx")) == sorted(p.name for p in exported.values())
    for path in exported.values():
        assert (committed / path.name).read_bytes() == path.read_bytes(), f"{path.name} 已过期，请重新导出"


def test_metadata_change_is_picked_up(tmp_path: Path) -> None:
    """A new template is a data change only: copy the metadata, add one, export 16 files."""
    base = tmp_path / "templates"
    shutil.copytree(TEMPLATES / "metadata", base / "metadata")
    shutil.copy(TEMPLATES / "relation.xlsx", base / "relation.xlsx")
    keys = json.loads((TEMPLATES / "graph_keys.json").read_text(encoding="utf-8"))
    keys["nodes"]["绿化养护"] = ["项目编号", "养护日期"]
    (base / "graph_keys.json").write_text(json.dumps(keys, ensure_ascii=False), encoding="utf-8")
    new = {
        "name": "绿化养护记录",
        "order": 16,
        "sheet": "养护",
        "label": "绿化养护",
        "description": "绿化养护作业记录。",
        "code_tables": {"天气": {"晴": "晴天", "雨": "雨天"}},
        "fields": [
            {"name": "项目编号", "type": "编码", "required": True},
            {"name": "养护日期", "type": "日期", "required": True},
            {"name": "作业类型", "type": "枚举", "enum": ["修剪", "施肥", "浇水"]},
            {"name": "天气", "type": "文本", "code_table": "天气"},
            {"name": "费用", "type": "小数"},
        ],
        "instructions": ["每次养护一行。"],
    }
    (base / "metadata" / "16_绿化养护记录.json").write_text(
        json.dumps(new, ensure_ascii=False), encoding="utf-8"
    )
    ts = load_template_set(base)
    paths = export_blank_templates(tmp_path / "out", ts)
    assert len(paths) == 16
    wb = _open(tmp_path / "out" / "绿化养护记录.xlsx")
    ws = wb["养护"]
    assert tuple(c.value for c in ws[1]) == ("项目编号", "养护日期", "作业类型", "天气", "费用")
    assert _validations(ws) == {"C": ["修剪", "施肥", "浇水"], "D": ["晴", "雨"]}
    text = "\n".join(str(v) for r in _instruction_rows(wb) for v in r if v is not None)
    assert "每次养护一行。" in text and "项目编号+养护日期" in text and "代码表：天气" in text


def test_long_value_lists_go_to_a_hidden_sheet(ts: TemplateSet, tmp_path: Path) -> None:
    """Excel limits an inline list to 255 characters; longer lists are referenced from a hidden sheet."""
    spec = ts.template("岗位字典")
    values = tuple(f"很长的岗位层级名称第{i}号" for i in range(40))
    fields = tuple(dataclasses.replace(f, enum=values) if f.name == "员工层级" else f for f in spec.fields)
    fields += (FieldSpec(name="说明, 含逗号", type=FieldType.ENUM, enum=("甲,乙", "丙")),)
    big = dataclasses.replace(spec, fields=fields)
    custom = dataclasses.replace(ts, templates=(big,))
    path = export_blank_templates(tmp_path, custom)[0]
    wb = load_workbook(path)
    assert wb.sheetnames == ["数据", INSTRUCTIONS_SHEET, "可选值"]
    assert wb["可选值"].sheet_state == "hidden"
    formulas = sorted(dv.formula1 for dv in wb["数据"].data_validations.dataValidation)
    assert formulas == ["'可选值'!$A$1:$A$40", "'可选值'!$B$1:$B$2"]
    assert [c.value for c in wb["可选值"]["A"]] == list(values)
    assert [c.value for c in wb["可选值"]["B"]][:2] == ["甲,乙", "丙"]


def test_export_is_reproducible(ts: TemplateSet, tmp_path: Path) -> None:
    first = export_blank_templates(tmp_path / "a", ts)
    second = export_blank_templates(tmp_path / "b", ts)
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
