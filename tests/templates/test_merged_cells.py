"""Merged cells (issue 13.8): the value fills every row of the range, one W_MERGED_CELLS per range,
and a merged key column is no missing key. Real .xlsx (both engines) and a real BIFF8 .xls."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl
import pytest

from kgdesk.quality.report import build_quality_report
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.records import ValidationRun
from kgdesk.templates.validator import validate_paths
from kgdesk.templates.workbook import ENGINES, UnreadableFileError, read_workbook
from tests.xlsx import row_for

TS = default_template_set()
DEVICE = list(TS.template("设备信息").field_names)
FIXTURE_XLS = Path(__file__).parent / "fixtures" / "merged.xls"


def _letter(field: str) -> str:
    return openpyxl.utils.get_column_letter(DEVICE.index(field) + 1)


def _device_book(path: Path, *, title: bool = False) -> Path:
    """Five devices of XMSQ0102 with 项目编号 merged over them and 设备类型 over the first three."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "数据"
    if title:
        ws.append(["2026 年设备台账"])
        ws.merge_cells(start_row=1, start_column=1, end_row=1, end_column=6)
    ws.append(DEVICE)
    first = ws.max_row + 1
    for code, name in [("DT-01", "客梯"), ("DT-02", "客梯"), ("DT-03", "货梯"), ("BP-01", "消防水泵"), ("BP-02", "消防水泵")]:
        kind = "电梯" if code.startswith("DT") else None
        ws.append(row_for(DEVICE, 项目编号="XMSQ0102", 设备编号=code, 设备类型=kind, 设备名称=name, 设备责任人工号="KWL0001"))
    ws.append(row_for(DEVICE, 项目编号="XMSQ0103", 设备编号="DT-01", 设备类型="电梯", 设备责任人工号="KWL0002"))
    a, c = _letter("项目编号"), _letter("设备类型")
    ws.merge_cells(f"{a}{first}:{a}{first + 4}")  # openpyxl empties the covered cells, as Excel does
    ws.merge_cells(f"{c}{first}:{c}{first + 2}")
    wb.save(path)
    return path


def _devices(run: ValidationRun) -> dict[tuple[str, ...], dict[str, object]]:
    return {r.key: r.properties for r in run.dataset.by_label("设备")}


def _check_run(run: ValidationRun, first: int) -> None:
    f = run.files[0]
    assert f.status == "accepted" and f.imported_rows == 6 and f.skipped_rows == 0
    assert not [i for i in f.warnings if i.code == "W_MISSING_KEY"]  # the merged key is no missing key
    merged = [i for i in f.warnings if i.code == "W_MERGED_CELLS"]
    a, c = _letter("项目编号"), _letter("设备类型")
    assert [(i.row, i.fields, i.value) for i in merged] == [
        (first, ("项目编号",), f"{a}{first}:{a}{first + 4}"),
        (first, ("设备类型",), f"{c}{first}:{c}{first + 2}"),
    ]
    assert f"{a}{first}:{a}{first + 4}" in merged[0].message and "XMSQ0102" in merged[0].message
    devices = _devices(run)
    assert len(devices) == 6
    assert {k for k in devices if k[0] == "XMSQ0102"} == {("XMSQ0102", c) for c in ("DT-01", "DT-02", "DT-03", "BP-01", "BP-02")}
    types = {k[1]: p.get("设备类型") for k, p in devices.items() if k[0] == "XMSQ0102"}
    assert types == {"DT-01": "电梯", "DT-02": "电梯", "DT-03": "电梯", "BP-01": None, "BP-02": None}


@pytest.mark.parametrize("engine", ENGINES)
def test_merged_key_and_value_columns_in_xlsx(tmp_path: Path, engine: str) -> None:
    path = _device_book(tmp_path / "设备.xlsx")
    run = validate_paths([path], engine=engine)
    _check_run(run, first=2)


@pytest.mark.parametrize("engine", ENGINES)
def test_merged_title_above_the_header_is_filled_but_not_reported(tmp_path: Path, engine: str) -> None:
    path = _device_book(tmp_path / "设备.xlsx", title=True)
    run = validate_paths([path], engine=engine)
    assert run.files[0].sheet == "数据"
    _check_run(run, first=3)


def test_merged_cells_in_legacy_xls() -> None:
    run = validate_paths([FIXTURE_XLS])
    _check_run(run, first=2)


def test_merged_warning_in_json_and_quality_report(tmp_path: Path) -> None:
    run = validate_paths([_device_book(tmp_path / "设备.xlsx")])
    (w,) = [w for w in run.to_json()["files"][0]["warnings"] if w["code"] == "W_MERGED_CELLS" and w["fields"] == ["设备类型"]]
    assert w["title"] == "合并单元格（已填充）" and w["row"] == 2 and w["value"] == f"{_letter('设备类型')}2:{_letter('设备类型')}4"
    report = build_quality_report(run)
    (row2,) = [r for r in report["files"][0]["problem_rows"] if r["row"] == 2]
    assert sorted(i["code"] for i in row2["issues"]) == ["W_MERGED_CELLS", "W_MERGED_CELLS"]
    assert report["files"][0]["issue_counts"] == {"W_MERGED_CELLS": 2}


@pytest.mark.parametrize("engine", ENGINES)
def test_rows_blank_but_for_a_merge_are_not_invented(tmp_path: Path, engine: str) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["工号", "姓名"])
    ws.append(["KWL0001", "张三"])
    ws.append([None, None])
    ws.append(["KWL0002", "李四"])
    ws.merge_cells("A2:A3")  # row 3 is empty but for the merge
    path = tmp_path / "a.xlsx"
    wb.save(path)
    sheet = read_workbook(path, engine=engine).sheets[0]
    assert sheet.rows == [["工号", "姓名"], ["KWL0001", "张三"], [None, None], ["KWL0002", "李四"]]
    assert [(m.ref, m.filled_rows) for m in sheet.merged] == [("A2:A3", 0)]


def _inject_merges(src: Path, dst: Path, refs: list[str]) -> Path:
    """Merge declarations written straight into the sheet XML (openpyxl would build every cell)."""
    merges = "".join(f'<mergeCell ref="{r}"/>' for r in refs)
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                block = f'</sheetData><mergeCells count="{len(refs)}">{merges}</mergeCells>'
                data = data.replace(b"</sheetData>", block.encode())
            zout.writestr(info.filename, data)
    return dst


def _people(path: Path, rows: list[list[object]]) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["工号", "姓名"])
    for r in rows:
        ws.append(r)
    wb.save(path)
    return path


@pytest.mark.parametrize("engine", ENGINES)
def test_hostile_merge_declarations_cost_no_more_than_the_sheet(tmp_path: Path, engine: str) -> None:
    src = _people(tmp_path / "a.xlsx", [["KWL0001", "张三"], [None, "李四"]])
    path = _inject_merges(src, tmp_path / "b.xlsx", ["A2:XFD1048576"])  # the whole sheet: clipped to the data
    sheet = read_workbook(path, engine=engine).sheets[0]
    assert sheet.rows[2] == ["KWL0001", "李四"]
    assert [m.ref for m in sheet.merged] == ["A2:XFD1048576"]


@pytest.mark.parametrize("engine", ENGINES)
def test_overlapping_merges_beyond_the_sheet_size_are_refused(tmp_path: Path, engine: str) -> None:
    """Excel never writes overlapping merges; hundreds of them over one column are hostile."""
    src = _people(tmp_path / "a.xlsx", [[f"KWL{i:04d}", "张三"] for i in range(50)])
    path = _inject_merges(src, tmp_path / "b.xlsx", [f"A2:A{40 + i % 10}" for i in range(200)])
    with pytest.raises(UnreadableFileError) as err:
        read_workbook(path, engine=engine)
    assert err.value.reason == "malicious" and "合并单元格" in err.value.message
