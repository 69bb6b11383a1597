"""Judge-12 classes at the plan (in-memory schema, own wording). Anti-join over a month: the month of
a negated record type is on that record's own time field, inside the negation — never the entity's
contract period with "no record ever"."""

from __future__ import annotations

import pytest

from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand


@pytest.mark.parametrize(
    "q, field",
    [
        ("3月没有检查记录的项目有几个", "检查日期"),
        ("哪些项目2月没有检查记录", "检查日期"),
        ("1月份一次检查都没有的项目有哪些", "检查日期"),
        ("哪些项目2月没有财务记录", "年月"),
    ],
)
def test_month_of_a_negated_record_is_inside_the_negation(q: str, field: str) -> None:
    step = planned(q).steps[0]
    assert step.entity == "项目" and [h.negate for h in step.hops] == [True], step
    (t,) = step.time
    assert (t.node, t.field, t.start) == ("n1", field, t.end), t
    assert not any(x.kind == "period_overlap" for x in step.time)


@pytest.mark.parametrize("q", ["3月没有维保合同的项目", "2月没有签维保合同的项目有几个"])
def test_month_of_a_negated_record_with_its_own_period_is_refused(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- one attribute of one record


@pytest.mark.parametrize(
    "q, shown",
    [
        ("赵德胜那张保安员证的发证时间是什么时候", "发证日期"),
        ("赵德胜的保安员证什么时候到期", "有效期至"),
        ("赵德胜这张保安员证的有效期至", "有效期至"),
    ],
)
def test_a_value_said_before_a_label_names_that_kind_of_record(q: str, shown: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == "证书" and [(r.node, r.field) for r in p.projection] == [("n0", shown)], p
    named = [f for f in step.filters if f.field == "证书名称"]
    assert len(named) == 1 and named[0].node == "n0", step.filters
    assert not any(f.field == "岗位名称" for f in step.filters), step.filters  # never the holder's job


def test_certificate_kind_of_holders_is_on_the_certificate() -> None:
    step = planned("持有保安员证的员工有几个").steps[0]
    assert step.entity == "人员" and not any(f.field == "岗位名称" for f in step.filters), step
    assert any(f.field == "证书名称" and f.node != "n0" for f in step.filters), step


# ---------------------------------------------------------------- union of two values of one field


@pytest.mark.parametrize(
    "q, field, values",
    [
        ("停用和带病运行这两类合在一起有几台设备", "完好状况", {"停用", "带病运行"}),
        ("带病运行和停用两类设备合计多少台", "完好状况", {"停用", "带病运行"}),
        ("中标和待定两种投标有几条", "中标结果", {"中标", "待定"}),
        ("报废与停用这两种设备加在一起有几台", "完好状况", {"报废", "停用"}),
    ],
)
def test_two_values_said_together_are_one_condition(q: str, field: str, values: set[str]) -> None:
    (f,) = [f for f in planned(q).steps[0].filters if f.field == field]
    assert f.op.value == "in" and set(f.value) == values, f


@pytest.mark.parametrize("q", ["两类设备共有几台", "保安两类人员有几个"])
def test_two_kinds_not_named_are_refused(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- not in the data: insufficient


@pytest.mark.parametrize(
    "q, missing",
    [
        ("陈静是哪所学校毕业的", "毕业院校"),
        ("本科学历的员工多少个", "学历"),
        ("赵德胜是哪里人", "籍贯"),
        ("员工里有没有汉族以外的", "民族"),
    ],
)
def test_an_attribute_no_template_has_is_insufficient(q: str, missing: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and (u.reason, u.missing) == (
        "no_such_field",
        missing,
    ), u


@pytest.mark.parametrize(
    "q, missing",
    [
        ("证书名单里有没有王小明", "王小明"),
        ("考勤表里有没有李大勇", "李大勇"),
        ("上海大华保洁有限公司的合作状态", "上海大华保洁有限公司"),
        ("有没有上海大华保洁公司", "上海大华保洁公司"),
    ],
)
def test_a_name_the_data_lacks_is_insufficient(q: str, missing: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and (u.reason, u.missing) == (
        "no_such_entity",
        missing,
    ), u


def test_a_known_person_asked_for_is_still_looked_up() -> None:
    assert understand("有没有赵德胜").status is UnderstandingStatus.PLAN


# ---------------------------------------------------------------- a role of a non-person record as the answer


@pytest.mark.parametrize(
    "q, entity, counted",
    [
        ("检查次数最多的检查人是谁", "人员", "检查记录"),
        ("检查记录最多的检查人", "人员", "检查记录"),
        ("维保合同最多的维保单位是哪家", "供应商", "维保合同"),
    ],
)
def test_records_counted_per_role_before_the_superlative(q: str, entity: str, counted: str) -> None:
    p = planned(q)
    step = p.steps[0]
    (group,) = p.group_by
    assert step.entity == counted and step.aliases()[group.node] == entity, p
    assert p.aggregate is not None and p.aggregate.fn.value == "count_distinct" and p.limit == 1, p


def test_a_measure_per_role_is_not_guessed() -> None:
    # 金额最高的维保单位: the largest total or the largest single contract? not guessed
    assert understand("维保合同金额最高的维保单位").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- things with a record in a month


@pytest.mark.parametrize(
    "q, field",
    [
        ("2月收款的项目数", "收款金额"),
        ("1月开过票的项目数", "开票金额"),
        ("1月开过票的项目有几个", "开票金额"),
        ("2月里收到过款的项目数", "收款金额"),
    ],
)
def test_things_with_a_non_zero_amount_are_counted_not_summed(q: str, field: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert p.aggregate is not None and p.aggregate.fn.value == "count_distinct", p  # never the amount summed
    assert step.entity == "项目" and [h.target for h in step.hops] == ["财务"], step
    assert [(f.node, f.field, f.op.value, f.value) for f in step.filters] == [("n1", field, "gt", 0)]
    assert [t.node for t in step.time] == ["n1"]


def test_an_amount_asked_is_still_summed() -> None:
    p = planned("2月收款金额合计")
    assert p.aggregate is not None and p.aggregate.fn.value == "sum", p


# ---------------------------------------------------------------- HAVING said with 次数 / 条数


@pytest.mark.parametrize(
    "q, value",
    [
        ("检查次数达到2次及以上的项目有哪些", 2),
        ("检查次数不少于2次的项目有哪些", 2),
        ("检查次数超过1次的项目有几个", 1),
        ("维保合同条数达到2条的项目", 2),
    ],
)
def test_a_number_of_records_per_thing_said_with_a_count_noun(q: str, value: int) -> None:
    p = planned(q)
    assert p.steps[0].entity == "项目" and p.having is not None and p.having.value == value, p


# ---------------------------------------------------------------- 截至 a day on the records' own date


@pytest.mark.parametrize(
    "q, end",
    [("截至2026年2月底，已中标的投标有几条", "2026-02"), ("截止2026年3月31日，中标的投标有几条", "2026-03")],
)
def test_cutoff_at_a_month_end_is_on_the_records_own_date(q: str, end: str) -> None:
    step = planned(q).steps[0]
    assert step.entity == "投标记录", step
    assert [(t.field, t.end) for t in step.time] == [("中标日期", end)] and step.time[0].start < "2000-01", (
        step.time
    )


@pytest.mark.parametrize("q", ["截至2026年2月底有几条检查记录"])  # inside a month: answered since judge-14 (C9)
def test_cutoff_on_two_dates_is_refused(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize(
    "q",
    [
        "截止到2026年4月15日，过了有效期的证书有多少张",
        "直到今天，哪些证书已经失效了",
        "到今天为止，超过有效期的证书有几张",
    ],
)
def test_expired_up_to_a_day_is_a_state_on_that_day(q: str) -> None:
    step = planned(q).steps[0]
    assert step.entity == "证书" and step.derived, step


# ---------------------------------------------------------------- which of two named things has more


@pytest.mark.parametrize(
    "q, measure",
    [
        ("区图书馆跟工业园区，设备多一些的是哪个", "larger"),
        ("区图书馆和工业园区哪个的设备更多", "larger"),
        ("区图书馆和环境监测中心哪个设备少一些", "smaller"),
    ],
)
def test_which_of_two_has_more_said_loosely(q: str, measure: str) -> None:
    p = planned(q)
    assert p.comparison is not None and p.comparison.measure == measure, p
    assert len(p.steps[0].filters[0].value) == 2, p.steps[0].filters  # the two named, nothing else


# ---------------------------------------------------------------- no record of a measure in a month


@pytest.mark.parametrize(
    "q, amount",
    [
        ("1月没有收款的项目有哪些", True),
        ("2月未开票的项目有几个", True),
        ("3月没有收款记录的项目有几个", False),
        ("哪些项目2月份一条收款记录都没有", False),
    ],
)
def test_no_record_of_a_measure_in_a_month_is_a_negated_relationship(q: str, amount: bool) -> None:
    step = planned(q).steps[0]
    assert step.entity == "项目" and [(h.target, h.negate) for h in step.hops] == [("财务", True)], step
    assert [t.node for t in step.time] == ["n1"], step.time
    # 没有收款: none with an amount; 没有收款记录: no record of that month at all
    assert bool(step.filters) is amount and all(f.node == "n1" and f.op.value == "gt" for f in step.filters)


# ---------------------------------------------------------------- a number of kinds is not a number of items


@pytest.mark.parametrize("q", ["工业园区的设备分几类", "证书有几种", "一共有几类设备", "设备有多少种"])
def test_a_number_of_kinds_is_never_the_number_of_items(q: str) -> None:
    # planner20: the type's one kind field (设备类型) counts the kinds; with two (证书) it is refused
    u = understand(q)
    if u.status is UnderstandingStatus.PLAN:
        agg = u.plan.aggregate if u.plan is not None else None
        assert agg is not None and agg.fn.value == "count_distinct" and agg.field == "设备类型", u.plan
    else:
        assert "证书" in q, u.message


@pytest.mark.parametrize("q", ["有多少种岗位", "设备有几台", "有几个设备"])
def test_kinds_that_are_records_and_plain_counts_still_count(q: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn.value in ("count", "count_distinct"), p


# ---------------------------------------------------------------- people of a region's projects (not read)


def test_a_count_of_a_regions_projects_counts_projects() -> None:
    assert planned("青浦片区的项目有几个").steps[0].entity == "项目"


# ---------------------------------------------------------------- singletons: an inclusive range, N个小时


@pytest.mark.parametrize(
    "q, lo, hi",
    [
        ("年化合同额介于100万和300万（包括边界）的项目有几个", 1_000_000, 3_000_000),
        ("合同金额介于100万与500万之间（含两端）的项目", 1_000_000, 5_000_000),
        ("年化合同额在100万到300万之间（含）的项目有几个", 1_000_000, 3_000_000),
    ],
)
def test_an_inclusive_range_said_with_jieyu(q: str, lo: int, hi: int) -> None:
    bounds = {(f.op.value, f.value) for f in planned(q).steps[0].filters}
    assert bounds == {("gte", lo), ("lte", hi)}, bounds


@pytest.mark.parametrize("q", ["介于100万和300万的项目有几个"])
def test_a_range_without_its_bounds_said_is_not_guessed(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


def test_a_range_on_a_named_field_counts_both_ends_unless_said() -> None:
    """Pass 52 (judge 42, J1): a closed range counts both ends unless the question says 不含 (it refused before)."""
    bounds = {(f.op.value, f.value) for f in planned("年化合同额介于100万和300万的项目").steps[0].filters}
    assert bounds == {("gte", 1_000_000), ("lte", 3_000_000)}, bounds


@pytest.mark.parametrize(
    "q, value", [("4月加班时长超过8个小时的员工", 8), ("3月平时加班不少于10个小时的员工有几个", 10)]
)
def test_n_ge_hours_is_a_unit_not_a_count(q: str, value: int) -> None:
    (f,) = [f for f in planned(q).steps[0].filters if f.field == "平时加班小时"]
    assert f.value == value and f.op.value in ("gt", "gte"), f


@pytest.mark.parametrize(
    "q", ["青浦片区的项目各有多少人", "青浦片区的项目每个有多少人", "青浦片区的项目分别有几个人"]
)
def test_people_per_project_of_a_region_are_never_one_total(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or (u.plan is not None and u.plan.group_by), u.plan


# ---------------------------------------------------------------- 分组 wording


@pytest.mark.parametrize(
    "q, field",
    [
        ("把设备按完好状况分组数一下", "完好状况"),
        ("把项目按服务状态分组数一数", "服务状态"),
        ("把员工按性别分组统计人数", "性别"),
    ],
)
def test_grouped_counts_said_with_fenzu(q: str, field: str) -> None:
    p = planned(q)
    assert [g.field for g in p.group_by] == [field] and p.aggregate is not None, p
    assert p.aggregate.fn.value in ("count", "count_distinct"), p


# ---------------------------------------------------------------- a field "written as" a value


@pytest.mark.parametrize(
    "q, field, value",
    [
        ("年份写着2023的投标有哪些", "年份", 2023),
        ("年份填的是2025的投标有几条", "年份", 2025),
        ("完好状况填着停用的设备有哪些", "完好状况", "停用"),
    ],
)
def test_a_field_written_as_a_value(q: str, field: str, value: object) -> None:
    (f,) = [f for f in planned(q).steps[0].filters if f.field == field]
    assert f.op.value == "eq" and f.value == value, f
