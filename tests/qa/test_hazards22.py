"""Judge-17 classes at the plan (no graph; own wording besides the judge's probes). W10a the extreme of a
record's own date field asks for the record; W10b a ledger named where its records are already named
changes nothing."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import Op, QueryType
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- W10a: 入职日期最晚 is the record, not a ranking of groups


@pytest.mark.parametrize(
    "q, label, fld, direction",
    [
        ("哪位员工的入职日期最晚", "人员", "入职日期", "desc"),
        ("花名册上入职日期最早的员工是哪位", "人员", "入职日期", "asc"),
        ("入职日期最晚的员工是谁", "人员", "入职日期", "desc"),
        ("哪份维保合同的结束日期最晚", "维保合同", "结束日期", "desc"),
        ("结束日期最晚的维保合同是哪一份", "维保合同", "结束日期", "desc"),
        ("哪个项目开始日期最早", "项目", "开始日期", "asc"),
        ("哪个项目的合同开始日期最早", "项目", "开始日期", "asc"),
    ],
)
def test_a_date_extreme_sorts_the_records(q: str, label: str, fld: str, direction: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.LIST and not p.group_by and p.aggregate is None, p
    assert p.steps[0].entity == label and not p.steps[0].hops, p
    assert [(s.by, s.field, s.direction) for s in p.sort] == [("field", fld, direction)] and p.with_ties, p


def test_a_grouping_word_still_groups() -> None:
    p = planned("哪个岗位的人最多")
    assert [g.field for g in p.group_by] == ["岗位名称"], p


# ---------------------------------------------------------------- W10b: a ledger name next to an anti-join


@pytest.mark.parametrize(
    "with_ledger, without",
    [
        ("项目信息里有多少个项目在设备台账上一台设备都没有", "有多少个项目一台设备都没有"),
        ("项目信息里有多少个项目在检查记录上一次检查都没有", "有多少个项目一次检查都没有"),
        ("服务中的项目里，设备台账上一台设备都没有的有几个", "服务中的项目里，一台设备都没有的有几个"),
        ("花名册上的保洁员里，人员证书表中一本证书都没有的有几位", "保洁员里，一本证书都没有的有几位"),
        ("在设备清单上一台设备也没有的项目有几个", "一台设备也没有的项目有几个"),
    ],
)
def test_the_ledger_words_change_no_plan(with_ledger: str, without: str) -> None:
    a, b = planned(with_ledger), planned(without)
    assert a.steps[0].hops == b.steps[0].hops and a.steps[0].filters == b.steps[0].filters, (a, b)
    assert a.query_type is b.query_type and a.aggregate == b.aggregate


def test_a_ledger_whose_records_are_not_named_elsewhere_stays() -> None:
    p = planned("服务中的项目里有几台设备")  # 项目里 is named once: the projects are the condition
    assert p.steps[0].entity == "设备" and [h.target for h in p.steps[0].hops] == ["项目"], p
    assert [(f.field, f.value) for f in p.steps[0].filters] == [("服务状态", "服务中")], p


# ---------------------------------------------------------------- 1: an anti-join in a month under a filter


@pytest.mark.parametrize(
    "q, record, status, ym",
    [
        ("服务中的项目里，2026年3月没有开票记录的有几个", "财务", "服务中", "2026-03"),
        ("已结束的项目里，1月没有开票记录的有几个", "财务", "已结束", "2026-01"),
        ("服务中的项目里2月没有收款记录的有几个", "财务", "服务中", "2026-02"),
        ("3月份没开过票的服务中项目有哪些", "财务", "服务中", "2026-03"),
        ("服务中的项目里，3月没有考勤记录的有几个", "考勤", "服务中", "2026-03"),
        ("2026年2月没有考勤记录的项目有几个", "考勤", None, "2026-02"),
        ("2月没有考勤的项目有哪些", "考勤", None, "2026-02"),
    ],
)
def test_things_passing_a_filter_with_no_record_of_the_month(
    q: str, record: str, status: str | None, ym: str
) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == "项目" and [(h.target, h.negate) for h in step.hops] == [(record, True)], p
    outer = [(f.field, f.value) for f in step.filters if (f.node or "n0") == "n0"]
    assert outer == ([("服务状态", status)] if status else []), p
    assert all(f.node == "n1" for f in step.filters if (f.node or "n0") != "n0"), p
    assert [(t.node, t.start, t.end) for t in step.time] == [("n1", ym, ym)], p
    assert p.query_type in (QueryType.COUNT, QueryType.LIST) and not p.group_by, p


def test_people_without_attendance_stay_the_absence_reading() -> None:
    p = planned("2月哪些人没有考勤记录")
    assert p.combine and p.steps[0].entity == "人员", p


# ---------------------------------------------------------------- 2: exclusion shapes


@pytest.mark.parametrize(
    "q",
    [
        "花名册上除了保安、保洁这两类岗位以外的人有多少",
        "除了保安、保洁以外的员工有几个",
        "除了保安和保洁这两类以外，还有多少员工",
        "除了保安和保洁员以外的人有几个",
    ],
)
def test_every_listed_value_is_excluded(q: str) -> None:
    p = planned(q)
    fs = p.steps[0].filters
    assert p.steps[0].entity == "人员" and {(f.field, f.op) for f in fs} == {("岗位名称", Op.NE)}, p
    assert {f.value for f in fs} == {"保安_领班", "保安_普保", "保洁员"}, p


def test_two_values_listed_without_an_exclusion_are_not_excluded() -> None:
    # never read as excluded; since judge 36 (class F) 这两类 right after two values of the people's own field is their
    # union (one 岗位 per person: both at once names nobody) — or still asked, never anything else
    u = understand("保安、保洁这两类岗位的人有多少")
    if u.status is UnderstandingStatus.PLAN:
        assert u.plan is not None
        fs = u.plan.steps[0].filters
        assert [(f.field, f.op) for f in fs] == [("岗位名称", Op.IN)], u.plan
        assert set(fs[0].value) == {"保安_领班", "保安_普保", "保洁员"}, u.plan


# ---------------------------------------------------------------- 3: monthly headcounts of a region or the company


@pytest.mark.parametrize(
    "q, hops, by",
    [
        ("青浦片区每个月的考勤人数", 2, ("n0", "年月")),
        ("2026年3月各片区考勤人数分别是多少", 2, ("n2", None)),
        ("每个月考勤表上各有多少人", 0, ("n0", "年月")),
    ],
)
def test_headcounts_are_the_months_people(q: str, hops: int, by: tuple[str, str | None]) -> None:
    p = planned(q)
    assert p.steps[0].entity == "考勤" and len(p.steps[0].hops) == hops, p
    assert [((g.node or "n0"), g.field) for g in p.group_by] == [by], p
    # distinct 工号 since pass 23 (class H): the same measure as the single form
    assert p.aggregate is not None and (p.aggregate.fn.value, p.aggregate.field) == ("count_distinct", "工号"), p


@pytest.mark.parametrize("q", ["各片区考勤人数分别是多少", "各片区每个月的考勤人数"])
def test_per_region_needs_one_month_and_one_grouping(q: str) -> None:
    u = understand(q)
    assert (
        u.status is not UnderstandingStatus.PLAN
        or u.plan is None
        or u.plan.aggregate is None
        or (u.plan.aggregate.field != "工号" or u.plan.aggregate.fn.value != "count")
    ), u.plan


# ---------------------------------------------------------------- 4: the union of two values (A+B)


@pytest.mark.parametrize(
    "text, moved",
    [
        (
            "采购（耗材+固定资产）金额合计最高的供应商是哪家",
            "采购金额（耗材+固定资产）合计最高的供应商是哪家",
        ),
        ("开票金额（元）是多少", "开票金额（元）是多少"),
        ("三月份（2026年）开票多少", "三月份（2026年）开票多少"),
    ],
)
def test_a_parenthesis_inside_a_field_word_moves_after_it(text: str, moved: str) -> None:
    from kgdesk.qa.understand.split_term import term_around_parenthesis

    assert term_around_parenthesis(text) == moved


def test_a_bare_jia_between_two_values_is_still_not_guessed() -> None:
    assert understand("停用加报废的设备有几台").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- 5: two day codes joined by 或


@pytest.mark.parametrize(
    "q, codes",
    [
        ("2026年3月考勤里有病假或事假的有几个人", ("病", "事")),
        ("4月份请过事假或者旷工的员工有哪些", ("事", "旷")),
        ("3月有病假或事假的人有几个", ("病", "事")),
    ],
)
def test_either_day_code_is_one_count_of_days(q: str, codes: tuple[str, str]) -> None:
    p = planned(q)
    step = p.steps[0]
    assert [(f.field, f.op) for f in step.filters] == [(step.derived[0].name, Op.GT)], p
    assert step.derived[0].expression == "day_count(" + ", ".join(f'"{c}"' for c in codes) + ")", p


def test_both_day_codes_stay_both() -> None:
    p = planned("3月请过病假和事假的有几个人")
    assert len(p.steps[0].filters) == 2, p


# ---------------------------------------------------------------- 8: a rate defined inline


@pytest.mark.parametrize(
    "text, read",
    [
        ("设备完好率是多少（完好台数除以设备总台数）", "设备完好率是多少"),
        ("设备完好率是多少（完好台数/设备总台数）", "设备完好率是多少"),
        ("投标的中标率是多少（中标条数/全部投标条数）", "投标的中标率是多少"),
        (
            "完好率（完好台数除以在用台数）是多少",
            "完好率（完好台数除以在用台数）是多少",
        ),  # not the whole: kept
        ("完好率（总台数除以完好台数）是多少", "完好率（总台数除以完好台数）是多少"),
    ],
)
def test_a_rate_restated_inline_is_dropped(text: str, read: str) -> None:
    from kgdesk.qa.understand.inline_rate import inline_rate

    assert inline_rate(text) == read


# ---------------------------------------------------------------- 10: groups ranked by an average


@pytest.mark.parametrize(
    "q, label, group, limit",
    [
        ("按平均原值算，哪类设备最贵", "设备", "设备类型", 1),
        ("平均原值最高的设备类型是哪个", "设备", "设备类型", 1),
        ("平均检查得分最低的两种检查类型是哪两种", "检查记录", "检查类型", 2),
    ],
)
def test_groups_ranked_by_an_average(q: str, label: str, group: str, limit: int) -> None:
    p = planned(q)
    assert p.steps[0].entity == label and [g.field for g in p.group_by] == [group], p
    assert p.aggregate is not None and p.aggregate.fn.value == "avg" and p.limit == limit, p


# ---------------------------------------------------------------- 11: a restating clause after a date compared with today


@pytest.mark.parametrize(
    "text, read",
    [
        ("结束日期晚于今天、还在有效期内的维保合同有几份", "结束日期晚于今天的维保合同有几份"),
        (
            "截至今天（2026-11-30），有效期至早于今天、已经过期的证书有几本",
            "今天是2026-11-30，有效期至早于今天的证书有几本",
        ),
        (
            "有效期至早于今天、还在有效期内的证书有几本",
            "有效期至早于今天、还在有效期内的证书有几本",
        ),  # contradicts: kept
    ],
)
def test_a_clause_restating_the_comparison_is_dropped(text: str, read: str) -> None:
    from kgdesk.qa.understand.today_restated import today_restated

    assert today_restated(text) == read


# ---------------------------------------------------------------- 12: 列一下 + "<field>是X的<type>"


@pytest.mark.parametrize(
    "q, entity, field",
    [
        ("帮忙列一下岗位是保洁员的人", "人员", "岗位名称"),
        ("列一下服务状态是服务中的项目", "项目", "服务状态"),
    ],
)
def test_the_record_noun_is_listed(q: str, entity: str, field: str) -> None:
    p = planned(q)
    assert p.query_type is QueryType.LIST and p.steps[0].entity == entity, p
    assert [f.field for f in p.steps[0].filters] == [field] and not p.projection, p


# ---------------------------------------------------------------- leftover words as whole words (the segmenter)


@pytest.mark.parametrize("q, word", [("哎呀报废的设备有几台啊", "哎呀"), ("报废的设备一共有几台嘞", "嘞")])
def test_a_particle_or_interjection_is_ignored_whole(q: str, word: str) -> None:
    bare = planned("报废的设备有几台")
    p = planned(q)
    assert p.steps[0].filters == bare.steps[0].filters and p.query_type is bare.query_type, p
    assert any(word in n for n in p.notes), p.notes


@pytest.mark.parametrize("q", ["报废的设备有几台呢不", "报废的设备很多有几台"])
def test_a_word_that_may_change_the_meaning_is_never_ignored(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or not any(
        "不" in n or "很多" in n for n in u.plan.notes if u.plan
    )


def test_an_unknown_fragment_is_reported_as_its_whole_word() -> None:
    from kgdesk.qa.lexicon import load_lexicon
    from kgdesk.qa.plan_mentions import _M, _Parsed
    from kgdesk.qa.understand.whole_words import whole_leftovers
    from tests.qa.helpers import schema

    p = _Parsed(question="人事这边问", text="人事这边问", qn="人事这边问")
    p.mentions = [_M("lex", 0, 1, "人", []), _M("leftover", 1, 4, "事这边")]
    assert list(whole_leftovers(p, schema(), load_lexicon()).values()) == ["人事这边"]
