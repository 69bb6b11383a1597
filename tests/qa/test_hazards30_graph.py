"""Judge-25 classes end to end on the real local graph (data/test_data), values equal to pandas over the dev
Excel files (the judge's probes and own wording). Today is the judge's dev day, 2026-11-30."""

from __future__ import annotations

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import ask_dev, dev_records, plain_number, publish_dev
from tests.qa.gold import month, text

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
