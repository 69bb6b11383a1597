"""Judge-37 classes end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel
files, on the judge's dev day 2026-11-30. Wordings are our own besides the judge's; the refused ones must never
come back as a confident number."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, ask_dev, dev_records, publish_dev
from tests.qa.gold import day, month, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards42")


# ---------------------------------------------------------------- W: a modifier of the asked record type is no filler


@pytest.mark.parametrize(
    "q",
    [
        "新签的项目有几个",
        "今年新签了几个项目",
        "新买的设备有几台",
        "XMSQ0150新买了几台设备",
        "新接的项目有哪些",
        "下属的项目有几个",
        "全新的设备有几台",
        "新的检查记录有几条",
        "剩下的维保合同有几份",
        "还在的员工有几个",
        "新投的标有几个",
        "还剩下的供应商有几家",
        "去年新接了几个项目",
    ],
)
def test_w_a_modifier_word_is_never_dropped(conn: GraphConnection, q: str) -> None:
    r = ask_dev(conn, q)
    assert r.status != "answered", (q, r.answer)


def test_w_a_restated_relation_stays_answered(conn: GraphConnection) -> None:
    holders = {text(r["工号"]) for r in dev_records("人员证书") if text(r["证书名称"]) == "物业管理师"}
    assert answered_dev(conn, "物业管理师这个证手里拿着的有几个人").value == len(holders)
    equipped = {text(r["项目编号"]) for r in dev_records("设备信息")}
    assert answered_dev(conn, "配了设备的项目有几个").value == len(equipped)
    inspected = {text(r["项目编号"]) for r in dev_records("检查记录")}
    assert answered_dev(conn, "被检查过的项目有几个").value == len(inspected)


# ---------------------------------------------------------------- X: no false "not in the data" for a non-name


def test_x_a_verb_phrase_is_no_missing_name(conn: GraphConnection) -> None:
    for q in ("花钱最多的项目是哪个", "花钱超过10万的项目有哪些"):
        r = ask_dev(conn, q)
        assert r.status != "insufficient", (q, r.answer)


@pytest.mark.parametrize("q", ["急着要：设备里报废的有几台", "赶时间：报废的设备有几台", "有点急，设备里报废的有几台"])
def test_x_an_urgency_clause_is_context(conn: GraphConnection, q: str) -> None:
    want = sum(1 for r in dev_records("设备信息") if text(r["完好状况"]) == "报废")
    assert answered_dev(conn, q).value == want


def test_x_a_leading_clause_is_no_missing_name(conn: GraphConnection) -> None:
    r = ask_dev(conn, "领导开会要用：设备里报废的有几台")
    assert r.status != "insufficient", r.answer


# ---------------------------------------------------------------- B2: never an empty "no records" from the asker's department


@pytest.mark.parametrize("q", ["财务部的开票金额最高的两个项目", "我们财务部开票金额最高的两个项目"])
def test_b2_a_department_opener_is_not_an_empty_answer(conn: GraphConnection, q: str) -> None:
    r = ask_dev(conn, q)
    assert r.status != "answered", (q, r.answer)


def test_b2_a_department_of_people_stays_answered(conn: GraphConnection) -> None:
    want = sum(1 for r in dev_records("人员信息") if text(r["组织名称"]) == "财务部")
    assert answered_dev(conn, "财务部的人有几个").value == want


# ---------------------------------------------------------------- D: verbs that name an existing relation or field


def test_d_a_company_that_made_devices_is_their_maker(conn: GraphConnection) -> None:
    made = [r for r in dev_records("设备信息") if text(r["制造厂商"]) == "海湾安全技术有限公司"]
    sick = [r for r in made if text(r["完好状况"]) == "带病运行"]
    assert answered_dev(conn, "海湾安全技术有限公司造的设备里有带病运行的吗").value is bool(sick)
    assert answered_dev(conn, "海湾安全技术有限公司生产的设备有几台").value == len(made)


@pytest.mark.parametrize(
    "q, month_key, project",
    [
        ("3月份有多少人出考勤", "2026-03", None),
        ("4月XMSQ0150有几个人打了卡", "2026-04", "XMSQ0150"),
        ("4月份XMSQ0150出考勤的人有几个", "2026-04", "XMSQ0150"),
    ],
)
def test_d_people_with_attendance_rows(conn: GraphConnection, q: str, month_key: str, project: str | None) -> None:
    want = {
        text(r["工号"])
        for r in dev_records("考勤与人员财务")
        if month(r["年月"]) == month_key and (project is None or text(r["项目编号"]) == project)
    }
    assert want
    assert answered_dev(conn, q).value == len(want)


# ---------------------------------------------------------------- E: 从元旦到今天（…），检查日期落在这段里


@pytest.mark.parametrize(
    "q, a, b",
    [
        ("从元旦到今天（2026-03-31）为止，检查日期落在这段里的检查有几条", date(2026, 1, 1), date(2026, 3, 31)),
        ("从元旦到2026年3月31日，检查日期在这期间的检查有几条", date(2026, 1, 1), date(2026, 3, 31)),
        ("从2026年1月10日到2026-03-20，检查日期在这段时间内的检查记录有几条", date(2026, 1, 10), date(2026, 3, 20)),
    ],
)
def test_e_a_range_referred_back(conn: GraphConnection, q: str, a: date, b: date) -> None:
    want = sum(1 for r in dev_records("检查记录") if (d := day(r["检查日期"])) is not None and a <= d <= b)
    assert want
    assert answered_dev(conn, q).value == want


# ---------------------------------------------------------------- I: 谁 between two named projects


@pytest.mark.parametrize(
    "q, a, b, month_key, field",
    [
        ("XMSQ0150和XMSQ0102，1月份谁开票多？", "XMSQ0150", "XMSQ0102", "2026-01", "开票金额"),
        ("XMSQ0150和XMSQ0105，3月谁收款更多", "XMSQ0150", "XMSQ0105", "2026-03", "收款金额"),
    ],
)
def test_i_who_is_which_of_the_named(conn: GraphConnection, q: str, a: str, b: str, month_key: str, field: str) -> None:
    def total(code: str) -> float:
        return sum(
            float(str(r[field]).replace(",", ""))
            for r in dev_records("项目月度财务")
            if text(r["项目编号"]) == code and month(r["年月"]) == month_key and text(r[field]) is not None
        )

    ta, tb = total(a), total(b)
    assert ta != tb
    winner = a if ta > tb else b
    assert [str(v).split("（")[1].rstrip("）") for v in answered_dev(conn, q).value] == [winner]


# ---------------------------------------------------------------- F: （A和B） after a count


@pytest.mark.parametrize(
    "q, kind, status, values",
    [
        ("固定资产里状态是已入账的有多少笔（清洁设备和绿化设备）", "固定资产", "已入账", {"清洁设备", "绿化设备"}),
        ("耗材采购有多少笔（清洁耗材、绿化耗材）", "耗材采购", None, {"清洁耗材", "绿化耗材"}),
    ],
)
def test_f_a_bracket_union_is_counted(conn: GraphConnection, q: str, kind: str, status: str | None, values: set[str]) -> None:
    want = sum(
        1
        for r in dev_records("采购与维保")
        if text(r["记录类型"]) == kind and text(r["类别"]) in values and (status is None or text(r["状态"]) == status)
    )
    assert want
    assert answered_dev(conn, q).value == want


def test_f_apart_is_never_a_union(conn: GraphConnection) -> None:
    r = ask_dev(conn, "耗材采购各有多少笔（清洁耗材和绿化耗材）")
    assert r.status != "answered" or not isinstance(r.value, (int, float)), r.answer


# ---------------------------------------------------------------- pass 45: three over-eager refusals, answered again


def _codes(value: object, want: set[str]) -> set[str]:
    values = value if isinstance(value, list) else [value]
    assert len(values) == len(want), values
    return {k for k in want if any(k in str(v) for v in values)}


def test_r1_the_other_districts_are_counted(conn: GraphConnection) -> None:
    """区 is the word of 市（区）, the field of 除了青浦区: no modifier (judge dev: 16 projects less 青浦区's 9)."""
    want = len([r for r in dev_records("项目信息") if text(r["市（区）"]) != "青浦区"])
    assert answered_dev(conn, "除了青浦区以外，其他区的项目一共几个").value == want


@pytest.mark.parametrize("q", ["哪个项目拥有的设备最多", "哪个项目有的设备最多"])
def test_r2_a_verb_of_having_restates_the_relation(conn: GraphConnection, q: str) -> None:
    counts: dict[str, int] = {}
    for r in dev_records("设备信息"):
        code = text(r["项目编号"])
        if code is not None:
            counts[code] = counts.get(code, 0) + 1
    top = max(counts.values())
    want = {k for k, n in counts.items() if n == top}
    assert _codes(answered_dev(conn, q).value, want) == want


@pytest.mark.parametrize(
    "q, kind", [("带病运行的电梯分布在哪些项目上", "电梯"), ("带病运行的设备分布在哪些项目上", None)]
)
def test_r3_a_ledger_named_by_its_value(conn: GraphConnection, q: str, kind: str | None) -> None:
    want = {
        str(text(r["项目编号"]))
        for r in dev_records("设备信息")
        if text(r["完好状况"]) == "带病运行" and (kind is None or text(r["设备类型"]) == kind)
    }
    assert _codes(answered_dev(conn, q).value, want) == want
