"""Judge-8 hazard H4-2 (b) on the real local graph: a now-word (现在 / 当前 / 目前 / 眼下) in a question
about a named person's registered current project is not a status filter on that project — the
registration (人员信息.当前服务项目编号) already is the current state. data/test_data registers nobody on
an ended project, so one person of a copy is registered on one; the answer is still that project."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import openpyxl
import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)
PERSON = "韩淑珍"


def _ended_project() -> str:
    projects = sheet("项目信息")
    return str(projects[projects["服务状态"].astype(str) == "已结束"]["项目编号"].iloc[0])


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """data/test_data, but PERSON's registered current project is an ended one."""
    folder = tmp_path_factory.mktemp("registered-ledgers")
    for f in TEST_DATA.glob("*.xlsx"):
        shutil.copy(f, folder / f.name)
    wb = openpyxl.load_workbook(folder / "人员信息.xlsx")
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    name_col, project_col = header.index("姓名"), header.index("当前服务项目编号")
    changed = 0
    for row in ws.iter_rows(min_row=2):
        if row[name_col].value == PERSON:
            row[project_col].value = _ended_project()
            changed += 1
    assert changed == 1
    wb.save(folder / "人员信息.xlsx")
    return folder


@pytest.fixture(scope="module")
def conn(
    graph: GraphConnection, ledgers: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[GraphConnection]:
    report = build_and_publish([ledgers], graph, home=tmp_path_factory.mktemp("registered-home"))
    assert report.status == "published", report.error
    yield graph


@pytest.mark.parametrize("question", [f"{PERSON}当前服务的是哪个项目", f"{PERSON}目前在哪个项目上服务"])
def test_now_word_keeps_the_registered_project(conn: GraphConnection, question: str) -> None:
    code = _ended_project()
    r = ask_once(question_agent(TODAY), question, conn=conn, role="admin")
    assert r.status == "answered", r.answer
    assert isinstance(r.value, list) and len(r.value) == 1 and code in str(r.value[0]), r.answer


def test_now_word_still_means_current_staff_of_a_project(conn: GraphConnection) -> None:
    """The other way round a project's registrations are not all current: 现在 still drops those who left."""
    people = sheet("人员信息")
    code = "XMSQ0110"  # one of its registered people has left
    mine = people[people["当前服务项目编号"].astype(str) == code]
    want = int(mine["离职日期"].isna().sum())
    r = ask_once(question_agent(TODAY), f"{code}现在有多少人", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer
