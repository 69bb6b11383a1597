"""Judge-12 classes end to end on the real local graph (data/test_data), each answer equal to pandas
over the dev Excel files (own wording).

W5: a ledger named as the subject (岗位字典里…的岗位) lists or counts that ledger's records on their own
field, never the people's rows carrying a field of the same name."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, month, num, sheet, text

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards17-home"))
    assert report.status == "published", report.error
    yield graph


def _ask(conn: GraphConnection, q: str) -> Any:
    return ask_once(question_agent(TODAY), q, conn=conn, role="admin")


def _posts(field: str, value: str) -> set[str]:
    rows = sheet("岗位字典")
    return {str(n) for n, v in zip(rows["岗位名称"], rows[field], strict=True) if text(v) == value}


@pytest.mark.parametrize(
    "q, field, value",
    [
        ("岗位字典中员工层级属于一线员工的岗位，列一下", "员工层级", "一线员工"),
        ("岗位字典里员工层级为项目管理人员的岗位有哪些", "员工层级", "项目管理人员"),
        ("岗位字典中岗位大类是保安的岗位名称列一下", "岗位大类", "保安"),
        ("按岗位字典，哪些岗位属于一线员工层级", "员工层级", "一线员工"),
    ],
)
def test_a_ledger_named_as_subject_lists_its_own_records(conn: GraphConnection, q: str, field: str, value: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert set(r.value) == _posts(field, value) != set(), (q, r.value)


def test_a_ledger_named_as_subject_counts_its_own_records(conn: GraphConnection) -> None:
    r = _ask(conn, "岗位字典里岗位大类为保洁的岗位有几个")
    assert r.status == "answered", r.answer
    assert int(r.value) == len(_posts("岗位大类", "保洁")), r.value


def _purchases() -> Any:
    rows = sheet("采购与维保")
    return rows[rows["记录类型"].isin(["耗材采购", "固定资产"])]


@pytest.mark.parametrize(
    "q, item, field",
    [
        ("复合肥一共采购了多少", "复合肥", "数量"),
        ("大号垃圾袋总共采购了几个", "大号垃圾袋", "数量"),
        ("干粉灭火器买了多少钱", "干粉灭火器", "金额"),
        ("LED灯管一共花了多少钱", "LED灯管", "金额"),
    ],
)
def test_how_much_of_an_item_was_bought(conn: GraphConnection, q: str, item: str, field: str) -> None:
    rows = _purchases()
    expected = float(rows[rows["名称"] == item][field].sum())
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert float(r.value) == expected > 1, (q, r.value)


def test_the_projects_that_bought_an_item_in_a_month(conn: GraphConnection) -> None:
    rows = _purchases()
    hit = rows[(rows["名称"] == "驾驶式洗地机") & (rows["年月"].astype(str).str.startswith("2026-01"))]
    r = _ask(conn, "2026年1月哪些项目采购过驾驶式洗地机")
    assert r.status == "answered", r.answer
    assert {str(v).rsplit("（", 1)[-1].rstrip("）") for v in r.value} == set(hit["项目编号"]) != set(), r.value


def _finance(code: str, ym: str, field: str) -> float:
    rows = sheet("项目月度财务")
    return sum(
        float(num(v) or 0)
        for k, m, v in zip(rows["项目编号"], rows["年月"], rows[field], strict=True)
        if k == code and month(m) == ym
    )


@pytest.mark.parametrize(
    "q, code, ym, field",
    [
        ("帮领导问一下，XMSQ0150 1月开了多少票", "XMSQ0150", "2026-01", "开票金额"),
        ("替经理查下区图书馆2月收款多少", "XMSQ0102", "2026-02", "收款金额"),
        ("老板让我问问，XMSQ0105 3月收款多少", "XMSQ0105", "2026-03", "收款金额"),
    ],
)
def test_a_courtesy_opener_naming_who_asks_changes_nothing(
    conn: GraphConnection, q: str, code: str, ym: str, field: str
) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert float(r.value) == _finance(code, ym, field) > 0, (q, r.value)


@pytest.mark.parametrize("q", ["谢谢啊，帮了大忙", "行，今天就到这儿，辛苦", "好的明白了，多谢"])
def test_a_sign_off_gets_the_non_data_answer(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value is None and not r.queries, r.answer


@pytest.mark.parametrize(
    "q, code, field, later, earlier",
    [
        ("XMSQ0150 2月和1月的开票金额差多少（2026年）", "XMSQ0150", "开票金额", "2026-02", "2026-01"),
        ("2026年的：XMSQ0150 2月收款比1月多多少", "XMSQ0150", "收款金额", "2026-02", "2026-01"),
    ],
)
def test_a_year_stated_apart_qualifies_the_months(
    conn: GraphConnection, q: str, code: str, field: str, later: str, earlier: str
) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert abs(float(r.value)) == abs(_finance(code, later, field) - _finance(code, earlier, field)), (q, r.value)


def test_a_year_stated_apart_sums_the_months_named(conn: GraphConnection) -> None:
    r = _ask(conn, "区图书馆3月和4月收款合计多少，都是2026年")
    assert r.status == "answered", r.answer
    assert float(r.value) == _finance("XMSQ0102", "2026-03", "收款金额") + _finance("XMSQ0102", "2026-04", "收款金额")


