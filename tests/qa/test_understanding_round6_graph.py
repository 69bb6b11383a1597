"""Round-6 mechanisms end to end on the real local graph (data/test_data, built with the builder's
service), each answer equal to pandas over the same Excel files: a colloquial unit standing for its
standard unit (钟头 = 小时); the rest of a record-type word after a longer term that ended inside it
(离职的人|员); a number after 不是 / 不为 / 不等于 as an inequality on the field before it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pandas as pd
import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, empty, month, num, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("round6-home"))
    assert report.status == "published", report.error
    yield graph


def test_colloquial_unit_is_its_standard_unit(conn: GraphConnection) -> None:
    df = sheet("考勤与人员财务")
    hours = pd.to_numeric(df["平时加班小时"], errors="coerce").fillna(0)
    row = df.loc[hours.idxmax()]
    name, ym = str(row["姓名"]).strip(), month(row["年月"])
    assert ym is not None
    same = df[(df["姓名"].astype(str).str.strip() == name) & (df["年月"].map(month) == ym)]
    want = float(pd.to_numeric(same["平时加班小时"], errors="coerce").fillna(0).sum())
    r = ask_once(question_agent(TODAY), f"{name}{int(ym[5:])}月份一共加班多少个钟头", conn=conn, role="admin")
    assert r.status == "answered" and r.value is not None and abs(float(r.value) - want) < 0.01, r.answer


def test_rest_of_a_record_type_word_after_a_longer_term(conn: GraphConnection) -> None:
    df = sheet("人员信息")
    want = int((~df["离职日期"].map(empty)).sum())
    r = ask_once(question_agent(TODAY), "离职的人员一共有几位", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_number_after_not_is_an_inequality(conn: GraphConnection) -> None:
    df = sheet("项目月度财务")
    march = df[df["年月"].map(month) == "2026-03"]
    want = sum(1 for v in march["收款金额"] if num(v) not in (None, 0))
    r = ask_once(question_agent(TODAY), "2026年3月收款金额不为0的财务记录有几条", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_is_it_not_a_number_stays_a_yes_no_question(conn: GraphConnection) -> None:
    """是不是3个: the number after 不是 is not a condition when 是 comes right before it."""
    r = ask_once(question_agent(TODAY), "服务中的项目是不是3个", conn=conn, role="admin")
    assert r.status != "answered" or r.value in (True, False), r.answer


def test_unknown_word_before_the_common_tail_of_names_is_a_missing_name(conn: GraphConnection) -> None:
    """宏远物流有限公司: most suppliers' names end with 有限公司, the joined words name none of them."""
    r = ask_once(question_agent(TODAY), "宏远物流有限公司这家供应商供过几次货", conn=conn, role="admin")
    assert r.status == "insufficient" and r.reason == "no_such_entity", r.answer
    assert r.missing == "宏远物流有限公司", r.missing


def test_split_verb_with_its_direction_and_a_colloquial_region(conn: GraphConnection) -> None:
    """徐汇那片…收回来多少款: 那片 names the region after a region's short name; 收…款 split by a
    direction (回来) and a quantity is the 收款 measure."""
    regions, links, money = sheet("片区信息"), sheet("项目片区关系"), sheet("项目月度财务")
    code = regions[regions["片区名称"].astype(str) == "徐汇片区"]["片区编号"].tolist()
    projects = set(links[links["片区编号"].isin(code)]["项目编号"].astype(str))
    rows = money[(money["年月"].map(month) == "2026-03") & money["项目编号"].astype(str).isin(projects)]
    want = round(sum(num(v) or 0.0 for v in rows["收款金额"]), 2)
    r = ask_once(question_agent(TODAY), "2026年3月徐汇那片一共收回来多少款", conn=conn, role="admin")
    assert r.status == "answered" and r.value is not None and abs(float(r.value) - want) < 0.01, r.answer


def test_has_it_been_done_asks_whether_records_exist(conn: GraphConnection) -> None:
    """X被检查过吗: whether the named project has inspection records (yes and no both answered)."""
    projects, checks = sheet("项目信息"), sheet("检查记录")
    checked = set(checks["项目编号"].astype(str))
    names = projects.drop_duplicates("项目名称", keep=False)
    yes = str(names[names["项目编号"].astype(str).isin(checked)]["项目名称"].iloc[0])
    no_rows = names[~names["项目编号"].astype(str).isin(checked)]
    for name, want in [(yes, True), *([(str(no_rows["项目名称"].iloc[0]), False)] if len(no_rows) else [])]:
        r = ask_once(question_agent(TODAY), f"{name}被检查过吗", conn=conn, role="admin")
        assert r.status == "answered" and r.value is want, (name, r.answer)


def test_part_of_a_name_never_ends_on_a_particle(conn: GraphConnection) -> None:
    """工业园的消防设备有几台: 消防设备有 is inside a supplier's name (…消防设备有限公司), but a part of a
    name never ends on 有 — the question is about the project's 消防 devices."""
    devices = sheet("设备信息")
    want = int(((devices["项目编号"] == "XMSQ0150") & (devices["设备类型"] == "消防")).sum())
    r = ask_once(question_agent(TODAY), "青浦工业园的消防设备有几台", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_neutral_word_after_a_loose_name_is_not_part_of_it(conn: GraphConnection) -> None:
    """赵巷政府那边: the place word 那边 is split off the loosely written name before it is grounded."""
    checks = sheet("检查记录")
    want = int((checks["项目编号"] == "XMSQ0110").sum())
    plain = ask_once(question_agent(TODAY), "赵巷政府一共被检查了几次", conn=conn, role="admin")
    there = ask_once(question_agent(TODAY), "赵巷政府那边一共被检查了几次", conn=conn, role="admin")
    assert plain.status == "answered" and plain.value == want, plain.answer
    assert there.status == "answered" and there.value == want, there.answer


def test_number_asked_of_the_top_group_is_its_count(conn: GraphConnection) -> None:
    """设备最多的项目有几台设备: the top group's count is the value (ties share it), not its name."""
    per_project = sheet("设备信息")["项目编号"].value_counts()
    r = ask_once(question_agent(TODAY), "设备最多的项目有几台设备", conn=conn, role="admin")
    assert r.status == "answered" and r.value == int(per_project.max()), r.answer
    links = sheet("项目片区关系")
    per_region = links.drop_duplicates(["项目编号", "片区编号"])["片区编号"].value_counts()
    r = ask_once(question_agent(TODAY), "项目最多的片区一共有多少个项目", conn=conn, role="admin")
    assert r.status == "answered" and r.value == int(per_region.max()), r.answer
    one = ask_once(question_agent(TODAY), "单个项目最多能有几台设备", conn=conn, role="admin")
    assert one.status == "answered" and one.value == int(per_project.max()), one.answer  # = 每个项目最多
    named = ask_once(question_agent(TODAY), "项目最多的是哪个片区", conn=conn, role="admin")
    assert named.status == "answered" and isinstance(named.value, list), named.answer


def test_one_total_as_a_share_of_another_over_the_same_records(conn: GraphConnection) -> None:
    """3月回款占开票的百分之几: 收款金额 total ÷ 开票金额 total of the same financial records."""
    df = sheet("项目月度财务")
    march = df[df["年月"].map(month) == "2026-03"]
    paid = sum(num(v) or 0.0 for v in march["收款金额"])
    billed = sum(num(v) or 0.0 for v in march["开票金额"])  # 300,000.00 written with a separator
    r = ask_once(question_agent(TODAY), "2026年3月回款占开票的百分之几", conn=conn, role="admin")
    assert r.status == "answered" and r.value is not None and abs(float(r.value) - paid / billed) < 1e-4, r.answer
    assert "收款金额合计" in r.answer and "开票金额合计" in r.answer, r.answer


def test_collection_rate_of_one_project_frames_both_totals(conn: GraphConnection) -> None:
    """<project>3月的回款率 (lexicon rate_words: 回款占开票的比例): the project and the month frame both
    totals — the part names 收款, the whole its own measure 开票."""
    df = sheet("项目月度财务")
    march = df[(df["年月"].map(month) == "2026-03") & df["开票金额"].map(lambda v: (num(v) or 0) > 0)]
    code = str(march["项目编号"].iloc[0])
    names = sheet("项目信息").set_index("项目编号")["项目名称"]
    rows = march[march["项目编号"] == code]
    want = sum(num(v) or 0.0 for v in rows["收款金额"]) / sum(num(v) or 0.0 for v in rows["开票金额"])
    r = ask_once(question_agent(TODAY), f"{code}在2026年3月的回款率是多少", conn=conn, role="admin")
    assert r.status == "answered" and r.value is not None and abs(float(r.value) - want) < 1e-4, (names.get(code), r.answer)


def test_value_named_with_its_record_word(conn: GraphConnection) -> None:
    """采购了多少钱的耗材: 耗材 is inside 类别 values and the record type 耗材采购 = 耗材 + 采购 (a word of
    采购记录) — that record type is the reading."""
    df = sheet("采购与维保")
    bought = df[df["记录类型"] == "耗材采购"]
    want = round(sum(num(v) or 0.0 for v in bought["金额"]), 2)
    r = ask_once(question_agent(TODAY), "一共采购了多少钱的耗材", conn=conn, role="admin")
    assert r.status == "answered" and r.value is not None and abs(float(r.value) - want) < 0.01, r.answer


def test_two_values_that_both_count_are_either(conn: GraphConnection) -> None:
    """（耗材和固定资产都算）: two values of one field that both count are either value (in)."""
    df = sheet("采购与维保")
    want = int(df["记录类型"].isin(["耗材采购", "固定资产"]).sum())
    r = ask_once(question_agent(TODAY), "采购记录有几条（耗材和固定资产都算）", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_blank_field_counts_the_records_without_a_value(conn: GraphConnection) -> None:
    people = sheet("人员信息")
    want = int(people["离职日期"].map(empty).sum())
    r = ask_once(question_agent(TODAY), "离职日期为空的员工有几个", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer
