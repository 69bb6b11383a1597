"""Expected answers computed straight from data/test_data with openpyxl, independent of kgdesk."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

DATA = Path(__file__).resolve().parents[2] / "data" / "test_data"


def _rows(name: str) -> list[dict[str, Any]]:
    wb = load_workbook(DATA / name, read_only=True, data_only=True)
    try:
        ws = wb["数据"]
        rows = list(ws.iter_rows(values_only=True))
    finally:
        wb.close()
    header = [str(h).strip() if h is not None else "" for h in rows[0]]
    return [dict(zip(header, r, strict=False)) for r in rows[1:] if any(v not in (None, "") for v in r)]


def _date(v: Any) -> dt.date | None:
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, dt.date):
        return v
    if v is None:
        return None
    m = re.match(r"^\s*(\d{4})\D+(\d{1,2})\D+(\d{1,2})", str(v))
    return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None


def _month(v: Any) -> str | None:
    if isinstance(v, (dt.date, dt.datetime)):
        return f"{v.year:04d}-{v.month:02d}"
    if v is None:
        return None
    s = str(v).strip()
    m = re.match(r"^(\d{4})\D*(\d{1,2})", s)
    return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}" if m else None


@dataclass(frozen=True)
class Person:
    id: str
    name: str
    sex: str
    project: str | None
    hired: dt.date | None

    @property
    def display(self) -> str:
        return f"{self.name}（{self.id}）"


@lru_cache(maxsize=1)
def people() -> tuple[Person, ...]:
    out = []
    for r in _rows("人员信息.xlsx"):
        if not r.get("工号"):
            continue
        out.append(
            Person(
                id=str(r["工号"]).strip(),
                name=str(r["姓名"]).strip(),
                sex=str(r.get("性别") or "").strip(),
                project=str(r["当前服务项目编号"]).strip() if r.get("当前服务项目编号") else None,
                hired=_date(r.get("入职日期")),
            )
        )
    return tuple(out)


def staff_of(project: str, *, sex: str | None = None) -> list[Person]:
    """People whose declared current project is `project` (服务于, 依据=人员信息)."""
    return [p for p in people() if p.project == project and (sex is None or p.sex == sex)]


@lru_cache(maxsize=1)
def attendance() -> tuple[tuple[str, str, str], ...]:
    return tuple(
        (str(r["工号"]).strip(), str(r["项目编号"]).strip(), _month(r["年月"]) or "")
        for r in _rows("考勤与人员财务.xlsx")
        if r.get("工号")
    )


def attendance_rows(month: str) -> int:
    return len({a for a in attendance() if a[2] == month})


def months_between(a: dt.date, b: dt.date) -> int:
    months = (b.year - a.year) * 12 + (b.month - a.month)
    if months > 0 and b.day < a.day:
        months -= 1
    return months


def tenure_months_over(n: int, today: dt.date) -> int:
    return sum(1 for p in people() if p.hired is not None and months_between(p.hired, today) > n)
