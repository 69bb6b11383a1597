"""Judge-38 classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards46_graph.py). Wordings are our own besides the judge's."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import AggFn, Aggregate, QueryPlan, QueryType, Step
from kgdesk.qa.understand.counted_once import counted_once
from kgdesk.qa.understand.day_bounds import day_bounds
from kgdesk.qa.understand.form_request import form_request
from kgdesk.qa.understand.hang_words import hang_words
from kgdesk.qa.understand.org_asked import org_asked
from kgdesk.qa.understand.rank_by import rank_by
from kgdesk.qa.understand.today_restated import today_restated
from kgdesk.qa.understand.unit_bracket import unit_bracket
from kgdesk.qa.understanding import UnderstandingStatus
from kgdesk.qa.unit_guard import unit_contradicted
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- A: the form of the answer, discourse around it


@pytest.mark.parametrize(
    "q, said",
    [
        ("员工层级为职能管理人员的岗位名称，一个个列出来", "员工层级为职能管理人员的岗位名称，列出来"),
        ("已结束的项目，逐个列出来", "已结束的项目，列出来"),
        ("已结束的项目挨个儿列一下", "已结束的项目列一下"),
        ("服务状态为未开始的项目，帮我拉个编号清单", "服务状态为未开始的项目，编号清单"),
        ("已结束的项目，列个单子", "已结束的项目，清单"),
        ("已结束的项目，给我出一份名单", "已结束的项目，名单"),
    ],
)
def test_the_form_of_a_list_is_no_condition(q: str, said: str) -> None:
    assert form_request(q) == said


@pytest.mark.parametrize("q", ["一个人持有两张及以上证书的有几个", "一个项目最多有几台设备", "一个个体户"])
def test_a_number_where_it_counts_is_kept(q: str) -> None:
    assert form_request(q) == q


@pytest.mark.parametrize(
    "q",
    [
        "服务状态为未开始的项目，帮我拉个编号清单",
        "员工层级为职能管理人员的岗位名称，一个个列出来",
        "服务中的项目有几个，挺急的",
        "急用，服务中的项目有几个",
        "服务中的项目有几个？这边核一下",
        "新人报到，想了解一下服务中的项目有哪些",
        "刚报到，想打听一下XMSQ0150有几台设备",
    ],
)
def test_discourse_around_a_question_is_no_word_of_it(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.PLAN, understand(q).message


# ---------------------------------------------------------------- B: units and extremes the measure implies


@pytest.mark.parametrize(
    "q, fn, field",
    [
        ("设备原值的最大值是多少", AggFn.MAX, "原值"),
        ("设备原值的最低值是多少", AggFn.MIN, "原值"),
        ("投标金额的最高值", AggFn.MAX, "投标金额"),
        ("合同面积最小值是多少", AggFn.MIN, "合同面积"),
    ],
)
def test_a_max_or_min_value_word_is_the_extreme(q: str, fn: AggFn, field: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn is fn and p.aggregate.field == field, p


@pytest.mark.parametrize(
    "q, said",
    [
        ("合同面积加起来之和（平方米）", "合同面积加起来之和"),
        ("所有项目的合同面积合计（单位：平方米）", "所有项目的合同面积合计"),
        ("设备原值合计多少（元）", "设备原值合计多少"),
        ("合同面积合计（平方）", "合同面积合计"),
    ],
)
def test_a_bracket_restating_the_fields_unit_is_dropped(q: str, said: str) -> None:
    assert unit_bracket(q) == said


@pytest.mark.parametrize("q", ["合同面积合计（元）", "合同面积合计（万平方米）", "原值合计（平方米）", "合同面积（含公摊）合计"])
def test_another_unit_or_a_scaled_one_stays(q: str) -> None:
    assert unit_bracket(q) == q


def _sum(field: str) -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.AGGREGATE, steps=[Step(entity="项目")], aggregate=Aggregate(fn=AggFn.SUM, field=field)
    )


@pytest.mark.parametrize("q", ["合同面积加起来是多少元", "合同面积合计（元）", "合同面积一共多少个小时"])
def test_a_unit_contradicting_the_field_is_refused(q: str) -> None:
    assert unit_contradicted(q, _sum("合同面积")) is not None
    assert understand(q).status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize("q", ["合同面积合计多少平方米", "合同面积合计（平方）", "合同金额合计多少万元", "合同金额合计多少"])
def test_the_fields_own_unit_passes(q: str) -> None:
    field = "合同面积" if "面积" in q else "合同金额"
    assert unit_contradicted(q, _sum(field)) is None


# ---------------------------------------------------------------- C: a record hanging under another


@pytest.mark.parametrize(
    "q, said",
    [
        ("XMSQ0150名下挂着几台设备", "XMSQ0150下面挂着几台设备"),
        ("XMSQ0150底下挂了多少台设备", "XMSQ0150下面挂着多少台设备"),
        ("XMSQ0150挂着几台设备", "XMSQ0150下面挂着几台设备"),
        ("青浦-工业园区下边挂的设备有哪些", "青浦-工业园区下面挂着设备有哪些"),
        ("归XMSQ0150管的设备有几台", "XMSQ0150下面挂着设备有几台"),
        ("PQ01片区底下挂了几个项目", "PQ01片区下面挂着几个项目"),
    ],
)
def test_hanging_under_is_the_relation(q: str, said: str) -> None:
    assert hang_words(q) == said


@pytest.mark.parametrize(
    "q", ["XMSQ0150有几台设备挂了", "XMSQ0150挂了几台设备", "挂了的设备有几台", "赵德胜名下挂着几台设备", "归赵德胜管的设备有几台"]
)
def test_a_bare_hung_is_never_the_relation(q: str) -> None:
    assert hang_words(q) == q
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- D: a dash day range with an inclusive note


@pytest.mark.parametrize(
    "q",
    [
        "中标日期落在2025年7月1日—2025年12月31日（含这两天）的有几条",
        "中标日期在2025年7月1日–2025年12月31日（包括这两天）的有几条",
        "中标日期在2025年7月1日——2025年12月31日（含这两日）的有几条",
        "中标日期在2025年7月1日~2025年12月31日（包括这两天都算）的有几条",
    ],
)
def test_a_dash_range_with_its_two_days_counted(q: str) -> None:
    assert "2025年7月1日至2025年12月31日的有几条" in day_bounds(q), day_bounds(q)


def test_a_bound_with_its_bracket_counts_the_day() -> None:
    """Pass 52 (judge 42, J2): （含当天） after a bound is read (it was kept as written before)."""
    assert "2025年7月1日及以后的有几条" in day_bounds("中标日期在2025年7月1日之后（含当天）的有几条")


# ---------------------------------------------------------------- F: 单位 as a noun after an organisation's field


@pytest.mark.parametrize(
    "q, said",
    [
        ("XMSQ0150的甲方是哪家单位", "XMSQ0150的甲方是哪家"),
        ("XMSQ0102的甲方是什么单位", "XMSQ0102的甲方是哪家"),
        ("GD-003的制造厂商是哪个公司", "GD-003的制造厂商是哪家"),
    ],
)
def test_a_unit_noun_after_an_organisation_field(q: str, said: str) -> None:
    assert org_asked(q) == said


@pytest.mark.parametrize("q", ["每个单位有几个项目", "哪家单位的项目最多"])
def test_a_unit_noun_elsewhere_is_left(q: str) -> None:
    assert org_asked(q) == q


# ---------------------------------------------------------------- G: today stated, then a clause with its comparison


@pytest.mark.parametrize(
    "q, said",
    [
        ("结束日期还没到（在今天之后）的维保合同有几份", "结束日期在今天之后的维保合同有几份"),
        ("结束日期还未到（晚于今天）的维保合同", "结束日期晚于今天的维保合同"),
        ("结束日期已经过了（在今天之前）的维保合同", "结束日期在今天之前的维保合同"),
    ],
)
def test_a_clause_then_its_comparison_keeps_the_comparison(q: str, said: str) -> None:
    assert today_restated(q) == said


def test_a_clause_contradicting_its_comparison_is_left() -> None:
    q = "结束日期还没到（在今天之前）的维保合同有几份"
    assert today_restated(q) == q
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- H: comparison verbs


@pytest.mark.parametrize(
    "q",
    ["保安_普保和保洁员，哪个岗位的人更多些", "保安_普保和保洁员哪个岗位的人更少一些"],
)
def test_which_of_two_has_more(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.PLAN, understand(q).message


# ---------------------------------------------------------------- K: a total, then its ranking


@pytest.mark.parametrize(
    "q, said",
    [
        ("在岗人数加总后排前两位的岗位", "在岗人数加总，排前两位的岗位"),
        ("开票金额汇总之后排名前2的项目", "开票金额汇总，排名前2的项目"),
        ("在岗人数合计以后排在前三的岗位", "在岗人数合计，排在前三的岗位"),
    ],
)
def test_a_total_then_its_ranking(q: str, said: str) -> None:
    assert rank_by(q) == said


def test_a_time_after_is_not_a_ranking() -> None:
    assert rank_by("合计后再说") == "合计后再说"


# ---------------------------------------------------------------- P: repeats counted once


@pytest.mark.parametrize(
    "q",
    ["PQ01或PQ03片区的项目加起来有几个（重复的算一次）", "PQ01或PQ03片区的项目有多少个（去重）", "PQ01或PQ03片区的项目有几个（重复的只算一个）"],
)
def test_repeats_counted_once_restate_a_count(q: str) -> None:
    assert "（" not in counted_once(q)


def test_repeats_counted_once_stay_on_a_total() -> None:
    q = "PQ01或PQ03片区的项目合同面积加起来多少（重复的算一次）"
    assert counted_once(q) == q


# ---------------------------------------------------------------- L: a name written the data's way that no record has


@pytest.mark.parametrize(
    "q, name",
    [("青浦-北斗商务中心的合同金额是多少", "青浦-北斗商务中心"), ("青浦-星海大厦这个项目有几台设备", "青浦-星海大厦")],
)
def test_a_missing_dashed_name_is_missing_whole(q: str, name: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.missing == name, (u.status, u.message, u.missing)


@pytest.mark.parametrize("q", ["青浦-区图书馆的合同金额是多少", "青浦-工业园区有几台设备", "青浦-图书馆的合同金额是多少"])
def test_a_present_or_shortened_dashed_name_is_not_missing(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.INSUFFICIENT, understand(q).message


# ---------------------------------------------------------------- T: greetings with small talk


@pytest.mark.parametrize(
    "q", ["晚上好，第一次打开这个软件", "你好，这个软件能干什么", "下午好，头一回用这个工具，它是干什么的", "这个软件有什么用"]
)
def test_small_talk_about_the_software(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.EXPLAIN, understand(q).message


# ---------------------------------------------------------------- L / S: a thing no template has, asked per record


@pytest.mark.parametrize(
    "q, word",
    [
        ("每个项目有多少个图书室", "图书室"),
        ("每个项目配了多少个游泳池", "游泳池"),
        ("各项目有多少个停车位", "停车位"),
        ("员工公积金缴纳基数平均是多少？", "公积金缴纳基数"),
        ("员工社保缴纳基数合计多少", "社保缴纳基数"),
    ],
)
def test_a_thing_no_template_has(q: str, word: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.missing == word, (u.status, u.message, u.missing)


@pytest.mark.parametrize("q", ["每个片区有多少个项目", "每个项目有多少个设备", "员工税后工资平均是多少", "设备原值平均是多少"])
def test_a_real_count_or_field_is_no_missing_thing(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.INSUFFICIENT, understand(q).message


@pytest.mark.parametrize(
    "q, said",
    [
        ("去年同期（2025年3月）XMSQ0150开票金额是多少", "2025年3月XMSQ0150开票金额是多少"),
        ("XMSQ0150去年同期（即2025年1月）的开票金额", "XMSQ01502025年1月的开票金额"),
    ],
)
def test_the_same_period_last_year_is_the_month_it_names(q: str, said: str) -> None:
    from kgdesk.qa.understand.year_apart import year_glosses

    assert year_glosses(q, 2026) == said


def test_the_same_period_of_another_year_is_left() -> None:
    from kgdesk.qa.understand.year_apart import year_glosses

    q = "去年同期（2024年3月）XMSQ0150开票金额是多少"
    assert year_glosses(q, 2026) == q


# ---------------------------------------------------------------- J: "not one" and "cannot be found"


@pytest.mark.parametrize(
    "q, said",
    [
        ("项目经理里，人员证书表上一本证书都没登记的有几位", "项目经理里，人员证书表上没登记证书的有几位"),
        ("服务中的项目中，3月份项目月度财务里查不到记录的有几个", "服务中的项目中，3月份没有项目月度财务记录的有几个"),
        ("服务中的项目里，检查记录里找不到相关记录的有哪些", "服务中的项目里，没有检查记录的有哪些"),
    ],
)
def test_not_one_and_not_found_are_an_anti_join(q: str, said: str) -> None:
    from kgdesk.qa.understand.none_at_all import none_at_all

    assert none_at_all(q) == said


# ---------------------------------------------------------------- I: conditions on a group's total or count


@pytest.mark.parametrize(
    "q, said",
    [
        ("哪些供应商的耗材采购累计金额超过3000元", "哪些供应商的耗材采购金额合计超过3000元"),
        ("开票累计金额前三的项目", "开票金额合计前三的项目"),
        ("采购合计金额最高的项目", "采购金额合计最高的项目"),
    ],
)
def test_a_sum_word_inside_a_measure_is_its_total(q: str, said: str) -> None:
    from kgdesk.qa.understand.total_measure import total_measure

    assert total_measure(q) == said


def test_a_having_grouped_by_records_while_a_field_is_asked_is_refused() -> None:
    from kgdesk.qa.dsl import FieldRef, Having
    from kgdesk.qa.having_guard import having_regrouped

    plan = QueryPlan(
        query_type=QueryType.LIST,
        steps=[Step(entity="人员")],
        projection=[FieldRef(node="n0", field="岗位名称")],
        group_by=[FieldRef(node="n0", field=None)],
        aggregate=Aggregate(fn=AggFn.SUM, node="n0", field="在岗人数"),
        having=Having(op="lt", value=3.0),
    )
    assert having_regrouped(plan, "哪些岗位的在岗人数合计不到3人") == "岗位名称"
    assert having_regrouped(plan, "证书超过1张的员工，岗位名称是什么") is None
    assert having_regrouped(plan.model_copy(update={"projection": []}), "哪些岗位的在岗人数合计不到3人") is None
    assert understand("哪些岗位的在岗人数合计不到3人").status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize("q", ["人员证书里持有两张及以上证书的是哪几位", "人员证书里持有两张及以上证书的，是哪几位（工号）"])
def test_a_number_of_certificates_never_counts_people(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN, understand(q).message


def test_a_number_of_certificates_per_person_is_kept() -> None:
    assert understand("持有两张及以上证书的人有哪些").status is UnderstandingStatus.PLAN


# ---------------------------------------------------------------- Q: the whole of a share said with 里头


@pytest.mark.parametrize(
    "q, said",
    [
        ("耗材采购的金额里头，工程耗材占了几成", "耗材采购的金额里，工程耗材占了几成"),
        ("耗材采购的金额当中，清洁耗材占几成", "耗材采购的金额里，清洁耗材占几成"),
    ],
)
def test_inside_words_before_a_comma(q: str, said: str) -> None:
    from kgdesk.qa.understand.inside_words import inside_words

    assert inside_words(q) == said


def test_inside_words_elsewhere_are_left() -> None:
    from kgdesk.qa.understand.inside_words import inside_words

    assert inside_words("XMSQ0150里头有几台设备") == "XMSQ0150里头有几台设备"


@pytest.mark.parametrize(
    "q, said",
    [("服务中的项目有哪些，要名字", "服务中的项目有哪些"), ("已结束的项目有哪些，只要名称就行。", "已结束的项目有哪些。")],
)
def test_a_closing_names_only_clause(q: str, said: str) -> None:
    assert form_request(q) == said


# ---------------------------------------------------------------- E: a field word, 属于 its value


@pytest.mark.parametrize(
    "q, said",
    [
        ("供应商名录里类别属于电梯维保的公司有哪些", "供应商名录里类别是电梯维保的公司有哪些"),
        ("设备类型属于电梯的设备有几台", "设备类型是电梯的设备有几台"),
        ("服务状态属于服务中的项目", "服务状态是服务中的项目"),
    ],
)
def test_a_field_belonging_to_a_value_is_that_value(q: str, said: str) -> None:
    from kgdesk.qa.understand.entry_verbs import entry_verbs

    assert entry_verbs(q) == said


@pytest.mark.parametrize("q", ["项目属于PQ01片区的有几个", "XMSQ0150属于哪个片区", "原值最高的设备属于什么类型", "类别属于哪种"])
def test_membership_and_questions_keep_belonging(q: str) -> None:
    from kgdesk.qa.understand.entry_verbs import entry_verbs

    assert entry_verbs(q) == q


# ---------------------------------------------------------------- Q: a share with a threshold on a field


@pytest.mark.parametrize("q", ["平时加班小时大于0的考勤记录占多大比例", "原值超过10万的设备占比"])
def test_a_bounded_field_is_the_parts_condition_not_its_amount(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None and u.plan.share is not None, u.message
    assert u.plan.aggregate is None or u.plan.aggregate.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT), u.plan
