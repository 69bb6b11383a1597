"""Judge-11 W4 end to end on the real local graph (data/test_data): a relationship between two projects
read in the direction the words give, each answer equal to pandas over 项目信息.上级项目编号 (own wording);
judge-10 W3 re-probed in a fresh wording (a stated status adds no derived date condition)."""

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
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards16-home"))
    assert report.status == "published", report.error
    yield graph


def _ask(conn: GraphConnection, q: str) -> Any:
    return ask_once(question_agent(TODAY), q, conn=conn, role="admin")


def _children(parent: str) -> set[str]:
    rows = sheet("项目信息")
    return {str(k) for k, p in zip(rows["项目编号"], rows["上级项目编号"], strict=True) if text(p) == parent}


def _parent(child: str) -> set[str]:
    rows = sheet("项目信息")
    return {str(text(p)) for k, p in zip(rows["项目编号"], rows["上级项目编号"], strict=True) if k == child and text(p)}


def _codes(value: Any) -> set[str]:
    return {str(v).rsplit("（", 1)[-1].rstrip("）") for v in value}


@pytest.mark.parametrize(
    "q",
    [
        "上级项目编号是XMSQ0105的项目有哪些",
        "上级项目编号是XMSQ0105的子项目有哪些",
        "北斗园区的子项目有哪些",
        "哪些项目属于北斗园区",
        "XMSQ0105包含哪些项目",
    ],
)
def test_the_projects_a_named_one_contains(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert _codes(r.value) == _children("XMSQ0105") != set(), (q, r.value)


@pytest.mark.parametrize("q", ["北斗园区下面有几个子项目", "北斗园区下面的项目有几个", "属于北斗园区的项目有几个"])
def test_the_count_of_a_named_projects_children(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert int(r.value) == len(_children("XMSQ0105")) == 2, (q, r.value)


@pytest.mark.parametrize("q, child", [("XMSQ0106的上级项目是哪个", "XMSQ0106"), ("XMSQ0107属于哪个项目", "XMSQ0107")])
def test_the_project_containing_a_named_one(conn: GraphConnection, q: str, child: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert _codes(r.value) == _parent(child) != set(), (q, r.value)


def test_an_unclear_role_is_not_answered(conn: GraphConnection) -> None:
    r = _ask(conn, "北斗园区是哪个项目的子项目")
    assert r.status != "answered", r.answer


def test_a_stated_status_now_is_that_value_only(conn: GraphConnection) -> None:
    rows = sheet("项目信息")
    expected = sum(1 for v in rows["合同状况"] if text(v) == "已到期")
    r = _ask(conn, "合同状况现在是已到期的项目共有几个")
    assert r.status == "answered", r.answer
    assert int(r.value) == expected, (r.value, r.answer)
