"""Write real .xlsx files for tests (openpyxl), so the reader sees what Excel would save."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook


def write_xlsx(
    path: Path,
    header: Sequence[Any],
    rows: Sequence[Sequence[Any]],
    *,
    sheet: str = "数据",
    header_row: int = 1,
    extra_sheets: dict[str, Sequence[Sequence[Any]]] | None = None,
) -> Path:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = sheet
    for _ in range(header_row - 1):
        ws.append([])
    ws.append(list(header))
    for r in rows:
        ws.append(list(r))
    for name, content in (extra_sheets or {}).items():
        other = wb.create_sheet(name)
        for r in content:
            other.append(list(r))
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(path)
    return path


def row_for(header: Sequence[str], **values: Any) -> list[Any]:
    return [values.get(h) for h in header]
