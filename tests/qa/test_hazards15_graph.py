"""Judge-15 wrong-answer classes end to end on the real local graph (data/test_data), each answer equal
to pandas over the same Excel files (own wording)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, month, num, project_name, sheet, text

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards15-home"))
    assert report.status == "published", report.error
    yield graph


def _ask(conn: GraphConnection, q: str, today: date = TODAY) -> Any:
    return ask_once(question_agent(today), q, conn=conn, role="admin")


# ---------------------------------------------------------------- W1: a unit word of the measure


def _column_sum(field: str) -> float:
    rows = sheet("岗位编制")
    return sum(v for v in (num(x) for x in rows[field]) if v is not None)


@pytest.mark.parametrize(
    "q, field",
    [
        ("岗位编制的预算编制总共是多少人", "预算编制"),
        ("全部项目的在岗人数一共有几个人", "在岗人数"),
        ("标准工时人数合计有多少人", "标准工时人数"),
        ("所有项目的项目编制加在一起多少个人", "项目编制"),
        ("预算编制加在一起是多少人", "预算编制"),
    ],
)
def test_a_measure_counted_in_people_is_its_column_sum(conn: GraphConnection, q: str, field: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert float(r.value) == _column_sum(field), (q, r.value, r.answer)


# ---------------------------------------------------------------- W2: a spending verb asks the money


def _spent(kinds: tuple[str, ...], ym: str | None = None) -> float:
    rows = sheet("采购与维保")
    hit = rows[rows["记录类型"].isin(kinds)]
    if ym is not None:
        hit = hit[[month(v) == ym for v in hit["年月"]]]
    return sum(v for v in (num(x) for x in hit["金额"]) if v is not None)


@pytest.mark.parametrize(
    "q, kinds, ym",
    [
        ("3月采购一共花了多少", ("耗材采购", "固定资产"), "2026-03"),
        ("耗材采购的支出是多少", ("耗材采购",), None),
        ("维保合同开销多少钱", ("维保合同",), None),
        ("2月固定资产采购用了多少", ("固定资产",), "2026-02"),
        ("1月耗材采购总共投入了多少", ("耗材采购",), "2026-01"),
    ],
)
def test_what_was_spent_is_the_money_sum(
    conn: GraphConnection, q: str, kinds: tuple[str, ...], ym: str | None
) -> None:
    want = _spent(kinds, ym)
    rows = sheet("采购与维保")
    assert want != len(rows)  # a count of records could never pass
    r = _ask(conn, q)
    assert r.status == "answered", (q, r.answer)
    assert float(r.value) == want, (q, r.value, r.answer)


# ---------------------------------------------------------------- W3: a stated status read once

EARLY = date(2025, 1, 1)  # every 已到期 contract still ends after this day: a date reading finds none


def _stated(value: str) -> list[str]:
    rows = sheet("项目信息")
    return sorted(project_name(str(c)) for c, s in zip(rows["项目编号"], rows["合同状况"], strict=True) if text(s) == value)


@pytest.mark.parametrize(
    "q",
    ["目前合同状况为已到期的项目有哪些", "合同状况已到期的项目列一下", "哪些项目的合同状况写的是已到期"],
)
def test_a_stated_status_is_the_status_only(conn: GraphConnection, q: str) -> None:
    want = _stated("已到期")
    assert want
    r = _ask(conn, q, today=EARLY)
    assert r.status == "answered", (q, r.answer)
    assert sorted(r.value) == want, (q, r.value, r.answer)


def test_a_stated_status_counted(conn: GraphConnection) -> None:
    r = _ask(conn, "合同状况显示已到期的项目有多少个", today=EARLY)
    assert r.status == "answered" and r.value == len(_stated("已到期")), r.answer


# ---------------------------------------------------------------- A1: 挂 as the region–project relation


def _region_projects() -> dict[str, set[str]]:
    names = dict(zip(sheet("片区信息")["片区编号"], sheet("片区信息")["片区名称"], strict=True))
    out: dict[str, set[str]] = {}
    rel = sheet("项目片区关系")
    for code, region in zip(rel["项目编号"], rel["片区编号"], strict=True):
        out.setdefault(str(names[region]), set()).add(str(code))
    return out


@pytest.mark.parametrize("region", ["青浦片区", "徐汇片区"])
def test_projects_hung_under_a_region(conn: GraphConnection, region: str) -> None:
    r = _ask(conn, f"{region}底下一共挂了几个项目")
    assert r.status == "answered" and r.value == len(_region_projects()[region]), r.answer


def test_regions_with_at_least_n_projects_hung(conn: GraphConnection) -> None:
    counts = {k: len(v) for k, v in _region_projects().items()}
    n = 5
    want = sorted(k for k, c in counts.items() if c >= n)
    assert 0 < len(want) < len(counts)
    r = _ask(conn, f"挂了{n}个及以上项目的片区有哪些")
    assert r.status == "answered", r.answer
    assert sorted(v.split("（")[0] for v in r.value) == want, r.value


# ---------------------------------------------------------------- A3: filler words next to a known field


def test_an_average_said_with_xialai(conn: GraphConnection) -> None:
    projects = sheet("项目信息")
    inside = _region_projects()["青浦片区"]
    scores = [num(v) for c, v in zip(projects["项目编号"], projects["客户满意度"], strict=True) if c in inside]
    vals = [v for v in scores if v is not None]
    r = _ask(conn, "青浦片区项目的客户满意度平均下来是多少")
    assert r.status == "answered" and abs(float(r.value) - sum(vals) / len(vals)) < 1e-6, r.answer


@pytest.mark.parametrize("field", ["委托方式", "计费方式"])
def test_a_field_said_with_caiyong(conn: GraphConnection, field: str) -> None:
    projects = sheet("项目信息")
    row = projects[projects["项目编号"] == "XMSQ0102"].iloc[0]
    r = _ask(conn, f"区图书馆采用的{field}是什么")
    assert r.status == "answered" and r.value == text(row[field]), r.answer


def test_actual_receipts_are_the_receipts(conn: GraphConnection) -> None:
    fin = sheet("项目月度财务")
    hit = fin[fin["项目编号"] == "XMSQ0102"]
    hit = hit[[month(v) == "2026-01" for v in hit["年月"]]]
    want = sum(v for v in (num(x) for x in hit["收款金额"]) if v is not None)
    r = _ask(conn, "区图书馆1月实际收款是多少")
    assert r.status == "answered" and float(r.value) == want, r.answer


# ---------------------------------------------------------------- A8: a region that is none


@pytest.mark.parametrize("q", ["静安片区一共有几个项目", "静安片区下面挂着哪些项目"])
def test_a_region_that_is_none_is_no_such_entity(conn: GraphConnection, q: str) -> None:
    assert "静安片区" not in _region_projects()
    r = _ask(conn, q)
    assert r.status == "insufficient" and "静安片区" in r.answer, r.answer
