"""Judge-13 classes end to end on the real local graph (data/test_data), each answer equal to pandas
over the same Excel files (own wording)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, empty, month, num, sheet, text

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards13-home"))
    assert report.status == "published", report.error
    yield graph


def _ask(conn: GraphConnection, q: str) -> Any:
    return ask_once(question_agent(TODAY), q, conn=conn, role="admin")


def _person(code: str, field: str) -> str:
    rows = sheet("人员信息")
    return str(text(rows[rows["工号"] == code].iloc[0][field]))


# ---------------------------------------------------------------- W1: the key's name labels the identifier


@pytest.mark.parametrize(
    "q, code, field",
    [
        ("工号为KWL1606012的人叫什么名字", "KWL1606012", "姓名"),
        ("查一下工号KWL1809005对应的岗位名称", "KWL1809005", "岗位名称"),
        ("工号是KWL1809005的员工性别", "KWL1809005", "性别"),
    ],
)
def test_one_field_of_a_person_named_by_key(conn: GraphConnection, q: str, code: str, field: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == _person(code, field), r.answer


def test_one_field_of_equipment_named_by_key(conn: GraphConnection) -> None:
    rows = sheet("设备信息")
    want = str(text(rows[rows["设备编号"] == "GD-003"].iloc[0]["完好状况"]))
    r = _ask(conn, "设备编号GD-003的完好状况")
    assert r.status == "answered" and r.value == want, r.answer


def test_the_manager_of_a_project_named_by_key(conn: GraphConnection) -> None:
    rows = sheet("人员信息")
    projects = sheet("项目信息")
    head = {c for c, k in zip(projects["项目负责人工号"], projects["项目编号"], strict=True) if k == "XMSQ0150"}
    want = {f"{n}（{c}）" for n, c in zip(rows["姓名"], rows["工号"], strict=True) if c in head}  # pass 51: 项目负责人
    r = _ask(conn, "项目编号XMSQ0150的项目经理是哪位")
    assert want and r.status == "answered" and set(r.value) == want, r.answer


# ---------------------------------------------------------------- W2: 现在 with a stated status


def _equipment(status: str) -> set[str]:
    rows = sheet("设备信息")
    return {str(c) for c, s in zip(rows["设备编号"], rows["完好状况"], strict=True) if s == status}


@pytest.mark.parametrize(
    "q, status",
    [("现在处于报废状态的设备数量", "报废"), ("目前停用的设备有多少台", "停用"), ("当前报废了的设备有几台", "报废")],
)
def test_count_of_equipment_in_a_status_now(conn: GraphConnection, q: str, status: str) -> None:
    want = _equipment(status)
    r = _ask(conn, q)
    assert want and r.status == "answered" and r.value == len(want), r.answer


def test_scrapped_equipment_off_its_project_is_listed_now(conn: GraphConnection) -> None:
    rows = sheet("设备信息")
    scrapped = rows[rows["完好状况"] == "报废"]
    assert any(not empty(v) for v in scrapped["退项目日期"])  # the data the class is about
    r = _ask(conn, "当前完好状况为报废的设备清单")
    assert r.status == "answered" and len(r.value) == len(scrapped), r.answer
    assert all(str(c) in " ".join(r.value) for c in scrapped["设备编号"]), r.value


# ---------------------------------------------------------------- W3: a balance of a recorded measure


@pytest.mark.parametrize("q", ["剩余年假超过2天的员工", "谁的年假余额最多", "事假额度还有多少天", "年假还剩几天的人最多"])
def test_a_balance_of_leave_is_not_in_the_data(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status == "insufficient" and r.value is None, r.answer


# ---------------------------------------------------------------- A1: courtesy around the question


@pytest.mark.parametrize(
    "q, status",
    [("停用设备有几台呀，给个数就行", "停用"), ("您好，我是刚来的，请教一下报废的设备有几台", "报废")],
)
def test_count_with_courtesy_around_it(conn: GraphConnection, q: str, status: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == len(_equipment(status)), r.answer


def test_project_count_after_a_self_introduction(conn: GraphConnection) -> None:
    r = _ask(conn, "您好，我刚入职，请问项目一共多少个")
    assert r.status == "answered" and r.value == len(set(sheet("项目信息")["项目编号"])), r.answer


# ---------------------------------------------------------------- A10: 总人数 as the whole of a share


@pytest.mark.parametrize("q", ["女性占总人数的比例", "女员工占花名册总人数的比例"])
def test_share_of_women_in_the_total_headcount(conn: GraphConnection, q: str) -> None:
    people = sheet("人员信息")
    women = int((people["性别"] == "女").sum())
    r = _ask(conn, q)
    assert r.status == "answered" and r.value == pytest.approx(women / len(people), abs=1e-6), r.answer


# ---------------------------------------------------------------- A3: colloquial verbs of known relations


def test_projects_hung_under_a_region(conn: GraphConnection) -> None:
    links = sheet("项目片区关系")
    want = {str(c) for c, a in zip(links["项目编号"], links["片区编号"], strict=True) if str(a) == "PQ01"}
    r = _ask(conn, "青浦片区下面挂着几个项目")
    assert want and r.status == "answered" and r.value == len(want), r.answer


def test_duty_pay_paid_out_in_a_month(conn: GraphConnection) -> None:
    rows = sheet("考勤与人员财务")
    want = sum(num(v) or 0 for m, v in zip(rows["年月"], rows["值班费"], strict=True) if month(m) == "2026-01")
    r = _ask(conn, "1月值班费一共发出去多少")
    assert r.status == "answered" and r.value == pytest.approx(want), r.answer


def test_invoiced_said_twice(conn: GraphConnection) -> None:
    fin = sheet("项目月度财务")
    want = sum(
        num(v) or 0
        for c, m, v in zip(fin["项目编号"], fin["年月"], fin["开票金额"], strict=True)
        if c == "XMSQ0102" and month(m) == "2026-02"
    )
    r = _ask(conn, "区图书馆2月开票开了多少钱")
    assert r.status == "answered" and r.value == pytest.approx(want), r.answer


# ---------------------------------------------------------------- A13: list with a threshold in 万 and a unit


def test_list_projects_over_an_area(conn: GraphConnection) -> None:
    rows = sheet("项目信息")
    want = {
        f"{n}（{c}）"
        for n, c, a in zip(rows["项目名称"], rows["项目编号"], rows["合同面积"], strict=True)
        if (num(a) or 0) > 50000
    }
    r = _ask(conn, "列出合同面积超过5万平方米的项目")
    assert want and r.status == "answered" and set(r.value) == want and len(r.value) == len(want), r.answer


# ---------------------------------------------------------------- A4 (part): neither A nor B


def test_equipment_neither_in_working_order_nor_stopped(conn: GraphConnection) -> None:
    rows = sheet("设备信息")
    want = int((~rows["完好状况"].isin(["完好", "停用"])).sum())
    r = _ask(conn, "既不是完好也不是停用的设备有几台")
    assert want and r.status == "answered" and r.value == want, r.answer


def test_equipment_of_two_states_together(conn: GraphConnection) -> None:
    rows = sheet("设备信息")
    want = int(rows["完好状况"].isin(["停用", "报废"]).sum())
    r = _ask(conn, "停用加报废的设备总共多少台")
    assert want and r.status == "answered" and r.value == want, r.answer
