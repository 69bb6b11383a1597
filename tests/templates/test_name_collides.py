"""Names that read like the schema (issue 13.4, validation part): W_NAME_COLLIDES on real .xlsx files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kgdesk.paths import templates_dir
from kgdesk.quality.report import build_quality_report
from kgdesk.templates.checks import normalize_name, schema_words
from kgdesk.templates.loader import default_template_set, load_template_set
from kgdesk.templates.validator import validate_paths
from tests.xlsx import row_for, write_xlsx

TS = default_template_set()
PROJECT = list(TS.template("项目信息").field_names)
DEVICE = list(TS.template("设备信息").field_names)
TEST_DATA = Path(__file__).resolve().parents[2] / "data" / "test_data"


def _project(code: str, name: str, short: str | None = None) -> list[object]:
    return row_for(PROJECT, 项目编号=code, 项目名称=name, 项目简称=short, 项目负责人工号="KWL0001")


def test_name_like_fields_are_marked_in_the_metadata() -> None:
    marked = {(t.name, f.name) for t in TS.templates for f in t.fields if f.name_like}
    assert {("项目信息", "项目名称"), ("项目信息", "项目简称"), ("人员信息", "姓名"), ("片区信息", "片区名称"),
            ("设备信息", "设备名称"), ("采购与维保", "供应商名称")} <= marked


def test_colliding_short_names_are_reported_with_file_row_field_and_word(tmp_path: Path) -> None:
    rows = [
        _project("XMSQ0101", "青浦-区图书馆", "人员"),
        _project("XMSQ0102", "徐汇-档案馆", "设备"),
        _project("XMSQ0103", "一共有多少", None),
        _project("XMSQ0104", "科创-张江科学城", "项目人员"),
        _project("XMSQ0105", "徐汇-环境监测中心", "员工"),  # a synonym of 人员 in the question lexicon
        _project("XMSQ0106", "青浦-赵巷公园", "赵巷公园"),
    ]
    p = write_xlsx(tmp_path / "项目.xlsx", PROJECT, rows)
    run = validate_paths([p])
    f = run.files[0]
    assert f.status == "accepted" and f.imported_rows == 6  # a warning: nothing is dropped
    hits = [(i.file, i.row, i.fields, i.value) for i in f.warnings if i.code == "W_NAME_COLLIDES"]
    assert hits == [
        ("项目.xlsx", 2, ("项目简称",), "人员"),
        ("项目.xlsx", 3, ("项目简称",), "设备"),
        ("项目.xlsx", 4, ("项目名称",), "多少"),
        ("项目.xlsx", 5, ("项目简称",), "项目"),
        ("项目.xlsx", 6, ("项目简称",), "员工"),
    ]
    message = next(i.message for i in f.warnings if i.code == "W_NAME_COLLIDES")
    assert "「项目简称」的值「人员」" in message and "系统用词「人员」" in message
    doc = run.to_json()["files"][0]["warnings"]
    assert {w["title"] for w in doc if w["code"] == "W_NAME_COLLIDES"} == {"名称与系统用词冲突"}
    report = build_quality_report(run)
    assert report["files"][0]["issue_counts"]["W_NAME_COLLIDES"] == 5


@pytest.mark.parametrize(
    "name",
    ["设备维保中心", "青浦片区", "青浦工业园电梯维保合同", "上海申江消防设备有限公司", "项目经理部", "人民广场", "几何设计院", "张三"],
)
def test_ordinary_names_containing_a_schema_word_do_not_collide(tmp_path: Path, name: str) -> None:
    p = write_xlsx(
        tmp_path / "设备.xlsx",
        DEVICE,
        [row_for(DEVICE, 项目编号="XMSQ0102", 设备编号="DT-01", 设备名称=name, 设备责任人工号="KWL0001")],
    )
    assert [i.code for i in validate_paths([p]).files[0].warnings] == []


def test_the_shipped_test_ledgers_have_no_collisions() -> None:
    run = validate_paths([TEST_DATA])
    assert len(run.files) == 15 and all(f.accepted for f in run.files)
    assert [i for f in run.files for i in f.warnings if i.code == "W_NAME_COLLIDES"] == []


def test_non_name_fields_are_not_checked(tmp_path: Path) -> None:
    p = write_xlsx(
        tmp_path / "项目.xlsx", PROJECT, [row_for(PROJECT, 项目编号="XMSQ0101", 项目名称="区图书馆", 项目负责人工号="KWL0001", 备注="人员")]
    )
    assert [i.code for i in validate_paths([p]).files[0].warnings] == []


def test_schema_words_come_from_the_metadata(tmp_path: Path) -> None:
    words = schema_words(TS).words
    for t in TS.templates:
        assert normalize_name(t.name) in words
        assert all(normalize_name(f) in words for f in t.field_names)
    assert set(TS.labels) <= words
    # a new field in the metadata is a new schema word, without code
    base = tmp_path / "templates"
    shutil.copytree(templates_dir(), base)
    meta = base / "metadata" / "14_月度快照.json"
    doc = json.loads(meta.read_text(encoding="utf-8"))
    doc["fields"].append({"name": "运营指数", "type": "文本"})
    meta.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    ts = load_template_set(base)
    assert schema_words(ts).collision("运营指数") == "运营指数"
    assert schema_words(TS).collision("运营指数") is None
