"""Judge-25 classes end to end on the real local graph (data/test_data), values equal to pandas over the dev
Excel files (the judge's probes and own wording). Today is the judge's dev day, 2026-11-30."""

from __future__ import annotations

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import ask_dev, dev_records, plain_number, publish_dev
from tests.qa.gold import day, month, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards30")


def _names() -> list[str]:
    return [n for r in dev_records("人员信息") if (n := text(r["姓名"])) is not None]


# ---------------------------------------------------------------- P0: 叫X is the name X


@pytest.mark.parametrize(
    "q, name",
    [
        ("人员信息里有叫明辉的人吗", "明辉"),
        ("花名册里有叫王海的人吗", "王海"),
        ("有没有叫明辉的员工", "明辉"),
        ("叫王海的员工有几个", "王海"),
        ("花名册里叫明辉的是谁", "明辉"),
    ],
)
def test_a_part_of_a_name_is_never_a_yes(conn: GraphConnection, q: str, name: str) -> None:
    assert name not in _names() and any(name in n for n in _names())
    a = ask_dev(conn, q)
    assert a.status == "clarify", (a.status, a.answer)
    assert f"没有叫「{name}」" in a.answer and all(n in a.answer for n in _names() if name in n), a.answer


@pytest.mark.parametrize(
    "q, name",
    [("人员信息里有叫王海涛的人吗", "王海涛"), ("有叫张伟的人吗", "张伟"), ("花名册里有没有一个叫周敏的", "周敏")],
)
def test_a_whole_name_is_answered_yes_or_no(conn: GraphConnection, q: str, name: str) -> None:
    a = ask_dev(conn, q)
    assert a.status == "answered", a.answer
    assert a.value is (name in _names()), (a.value, a.answer)



# ---------------------------------------------------------------- P1: verbs of a job, a status, the staffing ledger


def _staffed(job: str) -> int:
    return len({text(r["项目编号"]) for r in dev_records("岗位编制") if text(r["岗位"]) == job})


@pytest.mark.parametrize(
    "q, job",
    [
        ("岗位编制里设了项目经理这个岗位的项目有几个", "项目经理"),
        ("设了保洁员岗位的项目有几个", "保洁员"),
        ("配了保洁员岗位的项目有几个", "保洁员"),
        ("岗位编制里设置了保安_普保岗位的项目有多少个", "保安_普保"),
    ],
)
def test_a_staffing_verb_counts_the_projects_with_that_job(conn: GraphConnection, q: str, job: str) -> None:
    a = ask_dev(conn, q)
    assert a.status == "answered" and a.value == _staffed(job), (a.value, _staffed(job), a.answer)


@pytest.mark.parametrize(
    "q, job",
    [("花名册上干保安_普保的有多少号人", "保安_普保"), ("当保洁员的有几个人", "保洁员"), ("担任项目经理的员工有多少位", "项目经理")],
)
def test_a_job_verb_counts_the_people_of_that_job(conn: GraphConnection, q: str, job: str) -> None:
    expected = len([r for r in dev_records("人员信息") if text(r["岗位名称"]) == job])
    a = ask_dev(conn, q)
    assert a.status == "answered" and a.value == expected, (a.value, expected, a.answer)


def test_a_status_still_at_a_value(conn: GraphConnection) -> None:
    expected = len([r for r in dev_records("采购与维保") if text(r.get("状态")) == "已到货"])
    a = ask_dev(conn, "采购单状态还停在已到货的有几笔")
    assert a.status == "answered" and a.value == expected == 1, (a.value, expected, a.answer)


# ---------------------------------------------------------------- P1: a score word after a field, bottom-N words


def _ranked(field: str, n: int, low: bool) -> list[str]:
    rows = [(v, text(r["项目编号"])) for r in dev_records("项目信息") if (v := plain_number(r[field])) is not None]
    rows.sort(key=lambda x: x[0], reverse=not low)
    return [k for _, k in rows[:n] if k is not None]


def _keys(value: object) -> list[str]:
    return [str(v).rsplit("（", 1)[-1].rstrip("）") for v in (value if isinstance(value, list) else [value])]


@pytest.mark.parametrize(
    "q, field, n, low",
    [
        ("客户满意度分数最低的项目是哪一个", "客户满意度", 1, True),
        ("客户满意度得分最高的项目是哪个", "客户满意度", 1, False),
        ("合同金额垫底的3个项目分别是", "合同金额", 3, True),
        ("合同金额排最后的两个项目是哪两个", "合同金额", 2, True),
        ("合同金额倒数3个的项目有哪些", "合同金额", 3, True),
    ],
)
def test_ranked_by_the_field_said(conn: GraphConnection, q: str, field: str, n: int, low: bool) -> None:
    a = ask_dev(conn, q)
    assert a.status == "answered", a.answer
    assert _keys(a.value) == _ranked(field, n, low), (a.value, _ranked(field, n, low))


# ---------------------------------------------------------------- P1: a clause that restates the time said


def test_a_time_restated_adds_nothing(conn: GraphConnection) -> None:
    from datetime import date

    expected = len([r for r in dev_records("排班月报") if month(r["年月"]) == "2026-03"])
    a = ask_dev(conn, "今天是2026年3月20日。这个月，也就是3月份登记的排班记录有几条", date(2026, 3, 20))
    assert a.status == "answered" and a.value == expected == 8, (a.value, expected, a.answer)
    b = ask_dev(conn, "今天是2026年3月20日。这个月，也就是4月份登记的排班记录有几条", date(2026, 3, 20))
    assert b.status != "answered", b.answer


# ---------------------------------------------------------------- P1: a bracket naming the value's field


@pytest.mark.parametrize(
    "q, where",
    [
        ("青浦区（市（区）字段）服务状态为服务中的项目有几个", {"市（区）": "青浦区", "服务状态": "服务中"}),
        ("青浦区（按市（区））的项目有几个", {"市（区）": "青浦区"}),
        ("服务中（服务状态字段）的项目有几个", {"服务状态": "服务中"}),
    ],
)
def test_a_bracket_names_the_values_field(conn: GraphConnection, q: str, where: dict[str, str]) -> None:
    expected = len([r for r in dev_records("项目信息") if all(text(r[k]) == v for k, v in where.items())])
    a = ask_dev(conn, q)
    assert a.status == "answered" and a.value == expected, (a.value, expected, a.answer)


# ---------------------------------------------------------------- P2/P3: days a verb dates, names not in the data, small talk


def _day(v: object) -> str:
    return str(day(v))


def test_days_on_the_field_a_verb_names(conn: GraphConnection) -> None:
    joined = sorted(text(r["姓名"]) or "" for r in dev_records("人员信息") if _day(r["入职日期"]) >= "2026-01-01")
    a = ask_dev(conn, "花名册里2026年1月1日及以后入职的都是谁")
    assert a.status == "answered" and sorted(str(v).split("（")[0] for v in a.value) == joined, (a.value, joined)
    checks = [r for r in dev_records("检查记录") if "2026-02-01" <= _day(r["检查日期"]) <= "2026-02-28"]
    b = ask_dev(conn, "2026年2月1日到2026年2月28日之间一共做了几次检查")
    assert b.status == "answered" and b.value == len(checks) == 2, (b.value, len(checks))


def test_a_regions_checks_over_a_range_of_days(conn: GraphConnection) -> None:
    projects = {text(r["项目编号"]) for r in dev_records("项目片区关系") if text(r["片区编号"]) == "PQ01"}
    expected = len([r for r in dev_records("检查记录") if text(r["项目编号"]) in projects
                    and "2026-01-01" <= _day(r["检查日期"]) <= "2026-03-31"])
    a = ask_dev(conn, "青浦片区在2026年1月1日到2026年3月31日之间一共被检查了多少次")
    assert a.status == "answered" and a.value == expected == 6, (a.value, expected, a.answer)


def test_small_talk_and_names_not_in_the_data(conn: GraphConnection) -> None:
    a = ask_dev(conn, "奉贤-海湾养老院 的服务状态")
    assert a.status == "insufficient" and "奉贤-海湾养老院" in a.answer, a.answer
    assert ask_dev(conn, "hi～在吗").status == "answered"
    c = ask_dev(conn, "麻烦把XMSQ0102 1月份的开票金额更新成40万")
    assert c.status == "answered" and "只读取" in c.answer, c.answer


# ---------------------------------------------------------------- P1: 从 before a supplier, a share of sums


def _purchases() -> list[dict[str, object]]:
    return [r for r in dev_records("采购与维保") if text(r["记录类型"]) in ("耗材采购", "固定资产")]


def test_from_which_suppliers(conn: GraphConnection) -> None:
    expected = sorted({text(r["供应商名称"]) or "" for r in _purchases() if text(r["项目编号"]) == "XMSQ0150"})
    a = ask_dev(conn, "XMSQ0150 的采购都是从哪些供应商买的")
    assert a.status == "answered" and sorted(a.value) == expected, (a.value, expected)
    totals: dict[str, float] = {}
    for r in _purchases():
        totals[text(r["供应商名称"]) or ""] = totals.get(text(r["供应商名称"]) or "", 0.0) + (plain_number(r["金额"]) or 0)
    b = ask_dev(conn, "从哪家供应商采购的金额最多")
    assert b.status == "answered" and b.value == [max(totals, key=lambda k: totals[k])], (b.value, totals)


def test_a_share_of_sums_with_the_whole_said_with_total(conn: GraphConnection) -> None:
    rows = _purchases()
    part = sum(plain_number(r["金额"]) or 0 for r in rows if text(r["记录类型"]) == "耗材采购")
    whole = sum(plain_number(r["金额"]) or 0 for r in rows)
    a = ask_dev(conn, "耗材采购金额占采购总金额的比重")
    assert a.status == "answered" and abs(float(a.value) - part / whole) < 1e-4, (a.value, part / whole)
