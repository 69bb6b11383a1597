"""Judge-15 classes at the plan and in the small helpers (no graph; own wording besides the judge's
probes). W9: demonstratives are fillers, and a text condition matching no value of its field never
drives a silent 没有. W7/B1: two values of one single-valued field in a total / average / ranking are
one IN condition; the number restating how many were said is no condition."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kgdesk.qa.dsl import Filter, Op, QueryPlan, QueryType, Step, ValueSource
from kgdesk.qa.grounding import EntityIndex, Entry
from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.understand.union_count import said_count_dropped
from kgdesk.qa.understand.unmatched_text import unmatched
from tests.qa.helpers import planned, schema


@pytest.mark.parametrize("word", ["这类", "这种", "那种", "这样的", "此类", "这些", "那些", "这个", "那个", "该", "那样的"])
def test_demonstratives_are_fillers_never_values(word: str) -> None:
    assert word in load_lexicon().raw["fillers"] or word in load_lexicon().raw["neutral_words"]["words"]


@pytest.mark.parametrize("q", ["报废这类设备有几台", "有没有停用这种设备", "报废那样的设备有哪些"])
def test_a_demonstrative_between_a_value_and_its_type_is_no_name_filter(q: str) -> None:
    p = planned(q)
    fields = {f.field for s in p.steps for f in s.filters}
    assert "设备名称" not in fields and "完好状况" in fields, p


def _plan(*filters: Filter, qt: QueryType = QueryType.LIST) -> QueryPlan:
    return QueryPlan(query_type=qt, steps=[Step(id="s1", entity="岗位编制", filters=list(filters))])


def test_the_number_of_the_values_said_is_no_condition() -> None:
    both = Filter(field="岗位", op=Op.IN, value=["保洁员", "绿化工"], value_source=ValueSource.GROUNDED)
    two = Filter(field="岗位", op=Op.EQ, value=2, value_source=ValueSource.DERIVED, text="两个")
    out = said_count_dropped(_plan(both, two))
    assert out is not None and out.steps[0].filters == [both]


def test_a_number_that_restates_nothing_stays() -> None:
    both = Filter(field="岗位", op=Op.IN, value=["保洁员", "绿化工"], value_source=ValueSource.GROUNDED)
    three = Filter(field="岗位", op=Op.EQ, value=3, value_source=ValueSource.DERIVED, text="三个")
    other = Filter(field="预算编制", op=Op.EQ, value=2, value_source=ValueSource.DERIVED, text="两个")
    assert said_count_dropped(_plan(both, three)) is None
    assert said_count_dropped(_plan(both, other)) is None


def _entry(label: str, field: str, text: str) -> Entry:
    return Entry(label=label, key=text, display=text, field=field, role="name", text=text, norm=normalize(text))


def _probe(value: str, op: Op = Op.CONTAINS) -> SimpleNamespace:
    return SimpleNamespace(step_id="s1", filter=Filter(field="项目名称", op=op, value=value))


@pytest.mark.parametrize("word, lost", [("这类", True), ("星河湾", True), ("图书馆", False), ("北斗", False)])
def test_a_word_in_no_name_of_its_field_is_said_not_found(word: str, lost: bool) -> None:
    index = EntityIndex([_entry("项目", "项目名称", "青浦-区图书馆"), _entry("项目", "项目名称", "青浦-北斗园区")])
    plan = QueryPlan(query_type=QueryType.EXISTENCE, steps=[Step(id="s1", entity="项目")])
    probes = [_probe(word)]
    assert bool(unmatched(plan, probes, index, schema())) is lost


def test_a_field_with_no_known_values_is_left_alone() -> None:
    plan = QueryPlan(query_type=QueryType.EXISTENCE, steps=[Step(id="s1", entity="项目")])
    assert unmatched(plan, [_probe("这类")], EntityIndex([]), schema()) == []


@pytest.mark.parametrize(
    "q, values",
    [
        ("报废+停用的设备加起来几台", ["报废", "停用"]),
        ("报废＋停用的设备一共多少台", ["报废", "停用"]),
        ("带病运行加停用的设备总共几台", ["带病运行", "停用"]),
    ],
)
def test_plus_joins_two_values_of_one_field(q: str, values: list[str]) -> None:
    p = planned(q)
    f = next(f for s in p.steps for f in s.filters if f.field == "完好状况")
    assert f.op is Op.IN and sorted(map(str, f.value)) == sorted(values), p  # type: ignore[arg-type]


def test_every_value_of_a_field_averaged_is_still_not_guessed() -> None:
    from tests.qa.helpers import understand

    u = understand("男的和女的平均年龄")  # a breakdown or the whole? not guessed
    assert u.plan is None or not any(f.op is Op.IN for s in u.plan.steps for f in s.filters), u.plan


# ---------------------------------------------------------------- W8: an ordinary word is no missing person


@pytest.mark.parametrize("word", ["东西", "能干", "查点", "能干啥", "金额", "新来"])
def test_ordinary_words_do_not_look_like_names(word: str) -> None:
    from kgdesk.qa.understand.words import looks_like_person_name

    assert not looks_like_person_name(word, load_lexicon().raw["surnames"] + ["东", "能", "查", "金", "新"])


@pytest.mark.parametrize("name", ["张三", "欧阳明月", "陈静静", "上官云"])
def test_names_still_look_like_names(name: str) -> None:
    from kgdesk.qa.understand.words import looks_like_person_name

    assert looks_like_person_name(name, load_lexicon().raw["surnames"])


@pytest.mark.parametrize("q", ["你是谁？能干啥", "哪个供应商卖给我们的东西最多", "你好呀，你都能帮我查点啥"])
def test_no_missing_person_made_of_an_ordinary_word(q: str) -> None:
    from tests.qa.helpers import understand

    u = understand(q)
    assert u.reason != "no_such_entity", u.message


# ---------------------------------------------------------------- B6: non-data turns


@pytest.mark.parametrize(
    "q",
    [
        "下午好，我是采购部新来的，请多指教",
        "早上好，我是新来的财务，请多关照",
        "行，先这样，辛苦",
        "辛苦了，今天就先问到这儿",
        "收到 thx",
        "好的 明白了 thx",
        "ok 谢谢",
        "你是谁？能干啥",
        "你好呀，你都能帮我查点啥",
        "我是刚入职的行政，以后多关照",
    ],
)
def test_courtesy_turns_are_answered_with_what_kgdesk_does(q: str) -> None:
    from kgdesk.qa.understanding import UnderstandingStatus
    from tests.qa.helpers import understand

    u = understand(q)
    assert u.status is UnderstandingStatus.EXPLAIN and u.explain_text, (q, u.status, u.message)


def test_an_introduction_before_a_question_leaves_the_question() -> None:
    p = planned("我是新来的，区图书馆有几台设备")
    assert p.steps[0].entity == "设备", p


# ---------------------------------------------------------------- B2: a kind value before its record noun


@pytest.mark.parametrize(
    "text, hit",
    [("消防设备", True), ("电梯设备", True), ("消防维保合同", True), ("消防设施", False), ("申江消防", False)],
)
def test_a_kind_value_and_its_type_word(text: str, hit: bool) -> None:
    from kgdesk.qa.understand.kind_and_type import kind_and_type

    labels = {"设备": ["设备"], "维保合同": ["维保合同"], "供应商": ["供应商"]}
    fields = {("设备", "设备类型"): ("消防", "电梯"), ("维保合同", "类别"): ("消防维保", "电梯维保")}
    assert kind_and_type(text, labels, fields) is hit


def test_one_place_decides_the_kind_field() -> None:
    from kgdesk.qa.understand import kind_question, kinds, ranked_field

    assert kind_question.kind_field is kinds.kind_field is ranked_field.kind_field
    assert kinds.kind_field(schema(), "设备") == "设备类型"
    assert kinds.kind_field(schema(), "证书") is None  # 证书类别 and 专业类别: not guessed


@pytest.mark.parametrize("q", ["XMSQ0150的设备分几类", "设备一共有几类", "区图书馆的检查分几种"])
def test_a_number_of_kinds_counts_the_kind_values(q: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn.value == "count_distinct", p
    assert p.aggregate.field in ("设备类型", "检查类型"), p


# ---------------------------------------------------------------- B4: where at the end only


@pytest.mark.parametrize(
    "q, out",
    [
        ("XMSQ0150项目地址在哪", "XMSQ0150项目地址在哪里"),
        ("区图书馆在哪？", "区图书馆在哪里？"),
        ("陈静在哪些项目服务过", "陈静在哪些项目服务过"),
        ("区图书馆在哪里", "区图书馆在哪里"),
    ],
)
def test_a_bare_where_ends_the_question(q: str, out: str) -> None:
    from kgdesk.qa.understand.where_asked import where_at_end

    assert where_at_end(q) == out


@pytest.mark.parametrize("name, yes", [("王海涛涛", True), ("欧阳明月", True), ("王海涛明", False)])
def test_a_doubled_given_name_looks_like_a_name(name: str, yes: bool) -> None:
    from kgdesk.qa.understand.words import looks_like_person_name

    assert looks_like_person_name(name, load_lexicon().raw["surnames"]) is yes


def test_a_total_field_read_per_group_or_per_record_is_left() -> None:
    from kgdesk.qa.dsl import FieldRef
    from kgdesk.qa.understand.total_field import field_total

    listed = QueryPlan(
        query_type=QueryType.STATUS,
        steps=[Step(id="s1", entity="月度快照")],
        projection=[FieldRef(node="n0", field="加班小时合计")],
    )
    summed = field_total(listed, {"加班小时合计"}, "青浦片区2026年4月的加班小时合计")
    assert summed is not None and summed.aggregate is not None and summed.aggregate.fn.value == "sum"
    assert field_total(listed, {"加班小时合计"}, "各项目2026年4月的加班小时合计") is None
    assert field_total(listed, {"加班小时合计"}, "加班小时合计最高的项目") is None


@pytest.mark.parametrize(
    "q, out",
    [
        ("得分在88到92之间（含88和92）的", "88及以上且92及以下"),
        ("得分在88分到92分之间（88和92都算）的", "88分及以上且92分及以下"),
        ("得分在88到92之间（含）的", "88及以上且92及以下"),
    ],
)
def test_an_inclusive_range_is_read(q: str, out: str) -> None:
    from kgdesk.qa.understand.scan_rules import parentheticals

    assert out in parentheticals(q)


def test_a_bare_range_is_not_guessed() -> None:
    from kgdesk.qa.understand.scan_rules import parentheticals

    assert "及以上" not in parentheticals("得分在88到92之间的")
