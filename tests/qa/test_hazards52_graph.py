"""Planner pass 52 end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel files
(our own wordings): closed ranges on a date field and on a number, a week with its dates in brackets, a one-sided bound
with its marker, two values of a field compared by count, suppliers counted by purchases, a share of one of two values,
a record not yet expired with today stated, and a data-change verb answered read-only."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, dev_records, publish_dev
from tests.qa.gold import day, num, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards52")


def _keys(value: list[str]) -> set[str]:
    return {v.split("（")[-1].rstrip("）") for v in value}


def test_a_day_range_on_the_expiry_field(conn: GraphConnection) -> None:
    want = sum(1 for r in dev_records("人员证书") if (d := day(r["有效期至"])) is not None and date(2027, 1, 1) <= d <= date(2028, 12, 16))
    r = answered_dev(conn, "有效期至在2027年1月1日至2028年12月16日之间的证书一共几张")
    assert r.value == want, r.answer


def test_a_day_range_with_a_short_second_day_and_strict_ends(conn: GraphConnection) -> None:
    days = [d for r in dev_records("检查记录") if (d := day(r["检查日期"])) is not None]
    r = answered_dev(conn, "2026年3月10日至30日的检查有几条")
    assert r.value == sum(1 for d in days if date(2026, 3, 10) <= d <= date(2026, 3, 30)), r.answer
    r = answered_dev(conn, "检查日期在2026年3月10日到3月30日之间（不含）的检查有几条")
    assert r.value == sum(1 for d in days if date(2026, 3, 10) < d < date(2026, 3, 30)), r.answer


def test_a_number_range_counts_both_ends(conn: GraphConnection) -> None:
    rows = dev_records("项目信息")
    want = {str(text(r["项目编号"])) for r in rows if (v := num(r["实际毛利率"])) is not None and 0.083 <= v <= 0.105}
    r = answered_dev(conn, "实际毛利率从8.3%到10.5%的项目有哪些")
    assert _keys(r.value) == want, r.answer
    want_n = sum(1 for r in rows if (v := num(r["合同金额"])) is not None and 1_620_000 <= v <= 3_456_000)
    r = answered_dev(conn, "合同金额162万~345.6万的项目有几个")
    assert r.value == want_n, r.answer


def test_a_week_with_its_dates_in_brackets(conn: GraphConnection) -> None:
    want = sum(1 for r in dev_records("检查记录") if (d := day(r["检查日期"])) is not None and date(2026, 3, 9) <= d <= date(2026, 3, 15))
    r = answered_dev(conn, "上周（3月9日—3月15日）做了多少次检查", today=date(2026, 3, 20))
    assert r.value == want, r.answer


def test_a_one_sided_bound_with_its_marker(conn: GraphConnection) -> None:
    days = [d for r in dev_records("检查记录") if (d := day(r["检查日期"])) is not None]
    r = answered_dev(conn, "2026年3月10日（含）之后的检查一共几次")
    assert r.value == sum(1 for d in days if d >= date(2026, 3, 10)), r.answer
    r = answered_dev(conn, "2026年3月10日之后的检查一共几次，当天不算")
    assert r.value == sum(1 for d in days if d > date(2026, 3, 10)), r.answer


def test_two_values_compared_by_count(conn: GraphConnection) -> None:
    posts = [str(text(r["岗位名称"])) for r in dev_records("人员信息")]
    a, b = posts.count("保安_普保"), posts.count("保安_领班")
    r = answered_dev(conn, "保安_普保和保安_领班这两个岗位哪个的人数更多")
    assert r.value == (["保安_普保"] if a > b else ["保安_领班"]), r.answer
    assert f"{abs(a - b)} 人" in r.answer, r.answer


def test_suppliers_counted_by_purchases(conn: GraphConnection) -> None:
    rows = [r for r in dev_records("采购与维保") if text(r["记录类型"]) in ("耗材采购", "固定资产")]
    names = [str(text(r["供应商名称"])) for r in rows]
    want = {n for n in names if names.count(n) >= 2}
    r = answered_dev(conn, "被采购过2次及以上的供应商都有哪些")
    assert set(r.value) == want, r.answer
    kind = [str(text(r["供应商名称"])) for r in rows if text(r["记录类型"]) == "耗材采购"]
    r = answered_dev(conn, "耗材被采购过至少2次的供应商有几家")
    assert r.value == len({n for n in kind if kind.count(n) >= 2}), r.answer


def test_a_share_of_one_of_two_values(conn: GraphConnection) -> None:
    rows = [r for r in dev_records("采购与维保") if text(r["记录类型"]) in ("耗材采购", "固定资产")]
    total = sum(num(r["金额"]) or 0 for r in rows)
    part = sum(num(r["金额"]) or 0 for r in rows if text(r["记录类型"]) == "固定资产")
    r = answered_dev(conn, "耗材采购和固定资产的金额里，固定资产占多少")
    assert r.value == pytest.approx(part / total, abs=1e-3), r.answer
    posts = [str(text(r["岗位名称"])) for r in dev_records("人员信息")]
    r = answered_dev(conn, "保洁员在保安_普保、保洁员两个岗位中的占比")
    assert r.value == pytest.approx(posts.count("保洁员") / (posts.count("保洁员") + posts.count("保安_普保")), abs=1e-3), r.answer


def test_a_contract_not_yet_expired_with_today_stated(conn: GraphConnection) -> None:
    ends = [day(r["结束日期"]) for r in dev_records("采购与维保") if text(r["记录类型"]) == "维保合同"]
    r = answered_dev(conn, "今天是2027年1月15日，还没到期的维保合同有几份")
    assert r.value == sum(1 for d in ends if d is not None and d > date(2027, 1, 15)), r.answer


def test_a_data_change_verb_is_answered_read_only(conn: GraphConnection) -> None:
    r = answered_dev(conn, "把XMSQ0102的合同金额归零")
    assert "只读取台账" in r.answer, r.answer


def test_a_count_over_two_bounds_on_one_field(conn: GraphConnection) -> None:
    days = [day(r["入职日期"]) for r in dev_records("人员信息")]
    r = answered_dev(conn, "入职日期晚于2024年1月1日且入职日期早于2026年3月1日的员工有几个")
    assert r.value == sum(1 for d in days if d is not None and date(2024, 1, 1) < d < date(2026, 3, 1)), r.answer


def test_the_source_of_a_classification(conn: GraphConnection) -> None:
    want = sum(1 for r in dev_records("岗位字典") if text(r["岗位大类"]) == "管理")
    r = answered_dev(conn, "以岗位字典的岗位大类为准，管理类的岗位有几个")
    assert r.value == want, r.answer


def test_a_union_share_of_people(conn: GraphConnection) -> None:
    posts = [str(text(r["岗位名称"])) for r in dev_records("人员信息")]
    r = answered_dev(conn, "保安_领班和保洁员里保安_领班占几成")
    assert r.value == pytest.approx(posts.count("保安_领班") / (posts.count("保安_领班") + posts.count("保洁员")), abs=1e-3), r.answer
