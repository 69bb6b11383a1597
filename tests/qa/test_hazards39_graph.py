"""Judge-34 classes end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel
files, on the judge's dev day 2026-11-30. Wordings are our own besides the judge's; the refused ones must never
come back as a confident number."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import answered_dev, ask_dev, dev_records, dev_rows, plain_number, publish_dev
from tests.qa.gold import day, month, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards39")


def _refused(conn: GraphConnection, q: str) -> None:
    a = ask_dev(conn, q)
    assert a.status in ("clarify", "needs_llm"), (q, a.status, a.answer)


# ---------------------------------------------------------------- A: 多少人 after a measure counted in 人 is its unit


def _total(field: str) -> float:
    return sum(v for r in dev_records("岗位编制") if (v := plain_number(r[field])) is not None)


@pytest.mark.parametrize(
    "q, field",
    [
        ("岗位编制表里预算编制总数是多少人", "预算编制"),
        ("预算编制的总数有多少人", "预算编制"),
        ("岗位编制里在岗人数总数是多少人", "在岗人数"),
        ("编制表上标准工时人数的数量一共是多少人", "标准工时人数"),
        ("岗位编制中项目编制总数有多少个人", "项目编制"),
        ("预算编制人数加起来多少个人", "预算编制"),
    ],
)
def test_a_measure_counted_in_people_is_summed_over_every_row(conn: GraphConnection, q: str, field: str) -> None:
    a = answered_dev(conn, q)
    assert float(a.value) == _total(field), (q, a.value)
    assert f"依据 {len(dev_records('岗位编制'))} 条记录" in a.answer, a.answer


# ---------------------------------------------------------------- B: the named record type's own date field


def _contracts(pred: object) -> list[str]:
    return [str(r["记录编号"]) for r in dev_rows("采购与维保", 记录类型="维保合同") if pred(r)]  # type: ignore[operator]


def test_b_a_day_on_the_contracts_own_start(conn: GraphConnection) -> None:
    want = _contracts(lambda r: day(r["开始日期"]) == date(2026, 1, 1))
    assert want
    assert answered_dev(conn, "有没有开始日期在2026年1月1日的维保合同").value is True
    assert answered_dev(conn, "维保合同里开始日期是2026年1月1日的有几份").value == len(want)


@pytest.mark.parametrize(
    "q, field, year",
    [
        ("开始日期在今年的维保合同有多少份", "开始日期", 2026),
        ("结束日期在2026年的维保合同有几份", "结束日期", 2026),
        ("2025年开始的维保合同有几份", "开始日期", 2025),
    ],
)
def test_b_a_year_on_the_contracts_own_dates(conn: GraphConnection, q: str, field: str, year: int) -> None:
    want = _contracts(lambda r: (d := day(r[field])) is not None and d.year == year)
    assert answered_dev(conn, q).value == len(want), q


# ---------------------------------------------------------------- C: the supplier of the one largest purchase


def _purchases() -> list[dict[str, object]]:
    return dev_rows("采购与维保", 记录类型="耗材采购")


def _supplier_of(top: bool) -> set[str]:
    rows = [(float(plain_number(r["金额"]) or 0), str(r["供应商名称"])) for r in _purchases()]
    best = max(v for v, _ in rows) if top else min(v for v, _ in rows)
    return {s for v, s in rows if v == best}


@pytest.mark.parametrize(
    "q, top",
    [
        ("单笔金额最大的那笔耗材采购，供应商是谁", True),
        ("金额最大的那笔耗材采购是哪家供应商", True),
        ("耗材采购里单笔金额最高的是哪个供应商", True),
        ("单次采购金额最小的那笔耗材是哪家供应商的", False),
    ],
)
def test_c_a_per_record_word_ranks_records(conn: GraphConnection, q: str, top: bool) -> None:
    a = answered_dev(conn, q)
    assert set(a.value) == _supplier_of(top), (q, a.value)


def test_c_totals_per_supplier_differ_so_the_test_bites() -> None:
    sums: dict[str, float] = defaultdict(float)
    for r in _purchases():
        sums[str(r["供应商名称"])] += float(plain_number(r["金额"]) or 0)
    assert max(sums, key=lambda k: sums[k]) not in _supplier_of(True)


@pytest.mark.parametrize("q", ["耗材采购中单笔金额最高的那一笔买的是什么", "耗材采购中金额最高的一笔买的是什么"])
def test_c_what_of_the_top_record_is_never_its_amount(conn: GraphConnection, q: str) -> None:
    _refused(conn, q)


# ---------------------------------------------------------------- D: 中了 / 没中 are the bid's result


def _bids(result: str | None = None, year: int | None = None) -> int:
    return len(
        [
            r
            for r in dev_records("投标记录")
            if (result is None or text(r["中标结果"]) == result)
            and (year is None or str(r["年份"]).strip().rstrip("年") == str(year))
        ]
    )


@pytest.mark.parametrize(
    "q, result, year",
    [
        ("咱们投标一共中了几回", "中标", None),
        ("投标记录里中了的有几个", "中标", None),
        ("去年投的标中了几个", "中标", 2025),
        ("2025年我们中了几个标", "中标", 2025),
        ("去年拿下了几个标", "中标", 2025),
        ("投标记录里落标的有几条", "未中标", None),
        ("投标记录里最后中了标的有几个", "中标", None),  # J: 最后 before a result value
        ("投标记录里最终中标的有几个", "中标", None),
    ],
)
def test_d_a_result_verb_is_the_result(conn: GraphConnection, q: str, result: str, year: int | None) -> None:
    assert answered_dev(conn, q).value == _bids(result, year), q
    assert _bids(result, year) != _bids(None, year)


@pytest.mark.parametrize("q", ["去年投标中过几次", "最后一次检查是哪天"])
def test_d_an_unknown_verb_or_latest_word_is_refused(conn: GraphConnection, q: str) -> None:
    _refused(conn, q)


# ---------------------------------------------------------------- E: a bracket after a bare 采购 names the records


def _spent(kinds: tuple[str, ...], months: tuple[str, ...] | None = None) -> float:
    return sum(
        float(plain_number(r["金额"]) or 0)
        for r in dev_records("采购与维保")
        if text(r["记录类型"]) in kinds and (months is None or month(r["年月"]) in months)
    )


_BOTH = ("耗材采购", "固定资产")
_YEAR = tuple(f"2026-{m:02d}" for m in range(1, 13))


@pytest.mark.parametrize(
    "q, months",
    [
        ("今年采购（耗材+固定资产）的金额一共多少", _YEAR),
        ("3月份采购（耗材+固定资产）的金额合计", ("2026-03",)),
        ("2026年2月采购（耗材、固定资产）金额总共是多少", ("2026-02",)),
        ("采购记录（耗材+固定资产）的金额一共多少", None),
    ],
)
def test_e_a_bracket_of_kinds_after_a_bare_verb(conn: GraphConnection, q: str, months: tuple[str, ...] | None) -> None:
    assert float(answered_dev(conn, q).value) == _spent(_BOTH, months), q


# ---------------------------------------------------------------- I: a bracket restating the month field


def test_i_the_month_basis_restated(conn: GraphConnection) -> None:
    assert float(answered_dev(conn, "3月份的耗材采购（按年月算）花了多少钱").value) == _spent(("耗材采购",), ("2026-03",))
    assert float(answered_dev(conn, "2026年1月的固定资产（按年月统计）金额合计").value) == _spent(("固定资产",), ("2026-01",))


@pytest.mark.parametrize("q", ["3月份入职的员工（按服务起始年月算）有几个", "耗材采购（按年月算）一共花了多少钱"])
def test_i_a_basis_the_plan_does_not_apply_is_refused(conn: GraphConnection, q: str) -> None:
    _refused(conn, q)


# ---------------------------------------------------------------- K: a measure and a total are never "not in the data"


@pytest.mark.parametrize("q", ["耗材采购、固定资产、维保合同各自的金额合计是多少", "维保合同、耗材采购、固定资产各自的金额合计"])
def test_k_no_false_absence(conn: GraphConnection, q: str) -> None:
    _refused(conn, q)  # refused (the three kinds are not one field's values); never 「金额合计」 absent


# ---------------------------------------------------------------- G: the top person's total, then that total


def _march_pay() -> dict[str, float]:
    totals: dict[str, float] = defaultdict(float)
    for r in dev_records("考勤与人员财务"):
        if month(r["年月"]) == "2026-03" and (v := plain_number(r["税后工资"])) is not None:
            totals[str(r["工号"])] += v
    return totals


@pytest.mark.parametrize(
    "q, top",
    [
        ("3月份税后工资拿得最多的那个人拿了多少", True),
        ("3月税后工资最高的人拿了多少钱", True),
        ("3月税后工资最低的那个员工拿了多少", False),
    ],
)
def test_g_the_top_persons_total(conn: GraphConnection, q: str, top: bool) -> None:
    a = answered_dev(conn, q)
    want = max(_march_pay().values()) if top else min(_march_pay().values())
    assert float(a.value) == pytest.approx(want), (q, a.value)
    assert "先按每个人员" in a.answer  # the reading that ran is said


# ---------------------------------------------------------------- H: a share whose whole is every kind in a bracket


@pytest.mark.parametrize(
    "q, part",
    [
        ("耗材采购金额在全部采购记录里的占比", "耗材采购"),
        ("耗材采购金额占全部采购记录的比例", "耗材采购"),
    ],
)
def test_h_a_share_of_every_purchase(conn: GraphConnection, q: str, part: str) -> None:
    a = answered_dev(conn, q)
    assert float(a.value) == pytest.approx(_spent((part,)) / _spent(_BOTH), abs=1e-4), (q, a.value)


@pytest.mark.parametrize(
    "q, part",
    [
        ("耗材采购金额在全部采购（耗材+固定资产）里占比多少", "耗材采购"),
        ("固定资产的金额在采购（耗材和固定资产）当中占多少比例", "固定资产"),
    ],
)
def test_h_a_bracket_in_a_share_is_the_default_scope(conn: GraphConnection, q: str, part: str) -> None:
    """The bracket restates the default 采购 scope (pass 57, judge 49 K4): refused, or the share over both kinds."""
    a = ask_dev(conn, q)
    if a.status == "answered":
        assert float(a.value) == pytest.approx(_spent((part,)) / _spent(_BOTH), abs=1e-4), (q, a.value)
    else:
        assert a.status in ("clarify", "needs_llm"), (q, a.status, a.answer)


@pytest.mark.parametrize("q, top", [("采购（耗材和固定资产）里单笔金额最大的一笔是哪家供应商", True), ("采购（耗材+固定资产）当中单笔金额最小的是哪家供应商", False)])
def test_h_the_supplier_of_the_largest_purchase_of_both_kinds(conn: GraphConnection, q: str, top: bool) -> None:
    rows = [(float(plain_number(r["金额"]) or 0), str(r["供应商名称"])) for r in dev_records("采购与维保") if text(r["记录类型"]) in _BOTH]
    best = max(v for v, _ in rows) if top else min(v for v, _ in rows)
    assert set(answered_dev(conn, q).value) == {s for v, s in rows if v == best}, q
