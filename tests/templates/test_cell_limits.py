"""Over-long cells (issue 13.1): a length limit per field type, truncation in the graph, the whole
text in the quality report, and no false compression-bomb alarm for long repeated text."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from kgdesk.errors import TemplateMetadataError
from kgdesk.paths import templates_dir
from kgdesk.quality.report import build_quality_report
from kgdesk.templates.loader import default_template_set, load_template_set
from kgdesk.templates.model import DEFAULT_MAX_LENGTH, FieldType
from kgdesk.templates.validator import validate_paths
from kgdesk.templates.workbook import read_workbook
from tests.xlsx import row_for, write_xlsx

TS = default_template_set()
PROJECT = list(TS.template("项目信息").field_names)


def _project(code: str, name: str, **kw: object) -> list[object]:
    return row_for(PROJECT, 项目编号=code, 项目名称=name, 项目负责人工号="KWL0001", **kw)


def test_defaults_per_type_and_every_field_has_a_limit() -> None:
    assert DEFAULT_MAX_LENGTH[FieldType.TEXT] == 500 and DEFAULT_MAX_LENGTH[FieldType.CODE] == 64
    assert set(DEFAULT_MAX_LENGTH) == set(FieldType)
    assert TS.template("项目信息").field("项目名称").length_limit == 500
    assert TS.template("项目信息").field("项目编号").length_limit == 64


def test_long_text_is_truncated_for_the_graph_and_kept_whole_in_the_report(tmp_path: Path) -> None:
    long_name = "青浦-区图书馆" * 300  # 2,100 characters
    p = write_xlsx(
        tmp_path / "项目.xlsx",
        PROJECT,
        [_project("XMSQ0102", long_name), _project("XMSQ0103", "徐汇-档案馆", 备注="短备注")],
    )
    run = validate_paths([p])
    f = run.files[0]
    assert f.status == "accepted" and f.imported_rows == 2
    bad = [i for i in f.warnings if i.code == "W_BAD_VALUE"]
    assert [(i.file, i.row, i.fields) for i in bad] == [("项目.xlsx", 2, ("项目名称",))]
    assert "2,100 字" in bad[0].message and "500 字" in bad[0].message and "数据质量报告" in bad[0].message
    assert bad[0].value is not None and len(bad[0].value) <= 40  # a preview, not 2,100 characters
    (rec,) = [r for r in run.dataset.by_label("项目") if r.key == ("XMSQ0102",)]
    stored = rec.properties["项目名称"]
    assert len(stored) == 500 and stored.endswith("…") and long_name.startswith(stored[:-1])
    report = build_quality_report(run)
    (row,) = report["files"][0]["problem_rows"]
    assert row["raw"]["项目名称"] == long_name  # whole in the report
    assert row["issues"][0]["code"] == "W_BAD_VALUE" and row["issues"][0]["title"] == "值格式有误"


def test_long_code_is_dropped_not_cut_and_a_long_key_skips_the_row(tmp_path: Path) -> None:
    p = write_xlsx(tmp_path / "项目.xlsx", PROJECT, [_project("XMSQ" + "9" * 80, "青浦-区图书馆")])
    f = validate_paths([p]).files[0]
    assert [(i.code, i.row, i.fields) for i in f.warnings] == [
        ("W_BAD_VALUE", 2, ("项目编号",)),
        ("W_MISSING_KEY", 2, ("项目编号",)),
    ]
    assert "84 字" in f.warnings[0].message and "未导入" in f.warnings[0].message


def test_long_extra_column_is_capped_too(tmp_path: Path) -> None:
    p = write_xlsx(tmp_path / "项目.xlsx", [*PROJECT, "内部说明"], [[*_project("XMSQ0102", "区图书馆"), "字" * 600]])
    run = validate_paths([p])
    bad = [i for i in run.files[0].warnings if i.code == "W_BAD_VALUE"]
    assert [(i.row, i.fields) for i in bad] == [(2, ("内部说明",))]
    assert len(run.dataset.records[0].properties["内部说明"]) == 500


def test_max_length_override_in_metadata(tmp_path: Path) -> None:
    base = tmp_path / "templates"
    shutil.copytree(templates_dir(), base)
    meta = base / "metadata" / "01_项目信息.json"
    doc = json.loads(meta.read_text(encoding="utf-8"))
    for f in doc["fields"]:
        if f["name"] == "备注":
            f["max_length"] = 10
    meta.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    ts = load_template_set(base)
    assert ts.template("项目信息").field("备注").length_limit == 10
    p = write_xlsx(tmp_path / "项目.xlsx", PROJECT, [_project("XMSQ0102", "区图书馆", 备注="一二三四五六七八九十十一")])
    run = validate_paths([p], template_set=ts)
    assert [(i.code, i.fields) for i in run.files[0].warnings] == [("W_BAD_VALUE", ("备注",))]
    assert run.dataset.records[0].properties["备注"] == "一二三四五六七八九…"
    for bad in (0, -3, "5", True):
        doc["fields"][0]["max_length"] = bad
        meta.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        with pytest.raises(TemplateMetadataError, match="max_length"):
            load_template_set(base)


def test_repeated_long_text_is_no_compression_bomb(tmp_path: Path) -> None:
    """Many distinct but repetitive long names: a huge ratio, a few MB expanded: a valid ledger."""
    # 30,000 characters each: near Excel's own limit of 32,767 per cell
    rows = [_project(f"XMSQ{i:04d}", "青浦-区图书馆" * 4_285 + f"{i:05d}") for i in range(24)]
    p = write_xlsx(tmp_path / "项目.xlsx", PROJECT, rows)
    with zipfile.ZipFile(p) as zf:
        info = max(zf.infolist(), key=lambda i: i.file_size)
    assert info.file_size > 1024 * 1024 and info.file_size > 200 * info.compress_size  # what the old check refused
    wb = read_workbook(p)
    assert len(wb.sheets[0].rows) == 25
    run = validate_paths([p])
    f = run.files[0]
    assert f.status == "accepted" and f.imported_rows == 24
    assert [i.code for i in f.warnings] == ["W_BAD_VALUE"] * 24
    assert all(len(r.properties["项目名称"]) == 500 for r in run.dataset.records)


def test_padding_that_parsing_removes_does_not_count(tmp_path: Path) -> None:
    p = write_xlsx(
        tmp_path / "项目.xlsx",
        PROJECT,
        [_project("XMSQ0102" + " " * 100, "区图书馆" + "\u3000" * 600, 合同金额="12.5万" + " " * 100)],
    )
    run = validate_paths([p])
    assert run.files[0].warnings == []
    props = run.dataset.records[0].properties
    assert (props["项目编号"], props["项目名称"], props["合同金额"]) == ("XMSQ0102", "区图书馆", 125000)
