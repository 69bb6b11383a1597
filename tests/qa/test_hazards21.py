"""Judge-16 classes at the plan and in the small helpers (no graph; own wording besides the judge's
probes). C1 who-asks openers naming a department or a boss; C2 a ledger noun after a record type;
C3 关联 / 归 between a region and its projects; C4 一个叫X的; C5 <field>名称是什么; C6 a parenthesis
restating the year; C7 a month on a record's own date field; C8 a date field compared with today in
words; C9 threshold verbs; C11 每类; C12 a building fact no ledger has; C15 设备编号; C16 那几条."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import Op, QueryType
from kgdesk.qa.understand.asker import asker_opener
from kgdesk.qa.understand.passed import PASSED_WORDS
from kgdesk.qa.understand.year_apart import year_glosses
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- C1: who asks is no part of the question


@pytest.mark.parametrize(
    "q, rest",
    [
        ("人事这边问下：花名册上保洁员一共几个人", "花名册上保洁员一共几个人"),
        ("采购这边想知道，供应商一共有几家", "供应商一共有几家"),
        ("市场部想看下：投标记录里未中标的占百分之多少", "投标记录里未中标的占百分之多少"),
        ("财务这边核对一下2026年3月开票金额合计", "2026年3月开票金额合计"),
        ("老板问XMSQ0150一共有几台设备", "XMSQ0150一共有几台设备"),
        ("工程部门那边想了解一下，报废的设备有几台", "报废的设备有几台"),
        ("行政这边问问：员工一共几个人", "员工一共几个人"),
    ],
)
def test_a_department_or_a_boss_asking_is_dropped(q: str, rest: str) -> None:
    text, ignored = asker_opener(q)
    assert text == rest and ignored, (text, ignored)


@pytest.mark.parametrize(
    "q", ["财务表里XMSQ0150有几条记录", "采购记录有几条", "采购金额最高的供应商", "人事这边问下：", "老板问"]
)
def test_a_team_word_that_is_the_question_stays(q: str) -> None:
    assert asker_opener(q) == (q, [])


def test_the_opener_changes_no_plan() -> None:
    bare, asked = planned("报废的设备有几台"), planned("工程部这边想知道，报废的设备有几台")
    assert bare.steps[0].filters == asked.steps[0].filters and bare.query_type is asked.query_type


# ---------------------------------------------------------------- C3: 关联 / 归 between a region and its projects


@pytest.mark.parametrize("q", ["青浦片区一共关联了多少个项目", "归青浦片区的项目有几个", "青浦片区关联着哪些项目"])
def test_the_region_verb_changes_nothing(q: str) -> None:
    p = planned(q)
    hops = [h for s in p.steps for h in s.hops]
    assert p.steps[0].entity == "项目" and [h.rel for h in hops] == ["属于片区"], p
    assert [(f.field, f.value) for f in p.steps[0].filters] == [("_key", "PQ01")], p


# ---------------------------------------------------------------- C6: a parenthesis restating the year


@pytest.mark.parametrize(
    "q, out",
    [
        ("今年（年份2026）的投标记录有几条", "今年的投标记录有几条"),
        ("今年（即2026年）中标的有几条", "今年中标的有几条"),
        ("2026年（也就是今年）的投标记录", "2026年的投标记录"),
        ("去年(2025年)投了几个标", "去年投了几个标"),
    ],
)
def test_a_parenthesis_restating_the_year_is_dropped(q: str, out: str) -> None:
    assert year_glosses(q, 2026) == out


@pytest.mark.parametrize("q", ["今年（2025年）的投标记录有几条", "3月（2026年）的开票", "今年（含）以来的检查"])
def test_a_parenthesis_naming_another_year_stays(q: str) -> None:
    assert year_glosses(q, 2026) == q


# ---------------------------------------------------------------- C7: a month on a record's own date field


@pytest.mark.parametrize(
    "q, month",
    [("入职日期在上个月的员工有几个", "2026-03"), ("检查日期在本月的检查有几次", "2026-04"), ("入职日期是今年的员工有哪些", "2026-01")],
)
def test_a_relative_month_goes_on_the_date_field(q: str, month: str) -> None:
    p = planned(q)  # today 2026-04-20
    times = [t for s in p.steps for t in s.time]
    assert times and times[0].field in ("入职日期", "检查日期") and times[0].start == month, p


# ---------------------------------------------------------------- C8: a date field compared with today in words


@pytest.mark.parametrize(
    "word, op",
    [
        ("早于今天", Op.LT),
        ("在今天之前", Op.LT),
        ("今天以前", Op.LT),
        ("晚于今天", Op.GT),
        ("在今天之后", Op.GT),
        ("今日以后", Op.GT),
        ("不早于今天", Op.GTE),
        ("不晚于今天", Op.LTE),
    ],
)
def test_today_words_compare_the_date(word: str, op: Op) -> None:
    assert PASSED_WORDS[word][0] is op


@pytest.mark.parametrize(
    "q, field, op",
    [
        ("有效期至早于今天的证书有几本", "有效期至", Op.LT),
        ("结束日期在今天之后的项目有哪些", "结束日期", Op.GT),
        ("入职日期在今天之前的员工有几个", "入职日期", Op.LT),
    ],
)
def test_a_date_field_against_today_is_a_day_count_condition(q: str, field: str, op: Op) -> None:
    p = planned(q)
    f = next(f for s in p.steps for f in s.filters if f.field == f"{field}距今天数")
    assert f.op is op and f.value == 0, p


# ---------------------------------------------------------------- C9: threshold verbs


@pytest.mark.parametrize("q, op", [("客户满意度高过92分的项目有多少个", Op.GT), ("客户满意度低过90分的项目有哪些", Op.LT)])
def test_threshold_verbs(q: str, op: Op) -> None:
    p = planned(q)
    f = next(f for s in p.steps for f in s.filters if f.field == "客户满意度")
    assert f.op is op, p


# ---------------------------------------------------------------- C11: 每类 is the group word


@pytest.mark.parametrize("q, field", [("按服务状态分一下，每类各有多少个项目", "服务状态"), ("按完好状况分，每一类各有几台设备", "完好状况")])
def test_each_kind_after_a_group_field(q: str, field: str) -> None:
    p = planned(q)
    assert [g.field for g in p.group_by] == [field] and p.query_type in (QueryType.COUNT, QueryType.AGGREGATE), p


# ---------------------------------------------------------------- C12: a building fact no ledger has


@pytest.mark.parametrize("q", ["区图书馆一共有几层楼", "XMSQ0150的楼层数是多少", "区图书馆有多少层楼"])
def test_floors_are_no_field(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "no_such_field", u.message
    assert "楼层数" in (u.message or "")


# ---------------------------------------------------------------- C16: a demonstrative with a count after a value


@pytest.mark.parametrize("q", ["报废那几台设备在哪些项目", "停用的这几台设备有几台", "已结束的那几条投标记录有哪些"])
def test_a_demonstrative_count_is_no_value(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN or ("那" not in (u.message or "") and "这" not in (u.message or "")), u.message


# ---------------------------------------------------------------- C14: people with a day code, counted


@pytest.mark.parametrize("q", ["3月份排班表上排过夜班的一共多少人", "3月排了夜班的总共几个人", "4月请过病假的一共多少人"])
def test_a_day_code_then_a_people_count_is_no_sum(q: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.COUNT and (p.aggregate is None or p.aggregate.fn.value != "sum"), p


def test_the_days_themselves_are_still_summed() -> None:
    p = planned("3月夜班一共多少天")
    assert p.aggregate is not None and p.aggregate.fn.value == "sum", p
