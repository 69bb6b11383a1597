"""Judge-17 classes end to end on the real local graph (data/test_data), values equal to pandas over
the dev Excel files (the judge's probes and own wording). Today is the judge's dev day, 2026-11-30."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.agent.helpers import ask_once, question_agent
from tests.qa.dev_graph import DEV_TODAY, answered_dev, dev_records, dev_rows, publish_dev
from tests.qa.gold import attendance, day, month, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards22")


def _extreme(rows: list[dict[str, Any]], fld: str, key: str, latest: bool) -> set[str]:
    dated = [(d, str(r[key])) for r in rows if (d := day(r[fld])) is not None]
    best = max(d for d, _ in dated) if latest else min(d for d, _ in dated)
    return {k for d, k in dated if d == best}


def _keys_in(value: Any) -> set[str]:
    return {str(v).rsplit("（", 1)[-1].rstrip("）") for v in value}


# ---------------------------------------------------------------- W10a: the extreme of a record's own date


@pytest.mark.parametrize(
    "q, latest",
    [
        ("哪位员工的入职日期最晚", True),
        ("花名册上入职日期最早的员工是哪位", False),
        ("入职日期最晚的员工是谁", True),
    ],
)
def test_the_latest_or_earliest_hire(conn: GraphConnection, q: str, latest: bool) -> None:
    want = _extreme(dev_records("人员信息"), "入职日期", "工号", latest)
    assert _keys_in(answered_dev(conn, q).value) == want


@pytest.mark.parametrize("q", ["哪份维保合同的结束日期最晚", "结束日期最晚的维保合同是哪一份"])
def test_the_latest_maintenance_contract(conn: GraphConnection, q: str) -> None:
    want = _extreme(dev_rows("采购与维保", 记录类型="维保合同"), "结束日期", "记录编号", True)
    assert _keys_in(answered_dev(conn, q).value) == want


@pytest.mark.parametrize("q", ["哪个项目开始日期最早", "哪个项目的合同开始日期最早"])
def test_the_earliest_project(conn: GraphConnection, q: str) -> None:
    want = _extreme(dev_records("项目信息"), "开始日期", "项目编号", False)
    assert _keys_in(answered_dev(conn, q).value) == want


# ---------------------------------------------------------------- W10b: a ledger name next to an anti-join


def _projects(status: str | None = None) -> set[str]:
    return {
        str(r["项目编号"]) for r in dev_records("项目信息") if status is None or text(r["服务状态"]) == status
    }


def _with(ledger: str) -> set[str]:
    return {str(r["项目编号"]) for r in dev_records(ledger) if text(r["项目编号"])}


@pytest.mark.parametrize(
    "q",
    [
        "项目信息里有多少个项目在设备台账上一台设备都没有",
        "有多少个项目一台设备都没有",
        "在设备清单上一台设备也没有的项目有几个",
    ],
)
def test_projects_without_devices(conn: GraphConnection, q: str) -> None:
    assert answered_dev(conn, q).value == len(_projects() - _with("设备信息"))


@pytest.mark.parametrize(
    "q", ["项目信息里有多少个项目在检查记录上一次检查都没有", "有多少个项目一次检查都没有"]
)
def test_projects_without_checks(conn: GraphConnection, q: str) -> None:
    assert answered_dev(conn, q).value == len(_projects() - _with("检查记录"))


@pytest.mark.parametrize(
    "q", ["服务中的项目里，设备台账上一台设备都没有的有几个", "服务中的项目里，一台设备都没有的有几个"]
)
def test_serving_projects_without_devices(conn: GraphConnection, q: str) -> None:
    assert answered_dev(conn, q).value == len(_projects("服务中") - _with("设备信息"))


@pytest.mark.parametrize(
    "q", ["花名册上的保洁员里，人员证书表中一本证书都没有的有几位", "保洁员里，一本证书都没有的有几位"]
)
def test_cleaners_without_certificates(conn: GraphConnection, q: str) -> None:
    holders = {str(r["工号"]) for r in dev_records("人员证书") if text(r["工号"])}
    cleaners = {str(r["工号"]) for r in dev_rows("人员信息", 岗位名称="保洁员")}
    assert answered_dev(conn, q).value == len(cleaners - holders)


# ---------------------------------------------------------------- 1: an anti-join in a month under a filter


def _fact_projects(ledger: str, ym: str) -> set[str]:
    return {str(r["项目编号"]) for r in dev_records(ledger) if month(r["年月"]) == ym and text(r["项目编号"])}


@pytest.mark.parametrize(
    "q, status, ym",
    [
        ("服务中的项目里，2026年3月没有开票记录的有几个", "服务中", "2026-03"),
        ("服务中的项目里，1月没有开票记录的有几个", "服务中", "2026-01"),
        ("已结束的项目里，1月没有开票记录的有几个", "已结束", "2026-01"),
        ("服务中的项目里2月没有收款记录的有几个", "服务中", "2026-02"),
    ],
)
def test_a_filter_and_no_finance_row_of_the_month(
    conn: GraphConnection, q: str, status: str, ym: str
) -> None:
    assert answered_dev(conn, q).value == len(_projects(status) - _fact_projects("项目月度财务", ym))


def test_serving_projects_not_invoiced_in_march(conn: GraphConnection) -> None:
    want = _projects("服务中") - _fact_projects("项目月度财务", "2026-03")
    assert _keys_in(answered_dev(conn, "3月份没开过票的服务中项目有哪些").value) == want


@pytest.mark.parametrize(
    "q, status, ym",
    [
        ("2026年2月没有考勤记录的项目有几个", None, "2026-02"),
        ("服务中的项目里，3月没有考勤记录的有几个", "服务中", "2026-03"),
        ("4月没有考勤的项目有几个", None, "2026-04"),
    ],
)
def test_no_attendance_row_of_the_month(conn: GraphConnection, q: str, status: str | None, ym: str) -> None:
    staffed = {str(x) for x in attendance(ym)["项目编号"]}
    assert answered_dev(conn, q).value == len(_projects(status) - staffed)


# ---------------------------------------------------------------- 2: exclusion shapes


def _purchases(project: str | None) -> float:
    rows = [
        r
        for r in dev_rows("采购与维保")
        if text(r["记录类型"]) != "维保合同"
        and text(r["记录类型"]) != "供应商"
        and (project is None or text(r["项目编号"]) == project)
    ]
    return float(sum(float(str(r["金额"]).replace(",", "")) for r in rows if text(r["金额"])))


@pytest.mark.parametrize(
    "q, project",
    [
        ("XMSQ0150的采购与维保金额，维保合同别算，合计多少", "XMSQ0150"),
        ("采购与维保金额，维保合同不算，一共多少", None),
    ],
)
def test_a_ledger_by_its_file_name_with_a_type_left_out(
    conn: GraphConnection, q: str, project: str | None
) -> None:
    assert answered_dev(conn, q).value == pytest.approx(_purchases(project))


@pytest.mark.parametrize(
    "q",
    [
        "花名册上除了保安、保洁这两类岗位以外的人有多少",
        "除了保安、保洁以外的员工有几个",
        "除了保安和保洁这两类以外，还有多少员工",
    ],
)
def test_people_but_guards_and_cleaners(conn: GraphConnection, q: str) -> None:
    rest = [r for r in dev_records("人员信息") if not str(r["岗位名称"]).startswith(("保安", "保洁"))]
    assert answered_dev(conn, q).value == len(rest)


# ---------------------------------------------------------------- 3: monthly headcounts of a region or the company


def _facts(r: Any) -> dict[str, Any]:
    return {str(f.key): f.values["__value__"] for f in r.outcome.facts}


def _region_rows(ym: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for link in dev_records("项目片区关系"):
        n = int((attendance(ym)["项目编号"].astype(str) == str(link["项目编号"])).sum())
        if n:
            out[str(link["片区编号"])] = out.get(str(link["片区编号"]), 0) + n
    return out


@pytest.mark.parametrize(
    "q, region", [("青浦片区每个月的考勤人数", "PQ01"), ("科创片区每个月考勤有多少人", "PQ03")]
)
def test_a_region_per_month(conn: GraphConnection, q: str, region: str) -> None:
    months = sorted({m for r in dev_records("项目月度财务") if (m := month(r["年月"]))})
    want = {m: _region_rows(m).get(region, 0) for m in months}
    assert _facts(answered_dev(conn, q)) == {m: v for m, v in want.items() if v}


@pytest.mark.parametrize(
    "q, ym", [("2026年3月各片区考勤人数分别是多少", "2026-03"), ("1月份各个片区的考勤人数", "2026-01")]
)
def test_regions_in_a_month(conn: GraphConnection, q: str, ym: str) -> None:
    assert _facts(answered_dev(conn, q)) == _region_rows(ym)


@pytest.mark.parametrize("q", ["每个月考勤表上各有多少人", "各月份考勤上有多少人"])
def test_the_company_per_month(conn: GraphConnection, q: str) -> None:
    months = ["2026-01", "2026-02", "2026-03", "2026-04"]
    assert _facts(answered_dev(conn, q)) == {m: len(attendance(m)) for m in months}


# ---------------------------------------------------------------- 4: the union of two values (A+B)

_BOUGHT = ("耗材采购", "固定资产")


def _per_supplier(measure: str | None) -> dict[str, float]:
    out: dict[str, float] = {}
    for r in dev_rows("采购与维保"):
        if text(r["记录类型"]) in _BOUGHT and text(r["供应商名称"]):
            add = 1.0 if measure is None else float(str(r[measure]).replace(",", ""))
            out[str(r["供应商名称"])] = out.get(str(r["供应商名称"]), 0.0) + add
    return out


@pytest.mark.parametrize(
    "q",
    ["采购（耗材+固定资产）金额合计最高的供应商是哪家", "采购（耗材和固定资产）金额合计最高的供应商是哪家"],
)
def test_the_supplier_with_most_bought(conn: GraphConnection, q: str) -> None:
    sums = _per_supplier("金额")
    best = max(sums.values())
    assert set(map(str, answered_dev(conn, q).value)) == {k for k, v in sums.items() if v == best}


@pytest.mark.parametrize(
    "q",
    [
        "采购条数（耗材+固定资产）在2条及以上的供应商有哪些",
        "采购记录（耗材+固定资产）在2条及以上的供应商有哪些",
    ],
)
def test_suppliers_with_two_purchases_or_more(conn: GraphConnection, q: str) -> None:
    counts = _per_supplier(None)
    assert _facts(answered_dev(conn, q)) == {k: v for k, v in counts.items() if v >= 2}


def test_records_of_either_kind(conn: GraphConnection) -> None:
    want = len([r for r in dev_rows("采购与维保") if text(r["记录类型"]) in _BOUGHT])
    assert answered_dev(conn, "耗材+固定资产的采购记录有几条").value == want


# ---------------------------------------------------------------- 5: two day codes joined by 或


def _with_codes(ym: str, codes: tuple[str, ...]) -> set[str]:
    rows = attendance(ym)
    days = [c for c in rows.columns if str(c).endswith("日") and str(c)[:-1].isdigit()]
    return {str(r["工号"]) for _, r in rows.iterrows() if any(text(r[d]) in codes for d in days)}


@pytest.mark.parametrize(
    "q, ym, codes",
    [
        ("2026年3月考勤里有病假或事假的有几个人", "2026-03", ("病", "事")),
        ("3月有病假或事假的人有几个", "2026-03", ("病", "事")),
        ("1月份请过病假或者事假的有几个人", "2026-01", ("病", "事")),
    ],
)
def test_people_with_either_day_code(conn: GraphConnection, q: str, ym: str, codes: tuple[str, ...]) -> None:
    assert answered_dev(conn, q).value == len(_with_codes(ym, codes))


def test_people_listed_with_either_day_code(conn: GraphConnection) -> None:
    r = answered_dev(conn, "4月份请过事假或者旷工的员工有哪些")
    assert _keys_in(r.value) == _with_codes("2026-04", ("事", "旷"))


# ---------------------------------------------------------------- 6: a fragment every name starts with


def _suppliers_with(part: str) -> set[str]:
    return {str(r["名称"]) for r in dev_rows("采购与维保", 记录类型="供应商") if part in str(r["名称"])}


@pytest.mark.parametrize("q", ["上海的供应商有几家", "供应商中上海的有多少家"])
def test_suppliers_of_a_city_counted(conn: GraphConnection, q: str) -> None:
    assert answered_dev(conn, q).value == len(_suppliers_with("上海"))


def test_suppliers_of_a_city_listed(conn: GraphConnection) -> None:
    assert set(map(str, answered_dev(conn, "哪些供应商是上海的").value)) == _suppliers_with("上海")


def test_is_there_a_supplier_of_a_city(conn: GraphConnection) -> None:
    r = answered_dev(conn, "供应商里有上海的公司吗")
    assert r.value is bool(_suppliers_with("上海")), r.answer


def test_one_supplier_of_a_city_is_still_asked(conn: GraphConnection) -> None:
    r = ask_once(question_agent(DEV_TODAY), "上海的那家供应商叫什么", conn=conn, role="admin")
    assert r.status != "answered" or len(_suppliers_with("上海")) == 1, r.answer


# ---------------------------------------------------------------- 8: a rate defined inline


@pytest.mark.parametrize(
    "q", ["设备完好率是多少（完好台数除以设备总台数）", "设备完好率是多少（完好台数/设备总台数）"]
)
def test_the_sound_rate(conn: GraphConnection, q: str) -> None:
    devices = dev_records("设备信息")
    want = len([r for r in devices if text(r["完好状况"]) == "完好"]) / len(devices)
    assert answered_dev(conn, q).value == pytest.approx(want)


def test_the_win_rate(conn: GraphConnection) -> None:
    bids = dev_records("投标记录")
    want = len([r for r in bids if text(r["中标结果"]) == "中标"]) / len(bids)
    assert answered_dev(conn, "投标的中标率是多少（中标条数/全部投标条数）").value == pytest.approx(want)


# ---------------------------------------------------------------- 9: a missing person after a type noun or a verb


@pytest.mark.parametrize(
    "q, name",
    [
        ("员工司马光明的岗位是什么", "司马光明"),
        ("上官婉儿持有哪些证书", "上官婉儿"),
        ("张伟伟2026年4月的税后工资是多少", "张伟伟"),
        ("员工王小明的岗位是什么", "王小明"),
    ],
)
def test_a_missing_person_is_named_whole(conn: GraphConnection, q: str, name: str) -> None:
    assert not dev_rows("人员信息", 姓名=name)
    r = ask_once(question_agent(DEV_TODAY), q, conn=conn, role="admin")
    assert r.status == "insufficient" and r.reason == "no_such_entity" and f"「{name}」" in r.answer, r.answer


def test_a_person_after_the_type_noun_is_found(conn: GraphConnection) -> None:
    r = answered_dev(conn, "员工赵德胜的岗位是什么")
    assert r.value == text(dev_rows("人员信息", 姓名="赵德胜")[0]["岗位名称"])


# ---------------------------------------------------------------- 10: groups ranked by an average


def _averages(ledger: str, group: str, measure: str) -> dict[str, float]:
    seen: dict[str, list[float]] = {}
    for r in dev_records(ledger):
        if text(r[group]) and text(r[measure]) is not None:
            seen.setdefault(str(r[group]), []).append(float(str(r[measure]).replace(",", "")))
    return {k: sum(v) / len(v) for k, v in seen.items()}


def _top(avgs: dict[str, float], n: int, highest: bool) -> set[str]:
    cut = sorted(avgs.values(), reverse=highest)[n - 1]
    return {k for k, v in avgs.items() if (v >= cut if highest else v <= cut)}


@pytest.mark.parametrize(
    "q", ["按平均原值算，哪类设备最贵", "平均原值最高的设备类型是哪个", "哪类设备平均原值最高"]
)
def test_the_kind_with_the_highest_average(conn: GraphConnection, q: str) -> None:
    want = _top(_averages("设备信息", "设备类型", "原值"), 1, True)
    assert set(_facts(answered_dev(conn, q))) == want


def test_the_two_kinds_with_the_lowest_average_score(conn: GraphConnection) -> None:
    want = _top(_averages("检查记录", "检查类型", "检查得分"), 2, False)
    r = answered_dev(conn, "平均检查得分最低的两种检查类型是哪两种")
    assert set(_facts(r)) == want
    avgs = _averages("检查记录", "检查类型", "检查得分")
    assert all(v == pytest.approx(avgs[k]) for k, v in _facts(r).items())


# ---------------------------------------------------------------- 11: a restating clause after a date compared with today


def _dated(ledger: str, field: str, later_than: date, **where: Any) -> list[dict[str, Any]]:
    return [r for r in dev_rows(ledger, **where) if (d := day(r[field])) is not None and d > later_than]


@pytest.mark.parametrize(
    "q, today",
    [
        ("结束日期晚于今天、还在有效期内的维保合同有几份", DEV_TODAY),
        ("截至今天（2026-06-30），结束日期晚于今天、还没到期的维保合同有几份", date(2026, 6, 30)),
    ],
)
def test_contracts_still_running(conn: GraphConnection, q: str, today: date) -> None:
    assert answered_dev(conn, q).value == len(_dated("采购与维保", "结束日期", today, 记录类型="维保合同"))


@pytest.mark.parametrize(
    "q",
    [
        "截至今天（2026-11-30），有效期至早于今天、已经过期的证书有几本",
        "有效期至早于今天、已经过期的证书有几本",
    ],
)
def test_certificates_expired(conn: GraphConnection, q: str) -> None:
    want = [r for r in dev_records("人员证书") if (d := day(r["有效期至"])) is not None and d < DEV_TODAY]
    assert answered_dev(conn, q).value == len(want)


# ---------------------------------------------------------------- 12: 列一下 + "<field>是X的<type>"


@pytest.mark.parametrize(
    "q, ledger, where",
    [
        ("帮忙列一下岗位是保洁员的人", "人员信息", {"岗位名称": "保洁员"}),
        ("列一下服务状态是服务中的项目", "项目信息", {"服务状态": "服务中"}),
        ("帮忙列一下设备类型是电梯的设备", "设备信息", {"设备类型": "电梯"}),
    ],
)
def test_a_list_by_a_field_value(conn: GraphConnection, q: str, ledger: str, where: dict[str, str]) -> None:
    r = answered_dev(conn, q)
    assert isinstance(r.value, list) and len(r.value) == len(dev_rows(ledger, **where)), r.answer
