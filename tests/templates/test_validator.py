"""Every error and warning code, each from a real .xlsx written here, with the exact Excel row."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kgdesk.templates.loader import default_template_set
from kgdesk.templates.records import ValidationRun
from kgdesk.templates.validator import validate_paths
from tests.xlsx import row_for, write_xlsx

TS = default_template_set()
PROJECT = list(TS.template("项目信息").field_names)
PEOPLE = list(TS.template("人员信息").field_names)
ATT = list(TS.template("考勤与人员财务").field_names)
SHIFT = list(TS.template("排班月报").field_names)
FIN = list(TS.template("项目月度财务").field_names)
PURCHASE = list(TS.template("采购与维保").field_names)
POSTS = list(TS.template("岗位字典").field_names)


def _project(code: str, name: str = "青浦-区图书馆", **kw: object) -> list[object]:
    return row_for(PROJECT, 项目编号=code, 项目名称=name, 项目负责人工号="KWL0001", **kw)


def _person(no: str, name: str = "张三", post: str = "保安_领班", **kw: object) -> list[object]:
    return row_for(PEOPLE, 姓名=name, 工号=no, 岗位名称=post, **kw)


def codes(run: ValidationRun, file: str | None = None) -> list[tuple[str, int | None, tuple[str, ...]]]:
    out = []
    for f in run.files:
        if file is None or f.file == file:
            out.extend((i.code, i.row, i.fields) for i in [*f.errors, *f.warnings])
    return out


def test_accepts_clean_file_and_counts_rows(tmp_path: Path) -> None:
    p = write_xlsx(tmp_path / "项目.xlsx", PROJECT, [_project("XMSQ0102"), _project("XMSQ0103", "徐汇-档案馆")])
    run = validate_paths([p])
    f = run.files[0]
    assert (f.status, f.template, f.sheet, f.rows, f.imported_rows, f.skipped_rows) == (
        "accepted", "项目信息", "数据", 2, 2, 0)
    assert f.errors == [] and f.warnings == []
    assert {r.key for r in run.dataset.by_label("项目")} == {("XMSQ0102",), ("XMSQ0103",)}


def test_header_on_third_row_and_instruction_sheet_ignored(tmp_path: Path) -> None:
    p = write_xlsx(
        tmp_path / "x.xlsx", PROJECT, [_project("XMSQ0102"), [None] * len(PROJECT), _project("")],
        sheet="项目台账", header_row=3, extra_sheets={"填写说明": [PROJECT]},
    )
    run = validate_paths([p])
    f = run.files[0]
    assert f.sheet == "项目台账"
    # header on row 3; data rows 4, (5 empty, not counted), 6
    assert codes(run) == [("W_MISSING_KEY", 6, ("项目编号",))]
    assert (f.rows, f.imported_rows, f.skipped_rows) == (2, 1, 1)


def test_unknown_template(tmp_path: Path) -> None:
    p = write_xlsx(tmp_path / "随便.xlsx", ["甲", "乙", "丙"], [[1, 2, 3]])
    run = validate_paths([p])
    assert codes(run) == [("E_UNKNOWN_TEMPLATE", None, ())]
    assert run.files[0].status == "rejected"


def test_unknown_template_names_the_closest_one_and_its_missing_columns(tmp_path: Path) -> None:
    # too few template columns to be detected, but clearly meant as a staff list
    p = write_xlsx(tmp_path / "外包人员.xlsx", ["姓名", "工号", "联系电话", "所属公司"], [["外包一", "W001", "137", "某公司"]])
    run = validate_paths([p])
    assert codes(run) == [("E_UNKNOWN_TEMPLATE", None, ())]
    message = run.files[0].errors[0].message
    assert "最接近「人员信息」" in message and "缺少必填列：岗位名称" in message


def test_missing_required_column_rejects_whole_file(tmp_path: Path) -> None:
    header = [h for h in FIN if h != "财务经办人工号"]
    p = write_xlsx(tmp_path / "财务.xlsx", header, [row_for(header, 项目编号="XMSQ0102", 年月="2026-03")])
    run = validate_paths([p])
    f = run.files[0]
    assert f.template == "项目月度财务"
    assert codes(run) == [("E_MISSING_COLUMN", 1, ("财务经办人工号",))]
    assert f.status == "rejected" and run.dataset.records == []


def test_shift_file_is_not_mistaken_for_attendance(tmp_path: Path) -> None:
    p = write_xlsx(tmp_path / "a.xlsx", SHIFT, [row_for(SHIFT, 姓名="张三", 工号="KWL1", 项目编号="XM1", 年月="2026-03")])
    assert validate_paths([p]).files[0].template == "排班月报"


def test_unreadable_file_does_not_stop_others(tmp_path: Path) -> None:
    bad = tmp_path / "坏.xlsx"
    bad.write_text("这不是表格", encoding="utf-8")
    good = write_xlsx(tmp_path / "项目.xlsx", PROJECT, [_project("XMSQ0102")])
    run = validate_paths([bad, good])
    assert [f.status for f in run.files] == ["rejected", "accepted"]
    assert run.files[0].errors[0].code == "E_UNREADABLE"


def test_missing_required_value_and_bad_values(tmp_path: Path) -> None:
    rows = [
        _person("KWL0001"),
        _person("KWL0002", name=None),  # row 3: 姓名 required
        _person("KWL0003", 入职日期="2026-02-30", 司龄="十年", 性别="未知"),  # row 4
    ]
    p = write_xlsx(tmp_path / "人员.xlsx", PEOPLE, rows)
    got = codes(validate_paths([p]))
    assert ("W_MISSING_REQUIRED", 3, ("姓名",)) in got
    assert ("W_BAD_VALUE", 4, ("入职日期",)) in got
    assert ("W_BAD_VALUE", 4, ("司龄",)) in got
    assert ("W_BAD_VALUE", 4, ("性别",)) in got
    assert len(got) == 4


def test_duplicate_key_merges_and_conflict_keeps_both(tmp_path: Path) -> None:
    rows = [
        _project("XMSQ0102", 项目简称="图书馆"),
        _project("xmsq 0102", 项目地址="青浦区华科路"),  # same code after normalisation
        _project("XMSQ0102", 项目简称="区图"),
    ]
    p = write_xlsx(tmp_path / "项目.xlsx", PROJECT, rows)
    run = validate_paths([p])
    got = codes(run)
    assert ("W_DUPLICATE_KEY", 3, ("项目编号",)) in got
    assert ("W_DUPLICATE_KEY", 4, ("项目编号",)) in got
    assert ("W_CONFLICT", 4, ("项目简称",)) in got
    assert len(got) == 3
    (rec,) = run.dataset.by_label("项目")
    assert rec.properties["项目简称"] == ["图书馆", "区图"]
    assert rec.properties["项目地址"] == "青浦区华科路"
    assert [s.row for s in rec.sources] == [2, 3, 4]
    assert run.files[0].imported_rows == 3


def test_unknown_day_code_and_day_count_mismatch(tmp_path: Path) -> None:
    days = {f"{d}日": "√" for d in range(1, 21)} | {"21日": "半", "22日": "X"}
    good = row_for(ATT, 姓名="张三", 工号="KWL1", 项目编号="XM1", 年月="2026-03", 上班天数=20.5, **days)
    bad = row_for(ATT, 姓名="李四", 工号="KWL2", 项目编号="XM1", 年月="2026年3月", 上班天数=22, **days)
    p = write_xlsx(tmp_path / "考勤.xlsx", ATT, [good, bad])
    got = codes(validate_paths([p]))
    assert got == [
        ("W_UNKNOWN_CODE", 2, ("22日",)),
        ("W_UNKNOWN_CODE", 3, ("22日",)),
        ("W_BAD_VALUE", 3, ("上班天数",)),
    ]


def test_extra_column_reported_once_and_kept(tmp_path: Path) -> None:
    header = [*PROJECT, "自定义列"]
    p = write_xlsx(tmp_path / "项目.xlsx", header, [[*_project("XMSQ0102"), "甲"], [*_project("XMSQ0103"), "乙"]])
    run = validate_paths([p])
    assert codes(run) == [("W_EXTRA_COLUMN", 1, ("自定义列",))]
    assert {r.properties["自定义列"] for r in run.dataset.by_label("项目")} == {"甲", "乙"}


def test_dangling_references_and_dictionary(tmp_path: Path) -> None:
    projects = write_xlsx(tmp_path / "项目.xlsx", PROJECT, [_project("XMSQ0102")])
    people = write_xlsx(tmp_path / "人员.xlsx", PEOPLE, [
        _person("KWL0001", 当前服务项目编号="XMSQ0102"),
        _person("KWL0002", 当前服务项目编号="XMSQ9999", post="保洁"),  # row 3
    ])
    posts = write_xlsx(tmp_path / "岗位.xlsx", POSTS, [row_for(POSTS, 岗位名称="保安_领班", 员工层级="一线员工")])
    fin = write_xlsx(tmp_path / "财务.xlsx", FIN, [
        row_for(FIN, 项目编号="XMSQ0102", 年月="2026-03", 财务经办人工号="KWL0001"),
        row_for(FIN, 项目编号="XMSQ0888", 年月=dt.date(2026, 3, 1), 财务经办人工号="KWL0404"),  # row 3
    ])
    run = validate_paths([projects, people, posts, fin])
    refs = sorted((r.file, r.row, r.fields[0], r.value) for r in run.references)
    assert refs == [
        ("人员.xlsx", 3, "当前服务项目编号", "XMSQ9999"),
        ("财务.xlsx", 3, "财务经办人工号", "KWL0404"),
        ("财务.xlsx", 3, "项目编号", "XMSQ0888"),
    ]
    assert all(r.code == "W_DANGLING_REF" for r in run.references)
    assert ("W_NOT_IN_DICTIONARY", 3, ("岗位名称",)) in codes(run, "人员.xlsx")
    assert run.summary() == {"accepted": 4, "rejected": 0, "warnings": 4}


def test_references_not_checked_without_the_target_file(tmp_path: Path) -> None:
    people = write_xlsx(tmp_path / "人员.xlsx", PEOPLE, [_person("KWL0002", 当前服务项目编号="XMSQ9999")])
    assert validate_paths([people]).references == []


def test_conditional_required_and_variants(tmp_path: Path) -> None:
    rows = [
        row_for(PURCHASE, 记录类型="供应商", 供应商名称="上海安保器材公司"),  # 2 ok: no 项目编号 needed
        row_for(PURCHASE, 记录类型="耗材采购", 记录编号="CG001", 项目编号="XM1", 经办人工号="KWL1", 供应商名称="上海安保器材公司"),
        row_for(PURCHASE, 记录类型="维保合同", 记录编号="WB001", 项目编号=None, 经办人工号="KWL1"),  # 4 项目编号 missing
        row_for(PURCHASE, 记录类型="供应商"),  # 5 key 供应商名称 missing
        row_for(PURCHASE, 记录类型=None, 记录编号="CG009"),  # 6 type missing
    ]
    p = write_xlsx(tmp_path / "采购.xlsx", PURCHASE, rows)
    run = validate_paths([p])
    got = codes(run)
    assert ("W_MISSING_REQUIRED", 4, ("项目编号",)) in got
    assert ("W_MISSING_KEY", 5, ("供应商名称",)) in got
    assert ("W_MISSING_KEY", 6, ("记录类型",)) in got
    assert ("W_MISSING_REQUIRED", 2, ("项目编号",)) not in got
    labels = sorted(r.label or "" for r in run.dataset.records)
    assert labels == ["供应商", "维保合同", "采购记录"]
    assert run.files[0].skipped_rows == 2


@pytest.mark.parametrize("value,expected", [("2026-03", "2026-03"), ("202603", "2026-03"), ("2026年3月", "2026-03"),
                                            (dt.datetime(2026, 3, 15), "2026-03")])
def test_month_formats_make_the_same_key(tmp_path: Path, value: object, expected: str) -> None:
    p = write_xlsx(tmp_path / "财务.xlsx", FIN, [row_for(FIN, 项目编号="XM1", 年月=value, 财务经办人工号="KWL1")])
    (rec,) = validate_paths([p]).dataset.records
    assert rec.key == ("XM1", expected)


def test_folder_expansion_skips_lock_files(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "d" / "项目.xlsx", PROJECT, [_project("XMSQ0102")])
    (tmp_path / "d" / "~$项目.xlsx").write_bytes(b"lock")
    run = validate_paths([tmp_path / "d"])
    assert [f.file for f in run.files] == ["项目.xlsx"]
