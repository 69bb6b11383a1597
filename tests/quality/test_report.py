"""The quality report from a real validation run: every issue, every problem row with all its raw fields."""

from __future__ import annotations

from pathlib import Path

from kgdesk.quality.report import build_quality_report, load_quality, render_text, write_quality
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.validator import validate_paths
from tests.xlsx import row_for, write_xlsx

TS = default_template_set()
PROJECT = list(TS.template("项目信息").field_names)
PEOPLE = list(TS.template("人员信息").field_names)


def _files(tmp_path: Path) -> list[Path]:
    projects = write_xlsx(
        tmp_path / "项目.xlsx",
        PROJECT,
        [
            row_for(PROJECT, 项目编号="XMSQ0102", 项目名称="青浦-区图书馆", 项目负责人工号="KWL0001"),
            row_for(
                PROJECT, 项目编号=None, 项目名称="没有编号的项目", 项目负责人工号="KWL0001"
            ),  # row 3: skipped
            row_for(
                PROJECT,
                项目编号="XMSQ0103",
                项目名称="坏日期",
                项目负责人工号="KWL0001",
                开始日期="2026-13-45",
            ),
        ],
    )
    people = write_xlsx(
        tmp_path / "人员.xlsx",
        PEOPLE,
        [row_for(PEOPLE, 姓名="张三", 工号="KWL0001", 岗位名称="项目经理", 当前服务项目编号="XMSQ9999")],
    )
    broken = write_xlsx(tmp_path / "乱七八糟.xlsx", ["甲", "乙"], [["1", "2"]])
    return [projects, people, broken]


def test_report_lists_every_problem_row_with_raw_fields(tmp_path: Path) -> None:
    run = validate_paths(_files(tmp_path), TS)
    report = build_quality_report(run, "v1")
    assert report["version"] == "v1" and report["has_issues"]
    files = {f["file"]: f for f in report["files"]}
    assert set(files) == {"项目.xlsx", "人员.xlsx", "乱七八糟.xlsx"}

    proj = files["项目.xlsx"]
    rows = {r["row"]: r for r in proj["problem_rows"]}
    assert set(rows) == {3, 4}  # row 2 is clean, so it is not listed
    skipped = rows[3]
    assert not skipped["imported"] and skipped["missing"] == ["项目编号"]
    assert list(skipped["raw"])[: len(PROJECT)] == PROJECT  # every column, in file order
    assert skipped["raw"]["项目名称"] == "没有编号的项目"
    assert any(i["code"] == "W_MISSING_KEY" for i in skipped["issues"])
    bad = rows[4]
    assert bad["imported"] and "开始日期" in bad["bad"] and bad["raw"]["开始日期"] == "2026-13-45"
    assert proj["skipped_rows"] == 1 and proj["imported_rows"] == 2

    person = files["人员.xlsx"]
    (dangling,) = person["problem_rows"]
    assert dangling["row"] == 2 and "当前服务项目编号" in dangling["bad"]
    assert any(i["code"] == "W_DANGLING_REF" for i in dangling["issues"])

    rejected = files["乱七八糟.xlsx"]
    assert rejected["status"] == "rejected" and rejected["imported_rows"] == 0
    assert any(i["code"].startswith("E_") for i in rejected["file_issues"])

    s = report["summary"]
    assert s["files"] == 3 and s["rejected"] == 1 and s["problem_rows"] == 3
    assert s["warnings"] == run.warning_count


def test_report_round_trip_and_text(tmp_path: Path) -> None:
    run = validate_paths(_files(tmp_path), TS)
    report = build_quality_report(run, "v2")
    folder = tmp_path / "version"
    folder.mkdir()
    write_quality(report, folder)
    assert load_quality(folder) == report
    assert load_quality(tmp_path / "nowhere") is None
    text = render_text(report)
    assert "第 3 行（未导入）" in text and "缺少：项目编号" in text and "乱七八糟.xlsx" in text


def test_clean_run_has_no_issues(tmp_path: Path) -> None:
    f = write_xlsx(
        tmp_path / "项目.xlsx",
        PROJECT,
        [row_for(PROJECT, 项目编号="XMSQ0102", 项目名称="青浦-区图书馆", 项目负责人工号="KWL0001")],
    )
    report = build_quality_report(validate_paths([f], TS))
    assert not report["has_issues"] and report["files"][0]["problem_rows"] == []
    assert "没有发现问题" in render_text(report)


def test_issues_carry_their_chinese_title_in_json_and_text(tmp_path: Path) -> None:
    run = validate_paths(_files(tmp_path), TS)
    report = build_quality_report(run, "v3")
    issues = [i for f in report["files"] for r in f["problem_rows"] for i in r["issues"]]
    assert issues and all(i["title"] and i["title"] != i["code"] for i in issues)
    text = render_text(report)
    assert "W_MISSING_KEY（缺少主键（行已跳过））" in text
    # a report written before titles existed still shows them
    for f in report["files"]:
        for r in f["problem_rows"]:
            for i in r["issues"]:
                del i["title"]
    assert "W_MISSING_KEY（缺少主键（行已跳过））" in render_text(report)
