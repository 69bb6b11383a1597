"""Judge-40 classes end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel
files (our own wordings): a date filled in as of a cut day is on or before it, and the P1 classes closed in pass 48."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import ask_dev, dev_records, plain_number, publish_dev
from tests.qa.gold import day, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards48")


@pytest.mark.parametrize(
    "q, cut", [("截至2026年2月15日，已经离职的有几个人", date(2026, 2, 15)), ("截至3月底已经离职的有几个人", date(2026, 3, 31))]
)
def test_people_who_had_left_by_a_cut_day_count_as_pandas(conn: GraphConnection, q: str, cut: date) -> None:
    want = [r for r in dev_records("人员信息") if (d := day(r["离职日期"])) is not None and d <= cut]
    a = ask_dev(conn, q)
    assert a.status == "answered", (q, a.answer)
    assert float(a.value) == len(want), (q, a.value, len(want))


def test_a_field_filled_in_lists_as_pandas(conn: GraphConnection) -> None:
    want = {str(r["工号"]) for r in dev_records("人员信息") if text(r["离职日期"]) is not None}
    a = ask_dev(conn, "人员信息表里离职日期有填写的人有哪些")
    assert a.status == "answered", a.answer
    assert want and all(any(k in str(v) for v in a.value) for k in want) and len(a.value) == len(want), a.value


def test_last_week_counts_the_inspections_of_its_days_as_pandas(conn: GraphConnection) -> None:
    want = [r for r in dev_records("检查记录") if (d := day(r["检查日期"])) is not None and date(2026, 4, 6) <= d <= date(2026, 4, 12)]
    a = ask_dev(conn, "今天是2026年4月13日，上周做了几次检查")
    assert a.status == "answered", a.answer
    assert float(a.value) == len(want), (a.value, len(want))
    assert "2026-04-06" in str(a.answer) and "2026-04-12" in str(a.answer), a.answer


def test_two_values_added_together_count_as_pandas(conn: GraphConnection) -> None:
    want = [r for r in dev_records("采购与维保") if text(r["记录类型"]) == "维保合同" and text(r["类别"]) in ("电梯维保", "消防维保")]
    a = ask_dev(conn, "电梯维保跟消防维保的维保合同加起来多少份")
    assert a.status == "answered", a.answer
    assert want and float(a.value) == len(want), (a.value, len(want))


def test_people_with_no_attendance_row_count_as_pandas(conn: GraphConnection) -> None:
    seen = {text(r["工号"]) for r in dev_records("考勤与人员财务")}
    want = {text(r["工号"]) for r in dev_records("人员信息")} - seen
    a = ask_dev(conn, "花名册上有多少人在考勤表里一条记录都没有")
    assert a.status == "answered", a.answer
    assert want and float(a.value) == len(want), (a.value, len(want))


@pytest.mark.parametrize(
    "q, a_field, b_field, unsigned",
    [
        ("岗位编制里项目编制合计比在岗人数合计多多少", "项目编制", "在岗人数", False),
        ("预算编制总数和在岗人数总数相差多少", "预算编制", "在岗人数", True),
    ],
)
def test_two_fields_totals_compared_as_pandas(conn: GraphConnection, q: str, a_field: str, b_field: str, unsigned: bool) -> None:
    rows = dev_records("岗位编制")
    diff = sum(plain_number(r[a_field]) or 0 for r in rows) - sum(plain_number(r[b_field]) or 0 for r in rows)
    a = ask_dev(conn, q)
    assert a.status == "answered", (q, a.answer)
    assert abs(float(a.value) - (abs(diff) if unsigned else diff)) < 1e-6, (q, a.value, diff)


def test_two_districts_restated_count_as_pandas(conn: GraphConnection) -> None:
    want = [r for r in dev_records("项目信息") if text(r["市（区）"]) in ("青浦区", "徐汇区")]
    a = ask_dev(conn, "青浦区、徐汇区两个区的项目一共几个")
    assert a.status == "answered", a.answer
    assert want and float(a.value) == len(want), (a.value, len(want))
