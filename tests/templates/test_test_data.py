"""data/test_data checked with openpyxl only (independent of kgdesk's validator): headers,
counts, unique keys, required values, value formats, references and the story cases the
QA questions rely on."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import Counter, defaultdict
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from kgdesk.templates.loader import load_template_set
from kgdesk.templates.model import FieldType, TemplateSet, TemplateSpec

REPO = Path(__file__).resolve().parents[2]
TEST_DATA = REPO / "data" / "test_data"
DAY_FIELDS = tuple(f"{d}日" for d in range(1, 32))

Table = list[dict[str, Any]]


@pytest.fixture(scope="module")
def ts() -> TemplateSet:
    return load_template_set(REPO / "data" / "templates")


def _read(path: Path, spec: TemplateSpec) -> tuple[list[Any], Table]:
    wb = load_workbook(path, read_only=True, data_only=True)
    try:
        rows = list(wb[spec.sheet].iter_rows(values_only=True))
    finally:
        wb.close()
    header: list[Any] = list(rows[0])
    table: Table = [
        dict(zip(header, r, strict=False)) for r in rows[1:] if any(v not in (None, "") for v in r)
    ]
    return header, table


@pytest.fixture(scope="module")
def data(ts: TemplateSet) -> dict[str, Table]:
    return {spec.name: _read(TEST_DATA / f"{spec.name}.xlsx", spec)[1] for spec in ts.templates}


# ---------------------------------------------------------------- independent value checks

_DATE_TEXT = (
    re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$"),
    re.compile(r"^(\d{4})/(\d{1,2})/(\d{1,2})$"),
    re.compile(r"^(\d{4})\.(\d{1,2})\.(\d{1,2})$"),
    re.compile(r"^(\d{4})年(\d{1,2})月(\d{1,2})日$"),
)
_MONTH_TEXT = (
    re.compile(r"^(\d{4})-(\d{1,2})$"),
    re.compile(r"^(\d{4})/(\d{1,2})$"),
    re.compile(r"^(\d{4})(\d{2})$"),
    re.compile(r"^(\d{4})年(\d{1,2})月$"),
)


def as_date(v: Any) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    if isinstance(v, str):
        for rx in _DATE_TEXT:
            m = rx.match(v.strip())
            if m:
                try:
                    return date(int(m[1]), int(m[2]), int(m[3]))
                except ValueError:
                    return None
    return None


def as_month(v: Any) -> str | None:
    d = as_date(v)
    if d is not None:
        return f"{d.year:04d}-{d.month:02d}"
    if isinstance(v, str):
        for rx in _MONTH_TEXT:
            m = rx.match(v.strip())
            if m and 1 <= int(m[2]) <= 12:
                return f"{int(m[1]):04d}-{int(m[2]):02d}"
    return None


def as_number(v: Any) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int | float):
        return float(v)
    if isinstance(v, str):
        text = v.strip().replace(",", "").lstrip("¥").removesuffix("元")
        scale = 10000.0 if text.endswith("万") else 1.0
        try:
            return float(text.removesuffix("万")) * scale
        except ValueError:
            return None
    return None


def valid(ftype: FieldType, v: Any, enum: tuple[str, ...]) -> bool:
    if ftype is FieldType.DATE:
        return as_date(v) is not None
    if ftype is FieldType.MONTH:
        return as_month(v) is not None
    if ftype is FieldType.DECIMAL:
        return as_number(v) is not None
    if ftype is FieldType.PERCENT:
        return isinstance(v, int | float) or bool(isinstance(v, str) and re.match(r"^\d+(\.\d+)?%$", v))
    if ftype is FieldType.INTEGER:
        return isinstance(v, int) or (isinstance(v, float) and v.is_integer())
    if ftype is FieldType.YEAR:
        return isinstance(v, int) or bool(isinstance(v, str) and re.match(r"^\d{4}年?$", v))
    if ftype is FieldType.CODE:
        return isinstance(v, str) and re.fullmatch(r"[A-Z0-9_\-]+", v) is not None
    if ftype is FieldType.ENUM:
        return v in enum
    return isinstance(v, str | int | float)


def key_of(ts: TemplateSet, spec: TemplateSpec, row: dict[str, Any]) -> tuple[Any, ...]:
    label = spec.label_for(row)
    fields = ts.node_keys[label] if label else spec.relationship_key
    out = []
    for f in fields:
        v = row.get(f)
        ftype = spec.field(f).type
        out.append(as_month(v) if ftype is FieldType.MONTH else as_date(v) if ftype is FieldType.DATE else v)
    return (label, *out)


def codes(table: Table, field: str) -> set[str]:
    return {r[field] for r in table if r.get(field) not in (None, "")}


# ---------------------------------------------------------------- the tests


def test_fifteen_files_with_metadata_headers(ts: TemplateSet) -> None:
    files = sorted(p.name for p in TEST_DATA.glob("*.xlsx"))
    assert files == sorted(f"{t.name}.xlsx" for t in ts.templates)
    for spec in ts.templates:
        path = TEST_DATA / f"{spec.name}.xlsx"
        header, _ = _read(path, spec)
        assert tuple(header) == spec.field_names, spec.name
        wb = load_workbook(path, read_only=True)
        assert "填写说明" in wb.sheetnames
        wb.close()


def test_expected_counts(data: dict[str, Table]) -> None:
    assert len(data["项目信息"]) == 16
    assert len(data["人员信息"]) == 34
    assert len(data["考勤与人员财务"]) == 33
    assert len(data["人员证书"]) == 9
    assert len(data["片区信息"]) == 3
    assert len(data["排班月报"]) == 33
    assert 18 <= len(data["设备信息"]) <= 22
    for name, table in data.items():
        assert table, f"{name} 没有数据"


def problems_in(ts: TemplateSet, data: dict[str, Table]) -> list[str]:
    """Everything that would make the validator warn: empty required values, bad values,
    unknown codes, duplicate keys, dangling references and wrong 上班天数."""
    problems: list[str] = []
    people = codes(data["人员信息"], "工号")
    projects = codes(data["项目信息"], "项目编号")
    areas = codes(data["片区信息"], "片区编号")
    positions = codes(data["岗位字典"], "岗位名称")
    suppliers = {r["供应商名称"] for r in data["采购与维保"] if r["记录类型"] == "供应商"}
    for spec in ts.templates:
        seen: Counter[tuple[Any, ...]] = Counter()
        checks = spec.day_count_checks
        for i, row in enumerate(data[spec.name], start=2):
            where = f"{spec.name} 第 {i} 行"
            for f in spec.fields:
                v = row.get(f.name)
                if v in (None, ""):
                    if f.value_required(row):
                        problems.append(f"{where} {f.name} 为空")
                    continue
                if not valid(f.type, v, f.enum):
                    problems.append(f"{where} {f.name} 取值 {v!r} 不合法")
                if f.code_table and v not in spec.code_tables[f.code_table]:
                    problems.append(f"{where} {f.name} 代码 {v!r} 未登记")
                if f.name.endswith("工号") and v not in people:
                    problems.append(f"{where} {f.name}={v} 不在人员信息中")
                if f.name.endswith("项目编号") and v not in projects:
                    problems.append(f"{where} {f.name}={v} 不在项目信息中")
                if f.name == "片区编号" and v not in areas:
                    problems.append(f"{where} {f.name}={v} 不在片区信息中")
                if f.name in ("供应商名称", "维保单位名称") and v not in suppliers:
                    problems.append(f"{where} {f.name}={v} 不是已登记的供应商")
            for c in checks:
                expected = sum(c.weights.get(row.get(d) or "", 0.0) for d in DAY_FIELDS)
                if as_number(row.get(c.field)) != pytest.approx(expected):
                    problems.append(f"{where} {c.field}={row.get(c.field)!r}，按代码应为 {expected}")
            seen[key_of(ts, spec, row)] += 1
        problems += [f"{spec.name} 主键重复 {k}" for k, n in seen.items() if n > 1]
        for d in spec.dictionary_for:
            problems += [
                f"{d.template}.{d.field}={r.get(d.field)} 不在{spec.name}中"
                for r in data[d.template]
                if r.get(d.field) not in positions
            ]
    return problems


def test_no_value_key_or_reference_problems(ts: TemplateSet, data: dict[str, Table]) -> None:
    assert problems_in(ts, data) == []
    # The checks above know 工号 / 项目编号 / 片区编号 / 供应商 / 岗位 references; make sure
    # the relation rules still point at those keys.
    targets = {(r.end_label, r.end_field) for r in ts.relations}
    assert {("人员", "工号"), ("项目", "项目编号"), ("供应商", "供应商名称"), ("岗位", "岗位名称")} <= targets


def test_problem_checks_can_fail(ts: TemplateSet, data: dict[str, Table]) -> None:
    """The checker itself catches a dangling 工号, a wrong 上班天数 and a duplicate key."""
    broken = {name: [dict(r) for r in rows] for name, rows in data.items()}
    broken["检查记录"][0]["检查人工号"] = "KWL9999999"
    broken["考勤与人员财务"][0]["上班天数"] = 99
    broken["项目信息"].append(dict(broken["项目信息"][0]))
    found = "\n".join(problems_in(ts, broken))
    assert "KWL9999999" in found and "上班天数=99" in found and "主键重复" in found


def test_value_format_variety(data: dict[str, Table]) -> None:
    """The parsers get exercised: real dates and text dates, text months, text amounts."""
    projects = data["项目信息"]
    assert any(isinstance(r["开始日期"], datetime) for r in projects)
    assert any(isinstance(r["开始日期"], str) and "/" in r["开始日期"] for r in projects)
    assert any(isinstance(r["结束日期"], str) and "年" in r["结束日期"] for r in projects)
    assert any(isinstance(r["合同金额"], str) and "," in r["合同金额"] for r in projects)
    months = [r["年月"] for r in data["考勤与人员财务"]]
    assert all(isinstance(m, str) for m in months)
    assert any("年" in m for m in months) and any("-" in m for m in months)
    assert any(isinstance(r["税后工资"], str) for r in data["考勤与人员财务"])


def test_working_days_match_day_codes(ts: TemplateSet, data: dict[str, Table]) -> None:
    spec = ts.template("考勤与人员财务")
    check = spec.day_count_checks[0]
    for row in data["考勤与人员财务"]:
        expected = sum(check.weights.get(row.get(d) or "", 0.0) for d in DAY_FIELDS)
        assert as_number(row[check.field]) == pytest.approx(expected), (row["工号"], row["年月"])
        last_day = {"2026-02": 28, "2026-04": 30}.get(as_month(row["年月"]) or "", 31)
        assert all(row.get(d) is None for d in DAY_FIELDS[last_day:])
    assert any(float(r["平时加班小时"] or 0) > 0 for r in data["考勤与人员财务"])
    used = {row.get(d) for row in data["考勤与人员财务"] for d in DAY_FIELDS} - {None}
    assert {"√", "休", "半"} <= used


def test_attendance_and_schedule_cover_the_same_person_months(data: dict[str, Table]) -> None:
    def keys(table: Table) -> set[tuple[str, str, str | None]]:
        return {(r["工号"], r["项目编号"], as_month(r["年月"])) for r in table}

    attendance = keys(data["考勤与人员财务"])
    assert attendance == keys(data["排班月报"])
    assert {m for _, _, m in attendance} == {"2026-01", "2026-02", "2026-03", "2026-04"}
    names = {r["工号"]: r["姓名"] for r in data["人员信息"]}
    for r in data["考勤与人员财务"] + data["排班月报"]:
        assert names[r["工号"]] == r["姓名"]


def test_story_cases(data: dict[str, Table]) -> None:
    projects = {r["项目编号"]: r for r in data["项目信息"]}
    people = {r["工号"]: r for r in data["人员信息"]}
    # Renewal chains: same name, the older one 已结束, the newer 服务中.
    chains = [(r["项目编号"], r["续签前项目编号"]) for r in projects.values() if r["续签前项目编号"]]
    assert len(chains) == 2
    for new, old in chains:
        assert projects[new]["项目名称"] == projects[old]["项目名称"]
        assert (projects[old]["服务状态"], projects[new]["服务状态"]) == ("已结束", "服务中")
    # Parent/child projects.
    children = defaultdict(list)
    for r in projects.values():
        if r["上级项目编号"]:
            children[r["上级项目编号"]].append(r["项目编号"])
    assert len(children) >= 2 and all(len(v) >= 2 for v in children.values())
    # A project 服务中 with nobody serving it.
    staffed = {r["当前服务项目编号"] for r in people.values()} | {
        r["项目编号"] for r in data["考勤与人员财务"]
    }
    idle = [c for c, r in projects.items() if r["服务状态"] == "服务中" and c not in staffed]
    assert idle == ["XMSQ0215"]
    # People who changed project between months: attendance at A in 01-02, at B in 03-04,
    # and 人员信息 names B as the current project from 2026-03.
    by_person: dict[str, dict[str, str]] = defaultdict(dict)
    for r in data["考勤与人员财务"]:
        by_person[r["工号"]][as_month(r["年月"]) or ""] = r["项目编号"]
    movers = {
        p: m
        for p, m in by_person.items()
        if len(set(m.values())) > 1 and m.get("2026-01") != m.get("2026-04")
    }
    assert set(movers) == {"KWL2307024", "KWL2112029"}
    for p, m in movers.items():
        assert m["2026-01"] == m["2026-02"] != m["2026-03"] == m["2026-04"]
        assert people[p]["当前服务项目编号"] == m["2026-03"]
        assert as_month(people[p]["服务起始年月"]) == "2026-03"
    assert people["KWL2307024"]["岗位名称"] == "保安_领班"


def test_snapshot_matches_attendance(data: dict[str, Table]) -> None:
    staff: dict[tuple[str, str | None], set[str]] = defaultdict(set)
    for r in data["考勤与人员财务"]:
        staff[(r["项目编号"], as_month(r["年月"]))].add(r["工号"])
    snapshot = {(r["项目编号"], as_month(r["年月"])): r["在岗人数"] for r in data["月度快照"]}
    assert snapshot == {k: len(v) for k, v in staff.items()}


def _bench_module() -> Any:
    spec = importlib.util.spec_from_file_location("kgdesk_bench_gen_data", REPO / "bench" / "gen_data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def test_bench_generator_full_volume_is_consistent(ts: TemplateSet) -> None:
    """bench/gen_data.py at scale 1: the production volumes, with every reference resolving."""
    tables = _bench_module().Generator(1, 20260401).build()
    assert {
        name: len(tables[name]) for name in ("项目信息", "人员信息", "设备信息", "考勤与人员财务", "排班月报")
    } == {
        "项目信息": 305,
        "人员信息": 281,
        "设备信息": 858,
        "考勤与人员财务": 882,
        "排班月报": 986,
    }
    assert len(tables["项目月度财务"]) == 262
    assert set(tables) == {t.name for t in ts.templates}
    assert problems_in(ts, tables) == []
    projects = tables["项目信息"]
    assert sum(1 for r in projects if r["续签前项目编号"]) > 0
    assert sum(1 for r in projects if r["上级项目编号"]) > 0
