"""The column-by-column row path gives exactly the report of the old row-by-row one.

Compared on the generated test data as it is and on seeded corrupted copies of it (real .xlsx
files: bad values, over-long cells, unknown codes, empty keys, duplicates with conflicts, name
collisions, extra columns, blank and invisible-only rows): every file result with its errors and
warnings (file, sheet, row, fields, value, message, in order), every row's raw and parsed
values, the dangling references and the merged records with their sources.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook

from kgdesk.templates.records import ValidationRun
from kgdesk.templates.validator import Validator, collect_paths
from tests.templates.legacy_rows import RowByRowValidator

REPO = Path(__file__).resolve().parents[2]
TEST_DATA = REPO / "data" / "test_data"

HOSTILE: list[Any] = [
    None,
    "",
    "   ",
    "\u3000",
    "\u200b",
    "#DIV/0!",
    "#N/A",
    "x" * 600,
    "项" * 70,
    "abc",
    "  ABC-01 ",
    "ｑ１２",
    -1,
    0,
    3.5,
    1e20,
    True,
    False,
    dt.date(2026, 2, 30 - 2),
    dt.datetime(2026, 3, 1, 8, 30),
    dt.time(8, 30),
    "2026-13-45",
    "2026年3月",
    "202603",
    "多少个",
    "项目",
    "人员",
    "设备1",
    "一共有多少",
    "Ｘ",
    "休",
    "√",
    "12.5%",
    "1,234.50",
    "是",
]


def _corrupt(src: Path, dst: Path, rng: random.Random) -> None:
    book = load_workbook(src, read_only=True)
    sheets = {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in book.worksheets}
    book.close()
    wb = Workbook()
    wb.remove(wb.worksheets[0])
    for title, rows in sheets.items():
        ws = wb.create_sheet(title)
        if title != "数据":
            for row in rows:
                ws.append(row)
            continue
        header, data = rows[0], rows[1:]
        out: list[list[Any]] = []
        for row in data:
            row = list(row)
            for j in range(len(row)):
                if rng.random() < 0.08:
                    row[j] = rng.choice(HOSTILE)
            out.append(row)
            if rng.random() < 0.05:  # a duplicate, sometimes disagreeing in one cell
                twin = list(row)
                if rng.random() < 0.6 and twin:
                    j = rng.randrange(len(twin))
                    twin[j] = rng.choice(HOSTILE)
                out.append(twin)
            if rng.random() < 0.03:
                out.append([None] * len(row) if rng.random() < 0.5 else ["\u200b"] + [None] * (len(row) - 1))
        rng.shuffle(out)
        extra = rng.random() < 0.4
        ws.append([*header, "备注二"] if extra else header)
        for row in out:
            ws.append([*row, rng.choice(["", "说明", "y" * 520])] if extra else row)
    dst.parent.mkdir(parents=True, exist_ok=True)
    wb.save(dst)


def _report(run: ValidationRun) -> dict[str, Any]:
    return {
        "files": [
            (f.to_json(), f.sha256, f.columns, [(d.row, d.raw, d.values, d.skipped) for d in f.data_rows])
            for f in run.files
        ],
        "references": [i.to_reference_json() for i in run.references],
        "records": [(r.template, r.label, r.key, r.properties, r.sources) for r in run.dataset.records],
    }


def _same(folder: Path) -> dict[str, Any]:
    files = collect_paths([folder])
    new, old = _report(Validator().run(files)), _report(RowByRowValidator().run(files))
    assert new["references"] == old["references"]
    assert new["records"] == old["records"]
    for f_new, f_old in zip(new["files"], old["files"], strict=True):
        assert f_new == f_old, f_new[0]["file"]
    return new


def test_generated_data_gives_the_same_report() -> None:
    report = _same(TEST_DATA)
    assert len(report["files"]) == 15 and all(f[0]["status"] == "accepted" for f in report["files"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_corrupted_data_gives_the_same_report(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    for src in sorted(TEST_DATA.glob("*.xlsx")):
        _corrupt(src, tmp_path / src.name, rng)
    report = _same(tmp_path)
    assert all(f[0]["status"] == "accepted" for f in report["files"])
    codes = {w["code"] for f in report["files"] for w in f[0]["warnings"]} | {r["code"] for r in report["references"]}
    # the corruption reaches every kind of row-level warning, so the comparison covers them
    assert {
        "W_BAD_VALUE",
        "W_UNKNOWN_CODE",
        "W_MISSING_KEY",
        "W_MISSING_REQUIRED",
        "W_DUPLICATE_KEY",
        "W_CONFLICT",
        "W_NAME_COLLIDES",
        "W_EXTRA_COLUMN",
        "W_DANGLING_REF",
    } <= codes, codes


def test_rows_with_fewer_cells_than_the_header(tmp_path: Path) -> None:
    """A hand-made sheet whose rows are shorter than the header reads the missing cells as empty."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "数据"
    src = load_workbook(TEST_DATA / "人员信息.xlsx", read_only=True)
    header = [c for c in next(src.worksheets[0].iter_rows(values_only=True))]
    src.close()
    ws.append(header)
    ws.append(["E9001", "张三"])
    ws.append(["E9002"])
    wb.save(tmp_path / "人员信息.xlsx")
    _same(tmp_path)
