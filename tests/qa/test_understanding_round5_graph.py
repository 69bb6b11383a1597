"""Judge-r5 mechanisms end to end on the real local graph (data/test_data, built with the builder's
service), each answer equal to pandas over the same Excel files: the complement of a value on its
field after 除了X，其他区; money asked of a category of purchase records (their total, no month)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("round5-home"))
    assert report.status == "published", report.error
    yield graph


def test_other_districts_after_an_excluded_one(conn: GraphConnection) -> None:
    df = sheet("项目信息")
    district = str(df["市（区）"].value_counts().index[0])
    want = int((df["市（区）"] != district).sum())
    r = ask_once(question_agent(TODAY), f"除了{district}，其他区一共有多少个项目", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_money_of_a_purchase_category_is_its_total(conn: GraphConnection) -> None:
    df = sheet("采购与维保")
    bought = df[df["记录类型"].isin(["耗材采购", "固定资产"])]
    category = str(bought["类别"].value_counts().index[0])
    want = round(float(bought[bought["类别"] == category]["金额"].astype(float).sum()), 2)
    r = ask_once(question_agent(TODAY), f"{category}买了多少钱", conn=conn, role="admin")
    assert r.status == "answered" and r.value is not None and abs(float(r.value) - want) < 0.01, r.answer
