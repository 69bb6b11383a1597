"""Judge-26 classes at the plan (no graph; own wording besides the judge's probes). P3 a job's budgeted headcount
(编了几个人 = the sum of 预算编制 over the job's rows, a job the ledger lacks is no such entity) and the length of
a check (每次检查花了多长时间: no template records a duration — said so, never a guess)."""

from __future__ import annotations

import dataclasses

import pytest

from kgdesk.qa.dsl import AggFn
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.budget_verbs import budget_verbs
from kgdesk.qa.understanding import UnderstandingStatus
from kgdesk.qa.values import ValueIndex
from tests.qa.helpers import context, planned, schema_doc, understand

JOBS = ["保安_普保", "保安_领班", "保洁员", "项目经理"]


def _staffed_schema() -> SchemaView:
    doc = schema_doc()
    doc["labels"]["岗位编制"]["properties"]["岗位"]["values"] = JOBS
    return SchemaView.from_json(doc)


def _understand_staffed(q: str):  # type: ignore[no-untyped-def]
    sv = _staffed_schema()
    ctx = dataclasses.replace(context(), schema=sv, values=ValueIndex(sv, load_lexicon()))
    return DeterministicPlanner().understand_sync(q, ctx)


# ---------------------------------------------------------------- P3: 编了几个人 is the budgeted headcount


@pytest.mark.parametrize(
    "q, job",
    [
        ("岗位编制里项目经理这个岗位编了几个人", "项目经理"),
        ("岗位编制里保洁员这个岗位编制几个人", "保洁员"),
        ("保安_普保岗位编了多少人", "保安_普保"),
        ("编制表里保安_领班这个岗位一共编制了多少个人", None),
        ("项目经理这一岗位编有几名", "项目经理"),
    ],
)
def test_a_jobs_budget_verb_is_the_sum_of_its_budgeted_headcount(q: str, job: str | None) -> None:
    out = budget_verbs(q, _staffed_schema(), load_lexicon())
    if job is None:  # 一共 between the job and the verb: not this reading, left as it was
        assert out == q
        return
    assert f"岗位是{job}的预算编制合计是多少" in out, out
    u = _understand_staffed(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    agg = u.plan.aggregate
    assert agg is not None and agg.fn is AggFn.SUM and agg.field == "预算编制", u.plan
    fs = [(f.field, f.value) for s in u.plan.steps for f in s.filters]
    assert fs == [("岗位", job)] and u.plan.steps[0].entity == "岗位编制", fs


@pytest.mark.parametrize(
    "q, job",
    [("岗位编制里电梯司机这个岗位编了几个人", "电梯司机"), ("水电工这个岗位编制几个人", "水电工"), ("岗位编制中绿化工岗位编了多少人", "绿化工")],
)
def test_a_job_the_ledger_lacks_is_no_such_entity(q: str, job: str) -> None:
    u = _understand_staffed(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT, (q, u.status, u.message)
    assert u.reason == "no_such_entity" and job in u.message, (u.reason, u.message)


def test_without_a_budget_verb_the_question_is_left_alone() -> None:
    for q in ("项目经理这个岗位有几个人", "岗位编制里项目经理这个岗位在岗几个人", "各项目的岗位编制几个人"):
        assert budget_verbs(q, _staffed_schema(), load_lexicon()) == q


# ---------------------------------------------------------------- P3: how long a check takes is not recorded


@pytest.mark.parametrize(
    "q",
    [
        "每次检查花了多长时间",
        "一次检查要多久",
        "检查一次需要多长时间",
        "检查记录里每次检查用了多少时间",
        "巡检一次要花多久呢",
    ],
)
def test_the_length_of_a_check_is_not_recorded(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT, (q, u.status, u.message)
    assert u.reason == "no_such_field" and "时长" in u.message


@pytest.mark.parametrize(
    "q",
    [
        "合同还要多久到期",
        "离合同到期还有多长时间",
        "赵德胜入职多长时间了",
        "项目服务了多长时间",
        "赵德胜3月加班花了多长时间",
        "赵德胜上个月请假用了多久",
        "赵德胜这个月出勤用了多长时间",
    ],
)
def test_time_left_elapsed_or_of_a_measure_is_never_called_unrecorded(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.INSUFFICIENT or "时长" not in u.message, (q, u.message)


# ---------------------------------------------------------------- P3: a problem's words counted in a record type


@pytest.mark.parametrize(
    "q, words",
    [
        ("灭火器压力不足这个问题，检查记录里出现过几次", "灭火器压力不足"),
        ("消防通道堵塞这种情况巡检中出现了几回", "消防通道堵塞"),
        ("灭火器压力不足这毛病，检查中发现过几次", "灭火器压力不足"),
        ("垃圾未清理这个问题在检查记录里出现过多少次", "垃圾未清理"),
    ],
)
def test_a_problems_words_are_searched_in_the_problem_field(q: str, words: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.status, u.message)
    fs = [(f.field, f.op.value, f.value) for s in u.plan.steps for f in s.filters]
    assert fs == [("问题描述", "contains", words)] and u.plan.steps[0].entity == "检查记录", fs


@pytest.mark.parametrize(
    "q",
    [
        "灭火器压力不足这个问题，项目里出现过几次",  # 项目 has no problem field: never a guessed field
        "灭火器压力不足这个问题出现过几次",  # no record type named
        "灭火器压力不足这个问题，检查记录和项目里出现过几次",  # two types
    ],
)
def test_a_problem_with_no_one_type_holding_it_is_not_searched(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- P2: a record type's measure named alone names the type


@pytest.mark.parametrize("q", ["青浦片区项目的检查得分平均是多少", "青浦片区的检查得分最高是多少", "青浦片区的投标金额合计"])
def test_a_measure_whose_name_starts_with_its_type_reaches_it_from_a_region(q: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.steps[0].entity in ("检查记录", "投标记录"), p


@pytest.mark.parametrize("q", ["青浦片区的检查日期是哪天", "青浦片区的检查类型有哪些"])
def test_a_text_or_date_field_named_alone_is_still_refused_from_a_region(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN or all(s.entity != "片区" for s in u.plan.steps), u.plan  # type: ignore[union-attr]
