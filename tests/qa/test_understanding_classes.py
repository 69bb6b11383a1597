"""Issue 18's failure classes, each proved with several phrasings (plans over the in-memory schema
built from the real template metadata): reference dates, 现在/当前, monthly-fact time semantics,
and the conditions that used to be dropped or misread."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import AggFn, Op
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa import helpers

understand = helpers.understand
planned = helpers.planned


# ---------------------------------------------------------------- class 2: reference dates


@pytest.mark.parametrize(
    ("q", "month"),
    [
        ("今天是2026年3月15日，上个月青浦-区图书馆的开票金额是多少？", "2026-02"),
        ("今天是2026年3月10日，上上个月青浦-区图书馆开票多少钱", "2026-01"),
        ("现在是2026年2月，本月青浦-区图书馆的开票金额", "2026-02"),
    ],
)
def test_a_stated_today_replaces_the_clock(q: str, month: str) -> None:
    p = planned(q)
    t = p.steps[0].time[0]
    assert (t.start, t.end) == (month, month)
    assert p.reference_date is not None and p.reference_date.startswith(month[:4])


@pytest.mark.parametrize(
    "q",
    [
        "截至2026年3月，青浦-区图书馆有多少人？",
        "以2026年3月为准，青浦-区图书馆有几个人",
        "到2026年3月为止青浦-区图书馆有多少名员工",
    ],
)
def test_as_of_a_month_is_that_month(q: str) -> None:
    p = planned(q)
    t = p.steps[0].time[0]
    assert (t.start, t.end) == ("2026-03", "2026-03") and p.reference_date == "2026-03-31"


def test_as_of_with_a_total_runs_from_the_start_of_the_data() -> None:
    t = planned("截至3月底青浦-区图书馆累计开票金额是多少").steps[0].time[0]
    assert (t.start, t.end) == ("2026-01", "2026-03")


def test_derived_attributes_use_the_stated_date() -> None:
    p = planned("以2026年2月为准，赵德胜多少岁")
    assert p.reference_date == "2026-02-28"
    assert "2026-02-28" in p.steps[0].derived[0].expression and not p.steps[0].time


@pytest.mark.parametrize(
    "q",
    [
        "今天是2027年1月5日，上个月青浦-区图书馆的开票金额合计",
        "今天是2025年6月1日，本月青浦-区图书馆开票多少",
    ],
)
def test_a_stated_date_outside_the_coverage_is_insufficient(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.INSUFFICIENT


# ---------------------------------------------------------------- class 3: 现在 / 当前


@pytest.mark.parametrize("q", ["现在有多少个项目？", "目前有几个项目", "当前的项目有哪些"])
def test_current_projects_are_those_in_service(q: str) -> None:
    f = planned(q).steps[0].filters
    assert [(x.field, x.op, x.value) for x in f] == [("服务状态", Op.EQ, "服务中")]


@pytest.mark.parametrize("q", ["现在有多少员工", "目前公司有多少人", "当前在职的人员有几个"])
def test_current_staff_have_not_left(q: str) -> None:
    f = planned(q).steps[0].filters
    assert ("按参考日在职", Op.GT) in [(x.field, x.op) for x in f]  # employed at T (pass 53)


def test_without_now_all_projects_count() -> None:
    assert not planned("一共有多少个项目").steps[0].filters


# ---------------------------------------------------------------- class 4: monthly facts


@pytest.mark.parametrize(
    "q",
    ["青浦-区图书馆2026年3月有多少人？", "3月份青浦-区图书馆的考勤人数是多少", "青浦-区图书馆三月有哪些员工"],
)
def test_a_projects_people_in_a_month_come_from_the_attendance_rows(q: str) -> None:
    p = planned(q)
    s = p.steps[0]
    assert s.entity == "人员" and [h.target for h in s.hops] == ["考勤"]
    assert [(f.node, f.field, f.value) for f in s.filters] == [("n1", "项目编号", "XMSQ0102")]
    assert s.time[0].node == "n1" and s.time[0].field == "年月"
    assert not any("未指定时间" in n for n in p.notes)


# ---------------------------------------------------------------- class 5: conditions


@pytest.mark.parametrize(
    "q", ["保安或者保洁员有多少人？", "岗位是保安或保洁员的有几个人", "保安或是保洁员有哪些"]
)
def test_a_or_b_of_one_field_is_either(q: str) -> None:
    f = planned(q).steps[0].filters
    assert (
        len(f) == 1 and f[0].op is Op.IN and "保洁员" in f[0].value and any("保安" in v for v in f[0].value)
    )


def test_two_values_of_one_field_joined_by_and_are_not_guessed() -> None:
    assert understand("保安和保洁员有多少人").status is UnderstandingStatus.NEEDS_LLM


def test_two_values_of_one_field_counted_together_are_either() -> None:
    # 一共 / 合计 says both groups are counted together: one condition with either value
    f = planned("保安与保洁员一共几个人").steps[0].filters
    assert len(f) == 1 and f[0].op is Op.IN and "保洁员" in f[0].value


@pytest.mark.parametrize("q", ["哪些人没有电工证？", "没有电工证书的员工有哪些", "没有电工证的人有几个"])
def test_without_a_certificate_is_not_having_another_one(q: str) -> None:
    s = planned(q).steps[0]
    assert s.entity == "人员" and len(s.hops) == 1 and s.hops[0].negate
    assert [(f.node, f.op, f.value) for f in s.filters] == [("n1", Op.EQ, "电工")]


@pytest.mark.parametrize("q", ["除了保安以外有多少人", "不算保安，有多少名员工", "除了保安之外的人员有哪些"])
def test_exclusion_of_a_value(q: str) -> None:
    f = planned(q).steps[0].filters
    assert f and all(x.op is Op.NE and "保安" in str(x.value) for x in f)


@pytest.mark.parametrize("q", ["除了青浦-区图书馆，其他项目有多少个", "除青浦-区图书馆以外有几个项目"])
def test_exclusion_of_a_named_entity(q: str) -> None:
    f = planned(q).steps[0].filters
    assert [(x.field, x.op, x.value) for x in f] == [("_key", Op.NE, "XMSQ0102")]


@pytest.mark.parametrize("q", ["除了保安，还有谁加过班", "排除青浦-区图书馆后，人员的开票金额"])
def test_an_exclusion_that_is_not_understood_is_refused(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or (
        u.plan is not None and any(f.op is Op.NE for s in u.plan.steps for f in s.filters)
    )


@pytest.mark.parametrize("q", ["青浦-区图书馆2月有多少人上班？", "3月有多少人加班小时合计"])
def test_how_many_people_is_never_a_sum_of_days(q: str) -> None:
    u = understand(q)
    if u.status is UnderstandingStatus.PLAN:
        assert u.plan is not None and u.plan.aggregate is not None
        assert u.plan.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT)


# ---------------------------------------------------------------- class 1: one unknown word


@pytest.mark.parametrize(
    ("q", "ignored"),
    [
        ("帮我瞅瞅青浦-区图书馆3月的开票金额", "瞅瞅"),
        ("我想了解一下一共有多少个项目", "我想了解"),
        ("请给我列一下保安有哪些人", "给我"),
        ("赵德胜持有哪些证书", "持"),
    ],
)
def test_words_that_change_nothing_are_ignored_and_listed(q: str, ignored: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN, u.message
    assert ignored in "".join(u.ignored_words)
    assert any("已忽略" in n for n in u.notes)


@pytest.mark.parametrize(
    "q", ["开票金额排名前三的项目", "开票金额最多的三个项目是哪些", "开票金额前3名的项目有哪些"]
)
def test_ranking_phrases_are_a_top_n(q: str) -> None:
    p = planned(q)
    assert p.limit == 3 and p.with_ties and p.sort and p.sort[0].direction == "desc"


def test_a_unit_after_a_number_or_a_count_word() -> None:
    p = planned("青浦-区图书馆2026年3月开票金额是多少块钱")
    assert p.steps[0].time[0].start == "2026-03"


def test_a_plain_plan_is_certain_and_an_assumed_one_is_not() -> None:
    assert understand("一共有多少个项目").certain
    u = understand("青浦-区图书馆有多少人")  # the current-project 口径 is a default
    assert u.status is UnderstandingStatus.PLAN and not u.certain and u.assumptions


# ---------------------------------------------------------------- class 8: not in the data


@pytest.mark.parametrize(
    ("q", "missing"),
    [("张三有电工证吗", "张三"), ("李大嘴在哪个项目", "李大嘴"), ("王小明3月加班了吗", "王小明")],
)
def test_a_person_the_data_lacks(q: str, missing: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and not u.choices
    assert (u.reason, u.missing) == ("no_such_entity", missing)


@pytest.mark.parametrize(
    ("q", "missing"),
    [
        ("人员的婚姻状况有哪些", "婚姻状况"),
        ("赵德胜的血型是什么", "血型"),
        ("青浦-区图书馆的绿化率是多少", "绿化率"),
    ],
)
def test_a_field_no_template_has(q: str, missing: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT
    assert (u.reason, u.missing) == ("no_such_field", missing)


@pytest.mark.parametrize("q", ["XMSQ9876有多少人", "XMSQ9876项目的开票金额", "KWL9999999的电话"])
def test_a_code_that_does_not_exist_is_never_fuzzy_matched(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and not u.choices
    assert u.reason == "no_such_entity" and u.missing and u.missing[:4] in ("XMSQ", "KWL9")


@pytest.mark.parametrize("q", ["2025年5月青浦-区图书馆的开票金额", "2026年7月的考勤记录有多少条"])
def test_a_month_outside_the_coverage(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT
    assert u.reason == "outside_coverage" and u.missing and u.missing.startswith(("2025", "2026"))


# ---------------------------------------------------------------- class 6: comparisons


@pytest.mark.parametrize(
    ("q", "measure", "left"),
    [
        ("青浦-区图书馆比青浦-工业园区开票金额高多少？", "difference", "XMSQ0102"),
        ("青浦-区图书馆的开票金额比青浦-工业园区少多少", "difference", "XMSQ0150"),
        ("青浦-区图书馆和青浦-工业园区哪个开票金额高，高多少？", "abs_difference", "XMSQ0102"),
        ("青浦-区图书馆的开票金额比青浦-工业园区高吗", "greater", "XMSQ0102"),
        ("青浦-区图书馆开票金额是不是比青浦-工业园区低", "less", "XMSQ0102"),
    ],
)
def test_two_entities_compared(q: str, measure: str, left: str) -> None:
    p = planned(q)
    assert p.comparison is not None and p.comparison.measure == measure and p.comparison.left == left


def test_two_months_compared() -> None:
    p = planned("3月比2月青浦-区图书馆开票金额多多少")
    assert p.comparison is not None and (p.comparison.left, p.comparison.right) == ("2026-03", "2026-02")


@pytest.mark.parametrize("q", ["王小明比赵德胜大吗", "青浦-区图书馆比去年高吗"])
def test_a_comparison_that_cannot_be_built_is_not_answered(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize(
    ("q", "value"),
    [
        ("实际毛利率超过10%的项目", 0.1),
        ("实际毛利率高于12.5%的项目有哪些", 0.125),
        ("实际毛利率低于0.1的项目", 0.1),
    ],
)
def test_percentages_and_decimals_keep_their_scale(q: str, value: float) -> None:
    f = planned(q).steps[0].filters
    assert [(x.field, x.value) for x in f] == [("实际毛利率", value)]


def test_a_percentage_on_a_field_that_is_not_one_is_not_guessed() -> None:
    assert understand("合同金额超过10%的项目").status is UnderstandingStatus.NEEDS_LLM


def test_a_decimal_number_is_not_read_without_its_point() -> None:
    f = planned("合同金额超过1.5万的项目").steps[0].filters
    assert f[0].value == 15000


# ---------------------------------------------------------------- class 7: region → project → monthly facts


@pytest.mark.parametrize("q", ["青浦片区3月开票金额合计是多少", "青浦片区2026年2月的收款金额一共多少"])
def test_a_regions_monthly_total_goes_through_its_projects(q: str) -> None:
    p = planned(q)
    s = p.steps[0]
    assert s.entity == "财务" and [h.target for h in s.hops] == ["项目", "片区"]
    assert p.aggregate is not None and p.aggregate.fn is AggFn.SUM


@pytest.mark.parametrize("q", ["青浦片区3月有多少人", "青浦片区2026年2月一共多少人"])
def test_a_regions_headcount_in_a_month_counts_distinct_people_of_its_attendance(q: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == "考勤" and [h.target for h in p.steps[0].hops] == ["项目", "片区"]
    assert p.aggregate is not None and (p.aggregate.fn, p.aggregate.field) == (AggFn.COUNT_DISTINCT, "工号")


def test_a_regions_people_list_in_a_month_is_not_guessed() -> None:
    assert understand("青浦片区3月有哪些人").status is UnderstandingStatus.NEEDS_LLM


@pytest.mark.parametrize("q", ["你好", "您好，你能做什么？", "谢谢", "在吗"])
def test_a_greeting_gets_a_plain_answer_of_what_kgdesk_does(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.EXPLAIN and "台账" in u.explain_text


@pytest.mark.parametrize(
    "q", ["帮我删除赵德胜的记录", "把赵德胜的电话改成13800000000", "新增一个项目叫测试项目"]
)
def test_a_request_to_change_data_is_told_kgdesk_only_reads(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.EXPLAIN and "只读" in u.explain_text


@pytest.mark.parametrize("q", ["浦东-世纪大厦有多少人", "浦东世纪大厦的开票金额", "闵行-星光花园3月开票多少"])
def test_a_project_name_the_data_lacks(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "no_such_entity" and not u.choices


@pytest.mark.parametrize("q", ["赵德胜是保安吗", "赵德胜1月份加班了吗", "赵德胜是男的吗"])
def test_a_yes_no_question_about_a_named_entity_is_an_existence(q: str) -> None:
    assert planned(q).query_type.value == "existence"


@pytest.mark.parametrize("q", ["哪个岗位的人最多", "哪种岗位的员工最少", "员工最多的岗位是哪个"])
def test_the_category_with_most_members_is_a_grouped_count(q: str) -> None:
    p = planned(q)
    assert p.group_by and p.group_by[0].field == "岗位名称" and p.aggregate is not None
    assert p.aggregate.fn is AggFn.COUNT_DISTINCT and p.limit == 1 and p.with_ties


@pytest.mark.parametrize(
    ("q", "value"), [("合同面积超过1万平方米的项目", 10000), ("合同面积不到5000平米的项目", 5000)]
)
def test_area_units(q: str, value: float) -> None:
    assert planned(q).steps[0].filters[0].value == value


@pytest.mark.parametrize("q", ["开票金额后三名的项目", "合同金额倒数两名的项目是哪些"])
def test_the_lowest_n(q: str) -> None:
    p = planned(q)
    assert p.limit in (2, 3) and p.sort and p.sort[0].direction == "asc"


@pytest.mark.parametrize(
    ("q", "field"), [("赵德胜是什么时候入职的", "入职日期"), ("赵德胜哪天入职", "入职日期")]
)
def test_when_did_it_happen_asks_for_the_date(q: str, field: str) -> None:
    p = planned(q)
    assert [x.field for x in p.projection] == [field]


@pytest.mark.parametrize(
    ("q", "direction"),
    [
        ("有上级项目的项目有几个", "in"),
        ("哪些项目有子项目", "out"),
        ("有哪些子项目", "in"),
        ("有哪些上级项目", "out"),
    ],
)
def test_having_a_relation_is_not_being_its_other_end(q: str, direction: str) -> None:
    assert planned(q).steps[0].hops[0].direction == direction


@pytest.mark.parametrize("q", ["XMSQ0102叫什么名字", "KWL2307024叫什么", "XMSQ0102项目的全称是什么"])
def test_what_is_it_called_asks_for_the_display_field(q: str) -> None:
    p = planned(q)
    assert p.query_type.value == "status" and p.projection[0].field in ("项目名称", "姓名")
    assert not any(f.field in ("姓名", "项目名称") for f in p.steps[0].filters)


@pytest.mark.parametrize(
    ("q", "field"),
    [
        ("青浦-区图书馆3月开了多少票", "开票金额"),
        ("赵德胜3月加了多少小时班", "平时加班小时"),
        ("赵德胜3月份上了多少天班", "上班天数"),
    ],
)
def test_a_verb_split_by_its_quantity(q: str, field: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.field == field


@pytest.mark.parametrize("q", ["3月一共有多少人加班", "3月有几个人加班", "2月有多少人出勤"])
def test_how_many_people_with_a_measure_counts_people(q: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn is AggFn.COUNT_DISTINCT and p.steps[0].entity == "人员"
    assert any(f.op is Op.GT and f.value == 0 for f in p.steps[0].filters)


@pytest.mark.parametrize("q", ["已离职的员工有哪些", "离职了几个人", "已经离职的人员有多少"])
def test_having_left(q: str) -> None:
    f = planned(q).steps[0].filters
    assert [(x.field, x.op) for x in f] == [("按参考日未离职", Op.LT)]  # left on or before T (pass 53)


@pytest.mark.parametrize("q", ["设备最多的项目是哪个", "哪个项目的设备最多", "证书最多的人是谁"])
def test_the_entity_with_most_related_records(q: str) -> None:
    p = planned(q)
    assert p.group_by and p.group_by[0].field is None and p.limit == 1 and p.with_ties


@pytest.mark.parametrize(
    ("q", "year"), [("今年投标金额合计", 2026), ("2025年的投标记录有几条", 2025), ("去年中标了几次", 2025)]
)
def test_a_year_is_bound_to_the_records_own_year_field(q: str, year: int) -> None:
    f = planned(q).steps[0].filters
    assert ("年份", year) in [(x.field, x.value) for x in f]


@pytest.mark.parametrize("q", ["平均司龄是多少年", "合同金额合计是多少万"])
def test_a_unit_after_the_question_word(q: str) -> None:
    assert planned(q).aggregate is not None


@pytest.mark.parametrize(
    ("q", "field"),
    [
        ("赵德胜是干什么的", "岗位名称"),
        ("赵德胜是做什么工作的", "岗位名称"),
        ("赵德胜入职几年了", "司龄"),
        ("青浦-区图书馆在哪个区", "市（区）"),
    ],
)
def test_colloquial_names_of_fields(q: str, field: str) -> None:
    assert [x.field for x in planned(q).projection] == [field]


@pytest.mark.parametrize("q", ["保安岗位的员工有几个", "非保安岗位的员工有几个"])
def test_a_value_with_its_field_word_after_it_is_a_condition_not_the_answer(q: str) -> None:
    p = planned(q)
    assert p.query_type.value == "count" and all(f.field == "岗位名称" for f in p.steps[0].filters)


@pytest.mark.parametrize("q", ["没有离职的员工有多少", "未离职的人员有哪些"])
def test_not_left_is_not_left_by_the_reference_date(q: str) -> None:
    f = planned(q).steps[0].filters
    assert [(x.field, x.op) for x in f] == [("按参考日未离职", Op.GTE)]  # not left by T, hired or not (b9eb43b)


def test_never_is_not_a_name() -> None:
    assert understand("从来没有加过班的员工").reason is None


@pytest.mark.parametrize("q", ["当前有效的证书有几张", "还在有效期内的证书", "赵德胜的证书还有效吗"])
def test_valid_certificates_have_not_expired(q: str) -> None:
    f = planned(q).steps[0].filters
    assert any(x.field == "证书剩余有效天数" and x.op is Op.GTE and x.value == 0 for x in f)


@pytest.mark.parametrize("q", ["当前项目有几个", "截至目前有多少员工", "现在还在服务的项目有几个"])
def test_more_ways_to_say_now(q: str) -> None:
    f = planned(q).steps[0].filters
    assert any(x.field in ("服务状态", "按参考日在职") for x in f)


@pytest.mark.parametrize("q", ["开票金额top3的项目", "哪三个项目开票金额最高", "人数最多的三个项目"])
def test_more_top_n_phrasings(q: str) -> None:
    p = planned(q)
    assert p.limit == 3 and p.with_ties and p.aggregate is not None and p.group_by


@pytest.mark.parametrize("q", ["从来没有加过班的员工", "没有加班的保安有哪些"])
def test_no_related_record_meets_the_condition(q: str) -> None:
    s = planned(q).steps[0]
    assert s.hops[0].negate and any(f.node == "n1" and f.op is Op.GT for f in s.filters)


def test_a_negated_condition_in_a_month_is_the_months_records_without_it() -> None:
    # those with the month's 考勤 record, minus those whose record has overtime (a zero on the same row)
    p = planned("3月没有加班的员工")
    assert [c.op for c in p.combine] == ["difference"] and len(p.steps) == 2
    base, met = p.steps
    assert [h.target for h in base.hops] == ["考勤"] and base.time[0].start == "2026-03"
    assert [(f.field, f.op.value) for f in met.filters if f.field == "平时加班小时"] == [("平时加班小时", "gt")]


@pytest.mark.parametrize("q", ["赵德胜3月加班了没有", "赵德胜有电工证没有"])
def test_a_final_mei_you_asks_yes_or_no(q: str) -> None:
    assert planned(q).query_type.value == "existence"


def test_a_list_question_ending_in_mei_you_is_not_a_yes_no() -> None:
    u = understand("哪些人没有")
    assert u.status is not UnderstandingStatus.PLAN or (
        u.plan is not None and u.plan.query_type.value != "existence"
    )


def test_an_average_per_person_of_records_that_belong_to_no_person_is_refused() -> None:
    # 财务 rows reach people only through their project: summing per person would fan out
    assert understand("人均开票金额是多少").status is UnderstandingStatus.NEEDS_LLM
    p = planned("3月人均加班多少小时")
    assert p.aggregate is not None and p.aggregate.per is not None and p.aggregate.per.field == "工号"


@pytest.mark.parametrize("q", ["3月青浦-区图书馆在岗多少人", "3月在青浦-区图书馆工作的有多少人"])
def test_on_duty_in_a_month_is_the_attendance_not_the_service_period(q: str) -> None:
    assert [h.target for h in planned(q).steps[0].hops] == ["考勤"]


@pytest.mark.parametrize("q", ["青浦-区图书馆或青浦-工业园区有多少人", "3月或4月青浦-区图书馆的开票金额合计"])
def test_a_or_b_of_two_entities_or_two_months(q: str) -> None:
    s = planned(q).steps[0]
    assert any(f.op is Op.IN and len(f.value) == 2 for f in s.filters)


@pytest.mark.parametrize("q", ["开票金额合计超过100万的项目有哪些", "开票总额超过100万的项目"])
def test_a_filter_on_each_entitys_total(q: str) -> None:
    p = planned(q)
    assert p.having is not None and p.having.value == 1_000_000 and p.aggregate is not None
    assert (p.aggregate.fn, p.aggregate.field) == (AggFn.SUM, "开票金额") and p.group_by[0].node == "n0"


@pytest.mark.parametrize("q", ["有2张及以上证书的人有哪些", "持有两张以上证书的员工", "有3个项目的片区"])
def test_a_filter_on_each_entitys_count(q: str) -> None:
    p = planned(q)
    assert p.having is not None and p.aggregate is not None and p.aggregate.fn is AggFn.COUNT_DISTINCT


@pytest.mark.parametrize("q", ["哪个月开票金额最多", "青浦-区图书馆哪个月开票最多", "赵德胜哪个月加班最多"])
def test_which_month_groups_by_month(q: str) -> None:
    p = planned(q)
    assert p.group_by and p.group_by[0].field == "年月" and p.limit == 1 and p.with_ties
    assert p.aggregate is not None and p.aggregate.fn is AggFn.SUM


def test_the_earliest_by_a_date_verb() -> None:
    p = planned("最早入职的员工是谁")
    assert p.sort and p.sort[0].field == "入职日期" and p.sort[0].direction == "asc" and p.limit == 1


@pytest.mark.parametrize(
    ("q", "missing"), [("赵德福有几张证书", "赵德福"), ("黄浦-图书馆大厦有多少人", "黄浦-图书馆大厦")]
)
def test_a_missing_name_is_not_split_into_fragments_offered_as_choices(q: str, missing: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and not u.choices
    assert (u.reason, u.missing) == ("no_such_entity", missing)


@pytest.mark.parametrize(
    ("q", "value"), [("合同金额超过两千万的项目", 20_000_000), ("原值超过三千五百元的设备", 3500)]
)
def test_chinese_numerals_with_thousands(q: str, value: float) -> None:
    assert planned(q).steps[0].filters[0].value == value


@pytest.mark.parametrize(
    ("q", "field"), [("赵德胜3月的薪酬", "税后工资"), ("青浦-区图书馆3月回款额多少", "收款金额")]
)
def test_measure_synonyms(q: str, field: str) -> None:
    p = planned(q)
    fields = [x.field for x in p.projection] + ([p.aggregate.field] if p.aggregate else [])
    assert field in fields
