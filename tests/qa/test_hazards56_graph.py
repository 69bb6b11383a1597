"""Planner pass 56 end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel files
(our own wordings of red team 6's classes)."""

from __future__ import annotations

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, ask_dev, dev_records, dev_rows, plain_number, publish_dev
from tests.qa.gold import day, month, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards56")


def _quota(project: str, field: str, post: str | None = None) -> float:
    rows = dev_rows("岗位编制", 项目编号=project) if post is None else dev_rows("岗位编制", 项目编号=project, 岗位=post)
    return sum(plain_number(r[field]) or 0.0 for r in rows)


@pytest.mark.parametrize("q", ["{p}的编制总数是多少", "{p}编制一共是多少人", "{p}有多少个编制"])
def test_a_bare_bianzhi_is_the_sum_of_xiangmu_bianzhi(conn: GraphConnection, q: str) -> None:
    project = "XMSQ0102"
    r = answered_dev(conn, q.format(p=project))
    assert float(r.value) == _quota(project, "项目编制"), r.answer


def test_a_post_bianzhi_is_its_rows_sum_or_refused(conn: GraphConnection) -> None:
    r = ask_dev(conn, "XMSQ0102的保洁员编制是几个")
    if r.status == "answered":
        assert float(r.value) == _quota("XMSQ0102", "项目编制", "保洁员"), r.answer


def _month_of(v: object) -> str | None:
    return month(v)


@pytest.mark.parametrize(
    "q, field",
    [("{m}开始服务的员工有几个", "服务起始年月"), ("{m}服务结束的人有几个", "服务结束年月")],
)
def test_a_service_month_is_the_persons_own(conn: GraphConnection, q: str, field: str) -> None:
    rows = dev_records("人员信息")
    months = sorted({m for r in rows if (m := _month_of(r[field]))})
    assert months, field
    want_month = months[-1]
    y, mo = want_month.split("-")
    r = answered_dev(conn, q.format(m=f"{y}年{int(mo)}月"))
    assert r.value == sum(1 for x in rows if _month_of(x[field]) == want_month), r.answer


@pytest.mark.parametrize(
    "q, project, name",
    [("{p}的{n}什么时候进场的", "XMSQ0102", "客梯"), ("{p}的{n}是哪天进场的", "XMSQ0150", "冷却塔")],
)
def test_a_devices_entry_is_its_own_entry_date(conn: GraphConnection, q: str, project: str, name: str) -> None:
    (row,) = dev_rows("设备信息", 项目编号=project, 设备名称=name)
    (proj,) = dev_rows("项目信息", 项目编号=project)
    want, start = day(row["入项目日期"]), day(proj["开始日期"])
    assert want != start
    r = ask_dev(conn, q.format(p=project, n=name))
    if r.status == "answered":
        assert str(want) in r.answer and str(start) not in r.answer, r.answer
        assert "|" not in r.answer, r.answer  # the device by its human name, never its composite key


def test_a_value_before_yetai_is_a_count(conn: GraphConnection) -> None:
    value = "产业园区"
    r = answered_dev(conn, f"{value}业态的项目有几个")
    assert r.value == len(dev_rows("项目信息", 细分业态=value)), r.answer


_DAYS = [f"{d}日" for d in range(1, 32)]


def test_a_shift_codes_number_is_its_day_cells(conn: GraphConnection) -> None:
    rows = [r for r in dev_records("排班月报") if any(text(r[d]) == "早" for d in _DAYS)]
    project, ym = text(rows[0]["项目编号"]), month(rows[0]["年月"])
    assert project and ym
    same = [r for r in dev_records("排班月报") if text(r["项目编号"]) == project and month(r["年月"]) == ym]
    want = sum(1 for r in same for d in _DAYS if text(r[d]) == "早")
    assert want != len(same)
    y, m = ym.split("-")
    r = answered_dev(conn, f"{project}在{y}年{int(m)}月的排班里早班一共有多少个")
    assert float(r.value) == want, r.answer


def _amount(v: object) -> float:
    return plain_number(v) or 0.0


def test_billed_but_not_paid_is_one_record_with_both(conn: GraphConnection) -> None:
    rows = [r for r in dev_records("项目月度财务") if month(r["年月"]) == "2026-01"]
    want = sorted({str(text(r["项目编号"])) for r in rows if _amount(r["开票金额"]) > 0 and _amount(r["收款金额"]) == 0})
    assert want
    r = answered_dev(conn, "2026年1月开票了但还没有收款的项目有哪些")
    assert sorted(str(x) for x in r.value) == want or len(r.value) == len(want), r.answer


def test_the_earliest_expiring_certificate_is_by_valid_to(conn: GraphConnection) -> None:
    days = [day(r["有效期至"]) for r in dev_records("人员证书") if text(r["有效期至"])]
    first = min(d for d in days if d is not None)
    r = answered_dev(conn, "最早到期的证书是哪一张")
    assert str(first) in r.answer, r.answer


def test_duoj_of_a_duration_field_is_the_field(conn: GraphConnection) -> None:
    (proj,) = dev_rows("项目信息", 项目编号="XMSQ0102")
    r = answered_dev(conn, "XMSQ0102的服务期限有多久")
    assert str(text(proj["服务期限"])) in r.answer, r.answer
