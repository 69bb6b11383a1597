"""Judge-40 classes as rules (planner pass 48): a date field filled in as of a reference day (截至 / 以…为准) is on or
before it; the P1 classes closed — a field filled in / left empty (A), 上周 / 本周 as Monday–Sunday on dated records (D),
two fields' totals compared (E), the count asked before an absence from a ledger (H), two values added together and a
group word restating them (I), and a team that counts as an asker opener (judge 39 H). The W1 reading of 截至 on monthly
ledgers was reverted in this pass (it contradicted tests/qa/test_understanding_classes: a headcount at a cut month)."""

from __future__ import annotations

import pytest

from tests.qa.helpers import UnderstandingStatus, understand


@pytest.mark.parametrize("q", ["截至3月底已经离职的有几个人", "以2026年2月15日为准，已经离职的员工有几个"])
def test_a_date_filled_in_as_of_a_reference_day_is_on_or_before_it(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    assert any(f.field == "离职日期" and f.op.value == "lte" for f in u.plan.steps[0].filters), u.plan.steps[0].filters


@pytest.mark.parametrize(
    "q, op",
    [
        ("人员信息表里离职日期有填写的人有哪些", "not_null"),
        ("离职日期填写过的员工有几个", "not_null"),
        ("整改完成日期没填过的检查记录有几条", "is_null"),
    ],
)
def test_a_field_filled_in_or_left_empty(q: str, op: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    assert [f.op.value for f in u.plan.steps[0].filters] == [op], u.plan.steps[0].filters


# ---------------------------------------------------------------- P1 D: 上周 / 本周 as Monday–Sunday on dated records


@pytest.mark.parametrize(
    "q, monday, sunday",
    [
        ("今天是2026年4月13日，上周做了几次检查", "2026-04-06", "2026-04-12"),
        ("今天是2026年4月15日，这周入职的有几个人", "2026-04-13", "2026-04-19"),
        ("截至2026年4月13日，上个星期中标的投标有几条", "2026-04-06", "2026-04-12"),
    ],
)
def test_a_week_is_its_monday_to_sunday_on_a_dated_record(q: str, monday: str, sunday: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    fields = [f.field for f in u.plan.steps[0].filters]
    assert any(monday in f for f in fields) and any(sunday in f for f in fields), fields
    assert any(monday in n and sunday in n for n in u.notes), u.notes


@pytest.mark.parametrize("q", ["今天是2026年4月13日，上周考勤记录有几条", "今天是2026年4月13日，下周有几张证书到期"])
def test_a_week_on_a_monthly_ledger_or_ahead_is_refused(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN, q


# ---------------------------------------------------------------- P1 I: two values of one field 加起来 = their union


@pytest.mark.parametrize(
    "q", ["电梯维保跟消防维保的维保合同加起来多少份", "消防维保和电梯维保的维保合同加在一起有几份"]
)
def test_two_values_added_together_are_their_union(q: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.qa import helpers

    monkeypatch.setitem(helpers.VALUES, ("维保合同", "类别"), ["电梯维保", "消防维保"])
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    assert [(f.field, f.op.value, sorted(f.value)) for f in u.plan.steps[0].filters] == [
        ("类别", "in", ["消防维保", "电梯维保"])
    ], u.plan.steps[0].filters


# ---------------------------------------------------------------- P1 H: the count asked first, then absence from a ledger


@pytest.mark.parametrize("q", ["花名册上有多少人在考勤表里一条记录都没有", "有几个人在考勤里没有记录"])
def test_people_with_no_row_in_a_ledger_asked_count_first(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    assert any("不存在任何「有考勤」关系" in n for n in u.notes), u.notes


# ---------------------------------------------------------------- P1 E: two fields' totals of one ledger compared


@pytest.mark.parametrize(
    "q, expr, absolute",
    [
        ("岗位编制里项目编制合计比在岗人数合计多多少", "项目编制 - 在岗人数", None),
        ("项目编制合计比在岗人数合计少多少", "在岗人数 - 项目编制", None),
        ("预算编制总数和在岗人数总数相差多少", "预算编制 - 在岗人数", True),
    ],
)
def test_two_fields_totals_compared_are_one_difference(q: str, expr: str, absolute: bool | None) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None and u.plan.aggregate is not None, (q, u.message)
    assert [d.expression for d in u.plan.steps[0].derived] == [expr], u.plan.steps[0].derived
    assert u.plan.aggregate.fn.value == "sum" and u.plan.aggregate.absolute == absolute, u.plan.aggregate


def test_a_total_on_one_side_only_is_not_guessed() -> None:
    assert understand("项目编制合计比在岗人数多多少").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- judge 39 H: 运营这边统计： names who asks


@pytest.mark.parametrize("q", ["运营这边统计：3月考勤有多少人", "人事这边统计一下，3月考勤有多少人"])
def test_a_team_that_counts_is_an_opener(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN, (q, u.message)
    assert any("这边统计" in n for n in u.notes), u.notes


@pytest.mark.parametrize("q", ["青浦区、徐汇区两个区的项目一共几个", "青浦区和徐汇区这两个区的项目一共有几个"])
def test_a_group_word_restating_two_values_is_their_field(q: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.qa import helpers

    monkeypatch.setitem(helpers.VALUES, ("项目", "市（区）"), ["青浦区", "徐汇区", "浦东新区"])
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
    assert [(f.field, f.op.value, sorted(f.value)) for f in u.plan.steps[0].filters] == [
        ("市（区）", "in", sorted(["青浦区", "徐汇区"]))
    ], u.plan.steps[0].filters
