"""The failure classes of the second held-out round, on the planner alone (real template metadata,
in-memory index): parentheticals read not rejected, percentages in words, the year so far, two
values of one field compared, a measure asked yes/no, a count of times, a share's two readings,
and names the data lacks said so."""

from __future__ import annotations

from datetime import date

from kgdesk.qa.dsl import AggFn, Op, QueryPlan, QueryType
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.timeparse import TimeParser
from kgdesk.qa.understand.scan_rules import parentheticals, percent_words
from kgdesk.qa.understanding import UnderstandContext, Understanding, UnderstandingStatus
from kgdesk.qa.validate_plan import validate_plan
from tests.qa.helpers import MONTHS, context

TODAY = date(2026, 4, 20)


def understand(q: str, ctx: UnderstandContext | None = None) -> Understanding:
    return DeterministicPlanner().understand_sync(q, ctx or context(TODAY))


def planned(q: str) -> QueryPlan:
    ctx = context(TODAY)
    u = understand(q, ctx)
    assert u.status is UnderstandingStatus.PLAN, (q, u.status, u.message)
    assert u.plan is not None
    validate_plan(u.plan, ctx.schema)
    return u.plan


def test_parentheticals_restate_the_question() -> None:
    assert parentheticals("合同金额超过100万（含）的项目") == "合同金额100万及以上的项目"
    assert parentheticals("原值低于5万元(含)的设备") == "原值5万元及以下的设备"
    assert parentheticals("满意度90分以上（含）") == "满意度90分及以上"
    assert parentheticals("司龄最长的前3人（并列的都列出来）") == "司龄最长的前3人"
    assert parentheticals("北斗园区（二期）") == "北斗园区（二期）"  # anything else stays


def test_percentages_in_words() -> None:
    assert percent_words("毛利率低于百分之二十的项目") == "毛利率低于20%的项目"
    assert percent_words("占百分之几") == "占百分之几"


def test_the_year_so_far_ends_this_month() -> None:
    tp = TimeParser(date(2026, 3, 20), MONTHS).parse("今年以来的开票金额")
    assert [(m.start, m.end) for m in tp.mentions] == [("2026-01", "2026-03")]


def test_an_inclusive_bound_is_gte() -> None:
    p = planned("合同金额超过100万（含）的项目有哪些")
    f = next(f for f in p.steps[0].filters if f.field == "合同金额")
    assert (f.op, f.value) == (Op.GTE, 1_000_000)


def test_two_values_of_one_field_compared_are_the_two_groups() -> None:
    p = planned("男员工比女员工多几个")
    assert p.query_type is QueryType.COMPARE and p.comparison is not None
    assert (p.comparison.measure, p.comparison.left, p.comparison.right) == ("difference", "男", "女")
    assert [(g.node, g.field) for g in p.group_by] == [("n0", "性别")]
    p = planned("女员工比男员工少多少人")
    assert p.comparison is not None and (p.comparison.left, p.comparison.right) == ("男", "女")


def test_a_measure_asked_yes_or_no_is_whether_it_is_above_zero() -> None:
    p = planned("赵德胜3月加过班吗")
    assert p.query_type is QueryType.EXISTENCE
    assert any(f.field == "平时加班小时" and f.op is Op.GT and f.value == 0 for f in p.steps[0].filters)


def test_a_count_of_times_counts_records_not_their_total() -> None:
    p = planned("3月份开了几次票")
    assert p.query_type is QueryType.COUNT and p.aggregate is not None
    assert p.aggregate.fn is AggFn.COUNT_DISTINCT
    assert any(f.field == "开票金额" and f.op is Op.GT for f in p.steps[0].filters)


def test_a_share_is_the_question_with_and_without_its_subset() -> None:
    p = planned("保安中女性占多少比例")
    assert p.share is not None and p.query_type is QueryType.AGGREGATE
    whole, part = p.step(p.share.whole), p.step(p.share.part)
    assert {f.field for f in whole.filters} == {"岗位名称"}
    assert {f.field for f in part.filters} == {"岗位名称", "性别"}
    u = understand("占比最高的")
    assert u.status is not UnderstandingStatus.PLAN


def test_names_the_data_lacks_are_said_so() -> None:
    for q, missing in (("欧阳娜娜在哪个项目", "欧阳娜娜"), ("司马光明有电工证吗", "司马光明")):
        u = understand(q)
        assert (u.status, u.reason, u.missing) == (UnderstandingStatus.INSUFFICIENT, "no_such_entity", missing), (
            q,
            u.message,
        )


def test_a_thank_you_is_answered_plainly() -> None:
    u = understand("谢谢你的帮助")
    assert u.status is UnderstandingStatus.EXPLAIN and u.explain_text


# ---------------------------------------------------------------- classes the train set showed


def test_a_word_never_spans_a_clause_break() -> None:
    p = planned("按岗位名称分，人员各几个")
    assert not p.steps[0].hops and [g.field for g in p.group_by] == ["岗位名称"]


def test_a_negated_value_does_not_contain_the_bare_word() -> None:
    u = understand("开始的项目有哪些")
    plan = u.plan
    assert plan is None or all(f.value != "未开始" for s in plan.steps for f in s.filters)
    p = planned("还没开始的项目都有哪些")
    assert [(f.field, f.op, f.value) for f in p.steps[0].filters] == [("服务状态", Op.EQ, "未开始")]


def test_both_values_after_an_exclusion_are_excluded() -> None:
    p = planned("除了男的和女的，其他人有多少")
    assert [(f.field, f.op) for f in p.steps[0].filters] == [("性别", Op.NE), ("性别", Op.NE)]


def test_you_mei_you_asks_yes_or_no() -> None:
    assert planned("赵德胜3月有没有考勤").query_type is QueryType.EXISTENCE


def test_a_code_asked_who_is_answered_with_the_name() -> None:
    p = planned("KWL2307024这个工号是谁")
    assert [r.field for r in p.projection] == ["姓名"]


def test_a_groups_monthly_average_is_over_each_persons_month() -> None:
    p = planned("保安平均每月出勤几天")
    assert p.aggregate is not None and p.aggregate.fn is AggFn.AVG and p.aggregate.per is None


def test_a_number_of_times_is_not_an_amount() -> None:
    # the records that have the measure are counted per project (HAVING), never 开票金额 >= 3
    p = planned("哪些项目一季度开票三次及以上")
    assert p.having is not None and p.having.value == 3
    assert not any(f.field == "开票金额" and f.value == 3 for f in p.steps[0].filters)


def test_which_field_asks_its_value() -> None:
    p = planned("保安_领班属于哪个员工层级")
    assert p.query_type is QueryType.STATUS and [r.field for r in p.projection] == ["员工层级"]


def test_a_value_glued_to_a_field_word_of_another_kind_is_a_missing_field() -> None:
    u = understand("各项目的消防面积是多少")  # 消防 is a 证书 category, 面积 the end of 合同面积
    assert (u.status, u.reason, u.missing) == (UnderstandingStatus.INSUFFICIENT, "no_such_field", "消防面积")


def test_more_restatements_are_read() -> None:
    assert parentheticals("今天2026年5月3日，上上个月") == "今天是2026年5月3日，上上个月"
    assert parentheticals("上上月（按今天算）哪个项目") == "上上月哪个项目"
    assert parentheticals("税后工资过万的人") == "税后工资超过1万的人"
    assert parentheticals("被检查5次以上（含5次）") == "被检查5次及以上"
    tp = TimeParser(date(2026, 6, 18), MONTHS).parse("上上月开票")
    assert [(m.start, m.end) for m in tp.mentions] == [("2026-04", "2026-04")]


def test_different_values_of_a_field_are_its_groups() -> None:
    p = planned("不同性别的员工各有多少")
    assert [g.field for g in p.group_by] == ["性别"] and not any(f.op is Op.NE for f in p.steps[0].filters)
