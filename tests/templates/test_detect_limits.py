"""Template detection with many extra columns, and the row limit counting data rows (issue 13.11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgdesk.config.settings import Limits
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.validator import validate_paths
from kgdesk.templates.workbook import ENGINES
from tests.xlsx import row_for, write_xlsx

TS = default_template_set()
LINK = list(TS.template("项目片区关系").field_names)
PROJECT = list(TS.template("项目信息").field_names)
ATT = list(TS.template("考勤与人员财务").field_names)
MERGED_XLS = Path(__file__).parent / "fixtures" / "merged.xls"
FOREIGN = [f"部门自定义列{i}" for i in range(12)]


def test_many_extra_columns_still_detect_the_template(tmp_path: Path) -> None:
    header = [*LINK, *FOREIGN]  # 4× the template's columns
    rows = [[*row_for(LINK, 项目编号="XMSQ0102", 片区编号="PQ01"), *[f"v{i}" for i in range(12)]]]
    run = validate_paths([write_xlsx(tmp_path / "关系.xlsx", header, rows)])
    f = run.files[0]
    assert (f.status, f.template) == ("accepted", "项目片区关系")
    extra = [i for i in f.warnings if i.code == "W_EXTRA_COLUMN"]
    assert [i.fields for i in extra] == [(n,) for n in FOREIGN] and all(i.row == 1 for i in extra)


def test_required_columns_only_plus_many_extra_columns(tmp_path: Path) -> None:
    required = list(TS.template("项目信息").required_columns)
    header = [*required, *FOREIGN, *(f"附加{i}" for i in range(20))]
    row = ["XMSQ0102", "青浦-区图书馆", "KWL0001", *["x"] * 32]
    f = validate_paths([write_xlsx(tmp_path / "台账.xlsx", header, [row])]).files[0]
    assert (f.status, f.template, f.imported_rows) == ("accepted", "项目信息", 1)
    assert sum(1 for i in f.warnings if i.code == "W_EXTRA_COLUMN") == 32


def test_a_file_missing_a_required_column_is_not_passed_off_as_a_smaller_template(tmp_path: Path) -> None:
    """考勤 without 姓名 holds 项目编号 and 年月 (all 月度快照 requires) but is still 考勤, rejected."""
    header = [c for c in ATT if c != "姓名"] + FOREIGN
    row = row_for(header, 工号="KWL0001", 项目编号="XMSQ0102", 年月="2026-03")
    f = validate_paths([write_xlsx(tmp_path / "考勤.xlsx", header, [row])]).files[0]
    assert (f.status, f.template) == ("rejected", "考勤与人员财务")
    assert [(i.code, i.fields) for i in f.errors] == [("E_MISSING_COLUMN", ("姓名",))]


def _projects(n: int) -> list[list[object]]:
    return [row_for(PROJECT, 项目编号=f"XMSQ{i:04d}", 项目名称=f"项目{i}", 项目负责人工号="KWL0001") for i in range(n)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("header_row", [1, 3])
def test_row_limit_counts_data_rows_not_the_header(tmp_path: Path, engine: str, header_row: int) -> None:
    limits = Limits(max_rows_per_sheet=3)
    exact = write_xlsx(tmp_path / "exact.xlsx", PROJECT, _projects(3), header_row=header_row)
    f = validate_paths([exact], limits=limits, engine=engine).files[0]
    assert (f.status, f.rows, f.imported_rows) == ("accepted", 3, 3)
    over = write_xlsx(tmp_path / "over.xlsx", PROJECT, _projects(4), header_row=header_row)
    f = validate_paths([over], limits=limits, engine=engine).files[0]
    assert f.status == "rejected" and [i.code for i in f.errors] == ["E_UNREADABLE"]
    assert "最多 3 行数据" in f.errors[0].message and f.imported_rows == 0


def test_row_limit_in_legacy_xls() -> None:
    """merged.xls (BIFF8): a header and six data rows."""
    assert validate_paths([MERGED_XLS], limits=Limits(max_rows_per_sheet=6)).files[0].status == "accepted"
    f = validate_paths([MERGED_XLS], limits=Limits(max_rows_per_sheet=5)).files[0]
    assert [i.code for i in f.errors] == ["E_UNREADABLE"]


def test_default_limit_is_200_000_data_rows() -> None:
    assert Limits().max_rows_per_sheet == 200_000
