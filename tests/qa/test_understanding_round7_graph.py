"""Round-7 mechanisms end to end on the real local graph (data/test_data), each answer equal to pandas
over the same Excel files: courtesy clauses around a question, a state word after a listed value, a
date field with has-it-passed words."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pandas as pd
import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, day, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("round7-home"))
    assert report.status == "published", report.error
    yield graph


def test_thanks_with_an_acknowledgement_is_small_talk(conn: GraphConnection) -> None:
    r = ask_once(question_agent(TODAY), "行，明白了，谢谢你", conn=conn, role="admin")
    assert r.status == "answered" and r.reason is None, r.answer


def test_greeting_before_a_question_is_ignored(conn: GraphConnection) -> None:
    devices = sheet("设备信息")
    want = int((devices["完好状况"].astype(str) == "带病运行").sum())
    r = ask_once(question_agent(TODAY), "你好，带病运行状态的设备有几台？谢谢", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_state_word_after_a_listed_value(conn: GraphConnection) -> None:
    bids = sheet("投标记录")
    want = int((bids["中标结果"].astype(str) == "未中标").sum())
    r = ask_once(question_agent(TODAY), "未中标状态的投标一共几条", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_date_field_passed_and_not_yet(conn: GraphConnection) -> None:
    certs = sheet("人员证书")
    ends = [day(v) for v in certs["有效期至"]]
    passed = sum(1 for d in ends if d is not None and d < TODAY)
    ahead = sum(1 for d in ends if d is not None and d > TODAY)
    r = ask_once(question_agent(TODAY), "有效期至已经过了的证书有几张", conn=conn, role="admin")
    assert r.status == "answered" and r.value == passed, r.answer
    r = ask_once(question_agent(TODAY), "证书里有效期至还没到的有几张", conn=conn, role="admin")
    assert r.status == "answered" and r.value == ahead, r.answer


def test_date_field_passed_of_the_named_record_type(conn: GraphConnection) -> None:
    rows = sheet("采购与维保")
    contracts = rows[rows["记录类型"].astype(str) == "维保合同"]
    want = sum(1 for v in contracts["结束日期"] if (d := day(v)) is not None and d < TODAY)
    r = ask_once(question_agent(TODAY), "结束日期已经过了的维保合同有几个", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def _records(kind: str) -> pd.DataFrame:
    rows = sheet("采购与维保")
    return rows[rows["记录类型"].astype(str) == kind]


def test_a_record_number_names_its_record(conn: GraphConnection) -> None:
    """A purchase or maintenance record's own number (记录编号) grounds to that record; a property
    name after it (金额 / 类别) is that record's own field."""
    row = _records("耗材采购").iloc[-1]
    r = ask_once(question_agent(TODAY), f"{row['记录编号']}的金额是多少", conn=conn, role="admin")
    assert r.status == "answered" and r.value is not None and abs(float(r.value) - float(row["金额"])) < 0.01, r.answer
    row = _records("维保合同").iloc[0]
    r = ask_once(question_agent(TODAY), f"{row['记录编号']}属于什么类别", conn=conn, role="admin")
    assert r.status == "answered" and r.value == str(row["类别"]), r.answer


def test_a_missing_record_number_is_no_such_entity(conn: GraphConnection) -> None:
    r = ask_once(question_agent(TODAY), "ZC2099009是哪个项目的", conn=conn, role="admin")
    assert r.status == "insufficient" and r.reason == "no_such_entity" and r.missing == "ZC2099009", r.answer


def test_exclusion_closed_by_wai(conn: GraphConnection) -> None:
    people = sheet("人员信息")
    front = people[people["员工层级"].astype(str) == "一线员工"]
    want = int((~front["岗位名称"].astype(str).str.contains("保洁")).sum())
    r = ask_once(question_agent(TODAY), "除保洁外，一线员工一共几人", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_short_field_word_of_the_record_named_by_its_number(conn: GraphConnection) -> None:
    """状态 is 项目.服务状态 in the lexicon, but after a purchase record's number it is that record's 状态."""
    row = _records("固定资产").iloc[0]
    r = ask_once(question_agent(TODAY), f"{row['记录编号']}现在是啥状态", conn=conn, role="admin")
    assert r.status == "answered" and r.value == str(row["状态"]), r.answer
