"""The acceptance-walk gaps end to end on the real local graph: data/test_data with one change (no
device is 报废, so 报废 is a legal dictionary value that no record holds), built with the
builder's service; answers are checked against pandas over the same Excel files."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import openpyxl
import pytest

from kgdesk.agent.agent import Agent
from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from kgdesk.qa import Answer
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, person_name, project_name, sheet, text

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)
DAYS = [f"{d}日" for d in range(1, 32)]


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """data/test_data, but every 报废 device is 停用 instead."""
    folder = tmp_path_factory.mktemp("ledgers")
    for f in TEST_DATA.glob("*.xlsx"):
        shutil.copy(f, folder / f.name)
    wb = openpyxl.load_workbook(folder / "设备信息.xlsx")
    ws = wb["数据"]
    changed = 0
    for row in ws.iter_rows():
        for cell in row:
            if cell.value == "报废":
                cell.value = "停用"
                changed += 1
    assert changed, "the test data has no 报废 device to change"
    wb.save(folder / "设备信息.xlsx")
    return folder


@pytest.fixture(scope="module")
def conn(
    graph: GraphConnection, ledgers: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[GraphConnection]:
    report = build_and_publish([ledgers], graph, home=tmp_path_factory.mktemp("gaps-home"))
    assert report.status == "published", report.error
    yield graph


@pytest.fixture(scope="module")
def qa() -> Agent:
    return question_agent(TODAY)


def ask(conn: GraphConnection, qa: Agent, q: str) -> Answer:
    return ask_once(qa, q, conn=conn)


def sick_days(staff_code: str, months: set[str]) -> int:
    df = sheet("考勤与人员财务")
    rows = df[(df["工号"] == staff_code) & (df["年月"].map(_month).isin(months))]
    return sum(1 for _, r in rows.iterrows() for d in DAYS if text(r[d]) == "病")


def _month(v: object) -> str:
    s = str(v).strip()
    y, _, m = s.replace("年", "-").replace("月", "").partition("-")
    return f"{int(y):04d}-{int(m):02d}"


def test_a_projects_responsible_person(conn: GraphConnection, qa: Agent) -> None:
    df = sheet("项目信息")
    head = df[df["项目编号"] == "XMSQ0102"]["项目负责人工号"].iloc[0]
    r = ask(conn, qa, "青浦-区图书馆的项目负责人是谁？")
    assert r.status == "answered" and r.value == [person_name(head)], r.answer


def test_sick_leave_days_from_the_day_codes(conn: GraphConnection, qa: Agent) -> None:
    code = "KWL2008027"  # 高永强: two 病 days in April
    r = ask(conn, qa, "高永强2026年4月请了几天病假？")
    assert r.status == "answered" and r.value == sick_days(code, {"2026-04"}) == 2, r.answer
    assert "2 天" in r.answer and "「病」（病假）" in r.answer
    code = "KWL2011013"  # 罗春梅: sick days in January, March and April
    r = ask(conn, qa, "罗春梅2026年1月到4月请了几天病假")
    months = {"2026-01", "2026-02", "2026-03", "2026-04"}
    assert r.status == "answered" and r.value == sick_days(code, months) == 3, r.answer


def test_active_projects_without_staff(conn: GraphConnection, qa: Agent) -> None:
    r = ask(conn, qa, "服务中的项目有哪些没有安排人员？")
    expected = ask(conn, qa, "哪些服务中的项目没有人员？")  # the built-in analysis (eval q39)
    assert r.status == expected.status == "answered"
    assert r.value == expected.value == [project_name("XMSQ0215")], r.answer


def test_a_legal_value_nobody_holds_is_an_empty_answer(conn: GraphConnection, qa: Agent) -> None:
    r = ask(conn, qa, "哪些设备报废了？")
    assert r.status == "answered" and r.value == [], r.answer
    assert "没有符合条件的设备（0 台）" in r.answer and "条件：完好状况 = 报废" in r.answer
    r = ask(conn, qa, "有没有报废的设备")
    assert r.status == "answered" and r.value is False
    # a word that is no legal value still offers the values the data holds
    r = ask(conn, qa, "完好状况为坏掉的设备有哪些")
    assert r.status in ("clarify", "insufficient") and r.value in (None, [])


def test_the_situation_of_one_attendance_record(conn: GraphConnection, qa: Agent) -> None:
    df = sheet("考勤与人员财务")
    row = df[(df["工号"] == "KWL2307024") & (df["年月"].map(_month) == "2026-03")].iloc[0]
    r = ask(conn, qa, "赵德胜2026年3月的考勤情况")
    assert r.status == "answered" and len(r.value) == 1, r.answer
    worked = int(float(row["上班天数"]))
    codes = [text(row[d]) for d in DAYS if text(row[d])]
    assert f"上班天数：{worked} 天" in r.answer
    assert f"出勤 {codes.count('√')} 天" in r.answer and f"调休 {codes.count('调')} 天" in r.answer
    assert "税后工资" not in r.answer


def test_hidden_main_fields_are_left_out_not_refused(conn: GraphConnection) -> None:
    """A guest may not see a project's contract dates: the 情况 answer leaves them out instead of
    refusing the whole question; asked for by name, they are still refused."""
    from kgdesk.app.asking import make_policy
    from kgdesk.config.settings import effective_settings

    guarded = question_agent(TODAY, policy=make_policy(effective_settings()))

    def guest(q: str) -> Answer:
        return ask_once(guarded, q, conn=conn, role="guest")

    r = guest("青浦-区图书馆的基本信息")
    assert r.status == "answered", r.answer
    assert "服务状态" in r.answer and "开始日期" not in r.answer.split("当前角色无权查看")[0]
    assert "当前角色无权查看的字段未列出" in r.answer
    assert guest("青浦-区图书馆的开始日期是什么").status == "denied"
