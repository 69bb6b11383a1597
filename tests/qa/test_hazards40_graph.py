"""Judge-35 classes end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel
files, on the judge's dev day 2026-11-30. Wordings are our own besides the judge's; the refused ones must never
come back as a confident number."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Any

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, ask_dev, dev_records, plain_number, publish_dev
from tests.qa.gold import month, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards40")


def _groups(a: Any) -> dict[str, float]:
    return {str(f.key): round(float(f.values["__value__"]), 2) for f in a.outcome.facts}


def _total(ledger: str, field: str, **where: str) -> float:
    return sum(
        plain_number(r[field]) or 0.0
        for r in dev_records(ledger)
        if all((month(r[k]) if k == "年月" else text(r[k])) == v for k, v in where.items())
    )


# ---------------------------------------------------------------- A: 相差 is |A − B|, 比…多 is signed


@pytest.mark.parametrize(
    "q",
    [
        "2月份考勤里，加班超时费合计和国定加班费合计相差多少",
        "2月考勤中加班超时费合计跟国定加班费合计差多少元",
        "考勤表2月的加班超时费合计同国定加班费合计差了多少",
    ],
)
def test_a_an_unsigned_difference_is_its_size(conn: GraphConnection, q: str) -> None:
    a, b = _total("考勤与人员财务", "加班超时费", 年月="2026-02"), _total("考勤与人员财务", "国定加班费", 年月="2026-02")
    r = answered_dev(conn, q)
    assert r.value == pytest.approx(abs(a - b)) and r.value > 0, r.answer
    assert "国定加班费合计比加班超时费合计多" in r.answer


def test_a_a_signed_difference_keeps_its_sign(conn: GraphConnection) -> None:
    a, b = _total("考勤与人员财务", "加班超时费", 年月="2026-02"), _total("考勤与人员财务", "国定加班费", 年月="2026-02")
    r = answered_dev(conn, "2月考勤里加班超时费比国定加班费多多少")
    assert r.value == pytest.approx(a - b), r.answer


# ---------------------------------------------------------------- B: 值班（24小时那种） names the code, no condition


@pytest.mark.parametrize(
    "q",
    [
        "3月份排班里XMSQ0150有没有人排过值班（24小时那种）",
        "XMSQ0150三月份有人上过值班(24小时)吗",
    ],
)
def test_b_a_bracket_explaining_the_code_keeps_the_yes(conn: GraphConnection, q: str) -> None:
    on_duty = [
        r for r in dev_records("排班月报")
        if text(r["项目编号"]) == "XMSQ0150" and month(r["年月"]) == "2026-03" and "值" in [text(v) for v in r.values()]
    ]
    assert on_duty  # 宋志刚
    r = ask_dev(conn, q)
    assert r.status != "answered" or r.value is True, r.answer


def test_b_the_people_on_duty_are_only_those_with_the_code(conn: GraphConnection) -> None:
    want = {
        text(r["姓名"])
        for r in dev_records("排班月报")
        if text(r["项目编号"]) == "XMSQ0150" and month(r["年月"]) == "2026-03" and "值" in [text(v) for v in r.values()]
    }
    r = ask_dev(conn, "3月份XMSQ0150排了值班（24小时）的人有哪些")
    assert r.status != "answered" or {str(v).split("（")[0] for v in r.value} == want, r.answer


def test_b_a_bracket_with_filler_is_never_no(conn: GraphConnection) -> None:
    r = ask_dev(conn, "3月的排班月报里，排了值班（就是24小时班）的有几个人")
    assert r.status != "answered" or r.value == 1, r.answer


# ---------------------------------------------------------------- C: values listed, then 各 / 分别 + an aggregate


def _by(ledger: str, field: str, measure: str, values: list[str], **where: str) -> dict[str, float]:
    out: dict[str, float] = defaultdict(float)
    for r in dev_records(ledger):
        key = month(r[field]) if field == "年月" else text(r[field])
        if key in values and all(text(r[k]) == v for k, v in where.items()):
            out[str(key)] += plain_number(r[measure]) or 0.0
    return {k: round(v, 2) for k, v in out.items()}


@pytest.mark.parametrize(
    "q, ledger, field, measure, values, where",
    [
        ("清洁耗材、工程耗材的金额各合计多少", "采购与维保", "类别", "金额", ["清洁耗材", "工程耗材"], {}),
        ("清洁耗材和工程耗材的采购金额，各算一下总数", "采购与维保", "类别", "金额", ["清洁耗材", "工程耗材"], {}),
        ("2026年1月和2月的开票金额各合计多少", "项目月度财务", "年月", "开票金额", ["2026-01", "2026-02"], {}),
        ("1月、2月、3月的开票金额分别汇总一下", "项目月度财务", "年月", "开票金额", ["2026-01", "2026-02", "2026-03"], {}),
        ("电梯和消防两类设备的原值各合计多少", "设备信息", "设备类型", "原值", ["电梯", "消防"], {}),
    ],
)
def test_c_listed_values_asked_apart_are_one_total_each(
    conn: GraphConnection, q: str, ledger: str, field: str, measure: str, values: list[str], where: dict[str, str]
) -> None:
    r = ask_dev(conn, q)
    assert r.status != "answered" or r.value is None, (q, r.answer)  # never one number
    if r.status == "answered":
        assert _groups(r) == _by(ledger, field, measure, values, **where), r.answer


def test_c_a_listed_count_asked_apart_is_per_value(conn: GraphConnection) -> None:
    want: dict[str, float] = defaultdict(float)
    for rec in dev_records("设备信息"):
        if text(rec["设备类型"]) in ("电梯", "消防"):
            want[str(text(rec["设备类型"]))] += 1
    r = answered_dev(conn, "电梯、消防设备各有几台")
    assert _groups(r) == dict(want), r.answer


# ---------------------------------------------------------------- D–L: plain questions the data answers


def _top(ledger: str, key: str, field: str, highest: bool = True) -> set[str]:
    rows = [(text(r[key]), plain_number(r[field])) for r in dev_records(ledger)]
    vals = [v for _, v in rows if v is not None]
    best = max(vals) if highest else min(vals)
    return {str(k) for k, v in rows if v == best}


@pytest.mark.parametrize(
    "q, ledger, key, field, highest",
    [
        ("哪个项目的年化合同额是最高的", "项目信息", "项目编号", "年化合同额", True),
        ("哪个项目的合同金额是最大的", "项目信息", "项目编号", "合同金额", True),
        ("哪台设备的原值是最低的", "设备信息", "设备编号", "原值", False),
    ],
)
def test_d_a_copula_before_the_superlative(
    conn: GraphConnection, q: str, ledger: str, key: str, field: str, highest: bool
) -> None:
    r = answered_dev(conn, q)
    want = _top(ledger, key, field, highest)
    assert len(r.value) == len(want) and all(any(k in str(v) for k in want) for v in r.value), r.answer


def test_e_a_field_not_filled_is_empty(conn: GraphConnection) -> None:
    want = [text(r["项目编号"]) for r in dev_records("项目信息") if text(r["客户满意度"]) is None]
    for q in ("客户满意度没填的项目有几个", "客户满意度还没有填写的项目有几个"):
        assert answered_dev(conn, q).value == len(want)


def test_e_projects_hung_under_a_region_through_the_link_ledger(conn: GraphConnection) -> None:
    per: dict[str, int] = defaultdict(int)
    for r in dev_records("项目片区关系"):
        per[str(text(r["片区编号"]))] += 1
    want = {k for k, n in per.items() if n >= 5}
    r = answered_dev(conn, "项目片区关系里挂了5个及以上项目的片区")
    assert {k for k in want if any(k in str(v) for v in r.value)} == want and len(r.value) == len(want), r.answer


def test_e_two_kinds_put_together(conn: GraphConnection) -> None:
    kinds = ("月度品质检查", "消防安全检查")
    scores = [plain_number(r["检查得分"]) for r in dev_records("检查记录") if text(r["检查类型"]) in kinds]
    nums = [s for s in scores if s is not None]
    for q in ("月度品质检查和消防安全检查放在一起，平均得分多少", "月度品质检查、消防安全检查放到一起算，平均分是多少"):
        assert answered_dev(conn, q).value == pytest.approx(sum(nums) / len(nums), abs=0.01)


@pytest.mark.parametrize(
    "q, want",
    [("出厂编号2019115515的设备完好状况怎么样", "完好"), ("记录编号CG2026004现在是什么状态", "已验收")],
)
def test_f_a_record_named_by_a_code_field(conn: GraphConnection, q: str, want: str) -> None:
    if "出厂编号" in q:
        assert [text(r["完好状况"]) for r in dev_records("设备信息") if text(r["出厂编号"]) == "2019115515"] == [want]
    else:
        assert [text(r["状态"]) for r in dev_records("采购与维保") if text(r["记录编号"]) == "CG2026004"] == [want]
    assert answered_dev(conn, q).value == want


def test_g_a_date_range_from_today(conn: GraphConnection) -> None:
    from tests.qa.gold import day

    days = [day(r["有效期至"]) for r in dev_records("人员证书")]
    want = sum(1 for d in days if d is not None and date(2026, 11, 30) < d <= date(2027, 12, 31))
    for q in ("有效期至在今天之后且不晚于2027年12月31日的证书有几本", "有效期至晚于今天并且不晚于2027年12月31日的证书有几本"):
        assert answered_dev(conn, q).value == want


def test_j_projects_by_district(conn: GraphConnection) -> None:
    want: dict[str, float] = defaultdict(float)
    for r in dev_records("项目信息"):
        want[str(text(r["市（区）"]))] += 1
    for q in ("按区统计一下项目个数", "每个区各有几个项目"):
        assert _groups(answered_dev(conn, q)) == dict(want)


def test_k_each_after_each_kind(conn: GraphConnection) -> None:
    want: dict[str, float] = {}
    for r in dev_records("检查记录"):
        k, v = str(text(r["检查类型"])), plain_number(r["检查得分"])
        if v is not None:
            want[k] = max(want.get(k, v), v)
    assert _groups(answered_dev(conn, "每种检查类型各自的最高得分")) == want


def test_l_a_person_not_in_the_data(conn: GraphConnection) -> None:
    r = ask_dev(conn, "员工司马光是哪天入职的")
    assert r.status == "insufficient" and r.reason == "no_such_entity", r.answer


def test_l_a_greeting_with_small_talk(conn: GraphConnection) -> None:
    r = ask_dev(conn, "下午好，今天也辛苦了")
    assert r.status == "answered" and r.value is None, r.answer


# ---------------------------------------------------------------- found by the final measurement: a share of 100 %


@pytest.mark.parametrize(
    "q",
    [
        "耗材采购的金额在采购总额（耗材+固定资产）里占多大比重",
        "固定资产的金额在采购总额（耗材+固定资产）里占多少",
    ],
)
def test_a_share_whose_part_was_dropped_is_refused(conn: GraphConnection, q: str) -> None:
    # 耗材采购 was ignored as a filler and the bracket's two kinds became the part: 100 %, a wrong answer
    r = ask_dev(conn, q)
    assert r.status != "answered" or (r.value is not None and 0 < float(r.value) < 1), (q, r.value)
