"""现在 / 目前 on a person's project and a project's people on the real local graph (data/test_data): who holds at
the reference month — the registered project once its service has started (服务起始年月 ≤ that month), else the
service period (考勤 / 排班 months) covering it. Red team 5 class C: a registration that starts after today was
answered as the current project. Expected values are computed from the Excel rows with pandas."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, dev_records, publish_dev
from tests.qa.gold import day, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "service-at-today")


def _month(v: object) -> str | None:
    """年月 cells come as 2026-03, 202603 or 2026年3月."""
    s = text(v)
    if s is None:
        return None
    digits = "".join(c if c.isdigit() else " " for c in str(s)).split()
    if len(digits) == 1 and len(digits[0]) == 6:
        return f"{digits[0][:4]}-{digits[0][4:]}"
    return f"{digits[0]}-{int(digits[1]):02d}"


def _projects_at(person: dict[str, Any], month: str) -> set[str]:
    registered, start = text(person["当前服务项目编号"]), _month(person["服务起始年月"])
    if registered is not None and (start is None or start <= month):
        return {registered}
    rows = dev_records("考勤与人员财务") + dev_records("排班月报")
    return {str(text(r["项目编号"])) for r in rows if text(r["工号"]) == text(person["工号"]) and _month(r["年月"]) == month}


def _employed(person: dict[str, Any], t: date) -> bool:
    hired, left = day(person["入职日期"]), day(person["离职日期"])
    return (hired is None or hired <= t) and not (left is not None and left <= t)


def _mover(t: date) -> dict[str, Any]:
    """A person registered on a project whose service starts after t's month, serving elsewhere in that month."""
    month = t.strftime("%Y-%m")
    for p in dev_records("人员信息"):
        start = _month(p["服务起始年月"])
        if text(p["当前服务项目编号"]) and start is not None and start > month and _projects_at(p, month):
            return p
    raise AssertionError("data/test_data has nobody registered on a project that starts later")


@pytest.mark.parametrize("t", [date(2026, 2, 16), date(2026, 4, 20)])
def test_a_persons_project_now(conn: GraphConnection, t: date) -> None:
    p = _mover(date(2026, 2, 16))
    want = _projects_at(p, t.strftime("%Y-%m"))
    for q in (f"{p['姓名']}现在在哪个项目", f"{p['姓名']}目前服务的是哪个项目"):
        r = answered_dev(conn, q, today=t)
        assert isinstance(r.value, list) and len(r.value) == len(want), r.answer
        assert all(any(code in str(v) for v in r.value) for code in want), r.answer


@pytest.mark.parametrize("which", ["registered", "served"])
def test_a_projects_people_now(conn: GraphConnection, which: str) -> None:
    t = date(2026, 2, 16)
    month = t.strftime("%Y-%m")
    p = _mover(t)
    project = str(text(p["当前服务项目编号"])) if which == "registered" else sorted(_projects_at(p, month))[0]
    people = dev_records("人员信息")
    want = sum(1 for x in people if _employed(x, t) and project in _projects_at(x, month))
    r = answered_dev(conn, f"{project}现在有几个人", today=t)
    assert r.value == want, r.answer
    names = answered_dev(conn, f"{project}目前有哪些员工", today=t).value
    assert (any(str(p["姓名"]) in str(v) for v in names)) is (which == "served"), names
