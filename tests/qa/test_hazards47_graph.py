"""Judge-39 P0 (W1) end to end on the real local graph (data/test_data), values equal to pandas over the dev Excel
files (our own wordings): a colloquial comparator word before a number is a bound, never an equality; a number after
a word the rules do not read is refused, never compared with "="."""

from __future__ import annotations

import operator
from collections.abc import Callable

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import ask_dev, dev_records, plain_number, publish_dev
from tests.qa.gold import attendance, text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards47")


def _keys(ledger: str, key: str, field: str, cmp: Callable[[float, float], bool], bound: float) -> set[str]:
    return {
        str(text(r[key]))
        for r in dev_records(ledger)
        if (v := plain_number(r[field])) is not None and cmp(v, bound)
    }


@pytest.mark.parametrize(
    "q, ledger, key, field, cmp, bound",
    [
        ("合同金额过两百万的项目一共几个", "项目信息", "项目编号", "合同金额", operator.gt, 2_000_000),
        ("合同金额超500万的项目有几个", "项目信息", "项目编号", "合同金额", operator.gt, 5_000_000),
        ("合同金额上百万的项目有多少个", "项目信息", "项目编号", "合同金额", operator.ge, 1_000_000),
        ("合同金额够300万的项目有几个", "项目信息", "项目编号", "合同金额", operator.ge, 3_000_000),
        ("设备原值破5万的有几台", "设备信息", "设备编号", "原值", operator.gt, 50_000),
    ],
)
def test_a_comparator_word_counts_as_pandas(
    conn: GraphConnection, q: str, ledger: str, key: str, field: str, cmp: Callable[[float, float], bool], bound: float
) -> None:
    a = ask_dev(conn, q)
    assert a.status == "answered", (q, a.answer)
    rows = [r for r in dev_records(ledger) if (v := plain_number(r[field])) is not None and cmp(v, bound)]
    assert float(a.value) == len(rows) == len({(text(r["项目编号"]), text(r[key])) for r in rows}), (q, a.value)


def test_a_comparator_word_lists_as_pandas(conn: GraphConnection) -> None:
    a = ask_dev(conn, "合同金额过了千万的项目有哪些")
    assert a.status == "answered", a.answer
    want = _keys("项目信息", "项目编号", "合同金额", operator.gt, 10_000_000)
    assert want and all(any(k in str(v) for v in a.value) for k in want) and len(a.value) == len(want), a.value


@pytest.mark.parametrize("q", ["合同金额在300万的项目有几个", "合同金额约300万的项目有几个", "原值有10万的设备有几台"])
def test_a_number_after_an_unread_word_is_refused(conn: GraphConnection, q: str) -> None:
    assert ask_dev(conn, q).status != "answered", q


@pytest.mark.parametrize(
    "q, kind", [("消防安全检查平均能打多少分", "消防安全检查"), ("设备专项检查的得分平均能拿多少", "设备专项检查")]
)
def test_a_modal_phrase_averages_as_pandas(conn: GraphConnection, q: str, kind: str) -> None:
    scores = [v for r in dev_records("检查记录") if text(r["检查类型"]) == kind and (v := plain_number(r["检查得分"])) is not None]
    a = ask_dev(conn, q)
    assert a.status == "answered", (q, a.answer)
    assert scores and abs(float(a.value) - sum(scores) / len(scores)) < 1e-6, (q, a.value, scores)


def test_a_modal_phrase_averages_the_contract_amounts_as_pandas(conn: GraphConnection) -> None:
    amounts = [v for r in dev_records("项目信息") if (v := plain_number(r["合同金额"])) is not None]
    a = ask_dev(conn, "项目合同金额平均能到多少")
    assert a.status == "answered", a.answer
    assert abs(float(a.value) - sum(amounts) / len(amounts)) < 1e-3, a.value


@pytest.mark.parametrize(
    "q, cmp", [("合同金额小于等于300万的项目有几个", operator.le), ("合同金额大于或等于300万的项目有几个", operator.ge)]
)
def test_a_comparator_with_equality_counts_as_pandas(conn: GraphConnection, q: str, cmp: Callable[[float, float], bool]) -> None:
    a = ask_dev(conn, q)
    assert a.status == "answered", (q, a.answer)
    assert float(a.value) == len(_keys("项目信息", "项目编号", "合同金额", cmp, 3_000_000)), (q, a.value)


@pytest.mark.parametrize("q", ["上周新入职了几个人", "本周有几条检查记录", "今天是2026年4月13日，上个礼拜做了几次检查？按检查日期算"])
def test_a_week_word_is_never_a_missing_name_nor_a_person(conn: GraphConnection, q: str) -> None:
    a = ask_dev(conn, q)
    assert "周敏" not in str(a.answer), a.answer
    if a.status == "answered":  # pass 48 (judge 40 P1 D): the week as its Monday–Sunday, said in a note
        assert "周一" in str(a.answer), a.answer
        return
    assert a.status != "insufficient" and "按周" in str(a.answer), (q, a.status, a.answer)


@pytest.mark.parametrize("q, ym", [("2月考勤里旷过工的有几个人", "2026-02"), ("3月份旷过工的一共几个人", "2026-03")])
def test_a_day_code_verb_split_by_guo_counts_as_pandas(conn: GraphConnection, q: str, ym: str) -> None:
    rows = attendance(ym)
    days = [c for c in rows.columns if str(c).endswith("日") and str(c)[:-1].isdigit()]
    want = {str(r["工号"]) for _, r in rows.iterrows() if any(text(r[d]) == "旷" for d in days)}
    a = ask_dev(conn, q)
    assert a.status == "answered", (q, a.answer)
    assert float(a.value) == len(want), (q, a.value, want)


@pytest.mark.parametrize("q", ["谢谢，我问完了", "就问这些了，谢啦"])
def test_a_closing_is_answered_without_a_value(conn: GraphConnection, q: str) -> None:
    a = ask_dev(conn, q)
    assert a.status == "answered" and a.value is None, (q, a.status, a.answer)
