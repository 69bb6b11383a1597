"""Planner pass 60 end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel files:
groups ranked by a date (red team 9 BB), a conditional rate (W) and the refusals of U, X and Y."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import DEV_TODAY, answered_dev, ask_dev, dev_records, plain_number, publish_dev
from tests.qa.gold import month, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards60")


def _day(v: object) -> date | None:
    s = (text(v) or "").replace("/", "-").replace(".", "-")[:10]
    try:
        y, m, d = (int(x) for x in s.split("-"))
    except ValueError:
        return None
    return date(y, m, d)


def _won() -> dict[str, date]:
    """项目编号 → its latest 中标日期 (mixed spellings: 2023-11-20 00:00:00, 2026/3/18)."""
    out: dict[str, date] = {}
    for b in dev_records("投标记录"):
        if (day := _day(b["中标日期"])) is not None:
            out[str(b["项目编号"])] = max(out.get(str(b["项目编号"]), day), day)
    return out


def test_bb_the_project_won_last_is_ranked_by_its_date(conn: GraphConnection) -> None:
    won = _won()
    last = max(won.values())
    r = answered_dev(conn, "中标日期最晚的是哪个项目？")
    want = sorted(p for p, d in won.items() if d == last)
    assert sorted(next(p for p in won if p in str(v)) for v in r.value) == want, r.answer  # 名称（XMSQ0303）


def test_w_the_rate_of_a_kind_divides_by_that_kind(conn: GraphConnection) -> None:
    kind = [d for d in dev_records("设备信息") if text(d["设备类型"]) == "电梯"]
    want = sum(1 for d in kind if text(d["完好状况"]) == "完好") / len(kind)
    r = ask_dev(conn, "电梯类设备的完好率是多少？")
    if r.status == "answered":
        assert r.value == pytest.approx(want, abs=1e-3) or r.value == pytest.approx(want * 100, abs=0.1), r.answer
    else:
        assert r.status == "clarify", r.answer


@pytest.mark.parametrize(
    "q",
    [
        "设备都是完好的项目有几个？",  # U
    ],
)
def test_misreadings_are_refused_never_answered(conn: GraphConnection, q: str) -> None:
    r = ask_dev(conn, q)
    assert r.status != "answered", r.answer


def test_w_a_named_projects_rate_divides_by_its_own_devices(conn: GraphConnection) -> None:
    own = [d for d in dev_records("设备信息") if text(d["项目编号"]) == "XMSQ0150"]
    want = sum(1 for d in own if text(d["完好状况"]) == "完好") / len(own)
    r = answered_dev(conn, "XMSQ0150的设备完好率是多少？")
    assert r.value == pytest.approx(want, abs=1e-3) or r.value == pytest.approx(want * 100, abs=0.1), r.answer


@pytest.mark.parametrize(("q", "ym", "keep"), [("2026年2月在岗人数为1的项目有几个？", "2026-02", lambda n: n == 1),
                                             ("在岗人数多于1人的项目2026年3月有几个？", "2026-03", lambda n: n > 1)])
def test_x_a_months_headcount_is_read_off_that_months_snapshot(
    conn: GraphConnection, q: str, ym: str, keep: Callable[[float], bool]
) -> None:
    want = {
        text(r["项目编号"])
        for r in dev_records("月度快照")
        if month(r["年月"]) == ym and (n := plain_number(r["在岗人数"])) is not None and keep(n)
    }
    r = answered_dev(conn, q)
    assert r.value == len(want), r.answer


@pytest.mark.parametrize(("q", "days"), [("有效期还剩不到200天的证书有几本？", 200), ("证书有效期剩不到两年的有几本？", 730)])
def test_y_days_left_counted_from_today(conn: GraphConnection, q: str, days: int) -> None:
    left = [(d - DEV_TODAY).days for c in dev_records("人员证书") if (d := _day(c["有效期至"])) is not None]
    r = answered_dev(conn, q)
    assert r.value == sum(1 for n in left if 0 <= n < days), r.answer
