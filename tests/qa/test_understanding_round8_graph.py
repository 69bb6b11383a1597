"""Round-8 wrong-answer classes end to end on the real local graph (data/test_data), each answer
equal to pandas over the same Excel files (own wording): a managing verb after a person is the
person's 负责人 role, a person named with the role's title keeps the question's target, and a field
said to be filled in (or left empty) is a presence condition, never dropped."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, day, empty, month, sheet

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("round8-home"))
    assert report.status == "published", report.error
    yield graph


def _managed(name: str) -> set[str]:
    projects = sheet("项目信息")
    people = sheet("人员信息")
    (key,) = people[people["姓名"].astype(str) == name]["工号"].astype(str)
    return set(projects[projects["项目负责人工号"].astype(str) == key]["项目编号"].astype(str))


def _manager_with_most() -> str:
    projects = sheet("项目信息")
    people = sheet("人员信息")
    key = projects["项目负责人工号"].astype(str).value_counts().index[0]
    (name,) = people[people["工号"].astype(str) == key]["姓名"].astype(str)
    return str(name)


@pytest.mark.parametrize("verb", ["管着", "手上管的", "在管", "管"])
def test_managing_verb_after_a_person_is_the_responsible_role(conn: GraphConnection, verb: str) -> None:
    name = _manager_with_most()
    want = _managed(name)
    assert len(want) > 1  # the data tells the role from the one project a person serves
    if verb == "在管":  # 在管 is also 服务中: the role's projects still served
        projects = sheet("项目信息")
        serving = set(projects[projects["服务状态"].astype(str) == "服务中"]["项目编号"].astype(str))
        want &= serving
    r = ask_once(question_agent(TODAY), f"{name}{verb}几个项目", conn=conn, role="admin")
    assert r.status == "answered" and r.value == len(want), r.answer


def test_person_named_with_the_role_title_keeps_the_target(conn: GraphConnection) -> None:
    name = _manager_with_most()
    want = _managed(name)
    r = ask_once(question_agent(TODAY), f"项目负责人是{name}的项目一共多少个", conn=conn, role="admin")
    assert r.status == "answered" and r.value == len(want), r.answer
    r = ask_once(question_agent(TODAY), f"项目负责人{name}手里有哪些项目", conn=conn, role="admin")
    assert r.status == "answered" and {str(v).split("（")[-1].rstrip("）") for v in r.value} == want, r.answer


def test_managing_verb_after_a_region_word_stays_neutral(conn: GraphConnection) -> None:
    r = ask_once(question_agent(TODAY), "我们总共管着多少个项目", conn=conn, role="admin")
    assert r.status == "answered" and r.value == len(sheet("项目信息")), r.answer


def test_field_filled_in_is_a_presence_condition(conn: GraphConnection) -> None:
    people = sheet("人员信息")
    filled = int(sum(not empty(v) for v in people["离职日期"]))
    assert 0 < filled < len(people)
    for q in ("有离职日期的人员一共几个", "登记了离职日期的员工有几位", "离职日期不为空的员工有多少"):
        r = ask_once(question_agent(TODAY), q, conn=conn, role="admin")
        assert r.status == "answered" and r.value == filled, (q, r.answer)
    r = ask_once(question_agent(TODAY), "离职日期没填的员工有多少个", conn=conn, role="admin")
    assert r.status == "answered" and r.value == len(people) - filled, r.answer


def test_field_filled_in_lists_only_those_records(conn: GraphConnection) -> None:
    projects = sheet("项目信息")
    want = {str(k) for k, v in zip(projects["项目编号"], projects["备注"], strict=True) if not empty(v)}
    assert 0 < len(want) < len(projects)
    r = ask_once(question_agent(TODAY), "哪些项目有备注", conn=conn, role="admin")
    assert r.status == "answered" and {str(v).split("（")[-1].rstrip("）") for v in r.value} == want, r.answer


def test_possession_word_glued_to_a_field_name(conn: GraphConnection) -> None:
    checks = sheet("检查记录")
    done = int(sum(not empty(v) for v in checks["整改完成日期"]))
    r = ask_once(question_agent(TODAY), "填了整改完成日期的检查记录一共几条", conn=conn, role="admin")
    assert r.status == "answered" and r.value == done, r.answer
    r = ask_once(question_agent(TODAY), "整改完成日期未填写的检查记录一共几条", conn=conn, role="admin")
    assert r.status == "answered" and r.value == len(checks) - done, r.answer


def test_number_field_said_to_be_had_is_not_guessed(conn: GraphConnection) -> None:
    """有客户投诉: above zero or filled in — refused rather than every project listed."""
    r = ask_once(question_agent(TODAY), "有客户投诉的项目有哪些", conn=conn, role="admin")
    assert r.status != "answered", r.answer


def _group_counts(r: object) -> dict[str, int]:
    outcome = getattr(r, "outcome", None)
    assert outcome is not None
    return {f.display.split("（")[0]: int(next(iter(f.values.values()))) for f in outcome.facts}


@pytest.mark.parametrize("q", ["每家供应商有几条采购记录", "每一家供应商的采购记录各多少条"])
def test_per_group_count_after_a_measure_word(conn: GraphConnection, q: str) -> None:
    """每家 / 每一家: one count per supplier, never one total over all of them."""
    rows = sheet("采购与维保")
    bought = rows[rows["记录类型"].astype(str).isin(["耗材采购", "固定资产"])]
    want = {str(k): int(v) for k, v in bought["供应商名称"].astype(str).value_counts().items()}
    r = ask_once(question_agent(TODAY), q, conn=conn, role="admin")
    assert r.status == "answered" and _group_counts(r) == want, r.answer


def test_region_people_per_month_are_distinct_people(conn: GraphConnection) -> None:
    """A region's people per month from the month's attendance rows: distinct 工号, not rows."""
    att = sheet("考勤与人员财务")
    links = sheet("项目片区关系")
    regions = sheet("片区信息")
    (region_key,) = regions[regions["片区名称"].astype(str) == "青浦片区"]["片区编号"].astype(str)
    projects = set(links[links["片区编号"].astype(str) == region_key]["项目编号"].astype(str))
    mine = att[att["项目编号"].astype(str).isin(projects)]
    by_month = [month(v) for v in mine["年月"]]
    want = {m: int(mine[[x == m for x in by_month]]["工号"].nunique()) for m in sorted({x for x in by_month if x})}
    r = ask_once(question_agent(TODAY), "青浦片区2026年1至4月每个月各有多少人", conn=conn, role="admin")
    assert r.status == "answered", r.answer
    assert r.outcome is not None
    got = {f.key: int(next(iter(f.values.values()))) for f in r.outcome.facts}
    assert got == want, r.answer


def test_month_trend_grouped_by_something_else_is_refused(conn: GraphConnection) -> None:
    """各片区每个月: a per-region total would drop the months — refused, not answered."""
    r = ask_once(question_agent(TODAY), "各个片区每个月分别多少人", conn=conn, role="admin")
    assert r.status != "answered", r.answer


def test_positions_of_a_level_are_counted_in_the_position_dictionary(conn: GraphConnection) -> None:
    """岗位 named by its key field: the 岗位字典 records with that attribute, not the people carrying it."""
    posts = sheet("岗位字典")
    level = posts["员工层级"].astype(str).value_counts().index[0]
    want = int((posts["员工层级"].astype(str) == level).sum())
    r = ask_once(question_agent(TODAY), f"员工层级为{level}的岗位一共几个", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer
    kind = posts["岗位大类"].astype(str).value_counts().index[0]
    names = set(posts[posts["岗位大类"].astype(str) == kind]["岗位名称"].astype(str))
    r = ask_once(question_agent(TODAY), f"岗位大类是{kind}的岗位都有哪些", conn=conn, role="admin")
    assert r.status == "answered" and set(r.value) == names, r.answer


def test_employed_in_a_month_is_hired_before_and_not_left(conn: GraphConnection) -> None:
    """在职 in a stated month: hired by the month's end, not left before its start — every person,
    not only those serving a project."""
    people = sheet("人员信息")
    lo, hi = date(2026, 2, 1), date(2026, 2, 28)
    want = sum(
        1
        for a, b in zip(people["入职日期"], people["离职日期"], strict=True)
        if (day(a) is None or day(a) <= hi) and (day(b) is None or day(b) >= lo)
    )
    r = ask_once(question_agent(TODAY), "2026年2月份在职的员工一共多少人", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_employed_on_a_stated_day_is_not_guessed(conn: GraphConnection) -> None:
    r = ask_once(question_agent(TODAY), "2026年3月10日那天在职的有几个人", conn=conn, role="admin")
    assert r.status != "answered", r.answer


def test_before_a_month_end_is_everything_up_to_it(conn: GraphConnection) -> None:
    certs = sheet("人员证书")
    cut = date(2026, 6, 30)
    want = sum(1 for v in certs["有效期至"] if (d := day(v)) is not None and d <= cut)
    r = ask_once(question_agent(TODAY), "2026年6月30日之前到期的证书一共几张", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


@pytest.mark.parametrize("q", ["2026年6月前到期的证书一共几张", "2026年3月15日以前到期的证书一共几张"])
def test_before_a_month_or_a_mid_month_day_is_not_guessed(conn: GraphConnection, q: str) -> None:
    """前 is never dropped (nor read as a top-N): a bare month or a day inside a month is refused."""
    r = ask_once(question_agent(TODAY), q, conn=conn, role="admin")
    assert r.status != "answered", r.answer


def test_unknown_supplier_name_is_reported_whole(conn: GraphConnection) -> None:
    r = ask_once(question_agent(TODAY), "供应商上海远航贸易有限公司是什么类别", conn=conn, role="admin")
    assert r.status == "insufficient" and r.missing == "上海远航贸易有限公司", r.answer


def test_left_empty_word_glued_after_a_field_name(conn: GraphConnection) -> None:
    checks = sheet("检查记录")
    blank = int(sum(empty(v) for v in checks["整改情况"]))
    r = ask_once(question_agent(TODAY), "整改情况没写的检查记录一共几条", conn=conn, role="admin")
    assert r.status == "answered" and r.value == blank, r.answer


def test_two_values_of_the_records_own_field_are_either(conn: GraphConnection) -> None:
    devices = sheet("设备信息")
    states = devices["完好状况"].astype(str).value_counts().index.tolist()
    a, b = states[-2], states[-1]
    want = int(devices["完好状况"].astype(str).isin([a, b]).sum())
    r = ask_once(question_agent(TODAY), f"{a}和{b}的设备一共有哪些", conn=conn, role="admin")
    assert r.status == "answered" and len(r.value) == want, r.answer
    r = ask_once(question_agent(TODAY), f"{a}和{b}的设备分别有几台", conn=conn, role="admin")
    assert r.status != "answered" or r.value != want, r.answer  # never their union for 分别


def test_a_numeral_starting_a_value_is_that_value(conn: GraphConnection) -> None:
    """不是一线员工: 一 begins the value 一线员工 — never the number one with 不是 as a comparator."""
    people = sheet("人员信息")
    want = int((people["员工层级"].astype(str) != "一线员工").sum())
    r = ask_once(question_agent(TODAY), "员工层级不是一线员工的人有几位", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_none_at_all_with_a_measure_word(conn: GraphConnection) -> None:
    people = sheet("人员信息")
    holders = set(sheet("人员证书")["工号"].astype(str))
    want = int((~people["工号"].astype(str).isin(holders)).sum())
    r = ask_once(question_agent(TODAY), "一本证书也没有的员工一共多少人", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


def test_not_in_a_named_region(conn: GraphConnection) -> None:
    """不属于 / 不在 a region: the projects with no 属于片区 link to it (NOT EXISTS), not all of them."""
    links = sheet("项目片区关系")
    regions = sheet("片区信息")
    (key,) = regions[regions["片区名称"].astype(str) == "徐汇片区"]["片区编号"].astype(str)
    inside = set(links[links["片区编号"].astype(str) == key]["项目编号"].astype(str))
    want = {str(k) for k in sheet("项目信息")["项目编号"].astype(str) if k not in inside}
    for q in ("哪些项目不属于徐汇片区", "不在徐汇片区的项目都有哪些"):
        r = ask_once(question_agent(TODAY), q, conn=conn, role="admin")
        assert r.status == "answered" and {str(v).split("（")[-1].rstrip("）") for v in r.value} == want, (q, r.answer)


def test_hands_word_after_a_person_is_the_role_only_with_the_owner_named(conn: GraphConnection) -> None:
    name = _manager_with_most()
    r = ask_once(question_agent(TODAY), f"{name}手头上有几个项目", conn=conn, role="admin")
    assert r.status == "answered" and r.value == len(_managed(name)), r.answer
    certs = sheet("人员证书")
    holder = certs["工号"].astype(str).value_counts().index[0]
    people = sheet("人员信息")
    (who,) = people[people["工号"].astype(str) == holder]["姓名"].astype(str)
    want = int((certs["工号"].astype(str) == holder).sum())
    r = ask_once(question_agent(TODAY), f"{who}手上有几张证书", conn=conn, role="admin")
    assert r.status == "answered" and r.value == want, r.answer


@pytest.mark.parametrize("q", ["麻烦把3月的考勤记录全部清空", "帮我把这条采购记录抹掉"])
def test_clearing_data_is_read_only_talk(conn: GraphConnection, q: str) -> None:
    r = ask_once(question_agent(TODAY), q, conn=conn, role="admin")
    assert r.status == "answered" and "只读取" in r.answer and not r.citations, r.answer


def test_each_role_holder_counted(conn: GraphConnection) -> None:
    """每个检查人: the role's people are the groups, their records counted (检查人 relationship)."""
    checks = sheet("检查记录")
    people = sheet("人员信息")
    names = dict(zip(people["工号"].astype(str), people["姓名"].astype(str), strict=True))
    want = {names[k]: int(v) for k, v in checks["检查人工号"].astype(str).value_counts().items()}
    r = ask_once(question_agent(TODAY), "每一个检查人各检查了几次", conn=conn, role="admin")
    assert r.status == "answered" and _group_counts(r) == want, r.answer


def test_count_unit_of_another_kind_counts_its_distinct_keys(conn: GraphConnection) -> None:
    """多少人 over 排班月报 rows / 多少家 over 采购记录 rows: the distinct people / suppliers, not rows."""
    shifts = sheet("排班月报")
    r = ask_once(question_agent(TODAY), "排班月报里一共排了多少人", conn=conn, role="admin")
    assert r.status == "answered" and r.value == int(shifts["工号"].astype(str).nunique()), r.answer
    rows = sheet("采购与维保")
    bought = rows[rows["记录类型"].astype(str).isin(["耗材采购", "固定资产"])]
    r = ask_once(question_agent(TODAY), "采购记录总共有多少家", conn=conn, role="admin")
    assert r.status == "answered" and r.value == int(bought["供应商名称"].astype(str).nunique()), r.answer


def test_a_property_name_outranks_a_shorter_synonym_inside_it(conn: GraphConnection) -> None:
    """合同状况 is 项目's own property — never 状况 (设备.完好状况) of the project's devices."""
    projects = sheet("项目信息")
    row = projects.iloc[0]
    r = ask_once(question_agent(TODAY), f"{row['项目名称']}的合同状况怎么样", conn=conn, role="admin")
    assert r.status == "answered" and r.value == str(row["合同状况"]), r.answer
