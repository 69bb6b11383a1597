"""Gold answers computed straight from the Excel files with pandas — independently of kgdesk's
parsers, planner and graph — so the integration tests can fail when kgdesk is wrong."""

from __future__ import annotations

import re
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

import pandas as pd

from tests.conftest import DATA

TEST_DATA = DATA / "test_data"


@lru_cache(maxsize=32)
def sheet(name: str, folder: Path = TEST_DATA) -> pd.DataFrame:
    """The 数据 sheet with the Excel row number of every record in `_row`."""
    df = pd.read_excel(folder / f"{name}.xlsx", sheet_name="数据", dtype=object, engine="calamine")
    df = df.dropna(how="all")
    df["_row"] = df.index + 2
    return df


def empty(v: Any) -> bool:
    return v is None or (isinstance(v, float) and v != v) or (isinstance(v, str) and not v.strip())


def text(v: Any) -> str | None:
    return None if empty(v) else str(v).strip()


def month(v: Any) -> str | None:
    if empty(v):
        return None
    if isinstance(v, (datetime, date)):
        return f"{v.year:04d}-{v.month:02d}"
    s = str(v).strip()
    for pat in (r"^(\d{4})[-/.年](\d{1,2})", r"^(\d{4})(\d{2})$"):
        m = re.match(pat, s)
        if m:
            return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}"
    raise ValueError(f"not a month: {v!r}")


def day(v: Any) -> date | None:
    if empty(v):
        return None
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    m = re.match(r"^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})", str(v).strip())
    if not m:
        raise ValueError(f"not a date: {v!r}")
    return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))


def num(v: Any) -> float | None:
    if empty(v):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v).replace(",", "").replace("¥", "").replace("元", "").strip()
    if s.endswith("%"):
        return float(s[:-1]) / 100
    if s.endswith("万"):
        return float(s[:-1]) * 10000
    return float(s)


def project_name(code: str) -> str:
    df = sheet("项目信息")
    row = df[df["项目编号"] == code].iloc[0]
    return f"{row['项目名称']}（{code}）"


def person_name(code: str) -> str:
    df = sheet("人员信息")
    row = df[df["工号"] == code].iloc[0]
    return f"{row['姓名']}（{code}）"


def area_name(code: str) -> str:
    df = sheet("片区信息")
    row = df[df["片区编号"] == code].iloc[0]
    return f"{row['片区名称']}（{code}）"


def rows_of(name: str, mask: Any) -> set[int]:
    df = sheet(name)
    return {int(r) for r in df[mask]["_row"]}


def on_staff(month_key: str, project: str | None = None) -> set[str]:
    """People whose service period overlaps the month: declared in 人员信息 (start/end months,
    open end = still there) or present in 考勤 / 排班月报 that month."""
    out: set[str] = set()
    staff = sheet("人员信息")
    for _, r in staff.iterrows():
        cur = text(r["当前服务项目编号"])
        if cur is None or (project is not None and cur != project):
            continue
        start, end = month(r["服务起始年月"]), month(r["服务结束年月"])
        if (start is None or start <= month_key) and (end is None or end >= month_key):
            out.add(str(r["工号"]))
    for name in ("考勤与人员财务", "排班月报"):
        df = sheet(name)
        for _, r in df.iterrows():
            if month(r["年月"]) == month_key and (project is None or r["项目编号"] == project):
                out.add(str(r["工号"]))
    return out


def attendance(month_key: str, project: str | None = None) -> pd.DataFrame:
    df = sheet("考勤与人员财务")
    mask = df["年月"].map(month) == month_key
    if project is not None:
        mask &= df["项目编号"] == project
    return df[mask]
