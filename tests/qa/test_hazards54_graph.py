"""Planner pass 54 end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel files
(our own wordings): a money total of two compared values of a type field is Σ of the ledger's money field (投标金额 per
投标类型, 金额 per 记录类型, 原值 per 完好状况), never a count; 相差 / 差多少 / 差了多少 in a "跟 B 比" frame is |A − B| for
two months and two projects; a 设备类型 value before 那些 / 那几台 is the type (judge 43 K3), never a name search."""

from __future__ import annotations

from collections import defaultdict

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, dev_records, plain_number, publish_dev
from tests.qa.gold import month, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards54")


def _sums(ledger: str, by: str, field: str) -> dict[str, float]:
    out: dict[str, float] = defaultdict(float)
    for r in dev_records(ledger):
        if (v := plain_number(r[field])) is not None:
            out[str(month(r[by]) if by == "年月" else text(r[by]))] += v
    return out


def test_two_bid_types_compared_by_their_money_total(conn: GraphConnection) -> None:
    s = _sums("投标记录", "投标类型", "投标金额")
    r = answered_dev(conn, "续标的投标总额是不是超过了新标的")
    assert r.value is (s["续标"] > s["新标"]), r.answer
    r = answered_dev(conn, "新标的投标总额有没有比续标的多")
    assert r.value is (s["新标"] > s["续标"]), r.answer


def test_two_purchase_kinds_compared_by_their_money_total(conn: GraphConnection) -> None:
    s = _sums("采购与维保", "记录类型", "金额")
    r = answered_dev(conn, "固定资产的采购总额有没有超过耗材采购的总额")
    assert r.value is (s["固定资产"] > s["耗材采购"]), r.answer


def test_two_months_in_a_frame_differ_by_the_absolute_amount(conn: GraphConnection) -> None:
    s = _sums("考勤与人员财务", "年月", "值班费")
    jan, apr = s["2026-01"], s["2026-04"]
    assert jan != apr
    r = answered_dev(conn, "4月份值班费合计和1月份比，差多少钱")
    assert r.value == pytest.approx(abs(apr - jan)), r.answer
    r = answered_dev(conn, "4月的值班费比1月少多少")
    assert r.value == pytest.approx(jan - apr), r.answer


def test_two_projects_in_a_frame_differ_by_the_absolute_area(conn: GraphConnection) -> None:
    area = {str(text(r["项目编号"])): plain_number(r["合同面积"]) for r in dev_records("项目信息")}
    small, large = sorted((k for k, v in area.items() if v), key=lambda k: area[k] or 0)[:2]
    r = answered_dev(conn, f"{large}的合同面积跟{small}比差了多少")
    assert r.value == pytest.approx(abs((area[large] or 0) - (area[small] or 0))), r.answer


@pytest.mark.parametrize("kind", ["消防", "安防"])
def test_a_device_type_before_a_demonstrative_is_the_type(conn: GraphConnection, kind: str) -> None:
    want = sum(1 for r in dev_records("设备信息") if text(r["设备类型"]) == kind)
    r = answered_dev(conn, f"{kind}那些设备一共有几台")
    assert r.value == want, r.answer


def test_times_of_a_money_measure_are_records_with_money(conn: GraphConnection) -> None:
    rows = dev_records("项目月度财务")
    r = answered_dev(conn, "总共收款了几次")
    assert r.value == sum(1 for x in rows if (plain_number(x["收款金额"]) or 0) > 0), r.answer
    r = answered_dev(conn, "3月份开票一共开了多少钱")
    assert r.value == pytest.approx(sum(plain_number(x["开票金额"]) or 0 for x in rows if month(x["年月"]) == "2026-03")), r.answer


def test_a_project_renewed_from_another(conn: GraphConnection) -> None:
    rows = dev_records("项目信息")
    renewed = next(x for x in rows if text(x["续签前项目编号"]))
    r = answered_dev(conn, f"{text(renewed['项目编号'])}是由哪个项目续签而来的")
    assert len(r.value) == 1 and str(text(renewed["续签前项目编号"])) in r.value[0], r.answer


def test_a_months_ratio_of_two_measures_of_the_same_rows(conn: GraphConnection) -> None:
    rows = [x for x in dev_records("项目月度财务") if month(x["年月"]) == "2026-02"]
    want = sum(plain_number(x["收款金额"]) or 0 for x in rows) / sum(plain_number(x["开票金额"]) or 0 for x in rows)
    r = answered_dev(conn, "2026年2月的收款金额占同月开票金额的比例是多少")
    assert r.value == pytest.approx(want, abs=1e-6), r.answer


def test_people_as_project_heads_with_several_projects(conn: GraphConnection) -> None:
    heads: dict[str, int] = defaultdict(int)
    for x in dev_records("项目信息"):
        if (h := text(x["项目负责人工号"])) is not None:
            heads[h] += 1
    r = answered_dev(conn, "作为项目负责人负责着2个及以上项目的有几人")
    assert r.value == sum(1 for n in heads.values() if n >= 2), r.answer
