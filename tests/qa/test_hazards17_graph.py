"""Judge-12 classes end to end on the real local graph (data/test_data), each answer equal to pandas
over the dev Excel files (own wording).

W5: a ledger named as the subject (岗位字典里…的岗位) lists or counts that ledger's records on their own
field, never the people's rows carrying a field of the same name."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.gold import TEST_DATA, month, num, sheet, text

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    report = build_and_publish([TEST_DATA], graph, home=tmp_path_factory.mktemp("hazards17-home"))
    assert report.status == "published", report.error
    yield graph


def _ask(conn: GraphConnection, q: str) -> Any:
    return ask_once(question_agent(TODAY), q, conn=conn, role="admin")


def _posts(field: str, value: str) -> set[str]:
    rows = sheet("岗位字典")
    return {str(n) for n, v in zip(rows["岗位名称"], rows[field], strict=True) if text(v) == value}


@pytest.mark.parametrize(
    "q, field, value",
    [
        ("岗位字典中员工层级属于一线员工的岗位，列一下", "员工层级", "一线员工"),
        ("岗位字典里员工层级为项目管理人员的岗位有哪些", "员工层级", "项目管理人员"),
        ("岗位字典中岗位大类是保安的岗位名称列一下", "岗位大类", "保安"),
        ("按岗位字典，哪些岗位属于一线员工层级", "员工层级", "一线员工"),
    ],
)
def test_a_ledger_named_as_subject_lists_its_own_records(conn: GraphConnection, q: str, field: str, value: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert set(r.value) == _posts(field, value) != set(), (q, r.value)


def test_a_ledger_named_as_subject_counts_its_own_records(conn: GraphConnection) -> None:
    r = _ask(conn, "岗位字典里岗位大类为保洁的岗位有几个")
    assert r.status == "answered", r.answer
    assert int(r.value) == len(_posts("岗位大类", "保洁")), r.value


def _purchases() -> Any:
    rows = sheet("采购与维保")
    return rows[rows["记录类型"].isin(["耗材采购", "固定资产"])]


@pytest.mark.parametrize(
    "q, item, field",
    [
        ("复合肥一共采购了多少", "复合肥", "数量"),
        ("大号垃圾袋总共采购了几个", "大号垃圾袋", "数量"),
        ("干粉灭火器买了多少钱", "干粉灭火器", "金额"),
        ("LED灯管一共花了多少钱", "LED灯管", "金额"),
    ],
)
def test_how_much_of_an_item_was_bought(conn: GraphConnection, q: str, item: str, field: str) -> None:
    rows = _purchases()
    expected = float(rows[rows["名称"] == item][field].sum())
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert float(r.value) == expected > 1, (q, r.value)


def test_the_projects_that_bought_an_item_in_a_month(conn: GraphConnection) -> None:
    rows = _purchases()
    hit = rows[(rows["名称"] == "驾驶式洗地机") & (rows["年月"].astype(str).str.startswith("2026-01"))]
    r = _ask(conn, "2026年1月哪些项目采购过驾驶式洗地机")
    assert r.status == "answered", r.answer
    assert {str(v).rsplit("（", 1)[-1].rstrip("）") for v in r.value} == set(hit["项目编号"]) != set(), r.value


def _finance(code: str, ym: str, field: str) -> float:
    rows = sheet("项目月度财务")
    return sum(
        float(num(v) or 0)
        for k, m, v in zip(rows["项目编号"], rows["年月"], rows[field], strict=True)
        if k == code and month(m) == ym
    )


@pytest.mark.parametrize(
    "q, code, ym, field",
    [
        ("帮领导问一下，XMSQ0150 1月开了多少票", "XMSQ0150", "2026-01", "开票金额"),
        ("替经理查下区图书馆2月收款多少", "XMSQ0102", "2026-02", "收款金额"),
        ("老板让我问问，XMSQ0105 3月收款多少", "XMSQ0105", "2026-03", "收款金额"),
    ],
)
def test_a_courtesy_opener_naming_who_asks_changes_nothing(
    conn: GraphConnection, q: str, code: str, ym: str, field: str
) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert float(r.value) == _finance(code, ym, field) > 0, (q, r.value)


@pytest.mark.parametrize("q", ["谢谢啊，帮了大忙", "行，今天就到这儿，辛苦", "好的明白了，多谢"])
def test_a_sign_off_gets_the_non_data_answer(conn: GraphConnection, q: str) -> None:
    r = _ask(conn, q)
    assert r.status == "answered" and r.value is None and not r.queries, r.answer


@pytest.mark.parametrize(
    "q, code, field, later, earlier",
    [
        ("XMSQ0150 2月和1月的开票金额差多少（2026年）", "XMSQ0150", "开票金额", "2026-02", "2026-01"),
        ("2026年的：XMSQ0150 2月收款比1月多多少", "XMSQ0150", "收款金额", "2026-02", "2026-01"),
    ],
)
def test_a_year_stated_apart_qualifies_the_months(
    conn: GraphConnection, q: str, code: str, field: str, later: str, earlier: str
) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert abs(float(r.value)) == abs(_finance(code, later, field) - _finance(code, earlier, field)), (q, r.value)


def test_a_year_stated_apart_sums_the_months_named(conn: GraphConnection) -> None:
    r = _ask(conn, "区图书馆3月和4月收款合计多少，都是2026年")
    assert r.status == "answered", r.answer
    assert float(r.value) == _finance("XMSQ0102", "2026-03", "收款金额") + _finance("XMSQ0102", "2026-04", "收款金额")



@pytest.mark.parametrize(
    "q, kinds, by, at_least",
    [
        ("耗材采购记录在2条及以上的供应商有哪些", ["耗材采购"], "供应商名称", 2),
        ("采购记录有2笔以上的供应商", ["耗材采购", "固定资产"], "供应商名称", 2),
        ("维保合同有2份以上的维保单位", ["维保合同"], "维保单位名称", 2),
    ],
)
def test_suppliers_with_at_least_n_records(conn: GraphConnection, q: str, kinds: list[str], by: str, at_least: int) -> None:
    rows = sheet("采购与维保")
    counts = rows[rows["记录类型"].isin(kinds)][by].value_counts()
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert set(r.value) == {str(k) for k, n in counts.items() if n >= at_least} != set(), (q, r.value)


def test_posts_with_more_than_n_people_on_the_roster(conn: GraphConnection) -> None:
    counts = sheet("人员信息")["岗位名称"].value_counts()
    r = _ask(conn, "花名册上人数超过3人的岗位")
    assert r.status == "answered", r.answer
    assert set(r.value) == {str(k) for k, n in counts.items() if n > 3} != set(), r.value


def _top_types(n: int) -> list[str]:
    rows = sheet("设备信息")
    sums: dict[str, float] = {}
    for t, v in zip(rows["设备类型"], rows["原值"], strict=True):
        if text(t):
            sums[str(t)] = sums.get(str(t), 0.0) + float(num(v) or 0)
    ranked = sorted(sums.items(), key=lambda x: -x[1])
    assert ranked[n - 1][1] > ranked[n][1]  # no tie at the cut
    return [k for k, _v in ranked[:n]]


@pytest.mark.parametrize(
    "q, n", [("按原值合计排前两名的设备类型", 2), ("原值合计最高的三个设备类型", 3), ("原值合计最高的设备类型是哪个", 1)]
)
def test_a_category_ranked_by_a_summed_measure(conn: GraphConnection, q: str, n: int) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert list(r.value) == _top_types(n), (q, r.value)


def test_a_top_n_repeated_as_the_question_word(conn: GraphConnection) -> None:
    rows = sheet("项目月度财务")
    sums: dict[str, float] = {}
    for k, v in zip(rows["项目编号"], rows["开票金额"], strict=True):
        sums[str(k)] = sums.get(str(k), 0.0) + float(num(v) or 0)
    top = sorted(sums.items(), key=lambda x: -x[1])
    assert top[2][1] > top[3][1]
    r = _ask(conn, "开票金额最高的三个项目是哪三个")
    assert r.status == "answered", r.answer
    assert [str(v).rsplit("（", 1)[-1].rstrip("）") for v in r.value] == [k for k, _v in top[:3]], r.value


def _has_code(code: str, ym: str | None = None) -> bool:
    rows = sheet("考勤与人员财务")
    days = [c for c in rows.columns if str(c).endswith("日") and str(c)[:-1].isdigit()]
    for _i, r in rows.iterrows():
        if ym is not None and month(r["年月"]) != ym:
            continue
        if any(text(r[d]) == code for d in days):
            return True
    return False


@pytest.mark.parametrize(
    "q, code, ym",
    [("1月的考勤里出现过病假吗", "病", "2026-01"), ("考勤里出现过旷工吗", "旷", None), ("2月考勤中有没有出现过事假", "事", "2026-02")],
)
def test_appeared_in_the_attendance(conn: GraphConnection, q: str, code: str, ym: str | None) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert r.value is _has_code(code, ym), (q, r.value)


@pytest.mark.parametrize("q, supplier", [("上海洁美清洁用品有限公司有供货记录吗", "上海洁美清洁用品有限公司"), ("上海金盾安防科技有限公司有没有供过货", "上海金盾安防科技有限公司")])
def test_a_supplier_has_supplied(conn: GraphConnection, q: str, supplier: str) -> None:
    rows = sheet("采购与维保")
    expected = bool(((rows["记录类型"].isin(["耗材采购", "固定资产"])) & (rows["供应商名称"] == supplier)).any())
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert r.value is expected is True, (q, r.value)


@pytest.mark.parametrize(
    "q, person", [("王海涛当前服务的项目编号", "王海涛"), ("赵德胜现在服务哪个项目（编号）", "赵德胜"), ("王海涛现在服务的项目编号是哪个", "王海涛")]
)
def test_a_qualified_field_phrase_of_a_person(conn: GraphConnection, q: str, person: str) -> None:
    rows = sheet("人员信息")
    expected = {text(v) for n, v in zip(rows["姓名"], rows["当前服务项目编号"], strict=True) if n == person}
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert {str(r.value)} == expected, (q, r.value)


def _received_zero(ym: str, invoiced: bool) -> set[str]:
    rows = sheet("项目月度财务")
    out = set()
    for k, m, inv, rec in zip(rows["项目编号"], rows["年月"], rows["开票金额"], rows["收款金额"], strict=True):
        if month(m) == ym and num(rec) == 0 and (not invoiced or (num(inv) or 0) > 0):
            out.add(str(k))
    return out


@pytest.mark.parametrize(
    "q, ym, invoiced",
    [("1月开了票但一分钱没收到的项目有哪些", "2026-01", True), ("收款金额为0、一分钱没收到的项目有哪些（1月）", "2026-01", False)],
)
def test_not_a_cent_received(conn: GraphConnection, q: str, ym: str, invoiced: bool) -> None:
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert {str(v).rsplit("（", 1)[-1].rstrip("）") for v in r.value} == _received_zero(ym, invoiced) != set(), (q, r.value)


@pytest.mark.parametrize("q, code", [("XMSQ0150的实际毛利率是百分之多少", "XMSQ0150"), ("区图书馆的毛利率百分之几", "XMSQ0102")])
def test_a_percentage_asked_as_percent(conn: GraphConnection, q: str, code: str) -> None:
    rows = sheet("项目信息")
    expected = next(num(v) for k, v in zip(rows["项目编号"], rows["实际毛利率"], strict=True) if k == code)
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert expected is not None and abs(float(r.value) - expected) < 1e-9, (q, r.value, expected)


@pytest.mark.parametrize(
    "q, ledger, code, field",
    [
        ("XMSQ0150的设备涵盖哪几种设备类型", "设备信息", "XMSQ0150", "设备类型"),
        ("区图书馆的检查涉及哪些检查类型", "检查记录", "XMSQ0102", "检查类型"),
    ],
)
def test_the_distinct_values_over_a_projects_records(conn: GraphConnection, q: str, ledger: str, code: str, field: str) -> None:
    rows = sheet(ledger)
    expected = {text(v) for k, v in zip(rows["项目编号"], rows[field], strict=True) if k == code and text(v)}
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert set(r.value) == expected and len(r.value) == len(expected), (q, r.value)


def test_two_device_types_compared_by_count(conn: GraphConnection) -> None:
    kinds = sheet("设备信息")["设备类型"].value_counts()
    r = _ask(conn, "电梯和消防两类设备哪类多")
    assert r.status == "answered", r.answer
    assert kinds["电梯"] != kinds["消防"]
    assert list(r.value) == ["电梯" if kinds["电梯"] > kinds["消防"] else "消防"], r.value


@pytest.mark.parametrize(
    "q, a, b", [("青浦片区和徐汇片区哪个片区的项目更多", "PQ01", "PQ02"), ("科创片区和青浦片区，哪个片区的项目多", "PQ03", "PQ01")]
)
def test_two_regions_compared_by_their_projects(conn: GraphConnection, q: str, a: str, b: str) -> None:
    counts = sheet("项目片区关系")["片区编号"].value_counts()
    assert counts[a] != counts[b]
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    winner = a if counts[a] > counts[b] else b
    assert [str(v).rsplit("（", 1)[-1].rstrip("）") for v in r.value] == [winner], r.value


def _region_devices(region: str) -> Any:
    rel = sheet("项目片区关系")
    codes = set(rel[rel["片区编号"] == region]["项目编号"])
    rows = sheet("设备信息")
    return rows[rows["项目编号"].isin(codes)]


@pytest.mark.parametrize(
    "q, region", [("青浦片区的设备原值合计", "PQ01"), ("徐汇片区设备原值总和", "PQ02"), ("科创片区下面项目的设备原值一共多少", "PQ03")]
)
def test_a_regions_device_value_through_its_projects(conn: GraphConnection, q: str, region: str) -> None:
    expected = sum(float(num(v) or 0) for v in _region_devices(region)["原值"])
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert float(r.value) == expected > 0, (q, r.value)


@pytest.mark.parametrize(
    "q, whole, part",
    [
        ("耗材采购金额中清洁耗材占比", {"记录类型": ["耗材采购"]}, {"类别": ["清洁耗材"]}),
        ("全部采购金额里固定资产占几成", {"记录类型": ["耗材采购", "固定资产"]}, {"记录类型": ["固定资产"]}),
        ("采购总金额中耗材采购占百分之多少", {"记录类型": ["耗材采购", "固定资产"]}, {"记录类型": ["耗材采购"]}),
    ],
)
def test_the_share_of_a_category_in_a_sum(
    conn: GraphConnection, q: str, whole: dict[str, list[str]], part: dict[str, list[str]]
) -> None:
    rows = sheet("采购与维保")
    w = rows
    for k, v in whole.items():
        w = w[w[k].isin(v)]
    pt = w
    for k, v in part.items():
        pt = pt[pt[k].isin(v)]
    expected = sum(float(num(x) or 0) for x in pt["金额"]) / sum(float(num(x) or 0) for x in w["金额"])
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert abs(float(r.value) - expected) < 1e-4, (q, r.value, expected)


@pytest.mark.parametrize("q", ["在服务的项目中没有设备记录的有几个", "服务中的项目里，一台设备都没有的有几个"])
def test_projects_in_service_without_any_device(conn: GraphConnection, q: str) -> None:
    projects = sheet("项目信息")
    serving = {str(k) for k, s in zip(projects["项目编号"], projects["服务状态"], strict=True) if text(s) == "服务中"}
    expected = len(serving - set(sheet("设备信息")["项目编号"]))
    r = _ask(conn, q)
    assert r.status == "answered", r.answer
    assert int(r.value) == expected > 0, (q, r.value)


def test_cleaners_without_a_certificate(conn: GraphConnection) -> None:
    people = sheet("人员信息")
    cleaners = {str(k) for k, j in zip(people["工号"], people["岗位名称"], strict=True) if j == "保洁员"}
    r = _ask(conn, "没有证书的保洁员有几个")
    assert r.status == "answered", r.answer
    assert int(r.value) == len(cleaners - set(sheet("人员证书")["工号"])), r.value


def test_the_people_of_the_other_posts(conn: GraphConnection) -> None:
    posts = sheet("人员信息")["岗位名称"]
    expected = sum(1 for j in posts if not (str(j) == "保洁员" or str(j).startswith("保安")))
    r = _ask(conn, "除了保洁员和保安，花名册上其余岗位共有多少人")
    assert r.status == "answered", r.answer
    assert int(r.value) == expected, r.value
