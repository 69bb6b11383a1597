"""Judge-10 classes end to end on the real local graph (data/test_data), each answer equal to pandas
over the same Excel files (own wording, several phrasings per class): a ledger's colloquial name
says where the records live and is never a value filter on them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, attendance, month, num, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards10-home"))
    assert report.status == "published", report.error
    yield graph


def _ask(conn: GraphConnection, q: str) -> Any:
    return ask_once(question_agent(TODAY), q, conn=conn, role="admin")


def _kind(kind: str) -> int:
    rows = sheet("采购与维保")
    return int((rows["记录类型"].astype(str) == kind).sum())


# ---------------------------------------------------------------- 0. a ledger's name is no filter


@pytest.mark.parametrize(
    "q", ["维保台账里有几家供应商", "采购台账里有几家供应商", "在采购与维保台账中一共有多少家供应商", "维保台账上登记了几家供应商"]
)
def test_ledger_name_is_no_filter(conn: GraphConnection, q: str) -> None:
    want = _kind("供应商")
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer


def test_ledger_name_keeps_the_records_own_kind(conn: GraphConnection) -> None:
    r = _ask(conn, "维保台账里有几份维保合同")
    assert r.status == "answered" and r.value == _kind("维保合同"), r.answer


@pytest.mark.parametrize(("q", "field", "value"), [("花名册里女的有几个", "性别", "女"), ("设备台账里报废的有几台", "完好状况", "报废")])
def test_ledger_name_with_a_real_condition(conn: GraphConnection, q: str, field: str, value: str) -> None:
    rows = sheet("人员信息" if field == "性别" else "设备信息")
    want = int((rows[field].astype(str) == value).sum())
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer


def test_ledger_name_of_other_records_is_not_dropped(conn: GraphConnection) -> None:
    r = _ask(conn, "维保台账里有几个项目")  # the projects of the ledger, never every project
    assert r.status != "answered" or r.value != len(sheet("项目信息")), r.answer


# ---------------------------------------------------------------- 4/5. 不等于 / 不属于, A 加上 B


def _status_count(values: set[str], *, negate: bool = False) -> int:
    s = sheet("设备信息")["完好状况"].astype(str)
    hit = s.isin(values)
    return int((~hit if negate else hit).sum())


@pytest.mark.parametrize("q", ["状况不等于“完好”的设备数", "完好状况不属于完好的设备有几台", "设备状况不等于完好的有多少台"])
def test_not_equal_to_a_quoted_value(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == _status_count({"完好"}, negate=True), r.answer


@pytest.mark.parametrize(
    ("q", "values"),
    [
        ("带病运行加上停用的设备总数", {"带病运行", "停用"}),
        ("停用加上报废的设备一共几台", {"停用", "报废"}),
        ("报废加上带病运行的设备有多少台", {"报废", "带病运行"}),
    ],
)
def test_two_values_added_are_one_in_filter(conn: GraphConnection, q: str, values: set[str]) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == _status_count(values), r.answer


def test_two_positions_added(conn: GraphConnection) -> None:
    people = sheet("人员信息")
    want = int(people["岗位名称"].astype(str).isin({"保安_领班", "保洁员"}).sum())
    r = _ask(conn, "保安_领班加上保洁员一共几个人")
    assert r.status == "answered" and r.value == want, r.answer


def test_two_fields_added_are_not_guessed(conn: GraphConnection) -> None:
    r = _ask(conn, "2月开票金额加上收款金额是多少")  # two fields, not two values: never one of them
    assert r.status != "answered", r.answer


# ---------------------------------------------------------------- 2. colloquial words


@pytest.mark.parametrize("q", ["青浦片区手底下有几个项目", "青浦片区下辖几个项目", "青浦片区底下有多少个项目", "青浦片区有几个盘子"])
def test_a_region_having_projects(conn: GraphConnection, q: str) -> None:
    rel = sheet("项目片区关系")
    want = rel[rel["片区编号"].astype(str) == "PQ01"]["项目编号"].astype(str).nunique()
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer


@pytest.mark.parametrize(
    ("q", "field", "value"),
    [
        ("性别那一栏填女的有几个人", "性别", "女"),
        ("性别这一栏填男的有多少人", "性别", "男"),
        ("岗位栏填的是保洁员的有几个", "岗位名称", "保洁员"),
    ],
)
def test_a_field_filled_in_as(conn: GraphConnection, q: str, field: str, value: str) -> None:
    people = sheet("人员信息")
    want = int((people[field].astype(str) == value).sum())
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer


@pytest.mark.parametrize("q", ["区图书馆那边2月在岗的有几位", "区图书馆那边2月考勤有几个人"])
def test_over_there_is_the_project(conn: GraphConnection, q: str) -> None:
    want = attendance("2026-02", "XMSQ0102")["工号"].astype(str).nunique()
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer


# ---------------------------------------------------------------- 3. one attribute asked with a wh-word


def _project(code: str, field: str) -> str:
    rows = sheet("项目信息")
    return str(rows[rows["项目编号"].astype(str) == code][field].iloc[0])


@pytest.mark.parametrize("q", ["区图书馆坐落在什么地方", "区图书馆的所在地在哪里", "区图书馆的地点在什么地方"])
def test_where_a_project_is(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == _project("XMSQ0102", "项目地址"), r.answer


@pytest.mark.parametrize("q", ["区图书馆按什么方式计费", "区图书馆怎么收费", "区图书馆怎么计费的"])
def test_how_a_project_is_billed(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == _project("XMSQ0102", "计费方式"), r.answer


@pytest.mark.parametrize(
    ("q", "months", "projects"),
    [
        ("1月加上2月的开票金额是多少", {"2026-01", "2026-02"}, None),
        ("青浦-工业园区加上青浦-区图书馆的开票金额合计", None, {"XMSQ0150", "XMSQ0102"}),
    ],
)
def test_two_months_or_projects_added(
    conn: GraphConnection, q: str, months: set[str] | None, projects: set[str] | None
) -> None:
    f = sheet("项目月度财务")
    mask = f["年月"].map(month).isin(months) if months else f["项目编号"].astype(str).isin(projects or set())
    want = sum(num(v) or 0.0 for v in f[mask]["开票金额"])
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == want, r.answer


def _finance(field: str, month_key: str, project: str | None = None) -> float:
    f = sheet("项目月度财务")
    mask = f["年月"].map(month) == month_key
    if project is not None:
        mask &= f["项目编号"].astype(str) == project
    return sum(num(v) or 0.0 for v in f[mask][field])


@pytest.mark.parametrize("q", ["2月总共开出去多少票款", "2月开出去多少票", "2月一共开了多少票款", "2月的票款是多少"])
def test_invoicing_verbs(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == _finance("开票金额", "2026-02"), r.answer


@pytest.mark.parametrize(
    ("q", "month_key", "project"),
    [("3月收了多少钱", "2026-03", None), ("区图书馆3月收了多少钱", "2026-03", "XMSQ0102"), ("1月一共收回来多少钱", "2026-01", None)],
)
def test_collecting_verbs(conn: GraphConnection, q: str, month_key: str, project: str | None) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == _finance("收款金额", month_key, project), r.answer
