"""Planner pass 49 end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel files
(our own wordings): 截至 + a month with an event is every month up to the cut; a state on a record's own date field as
of a stated day takes no 年月 cut; the wrong readings of the red team's classes are refused, never answered."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, ask_dev, dev_records, publish_dev
from tests.qa.gold import day, month, text

pytestmark = pytest.mark.neo4j

_DAYS = [f"{d}日" for d in range(1, 32)]


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards49")


def _absent_up_to(last: str) -> int:
    return len(
        {
            text(r["工号"])
            for r in dev_records("考勤与人员财务")
            if (month(r["年月"]) or "9999") <= last and any(text(r.get(d)) == "旷" for d in _DAYS)
        }
    )


@pytest.mark.parametrize("q", ["截至2026年3月，旷过工的员工一共几个", "到3月为止，考勤里旷工的人有多少"])
def test_an_event_up_to_the_cut_counts_every_month(conn: GraphConnection, q: str) -> None:
    r = answered_dev(conn, q)
    assert float(r.value) == _absent_up_to("2026-03") == 2, (q, r.answer)


def test_a_state_on_the_contract_end_takes_no_month_cut(conn: GraphConnection) -> None:
    cut = date(2026, 4, 29)
    want = sum(
        1
        for r in dev_records("采购与维保")
        if text(r["记录类型"]) == "维保合同" and (end := day(r["结束日期"])) is not None and end > cut
    )
    r = answered_dev(conn, "截至2026-04-29，结束日期还没到的维保合同一共几份")
    assert float(r.value) == want == 4, r.answer


@pytest.mark.parametrize(
    "q",
    [
        "王海涛的项目一共几个员工",
        "张丽负责的项目里有多少台设备",
        "宋志刚3月份值过几次班",
        "青浦工业园电梯维保合同还剩几个月到期",
        "何志远的电梯安全管理员证还有几年有效",
        "唐立新名下有多少台设备",
    ],
)
def test_the_wrong_readings_are_refused(conn: GraphConnection, q: str) -> None:
    r = ask_dev(conn, q)
    assert r.status != "answered", (q, r.answer)
