"""Judge-19 classes at the plan (no graph; own wording besides the judge's probes). W12a a number of a
record type that opens the question restates how many there are — dropped when it is the data's count,
refused otherwise, never a per-entity threshold; W12b the other field of the top record is the one asked."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import QueryType
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# The helpers' schema has 10 records of every type.

# ---------------------------------------------------------------- W12a: N个<type> restating the whole set


@pytest.mark.parametrize(
    "q, label",
    [
        ("10个片区的负责人分别是谁", "人员"),
        ("这10个片区的负责人是哪几位", "人员"),
        ("全部10个片区的负责人都是谁", "人员"),
        ("10个项目里服务中的有几个", "项目"),
    ],
)
def test_the_whole_sets_size_is_dropped(q: str, label: str) -> None:
    p = planned(q)
    assert p.having is None and not p.group_by and p.steps[0].entity == label, p


@pytest.mark.parametrize(
    "q", ["3个片区的负责人分别是谁", "这3个片区的负责人是哪几位", "16个项目里服务中的有几个", "5个片区的负责人"]
)
def test_another_size_is_refused_not_a_threshold(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.NEEDS_LLM and "不符" in (u.message or ""), u


@pytest.mark.parametrize("q", ["负责了2个片区的人有哪些", "有2个片区的人"])
def test_a_number_after_a_verb_keeps_the_threshold(q: str) -> None:
    assert planned(q).having is not None


def test_a_comparative_after_the_type_is_no_restatement() -> None:
    u = understand("3个片区及以上的负责人")
    assert u.status is not UnderstandingStatus.PLAN or (u.plan is not None and u.plan.having is not None), u
    assert "不符" not in (u.message or "")


# ---------------------------------------------------------------- W12b: the other field of the top record


@pytest.mark.parametrize(
    "q, label, rank, asked",
    [
        ("合同金额最大的项目，合同面积是多少", "项目", "合同金额", "合同面积"),
        ("合同面积最小的项目，合同金额是多少", "项目", "合同面积", "合同金额"),
        ("客户满意度最高的项目，合同金额是多少", "项目", "客户满意度", "合同金额"),
        ("客户投诉最多的项目，合同面积是多少", "项目", "客户投诉", "合同面积"),
    ],
)
def test_the_asked_field_of_the_top_record(q: str, label: str, rank: str, asked: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.STATUS and p.steps[0].entity == label, p
    assert [r.field for r in p.projection] == [asked] and p.limit == 1 and p.with_ties, p
    assert [(s.by, s.field) for s in p.sort] == [("field", rank)], p


def test_the_ranking_field_asked_is_answered() -> None:
    p = planned("合同金额最高的项目，合同金额是多少")
    assert [r.field for r in p.projection] == ["合同金额"] and p.limit == 1, p


@pytest.mark.parametrize(
    "q, fld",
    [
        ("合同金额最大的那个项目，它的合同面积是多少", "合同面积"),
        ("投标金额最低的那条投标是哪一年的", "年份"),
        ("投标金额最高的投标记录是哪一年的", "年份"),
    ],
)
def test_the_top_record_said_another_way(q: str, fld: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.STATUS and [r.field for r in p.projection] == [fld] and p.limit == 1, p


@pytest.mark.parametrize("q", ["合同金额最大的项目是哪一年的"])
def test_what_the_top_record_does_not_hold_is_refused(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


def test_the_people_named_of_the_top_record_are_shown() -> None:
    p = planned("合同金额最大的项目，项目经理是谁")
    assert p.query_type is QueryType.LIST and p.limit == 1, p
    assert [(r.node, r.field) for r in p.projection] == [("n0", "合同金额"), ("n1", "姓名")], p


@pytest.mark.parametrize(
    "q", ["各片区的负责人分别是谁", "每个片区的负责人是谁", "各片区的负责人是哪位", "片区各自的负责人分别是谁", "这10个片区各自的负责人是哪位"]
)
def test_each_region_with_its_head(q: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.LIST and p.steps[0].entity == "人员" and not p.group_by, p
    assert [(h.rel, h.target) for h in p.steps[0].hops] == [("负责人", "片区")], p
    assert [(r.node, r.field) for r in p.projection] == [("n1", "片区名称")], p


# ---------------------------------------------------------------- 1: a date field compared with today / a day


@pytest.mark.parametrize(
    "q, fld, op",
    [
        ("结束日期已经早于今天的维保合同有几份", "结束日期距今天数", "lt"),
        ("截至今天（2026年11月30日），有效期至已经早于今天的证书有几本", "有效期至距今天数", "lt"),
        ("有效期至仍然晚于今天的证书有几本", "有效期至距今天数", "gt"),
        ("开始日期早于2026年1月1日的项目有几个", "开始日期距2026-01-01天数", "lt"),
        ("开始日期在2026年1月1日之前的项目有几个", "开始日期距2026-01-01天数", "lt"),
        ("入职日期晚于2020年1月1日的员工有几个", "入职日期距2020-01-01天数", "gt"),
        ("结束日期不晚于2026年6月30日的维保合同有哪些", "结束日期距2026-06-30天数", "lte"),
    ],
)
def test_a_date_field_against_today_or_a_day(q: str, fld: str, op: str) -> None:
    p = planned(q)
    assert [(f.field, f.op.value, f.value) for f in p.steps[0].filters] == [(fld, op, 0)], p
    assert all(d.expression.startswith("days_between(") for d in p.steps[0].derived), p


# ---------------------------------------------------------------- 2: 一共几个 after an exclusion is a count


@pytest.mark.parametrize(
    "q",
    [
        "服务状态不是已结束的项目一共几个",
        "服务状态不是已结束的项目总共多少个",
        "除了服务状态是已结束的，其余项目一共几个",
        "项目里头，别算服务状态是已结束的，还剩几个",
        "除了已结束的项目，其余项目一共几个",
    ],
)
def test_a_count_after_an_exclusion(q: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.COUNT and p.steps[0].entity == "项目", p
    assert [(f.field, f.op.value, f.value) for f in p.steps[0].filters] == [("服务状态", "ne", "已结束")], p


def test_a_measure_named_keeps_its_sum() -> None:
    p = planned("服务中的项目合同金额一共多少")
    assert p.aggregate is not None and p.aggregate.fn.value == "sum", p


# ---------------------------------------------------------------- 3: the words for the groups


@pytest.mark.parametrize(
    "q, fld",
    [
        ("按汇总业态分组，每组各有几个项目", "汇总业态"),
        ("按委托方式分一下组，每一组多少个项目", "委托方式"),
        ("按委托方式分组，各组项目有几个", "委托方式"),
        ("按服务状态分个组，每组几个项目", "服务状态"),
    ],
)
def test_a_count_per_group(q: str, fld: str) -> None:
    p = planned(q)
    assert [g.field for g in p.group_by] == [fld] and p.aggregate is not None and p.aggregate.field == "_key", p


def test_groups_nobody_formed_are_refused() -> None:
    u = understand("每组各有几个项目")
    assert u.status is UnderstandingStatus.NEEDS_LLM and "分组" in (u.message or ""), u


# ---------------------------------------------------------------- 4: a category field as the group of a ranked average


@pytest.mark.parametrize(
    "q, key, fn, fld",
    [
        ("哪种检查类型的平均得分最高", "检查类型", "avg", "检查得分"),
        ("哪个检查类型的平均检查得分最低", "检查类型", "avg", "检查得分"),
        ("哪种设备类型的原值合计最高", "设备类型", "sum", "原值"),
        ("哪类设备类型的平均原值最低", "设备类型", "avg", "原值"),
    ],
)
def test_the_group_ranked_by_its_average(q: str, key: str, fn: str, fld: str) -> None:
    p = planned(q)
    assert [g.field for g in p.group_by] == [key] and p.limit == 1, p
    assert p.aggregate is not None and (p.aggregate.fn.value, p.aggregate.field) == (fn, fld), p


# ---------------------------------------------------------------- 5: months listed and ranged in other forms (today 2026-04-20)


@pytest.mark.parametrize(
    "q",
    [
        "1、2两个月开票合计超过10万的项目有哪些",
        "1、2月开票合计超过10万的项目有哪些",
        "一二月份开票合计超过10万的项目有哪些",
        "1月、2月开票合计超过10万的项目有哪些",
    ],
)
def test_two_months_listed(q: str) -> None:
    p = planned(q)
    assert [(f.field, f.op.value, f.value) for f in p.steps[0].filters if f.field == "年月"] == [
        ("年月", "in", ["2026-01", "2026-02"])
    ], p
    assert p.having is not None and p.having.value == 100000, p


@pytest.mark.parametrize(
    "q, end",
    [
        ("今年1月到本月开票合计是多少", "2026-04"),
        ("从1月到上个月开票合计是多少", "2026-03"),
        ("1月到这个月开票合计是多少", "2026-04"),
        ("2026年1月到3月开票累计多少", "2026-03"),
    ],
)
def test_a_range_to_a_relative_month(q: str, end: str) -> None:
    p = planned(q)
    assert [(t.field, t.start, t.end) for t in p.steps[0].time] == [("年月", "2026-01", end)], p


def test_months_not_in_order_are_left_alone() -> None:
    from datetime import date

    from kgdesk.qa.understand.year_apart import month_lists

    assert month_lists("3、1月", date(2026, 4, 20)) == "3、1月"
    assert month_lists("十二月", date(2026, 4, 20)) == "十二月"
    assert month_lists("5月到上个月", date(2026, 4, 20)) == "5月到上个月"


# ---------------------------------------------------------------- 6: 谁 of two named records, not a person


@pytest.mark.parametrize(
    "q, entity",
    [
        ("XMSQ0102和XMSQ0150谁的合同金额高", "项目"),
        ("2026年1月XMSQ0102和XMSQ0150谁的开票金额高", "财务"),
        ("XMSQ0102跟XMSQ0150谁开票多", "财务"),
    ],
)
def test_who_of_two_named_projects(q: str, entity: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.COMPARE and p.steps[0].entity == entity, p
    assert all(h.target != "人员" for h in p.steps[0].hops), p


# ---------------------------------------------------------------- 7: 字段=值 as a plain equality


@pytest.mark.parametrize(
    "q, label, fld, value",
    [
        ("投标记录里中标结果=未中标的有几条", "投标记录", "中标结果", "未中标"),
        ("（中标结果=未中标）的投标记录有几条", "投标记录", "中标结果", "未中标"),
        ("岗位名称=保洁员的人有几个", "人员", "岗位名称", "保洁员"),
        ("完好状况＝报废的设备有几台", "设备", "完好状况", "报废"),
        ("完好状况==报废的设备有几台", "设备", "完好状况", "报废"),
    ],
)
def test_field_equals_value(q: str, label: str, fld: str, value: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.COUNT and p.steps[0].entity == label, p
    assert [(f.field, f.op.value, f.value) for f in p.steps[0].filters] == [(fld, "eq", value)], p


# ---------------------------------------------------------------- 8: an unknown name glued to a verb


@pytest.mark.parametrize(
    "q, name",
    [
        ("王大锤持有哪些证书", "王大锤"),
        ("刘大壮管哪些项目", "刘大壮"),
        ("王明持有哪些证书", "王明"),
        ("请问张三丰持有的证书有哪些", "张三丰"),
        ("欧阳明月持有哪些证书", "欧阳明月"),
    ],
)
def test_an_unknown_name_before_a_verb(q: str, name: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.message == f"数据中没有名为「{name}」的人员", u


def test_a_known_name_before_the_verb_is_read() -> None:
    p = planned("赵德胜持有哪些证书")
    assert p.steps[0].entity == "证书" or any(f.value == "KWL2307024" for f in p.steps[0].filters), p


# ---------------------------------------------------------------- 9: 各<field>…加起来一共 is one total


@pytest.mark.parametrize(
    "q", ["XMSQ0102各岗位的项目编制加起来一共几个人", "XMSQ0102各岗位的预算编制加起来一共多少人"]
)
def test_the_groups_added_up(q: str) -> None:
    p = planned(q)
    assert not p.group_by and p.aggregate is not None and p.aggregate.fn.value == "sum", p


def test_each_groups_own_figure_keeps_the_table() -> None:
    p = planned("XMSQ0102各岗位的项目编制分别是多少")
    assert p.group_by, p


def test_a_year_is_shown_without_a_thousands_separator() -> None:
    from kgdesk.qa.lexicon import load_lexicon
    from kgdesk.qa.render import Renderer
    from tests.qa.helpers import schema

    r = Renderer(schema(), load_lexicon())
    assert r.fmt("年份", 2025, "投标记录") == "2025" and r.fmt("投标金额", 2025, "投标记录").startswith("2,025")


@pytest.mark.parametrize(
    "q, fn",
    [
        ("投标金额最大的一条投标记录，金额是多少", "max"),
        ("投标金额最大的一条投标记录，投标金额是多少", "max"),
        ("投标金额最低的一次投标，金额是多少", "min"),
    ],
)
def test_the_one_top_records_value(q: str, fn: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and (p.aggregate.fn.value, p.aggregate.field) == (fn, "投标金额") and not p.group_by, p


@pytest.mark.parametrize(
    "q", ["采购金额最大的一笔采购，数量是多少", "原值最高的一台设备是什么", "投标金额最高的一条投标是哪一年的"]
)
def test_another_thing_of_the_one_top_record_is_no_maximum(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or u.plan is None or u.plan.aggregate is None, u.plan
