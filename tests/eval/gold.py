"""Gold answers for tests/eval/questions.jsonl, computed from the Excel files with pandas.

Independent of kgdesk on purpose: nothing here imports kgdesk, the cells are parsed by the small
parsers below (the same formats templates.md allows), and every question has one small function,
named by its "compute" field. The gold values follow the data if tools/make_test_data.py
regenerates it.

Return types by gold kind: number → float; bool → bool; names → frozenset of keys (项目编号 /
工号 / 片区编号 …; a composite key is its parts joined by "|"); value → str or float;
groups → dict key → float; none → None.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pandas as pd

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "test_data"
DATA_SHEET = "数据"
TODAY = dt.date(2026, 11, 30)
"""The fixed "today" of the evaluation (ages, remaining months, 上个月 …)."""

Gold = float | bool | frozenset[str] | str | dict[str, float] | None

# ---------------------------------------------------------------- reading and parsing


@cache
def sheet(template: str) -> pd.DataFrame:
    """The 数据 sheet of data/test_data/<template>.xlsx; `_row` is the row number Excel shows."""
    df = pd.read_excel(DATA_DIR / f"{template}.xlsx", sheet_name=DATA_SHEET, dtype=object, engine="calamine")
    df = df.astype(object).where(pd.notna(df), None)
    df["_row"] = range(2, len(df) + 2)
    return df


def rows(template: str) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in r.items()} for r in sheet(template).to_dict(orient="records")]


def empty(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def text(v: Any) -> str:
    return "" if empty(v) else str(v).replace("\u3000", "").replace("\xa0", "").strip()


def code(v: Any) -> str:
    return re.sub(r"\s+", "", text(v)).upper()


def num(v: Any) -> float | None:
    """Numbers as written in the ledgers: 1234, '9,360,000.00', '¥1234', '1234元', '12.5万', '12.8%'."""
    if empty(v):
        return None
    if isinstance(v, bool):
        raise ValueError(f"not a number: {v!r}")
    if isinstance(v, (int, float)):
        return float(v)
    s = text(v).replace(",", "").replace("¥", "").replace("元", "")
    if s.endswith("%"):
        return float(s[:-1]) / 100
    if s.endswith("万"):
        return float(s[:-1]) * 10000
    return float(s)


def day(v: Any) -> dt.date | None:
    """Dates: Excel dates, '2024/7/1', '2027年2月28日', '2023.4.1', '2026-03-01'."""
    if empty(v):
        return None
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, dt.date):
        return v
    m = re.fullmatch(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:\s+00:00:00)?", text(v))
    if not m:
        raise ValueError(f"not a date: {v!r}")
    return dt.date(int(m[1]), int(m[2]), int(m[3]))


def ym(v: Any) -> str | None:
    """Months: '2026-03', '2026年3月', '202603', '2026/3', or a date → 'YYYY-MM'."""
    if empty(v):
        return None
    if isinstance(v, (dt.date, dt.datetime)):
        return f"{v.year:04d}-{v.month:02d}"
    s = text(v)
    m = re.fullmatch(r"(\d{4})\s*(?:[-/.年]\s*(\d{1,2})\s*月?|(\d{2}))", s)
    if m:
        return f"{int(m[1]):04d}-{int(m[2] or m[3]):02d}"
    d = day(s)
    assert d is not None
    return f"{d.year:04d}-{d.month:02d}"


def age(born: dt.date, today: dt.date = TODAY) -> int:
    """Full years: the birthday of this year counts only once it has been reached."""
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def months_between(start: dt.date, end: dt.date) -> float:
    """Calendar months from start to end (fractional by days; gold questions keep clear margins)."""
    whole = (end.year - start.year) * 12 + (end.month - start.month)
    return whole + (end.day - start.day) / 30.0


# ---------------------------------------------------------------- small look-ups


def people() -> dict[str, dict[str, Any]]:
    return {code(r["工号"]): r for r in rows("人员信息")}


def projects() -> dict[str, dict[str, Any]]:
    return {code(r["项目编号"]): r for r in rows("项目信息")}


def person(name: str) -> str:
    """工号 of the one person with this 姓名 (the eval questions only use unique names)."""
    found = [k for k, r in people().items() if text(r["姓名"]) == name]
    assert len(found) == 1, (name, found)
    return found[0]


def region_projects(region: str) -> set[str]:
    return {code(r["项目编号"]) for r in rows("项目片区关系") if code(r["片区编号"]) == region}


def project_regions(project: str) -> set[str]:
    return {code(r["片区编号"]) for r in rows("项目片区关系") if code(r["项目编号"]) == project}


def monthly(
    template: str, month: str, *, project: str | None = None, staff: str | None = None
) -> list[dict[str, Any]]:
    out = []
    for r in rows(template):
        if ym(r["年月"]) != month:
            continue
        if project is not None and code(r["项目编号"]) != project:
            continue
        if staff is not None and code(r["工号"]) != staff:
            continue
        out.append(r)
    return out


def serving(project: str, month: str) -> set[str]:
    """服务于 with period overlap: the declared edge (人员信息) plus the month runs of 考勤/排班."""
    out: set[str] = set()
    for r in rows("人员信息"):
        if code(r["当前服务项目编号"]) != project:
            continue
        start, end = ym(r["服务起始年月"]), ym(r["服务结束年月"])
        if (start is None or start <= month) and (end is None or end >= month):
            out.add(code(r["工号"]))
    for template in ("考勤与人员财务", "排班月报"):
        out |= {code(r["工号"]) for r in monthly(template, month, project=project)}
    return out


def served_ever(project: str) -> set[str]:
    """Everyone with any 服务于 edge to the project, whatever the period."""
    out = {code(r["工号"]) for r in rows("人员信息") if code(r["当前服务项目编号"]) == project}
    for template in ("考勤与人员财务", "排班月报"):
        out |= {code(r["工号"]) for r in rows(template) if code(r["项目编号"]) == project}
    return out


def total(values: Iterable[float | None]) -> float:
    return float(sum(v for v in values if v is not None))


def names(keys: Iterable[str]) -> frozenset[str]:
    return frozenset(keys)


# ---------------------------------------------------------------- one function per question

GOLD: dict[str, Callable[[], Gold]] = {}


def gold(fn: Callable[[], Gold]) -> Callable[[], Gold]:
    GOLD[fn.__name__] = fn
    return fn


def certificates_of(staff: str) -> set[str]:
    return {text(r["证书名称"]) for r in rows("人员证书") if code(r["工号"]) == staff}


# existence


@gold
def zhao_has_fire_certificate() -> Gold:
    return any("消防设施操作员" in c for c in certificates_of(person("赵德胜")))


@gold
def wang_has_electrician_certificate() -> Gold:
    return any("电工" in c for c in certificates_of(person("王海涛")))


@gold
def industrial_park_has_scrapped_device() -> Gold:
    return any(code(r["项目编号"]) == "XMSQ0150" and text(r["完好状况"]) == "报废" for r in rows("设备信息"))


@gold
def library_has_faulty_device() -> Gold:
    return any(
        code(r["项目编号"]) == "XMSQ0102" and text(r["完好状况"]) == "带病运行" for r in rows("设备信息")
    )


@gold
def xie_has_attendance_2026_01() -> Gold:
    return bool(monthly("考勤与人员财务", "2026-01", staff=person("谢宇航")))


@gold
def any_active_project_without_staff() -> Gold:
    return bool(active_projects_without_staff())


# counts


@gold
def qingpu_region_project_count() -> Gold:
    return float(len(region_projects("PQ01")))


@gold
def active_project_count() -> Gold:
    return float(sum(text(r["服务状态"]) == "服务中" for r in projects().values()))


@gold
def guard_regular_count() -> Gold:
    return float(sum(text(r["岗位名称"]) == "保安_普保" for r in people().values()))


@gold
def guard_all_count() -> Gold:
    return float(sum(text(r["岗位名称"]).startswith("保安") for r in people().values()))


@gold
def monitoring_center_device_count() -> Gold:
    # two projects are named 徐汇-环境监测中心; the one 服务中 (XMSQ0202) is meant
    return float(sum(code(r["项目编号"]) == "XMSQ0202" for r in rows("设备信息")))


@gold
def elevator_count() -> Gold:
    return float(sum(text(r["设备类型"]) == "电梯" for r in rows("设备信息")))


@gold
def staff_with_attendance_2026_04() -> Gold:
    return float(len({code(r["工号"]) for r in monthly("考勤与人员财务", "2026-04")}))


@gold
def zhaoxiang_gov_staff_2026_04() -> Gold:
    return float(len(serving("XMSQ0110", "2026-04")))


@gold
def property_manager_certificate_holders() -> Gold:
    return float(len({code(r["工号"]) for r in rows("人员证书") if text(r["证书名称"]) == "物业管理师"}))


@gold
def female_staff_count() -> Gold:
    return float(sum(text(r["性别"]) == "女" for r in people().values()))


@gold
def library_staff_count() -> Gold:
    return float(len(served_ever("XMSQ0102")))


@gold
def project_manager_level_count() -> Gold:
    return float(sum(text(r["员工层级"]) == "项目管理人员" for r in people().values()))


# lists


@gold
def beidou_staff_2026_03() -> Gold:
    return names(serving("XMSQ0105", "2026-03"))


@gold
def zhaoxiang_gov_staff_2026_02() -> Gold:
    return names(serving("XMSQ0110", "2026-02"))


@gold
def zhaoxiang_gov_staff_2026_03() -> Gold:
    return names(serving("XMSQ0110", "2026-03"))


def children_of(parent: str) -> set[str]:
    return {k for k, r in projects().items() if code(r["上级项目编号"]) == parent}


@gold
def beidou_children() -> Gold:
    return names(children_of("XMSQ0105"))


@gold
def zhangjiang_children() -> Gold:
    return names(children_of("XMSQ0301"))


@gold
def zhaoxiang_park_renewed_from() -> Gold:
    # 青浦-赵巷公园 is the name of XMSQ0121 and XMSQ0122; the one 服务中 (XMSQ0122) is meant
    return names({code(projects()["XMSQ0122"]["续签前项目编号"])})


@gold
def renewal_projects() -> Gold:
    return names(k for k, r in projects().items() if not empty(r["续签前项目编号"]))


@gold
def industrial_park_devices() -> Gold:
    return names(code(r["设备编号"]) for r in rows("设备信息") if code(r["项目编号"]) == "XMSQ0150")


@gold
def song_regions() -> Gold:
    return names(project_regions(code(people()[person("宋志刚")]["当前服务项目编号"])))


@gold
def xuhui_region_staff() -> Gold:
    out: set[str] = set()
    for p in region_projects("PQ02"):
        out |= served_ever(p)
    return names(out)


@gold
def zhao_certificates() -> Gold:
    return names(certificates_of(person("赵德胜")))


@gold
def special_operation_certificate_holders() -> Gold:
    return names(code(r["工号"]) for r in rows("人员证书") if text(r["证书类别"]) == "特种作业操作证")


@gold
def expired_certificate_holders() -> Gold:
    out = set()
    for r in rows("人员证书"):
        until = day(r["有效期至"])
        if until is not None and until < TODAY:
            out.add(code(r["工号"]))
    return names(out)


def overtime_staff(month: str) -> set[str]:
    return {code(r["工号"]) for r in monthly("考勤与人员财务", month) if (num(r["平时加班小时"]) or 0) > 0}


@gold
def overtime_staff_2026_03() -> Gold:
    return names(overtime_staff("2026-03"))


@gold
def joined_in_2026() -> Gold:
    return names(k for k, r in people().items() if (d := day(r["入职日期"])) is not None and d.year == 2026)


@gold
def lost_bids_2025() -> Gold:
    return names(
        code(r["项目编号"])
        for r in rows("投标记录")
        if int(num(re.sub(r"年$", "", text(r["年份"]))) or 0) == 2025 and text(r["中标结果"]) == "未中标"
    )


@gold
def inspected_projects_2026_03() -> Gold:
    return names(code(r["项目编号"]) for r in rows("检查记录") if ym(day(r["检查日期"])) == "2026-03")


@gold
def suspended_suppliers() -> Gold:
    return names(
        text(r["供应商名称"])
        for r in rows("采购与维保")
        if text(r["记录类型"]) == "供应商" and text(r["状态"]) == "暂停合作"
    )


@gold
def people_over_50() -> Gold:
    return names(k for k, r in people().items() if (b := day(r["出生日期"])) is not None and age(b) > 50)


@gold
def active_projects_ending_within_12_months() -> Gold:
    out = set()
    for k, r in projects().items():
        end = day(r["结束日期"])
        if text(r["服务状态"]) == "服务中" and end is not None and months_between(TODAY, end) < 12:
            out.add(k)
    return names(out)


def active_projects_without_staff() -> set[str]:
    return {k for k, r in projects().items() if text(r["服务状态"]) == "服务中" and not served_ever(k)}


@gold
def active_projects_without_staff_list() -> Gold:
    return names(active_projects_without_staff())


@gold
def overtime_three_consecutive_months() -> Gold:
    months = sorted({m for r in rows("考勤与人员财务") if (m := ym(r["年月"])) is not None})
    by_month = {m: overtime_staff(m) for m in months}
    out: set[str] = set()
    for i in range(len(months) - 2):
        a, b, c = months[i : i + 3]
        consecutive = _next_month(a) == b and _next_month(b) == c
        if consecutive:
            out |= by_month[a] & by_month[b] & by_month[c]
    return names(out)


def _next_month(month: str) -> str:
    y, m = int(month[:4]), int(month[5:])
    return f"{y + (m == 12):04d}-{m % 12 + 1:02d}"


@gold
def library_absent_2026_03() -> Gold:
    on_staff = serving("XMSQ0102", "2026-03")
    present = {code(r["工号"]) for r in monthly("考勤与人员财务", "2026-03", project="XMSQ0102")}
    return names(on_staff - present)


@gold
def left_in_2026() -> Gold:
    return names(k for k, r in people().items() if (d := day(r["离职日期"])) is not None and d.year == 2026)


# status (property values)


@gold
def library_service_status() -> Gold:
    return text(projects()["XMSQ0102"]["服务状态"])


@gold
def innovation_center_service_status() -> Gold:
    return text(projects()["XMSQ0303"]["服务状态"])


@gold
def zhao_position() -> Gold:
    return text(people()[person("赵德胜")]["岗位名称"])


@gold
def beidou_office_client() -> Gold:
    return text(projects()["XMSQ0106"]["甲方名称"])


@gold
def library_gross_margin() -> Gold:
    return num(projects()["XMSQ0102"]["实际毛利率"])


@gold
def han_workdays_2026_02() -> Gold:
    (r,) = monthly("考勤与人员财务", "2026-02", staff=person("韩淑珍"))
    return num(r["上班天数"])


@gold
def lin_leave_date() -> Gold:
    d = day(people()[person("林桂芳")]["离职日期"])
    assert d is not None
    return d.isoformat()


@gold
def xuhui_region_head() -> Gold:
    (r,) = [r for r in rows("片区信息") if code(r["片区编号"]) == "PQ02"]
    return names({code(r["片区负责人工号"])})


@gold
def monitoring_center_status() -> Gold:
    return text(projects()["XMSQ0202"]["服务状态"])


@gold
def industrial_park_contract_amount() -> Gold:
    return num(projects()["XMSQ0150"]["合同金额"])


# derived attributes


def age_of(name: str) -> float:
    born = day(people()[person(name)]["出生日期"])
    assert born is not None
    return float(age(born))


@gold
def zhao_age() -> Gold:
    return age_of("赵德胜")


@gold
def song_age() -> Gold:
    return age_of("宋志刚")


@gold
def library_remaining_months() -> Gold:
    end = day(projects()["XMSQ0102"]["结束日期"])
    assert end is not None
    return float(round(months_between(TODAY, end)))


# aggregates


def finance(field: str, months: Iterable[str], project: str | None = None) -> float:
    return total(num(r[field]) for m in months for r in monthly("项目月度财务", m, project=project))


@gold
def invoiced_total_2026_03() -> Gold:
    return finance("开票金额", ["2026-03"])


@gold
def industrial_park_received_q1() -> Gold:
    return finance("收款金额", ["2026-01", "2026-02", "2026-03"], "XMSQ0150")


@gold
def monitoring_center_received_jan_apr() -> Gold:
    return finance("收款金额", ["2026-01", "2026-02", "2026-03", "2026-04"], "XMSQ0202")


@gold
def sun_average_workdays() -> Gold:
    staff = person("孙国庆")
    vals = [num(r["上班天数"]) for r in rows("考勤与人员财务") if code(r["工号"]) == staff]
    clean = [v for v in vals if v is not None]
    return sum(clean) / len(clean)


@gold
def xuhui_region_average_satisfaction() -> Gold:
    vals = [num(projects()[p]["客户满意度"]) for p in region_projects("PQ02")]
    clean = [v for v in vals if v is not None]
    return sum(clean) / len(clean)


@gold
def largest_contract_project() -> Gold:
    amounts = {k: num(r["合同金额"]) or 0.0 for k, r in projects().items()}
    top = max(amounts.values())
    return names(k for k, v in amounts.items() if v == top)


@gold
def lowest_inspection_score() -> Gold:
    return min(v for r in rows("检查记录") if (v := num(r["检查得分"])) is not None)


@gold
def most_overtime_2026_01() -> Gold:
    hours = {code(r["工号"]): num(r["平时加班小时"]) or 0.0 for r in monthly("考勤与人员财务", "2026-01")}
    top = max(hours.values())
    return names(k for k, v in hours.items() if v == top)


@gold
def industrial_park_device_value() -> Gold:
    return total(num(r["原值"]) for r in rows("设备信息") if code(r["项目编号"]) == "XMSQ0150")


@gold
def beidou_children_area() -> Gold:
    return total(num(projects()[c]["合同面积"]) for c in children_of("XMSQ0105"))


@gold
def zhaoxiang_park_previous_contract_amount() -> Gold:
    previous = code(projects()["XMSQ0122"]["续签前项目编号"])
    return num(projects()[previous]["合同金额"])


@gold
def purchases_2026_03() -> Gold:
    return total(
        num(r["金额"])
        for r in rows("采购与维保")
        if text(r["记录类型"]) in ("耗材采购", "固定资产") and ym(r["年月"]) == "2026-03"
    )


# grouped aggregates, comparisons, trends


@gold
def projects_per_region() -> Gold:
    regions = {code(r["片区编号"]) for r in rows("片区信息")}
    return {g: float(len(region_projects(g))) for g in regions}


@gold
def overtime_by_project_2026_03() -> Gold:
    out: dict[str, float] = {}
    for r in monthly("考勤与人员财务", "2026-03"):
        p = code(r["项目编号"])
        out[p] = out.get(p, 0.0) + (num(r["平时加班小时"]) or 0.0)
    return out


@gold
def devices_per_project() -> Gold:
    out: dict[str, float] = {}
    for r in rows("设备信息"):
        p = code(r["项目编号"])
        out[p] = out.get(p, 0.0) + 1
    return out


@gold
def invoiced_beidou_vs_industrial_2026_03() -> Gold:
    return {p: finance("开票金额", ["2026-03"], p) for p in ("XMSQ0105", "XMSQ0150")}


@gold
def overtime_zhao_vs_sun_2026_03() -> Gold:
    out: dict[str, float] = {}
    for name in ("赵德胜", "孙国庆"):
        staff = person(name)
        out[staff] = total(num(r["平时加班小时"]) for r in monthly("考勤与人员财务", "2026-03", staff=staff))
    return out


@gold
def zhaoxiang_gov_received_trend() -> Gold:
    return {m: finance("收款金额", [m], "XMSQ0110") for m in ("2026-01", "2026-02", "2026-03", "2026-04")}


@gold
def beidou_headcount_trend() -> Gold:
    return {
        ym(r["年月"]) or "": num(r["在岗人数"]) or 0.0
        for r in rows("月度快照")
        if code(r["项目编号"]) == "XMSQ0105"
    }


# found by a walk-through with independently written ledgers


@gold
def library_project_head() -> Gold:
    return names({code(projects()["XMSQ0102"]["项目负责人工号"])})


@gold
def gao_sick_days_2026_04() -> Gold:
    (r,) = monthly("考勤与人员财务", "2026-04", staff=person("高永强"))
    return float(sum(1 for d in range(1, 32) if text(r.get(f"{d}日")) == "病"))


@gold
def people_count() -> Gold:
    return float(len(people()))


# explain, unknown, unanswerable: no gold value


@gold
def no_value() -> Gold:
    return None


def compute(name: str) -> Gold:
    try:
        fn = GOLD[name]
    except KeyError:
        raise KeyError(f"no gold function named {name!r} in tests/eval/gold.py") from None
    return fn()
