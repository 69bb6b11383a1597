"""Judge-9 wrong-answer classes end to end on the real local graph (data/test_data), each answer equal
to pandas over the same Excel files (own wording, several phrasings per class): a 维保合同 / 采购记录's
own fields (never the host project's), the name of a person's project, 各/分别 one value per item, a
named day (never its month), 现在 without equipment that left, the dictionary's 岗位, a code's
record, 检查了 / 负责财务 by the record's role, and no question ending in status error."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pandas as pd
import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, day, empty, month, num, project_name, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards9-home"))
    assert report.status == "published", report.error
    yield graph


def _ask(conn: GraphConnection, q: str) -> Any:
    return ask_once(question_agent(TODAY), q, conn=conn, role="admin")


def _records(kind: str) -> pd.DataFrame:
    rows = sheet("采购与维保")
    return rows[rows["记录类型"].astype(str) == kind]


def _contract(project: str) -> pd.Series:
    c = _records("维保合同")
    (row,) = [r for _, r in c.iterrows() if str(r["项目编号"]) == project]
    return row


# ---------------------------------------------------------------- 1. distinct people, never rows


@pytest.mark.parametrize("q", ["2026年1-3月考勤一共多少人", "1到3月考勤的员工有几位", "1到3月有多少员工有考勤记录"])
def test_people_over_several_months_are_distinct(conn: GraphConnection, q: str) -> None:
    att = sheet("考勤与人员财务")
    months = {"2026-01", "2026-02", "2026-03"}
    want = att[[month(v) in months for v in att["年月"]]]["工号"].astype(str).nunique()
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer
    assert f"**{want}** 人" in r.answer.splitlines()[0], r.answer  # people, never "rows"


# ---------------------------------------------------------------- 2. the record's own fields


@pytest.mark.parametrize(
    "q", ["青浦-区图书馆的维保合同结束日期", "青浦-区图书馆维保合同什么时候结束", "青浦-区图书馆的维保合同什么时候到期"]
)
def test_contract_end_is_the_contracts_own(conn: GraphConnection, q: str) -> None:
    want = str(day(_contract("XMSQ0102")["结束日期"]))
    projects = sheet("项目信息")
    host = str(day(projects[projects["项目编号"].astype(str) == "XMSQ0102"]["结束日期"].iloc[0]))
    assert want != host  # the data tells the two apart
    r = _ask(conn, q)
    assert r.status == "answered" and str(r.value) == want, r.answer


@pytest.mark.parametrize("q", ["青浦-区图书馆的维保合同的合同金额是多少", "青浦-区图书馆维保合同的开始日期"])
def test_contract_amount_and_start_are_the_contracts_own(conn: GraphConnection, q: str) -> None:
    row = _contract("XMSQ0102")
    want: Any = num(row["金额"]) if "金额" in q else str(day(row["开始日期"]))
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer


@pytest.mark.parametrize("q", ["青浦-工业园区的维保合同什么时候到期", "青浦-工业园区维保合同的合同年限是几年"])
def test_each_contract_of_a_project_its_own_row(conn: GraphConnection, q: str) -> None:
    c = _records("维保合同")
    mine = c[c["项目编号"].astype(str) == "XMSQ0150"]
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    field = "结束日期" if "到期" in q else "合同年限"
    for v in mine[field]:
        shown = str(day(v)) if field == "结束日期" else f"{num(v):g}"
        assert shown in r.answer, r.answer


@pytest.mark.parametrize(("code", "field"), [("CG2026004", "数量"), ("ZC2026001", "单价"), ("CG2026001", "金额")])
def test_purchase_record_field_of_a_code(conn: GraphConnection, code: str, field: str) -> None:
    rows = sheet("采购与维保")
    want = num(rows[rows["记录编号"].astype(str) == code][field].iloc[0])
    r = _ask(conn, f"{code}的{field}是多少")
    assert r.status == "answered" and r.value == want, r.answer


# ---------------------------------------------------------------- 3. the person's project's name


@pytest.mark.parametrize("tail", ["的项目叫什么", "的项目名称是什么", "所在项目的名称", "服务的项目叫什么名字"])
def test_person_project_name(conn: GraphConnection, tail: str) -> None:
    people = sheet("人员信息")
    (code,) = people[people["姓名"].astype(str) == "陈静"]["当前服务项目编号"].astype(str)
    r = _ask(conn, f"陈静{tail}")
    assert r.status == "answered" and r.value == project_name(code).split("（")[0], r.answer


# ---------------------------------------------------------------- 4. 各 / 分别: one value per item


@pytest.mark.parametrize("q", ["青浦-工业园区和青浦-区图书馆各有多少设备", "青浦-工业园区和青浦-区图书馆分别有几台设备"])
def test_each_of_two_projects(conn: GraphConnection, q: str) -> None:
    devices = sheet("设备信息")
    r = _ask(conn, q)
    assert r.status == "answered" and not isinstance(r.value, int | float), r.answer
    for code in ("XMSQ0150", "XMSQ0102"):
        n = int((devices["项目编号"].astype(str) == code).sum())
        assert f"| {n} 台" in r.answer, r.answer


@pytest.mark.parametrize("q", ["1月和2月的开票金额分别是多少", "1月和3月各有多少人考勤"])
def test_each_that_cannot_be_split_is_not_summed(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status != "answered" or not isinstance(r.value, int | float), r.answer


# ---------------------------------------------------------------- 5. a named day


@pytest.mark.parametrize("q", ["2026年3月10日的检查记录有哪些", "2026-03-10有哪些检查", "2026年3月10日有几次检查"])
def test_named_day_is_that_day(conn: GraphConnection, q: str) -> None:
    checks = sheet("检查记录")
    want = sum(1 for v in checks["检查日期"] if day(v) == date(2026, 3, 10))
    in_month = sum(1 for v in checks["检查日期"] if (d := day(v)) is not None and (d.year, d.month) == (2026, 3))
    assert want < in_month
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    got = r.value if isinstance(r.value, int) else len(r.value)
    assert got == want, r.answer


def test_named_day_of_a_monthly_fact_is_refused(conn: GraphConnection) -> None:
    r = _ask(conn, "2026年3月15日青浦-工业园区的开票金额")
    assert r.status == "insufficient", r.answer


def test_named_day_of_a_ledger_with_day_columns_is_never_not_in_the_data(conn: GraphConnection) -> None:
    """考勤 holds each day in its 1日…31日 columns (red team 9 FD): refused naming the column, never "not in the data"."""
    r = _ask(conn, "2026年3月15日考勤有多少人")
    assert r.status not in ("insufficient", "answered"), r.answer


# ---------------------------------------------------------------- 6. 现在 and equipment that left


@pytest.mark.parametrize("q", ["青浦-工业园区现在有多少设备", "青浦-工业园区目前有几台设备", "青浦-工业园区当前有多少台设备"])
def test_now_drops_equipment_that_left(conn: GraphConnection, q: str) -> None:
    devices = sheet("设备信息")
    mine = devices[devices["项目编号"].astype(str) == "XMSQ0150"]
    want = sum(1 for v in mine["退项目日期"] if empty(v) or (d := day(v)) is None or d > TODAY)
    assert want < len(mine)
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer
    assert "退项目日期" in r.answer, r.answer


# ---------------------------------------------------------------- 7. a code's record / invoiced projects


@pytest.mark.parametrize(("q", "code"), [("CG2026001是什么设备", "CG2026001"), ("ZC2026003是什么设备", "ZC2026003")])
def test_what_a_purchase_code_is(conn: GraphConnection, q: str, code: str) -> None:
    rows = sheet("采购与维保")
    want = str(rows[rows["记录编号"].astype(str) == code]["名称"].iloc[0])
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer


@pytest.mark.parametrize("q", ["WB2026001是哪个项目的", "CG2026001是哪个项目买的", "ZC2026002属于哪个项目"])
def test_which_project_a_code_belongs_to(conn: GraphConnection, q: str) -> None:
    rows = sheet("采购与维保")
    code = q[:9]
    want = str(rows[rows["记录编号"].astype(str) == code]["项目编号"].iloc[0])
    r = _ask(conn, q)
    assert r.status == "answered" and len(r.value) == 1 and want in str(r.value[0]), r.answer


# ---------------------------------------------------------------- 8. the 岗位 dictionary


@pytest.mark.parametrize("q", ["有多少种岗位", "岗位字典里有几个岗位", "一共有几种岗位"])
def test_position_kinds_are_the_dictionary(conn: GraphConnection, q: str) -> None:
    want = len(sheet("岗位字典"))
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer


def test_dictionary_list_is_the_dictionary(conn: GraphConnection) -> None:
    want = set(sheet("岗位字典")["岗位名称"].astype(str))
    r = _ask(conn, "岗位字典有哪些岗位")
    assert r.status == "answered" and set(map(str, r.value)) == want, r.answer


# ---------------------------------------------------------------- 10. role verbs


def _inspected(name: str) -> set[str]:
    people = sheet("人员信息")
    (key,) = people[people["姓名"].astype(str) == name]["工号"].astype(str)
    checks = sheet("检查记录")
    return set(checks[checks["检查人工号"].astype(str) == key]["项目编号"].astype(str))


@pytest.mark.parametrize("q", ["姚丽华检查了哪些项目", "姚丽华检查过哪些项目"])
def test_inspected_projects_by_the_inspector_role(conn: GraphConnection, q: str) -> None:
    want = _inspected("姚丽华")
    r = _ask(conn, q)
    assert r.status == "answered" and {project_name(c) for c in want} == set(map(str, r.value)), r.answer


def test_inspected_count_by_the_inspector_role(conn: GraphConnection) -> None:
    r = _ask(conn, "陆晓燕检查过几个项目")
    assert r.status == "answered" and r.value == len(_inspected("陆晓燕")), r.answer


@pytest.mark.parametrize("q", ["顾佳怡负责财务的项目有哪些", "顾佳怡负责哪些项目的财务"])
def test_finance_role_is_the_handler(conn: GraphConnection, q: str) -> None:
    people = sheet("人员信息")
    (key,) = people[people["姓名"].astype(str) == "顾佳怡"]["工号"].astype(str)
    fin = sheet("项目月度财务")
    want = {project_name(c) for c in set(fin[fin["财务经办人工号"].astype(str) == key]["项目编号"].astype(str))}
    r = _ask(conn, q)
    assert r.status == "answered" and set(map(str, r.value)) == want, r.answer


# ---------------------------------------------------------------- 11. never status error


@pytest.mark.parametrize("q", ["每个项目的维保合同什么时候到期", "各项目的维保合同结束日期", "每个项目维保合同的开始日期"])
def test_rule_plan_the_graph_rejects_is_not_an_error(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status != "error", r.answer


@pytest.mark.parametrize("q", ["每个项目的维保合同的合同金额", "各项目维保合同的合同金额合计"])
def test_contract_totals_per_project_are_the_contracts_own(conn: GraphConnection, q: str) -> None:
    c = _records("维保合同")
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    for code, amounts in c.groupby(c["项目编号"].astype(str))["金额"]:
        total = sum(num(v) or 0.0 for v in amounts)
        assert f"| {total:,.0f} 元" in r.answer, (code, r.answer)


def test_contract_dates_asked_apart_are_each_contracts(conn: GraphConnection) -> None:
    c = _records("维保合同")
    r = _ask(conn, "青浦-工业园区的维保合同的结束日期分别是什么")
    assert r.status == "answered", r.answer
    for v in c[c["项目编号"].astype(str) == "XMSQ0150"]["结束日期"]:
        assert str(day(v)) in r.answer, r.answer


def test_people_counted_over_months_are_listed_once(conn: GraphConnection) -> None:
    r = _ask(conn, "2026年1-3月考勤一共多少人")
    detail = next(line for line in r.answer.splitlines() if line.startswith("明细"))
    assert detail.count("KWL") == r.value, r.answer


@pytest.mark.parametrize(
    ("q", "code", "month_key"),
    [("谁检查了青浦-区图书馆", "XMSQ0102", None), ("青浦-区图书馆是谁检查的", "XMSQ0102", None), ("4月谁检查过青浦-工业园区", "XMSQ0150", "2026-04")],
)
def test_who_inspected_lists_the_inspectors(conn: GraphConnection, q: str, code: str, month_key: str | None) -> None:
    checks = sheet("检查记录")
    mine = checks[checks["项目编号"].astype(str) == code]
    keys = {str(k) for k, d in zip(mine["检查人工号"], mine["检查日期"], strict=True) if month_key is None or month(d) == month_key}
    people = sheet("人员信息")
    want = {f"{n}（{k}）" for n, k in zip(people["姓名"], people["工号"].astype(str), strict=True) if k in keys}
    r = _ask(conn, q)
    assert r.status == "answered" and set(map(str, r.value)) == want, r.answer


# ---------------------------------------------------------------- 5b. a month written with a dash is a month


@pytest.mark.parametrize(
    ("q", "project"),
    [("XMSQ0105 2026-03 考勤人数", "XMSQ0105"), ("2026-03 考勤有多少人", None), ("2026/03的考勤有几个人", None)],
)
def test_a_month_written_with_a_dash_is_not_a_day(conn: GraphConnection, q: str, project: str | None) -> None:
    """2026-03 is March, never "day 3 of some month": a monthly fact asked for it is answered."""
    att = sheet("考勤与人员财务")
    rows = att[[month(v) == "2026-03" for v in att["年月"]]]
    if project is not None:
        rows = rows[rows["项目编号"].astype(str) == project]
    want = rows["工号"].astype(str).nunique()
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer
