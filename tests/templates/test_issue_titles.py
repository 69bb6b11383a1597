"""Every issue code has one Chinese title, and the new warnings reach `kgdesk validate --json`,
the quality report and the desktop's issue list (all three read the same Issue objects)."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from kgdesk.quality.report import build_quality_report
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.records import ERROR_CODES, ISSUE_TITLES, WARNING_CODES, issue_title
from kgdesk.templates.validator import validate_paths
from tests.test_cli_headless import run_cli
from tests.xlsx import row_for

TS = default_template_set()
DEVICE = list(TS.template("设备信息").field_names)
NEW = {"W_BAD_VALUE", "W_EXTRA_COLUMN", "W_MERGED_CELLS", "W_NAME_COLLIDES"}


def _hostile_devices(path: Path) -> Path:
    """One file holding every new warning: a merged key, a colliding name, an over-long cell, and
    more extra columns than the template has."""
    extra = [f"自定义{i}" for i in range(40)]
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "数据"
    ws.append([*DEVICE, *extra])
    names = ["设备", "客梯", "货梯"]
    for i, name in enumerate(names):
        row = row_for(DEVICE, 项目编号="XMSQ0102", 设备编号=f"DT-0{i}", 设备名称=name, 设备责任人工号="KWL0001")
        if i == 2:
            row[DEVICE.index("规格型号参数")] = "参数" * 400
        ws.append([*row, *["x"] * len(extra)])
    a = openpyxl.utils.get_column_letter(DEVICE.index("项目编号") + 1)
    ws.merge_cells(f"{a}2:{a}4")
    wb.save(path)
    return path


def test_every_code_has_one_chinese_title() -> None:
    assert set(ISSUE_TITLES) == set(ERROR_CODES) | set(WARNING_CODES)
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in t) for t in ISSUE_TITLES.values())
    assert issue_title("W_NAME_COLLIDES") == "名称与系统用词冲突"


def test_new_warnings_in_validate_json(tmp_path: Path) -> None:
    path = _hostile_devices(tmp_path / "设备.xlsx")
    proc = run_cli("validate", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    (f,) = doc["files"]
    assert (f["status"], f["template"], f["rows"], f["imported_rows"]) == ("accepted", "设备信息", 3, 3)
    by_code = {w["code"]: w for w in f["warnings"]}
    assert set(by_code) >= NEW and "W_MISSING_KEY" not in by_code
    for code in NEW:
        w = by_code[code]
        assert w["title"] == ISSUE_TITLES[code] and w["message"] and isinstance(w["fields"], list)
    assert by_code["W_NAME_COLLIDES"]["row"] == 2 and by_code["W_NAME_COLLIDES"]["fields"] == ["设备名称"]
    assert by_code["W_MERGED_CELLS"]["value"] == "A2:A4"
    assert by_code["W_BAD_VALUE"]["row"] == 4 and by_code["W_BAD_VALUE"]["fields"] == ["规格型号参数"]
    assert doc["summary"]["warnings"] == len(f["warnings"])


def test_new_warnings_in_quality_report_and_desktop_issue_list(tmp_path: Path) -> None:
    from PySide6.QtCore import Qt

    from kgdesk.ui.models import FileTableModel, IssueTableModel

    run = validate_paths([_hostile_devices(tmp_path / "设备.xlsx")])
    report = build_quality_report(run)
    section = report["files"][0]
    titles = {i["code"]: i["title"] for r in section["problem_rows"] for i in r["issues"]}
    titles.update({i["code"]: i["title"] for i in section["file_issues"]})
    assert {c: titles[c] for c in NEW} == {c: ISSUE_TITLES[c] for c in NEW}
    files = FileTableModel()
    files.set_paths([run.files[0].path])
    files.set_results(run.files, run.references)
    issues = files.issues_for(0)
    assert {i.code for i in issues} >= NEW
    model = IssueTableModel()
    model.set_issues(issues)
    shown = {model.data(model.index(r, 2), Qt.ItemDataRole.DisplayRole) for r in range(model.rowCount())}
    assert {ISSUE_TITLES[c] for c in NEW} <= shown
