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
from tests.qa.gold import TEST_DATA, sheet, text

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
    want = {
        f"{n}（{c}）"
        for n, c, job, pr in zip(rows["姓名"], rows["工号"], rows["岗位名称"], rows["当前服务项目编号"], strict=True)
        if job == "项目经理" and pr == "XMSQ0150"
    }
    r = _ask(conn, "项目编号XMSQ0150的项目经理是哪位")
    assert want and r.status == "answered" and set(r.value) == want, r.answer

