"""Judge-32 classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards37_graph.py)."""

from __future__ import annotations

import pytest

from kgdesk.qa.current_conflict import current_contradicted
from kgdesk.qa.dsl import AggFn, Aggregate, FieldRef, Filter, Op, QueryPlan, QueryType, Sort, Step
from kgdesk.qa.extreme_guard import extreme_not_carried
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.money_counted import money_counted
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.understand.counted_once import counted_once
from kgdesk.qa.understand.day_bounds import day_bounds
from kgdesk.qa.understand.none_at_all import none_at_all
from kgdesk.qa.understand.pair_restated import pair_restated
from kgdesk.qa.understand.ranking import _per_unit
from kgdesk.qa.understand.whole_bracket import _values_named

# ---------------------------------------------------------------- A: a 最高/最低 word the plan does not carry


def _parsed(cue: str, word: str) -> _Parsed:
    q = f"每个项目的检查得分平均，{word}的是哪个项目"
    s = q.index(word)
    return _Parsed(q, q, q, mentions=[_M("lex", s, s + len(word), word, senses=[Sense("cue", {"cue": cue}, cue)])])


def _grouped(fn: AggFn, limit: int | None = None, direction: str = "desc") -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.AGGREGATE,
        steps=[Step(entity="检查记录", hops=[])],
        group_by=[FieldRef(node="n0", field="项目编号")],
        aggregate=Aggregate(fn=fn, node="n0", field="检查得分"),
        sort=[Sort(by="value", direction=direction)],  # type: ignore[arg-type]
        limit=limit,
    )


@pytest.mark.parametrize("fn", [AggFn.AVG, AggFn.SUM, AggFn.COUNT])
@pytest.mark.parametrize("cue, word", [("min", "最低"), ("min", "垫底"), ("max", "最多"), ("max", "排第一")])
def test_a_dropped_extreme_is_never_the_whole_table(fn: AggFn, cue: str, word: str) -> None:
    assert extreme_not_carried(_parsed(cue, word), _grouped(fn)) == word


@pytest.mark.parametrize("cue, word, direction", [("min", "最低", "desc"), ("max", "最高", "asc")])
def test_the_wrong_direction_is_not_carrying_it(cue: str, word: str, direction: str) -> None:
    assert extreme_not_carried(_parsed(cue, word), _grouped(AggFn.AVG, 1, direction)) == word


@pytest.mark.parametrize(
    "cue, plan",
    [
        ("min", _grouped(AggFn.AVG, 1, "asc")),  # the lowest group kept
        ("max", _grouped(AggFn.SUM, 3, "desc")),  # the top three
        ("max", _grouped(AggFn.MAX)),  # 每个项目最高的检查得分: the per-group maximum is the answer
    ],
)
def test_a_carried_extreme_passes(cue: str, plan: QueryPlan) -> None:
    assert extreme_not_carried(_parsed(cue, "最高" if cue == "max" else "最低"), plan) is None


@pytest.mark.parametrize(
    "q, per_unit",
    [
        ("每个项目的检查得分平均，平均分最低的是哪个项目", False),  # 每 opens the grouping
        ("各项目检查得分的平均值里最高的是哪个", False),
        ("平均每个项目的设备最多的片区", True),  # 平均每: a per-unit average
        ("每人平均工资最高的项目", True),  # 每人 just before 平均
    ],
)
def test_a_grouping_every_is_not_a_per_unit_average(q: str, per_unit: bool) -> None:
    assert _per_unit(q, [q.index("平均")]) is per_unit


# ---------------------------------------------------------------- M: a union stated as such


@pytest.mark.parametrize(
    "q, want",
    [
        ("属于PQ01或者PQ03的项目有多少个（两个片区都挂的只算一次）", "属于PQ01或者PQ03的项目有多少个"),
        ("PQ01或PQ03片区一共几个项目(两边都有的算一个)", "PQ01或PQ03片区一共几个项目"),
        ("这两类证书一共几本（都有的不重复计算）", "这两类证书一共几本"),
    ],
)
def test_a_counted_once_bracket_on_a_count_is_dropped(q: str, want: str) -> None:
    assert counted_once(q) == want


@pytest.mark.parametrize(
    "q",
    [
        "PQ01或PQ03的项目合同额合计多少（两个片区都挂的只算一次）",  # a total: not what the plan does by itself
        "PQ01或PQ03的项目有多少个（只算服务中的）",  # no counted-once words
    ],
)
def test_other_brackets_stay(q: str) -> None:
    assert counted_once(q) == q


@pytest.mark.parametrize(
    "q, want",
    [
        ("PQ01和PQ03两个片区的项目一共多少个", "PQ01和PQ03的项目一共多少个"),
        ("XMSQ0102和XMSQ0150两个项目的设备一共几台", "XMSQ0102和XMSQ0150的设备一共几台"),
    ],
)
def test_a_count_right_after_a_pair_restates_it(q: str, want: str) -> None:
    assert pair_restated(q) == want


# ---------------------------------------------------------------- I: day ranges and today restated


@pytest.mark.parametrize(
    "q, want",
    [
        ("2026年3月1日至2026年3月20日（含）之间有没有检查", "2026年3月1日至2026年3月20日之间有没有检查"),
        ("2026年3月1日到2026年3月20日（包含）做过几次检查", "2026年3月1日到2026年3月20日做过几次检查"),
        ("有效期至在2026年11月30日（今天）之后的有几本", "有效期至在今天（2026年11月30日）之后的有几本"),
        ("结束日期早于2026-11-30（也就是今天）的合同", "结束日期早于今天（2026-11-30）的合同"),
    ],
)
def test_day_ranges_and_today_restated(q: str, want: str) -> None:
    assert day_bounds(q) == want


def test_a_bound_with_its_bracket_counts_the_day() -> None:
    """Pass 52 (judge 42, J2): a bound's bracket saying the day counts is read (it was kept as written before)."""
    assert day_bounds("2026年3月1日之后（含）做过几次检查") == "2026年3月1日及以后做过几次检查"


# ---------------------------------------------------------------- 在职 and 离职 said together


def _left(op: Op) -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.COUNT, steps=[Step(entity="人员", filters=[Filter(node="n0", field="离职日期", op=op)])]
    )


@pytest.mark.parametrize("q", ["在职和离职的人有多少", "没有离职和离职的人分别几个", "在册和离职的各多少"])
def test_both_sides_of_leaving_are_refused(q: str) -> None:
    assert current_contradicted(q, _left(Op.NOT_NULL)) is not None


@pytest.mark.parametrize("q, op", [("离职的人有几个", Op.NOT_NULL), ("在职的人有几个", Op.IS_NULL)])
def test_one_side_passes(q: str, op: Op) -> None:
    assert current_contradicted(q, _left(op)) is None


# ---------------------------------------------------------------- O: a day code said with 都没有


@pytest.mark.parametrize(
    "q, want",
    [
        ("2026年2月的考勤里，一天旷工都没有的人有多少", "2026年2月的考勤里，没有旷工的人有多少"),
        ("2月考勤里旷工都没有的人有几个", "2月考勤里没有旷工的人有几个"),
        ("2月考勤里，病假都没有过的人", "2月考勤里，没有病假的人"),
        ("证书都没有的人有几个", "没有证书的人有几个"),
    ],
)
def test_none_at_all_without_a_measure_word(q: str, want: str) -> None:
    assert none_at_all(q) == want


# ---------------------------------------------------------------- money asked, records counted


def _counted(fn: AggFn) -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.COUNT if fn is AggFn.COUNT else QueryType.AGGREGATE,
        steps=[Step(entity="采购记录")],
        aggregate=Aggregate(fn=fn, node="n0", field=None if fn is AggFn.COUNT else "金额"),
    )


@pytest.mark.parametrize("q", ["清洁耗材和绿化耗材差多少钱", "这两类一共几块钱", "花了多少元"])
def test_money_is_never_answered_by_a_count(q: str) -> None:
    assert money_counted(q, _counted(AggFn.COUNT)) is not None
    assert money_counted(q, _counted(AggFn.SUM)) is None


def test_a_count_without_money_passes() -> None:
    assert money_counted("清洁耗材有几笔", _counted(AggFn.COUNT)) is None


# ---------------------------------------------------------------- N: a bracket listing every kind of the records


@pytest.mark.parametrize("inside", ["耗材采购、固定资产合在一起", "耗材+固定资产", "固定资产和耗材采购都算"])
def test_every_kind_listed(inside: str) -> None:
    assert _values_named(inside, ("固定资产", "耗材采购"))


@pytest.mark.parametrize("inside", ["耗材采购", "耗材采购、维保合同", "耗材、耗材采购"])
def test_part_of_the_kinds_is_a_condition(inside: str) -> None:
    assert not _values_named(inside, ("固定资产", "耗材采购"))
