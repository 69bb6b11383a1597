"""Judge-13 classes at the plan (in-memory schema, own wording). W1: a key field's name said as the
label of an identifier is part of the reference, never projected. W2: 现在 / 目前 with a stated
status value refers to that status and adds no other current condition. W3: a balance / remaining /
quota word next to a recorded measure is insufficient (no_such_field), never an ignored word."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import FieldRef, Op
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- W1: the key's name labels the identifier


@pytest.mark.parametrize(
    "q, entity, field",
    [
        ("工号为KWL2307024的岗位名称", "人员", "岗位名称"),
        ("查一下工号KWL2307024对应的岗位名称", "人员", "岗位名称"),
        ("工号是KWL2307024的人叫什么名字", "人员", "姓名"),
        ("项目编号XMSQ0150的服务状态", "项目", "服务状态"),
        ("项目编号为XMSQ0102的项目叫什么", "项目", "项目名称"),
    ],
)
def test_key_name_before_an_identifier_is_not_asked(q: str, entity: str, field: str) -> None:
    p = planned(q)
    assert p.steps[0].entity == entity and p.projection == [FieldRef(node="n0", field=field)], p


def test_key_name_before_a_project_code_leaves_the_question_about_its_manager() -> None:
    p = planned("项目编号XMSQ0150的项目经理是哪位")
    step = p.steps[0]
    assert step.entity == "人员" and [h.target for h in step.hops] == ["项目"], step
    assert not any(r.field == "项目编号" for r in p.projection), p.projection
    assert [h.rel for h in step.hops] == ["负责人"], step  # pass 51 (red team 4 I): the project's 项目负责人


def test_the_key_asked_of_a_code_is_still_asked() -> None:
    """XMSQ0150的项目编号是什么: the field comes after the code, it is what is asked."""
    p = planned("XMSQ0150的项目编号是什么")
    assert p.projection == [FieldRef(node="n0", field="项目编号")], p


# ---------------------------------------------------------------- W2: 现在 with a stated status


@pytest.mark.parametrize(
    "q, value",
    [
        ("现在处于报废状态的设备数量", "报废"),
        ("当前完好状况为报废的设备清单", "报废"),
        ("目前停用的设备有多少台", "停用"),
        ("现在带病运行的设备有哪些", "带病运行"),
    ],
)
def test_now_with_a_stated_status_adds_no_current_filter(q: str, value: str) -> None:
    p = planned(q)
    fs = p.steps[0].filters
    assert [(f.field, f.op, f.value) for f in fs] == [("完好状况", Op.EQ, value)], fs
    assert not any("退项目日期" in n for n in p.notes), p.notes
    assert any("完好状况" in n and value in n for n in p.notes), p.notes  # the 口径 says what ran


def test_now_without_a_status_still_means_on_the_project() -> None:
    fs = planned("现在有多少台设备").steps[0].filters
    assert [(f.field, f.op) for f in fs] == [("按参考日在项目上", Op.GT)], fs  # on the project at T (pass 53)


# ---------------------------------------------------------------- W3: a balance of a recorded measure


@pytest.mark.parametrize(
    "q",
    [
        "剩余年假超过2天的员工",
        "谁的年假余额最多",
        "事假额度还有多少天",
        "年假还剩超过2天的员工有哪些",
        "年假剩下不到2天的员工",
        "张伟还有几天年假可休",
        "值班费还剩多少",
    ],
)
def test_a_balance_of_a_recorded_measure_is_not_in_the_data(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "no_such_field", (u.status, u.message)
    assert not any(w in ("还剩", "剩下", "剩余", "余额") for w in u.ignored_words), u.ignored_words


@pytest.mark.parametrize(
    "q", ["除去已经结束的，项目还剩多少个", "还剩几个月到期的项目有哪些", "证书剩余有效期不足30天的人"]
)
def test_what_is_left_of_records_or_a_remainder_measure_is_not_a_balance(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.PLAN, q


# ---------------------------------------------------------------- A1: courtesy around the question


@pytest.mark.parametrize(
    "q, bare",
    [
        ("您好，我刚入职，请问项目一共多少个", "项目一共多少个"),
        ("停用设备有几台呀，给个数就行", "停用设备有几台"),
        ("您好，我是刚来的，请教一下停用的设备有几台", "停用的设备有几台"),
        ("大概说个数就行，员工有多少人", "员工有多少人"),
        ("打扰一下，我是新来的，想请教一下有多少台设备", "有多少台设备"),
        ("项目有多少个呀～", "项目有多少个"),
    ],
)
def test_courtesy_around_a_question_changes_nothing(q: str, bare: str) -> None:
    assert planned(q).steps == planned(bare).steps


@pytest.mark.parametrize("q", ["晚上好～", "您好～", "我刚入职"])
def test_courtesy_alone_is_smalltalk(q: str) -> None:
    assert understand(q).status is UnderstandingStatus.EXPLAIN


def test_a_tilde_between_months_is_still_a_range() -> None:
    t = planned("1~3月区图书馆的开票金额合计").steps[0].time
    assert t and (t[0].start, t[0].end) == ("2026-01", "2026-03"), t


# ---------------------------------------------------------------- A10: 总人数 / 总数 as the whole of a share


@pytest.mark.parametrize(
    "q, value", [("女性占总人数的比例", "女"), ("男员工占总人数的百分之几", "男"), ("女性占人数的比例", "女")]
)
def test_total_headcount_is_the_whole_of_a_share(q: str, value: str) -> None:
    p = planned(q)
    assert p.share is not None and len(p.steps) == 2, p
    whole, part = p.steps
    assert whole.entity == part.entity == "人员" and not whole.filters, whole
    assert [(f.field, f.value) for f in part.filters] == [("性别", value)], part.filters


# ---------------------------------------------------------------- A3: colloquial verbs of known relations


@pytest.mark.parametrize("q", ["挂在青浦片区下面的项目有哪些", "青浦片区下面挂着哪些项目", "挂靠在青浦片区的项目有几个"])
def test_hung_under_a_region_is_belonging_to_it(q: str) -> None:
    step = planned(q).steps[0]
    assert step.entity == "项目" and [(h.rel, h.target) for h in step.hops] == [("属于片区", "片区")], step


@pytest.mark.parametrize(
    "q, field", [("区图书馆2月开票开了多少钱", "开票金额"), ("区图书馆3月回款回了多少钱", "收款金额")]
)
def test_a_repeated_split_verb_is_one_verb(q: str, field: str) -> None:
    agg = planned(q).aggregate
    assert agg is not None and agg.field == field, agg


@pytest.mark.parametrize("q, field", [("1月值班费一共发出去多少", "值班费"), ("3月加班费发出去了多少钱", "加班超时费")])
def test_paid_out_is_a_total_of_the_pay(q: str, field: str) -> None:
    agg = planned(q).aggregate
    assert agg is not None and agg.fn.value == "sum" and agg.field == field, agg


@pytest.mark.parametrize("q", ["哪些设备挂了", "设备挂了几台"])
def test_broken_down_said_as_hung_is_not_ignored(q: str) -> None:
    """挂了 of equipment means broken down: never read as every piece of equipment."""
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- A14: not in the data, said so


@pytest.mark.parametrize(
    "q, month",
    [("下下个月会有多少人", "2026-06"), ("下个月区图书馆会有几个人", "2026-05"), ("下下月的开票金额", "2026-06")],
)
def test_a_month_ahead_with_a_future_modal_is_outside_coverage(q: str, month: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "outside_coverage", u.message
    assert month in u.message, u.message


@pytest.mark.parametrize("q", ["会有多少人", "3月会有多少人"])
def test_a_future_modal_without_a_month_ahead_is_not_answered_with_today(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


@pytest.mark.parametrize("q", ["上上个月有多少人", "大上个月有多少人"])
def test_two_months_back(q: str) -> None:
    (t,) = planned(q).steps[0].time
    assert (t.start, t.end) == ("2026-02", "2026-02"), t


@pytest.mark.parametrize(
    "q, missing",
    [("住户有多少", "住户"), ("哪台设备维修次数最多", "维修记录"), ("设备报修了几次", "维修记录"), ("区图书馆的用水量", "能耗")],
)
def test_an_attribute_no_ledger_records_is_no_such_field(q: str, missing: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "no_such_field" and u.missing == missing, (
        u.status,
        u.message,
    )


# ---------------------------------------------------------------- A13: list with a threshold in 万 and a unit


@pytest.mark.parametrize(
    "q, field, value",
    [
        ("列出合同面积超过5万平方米的项目", "合同面积", 50000),
        ("请列出合同金额超过100万元的项目", "合同金额", 1000000),
        ("列一下合同面积超过14.5万平方米的项目", "合同面积", 145000),
    ],
)
def test_list_verb_before_a_thresholded_field(q: str, field: str, value: int) -> None:
    p = planned(q)
    assert p.query_type.value == "list" and not p.projection, p
    assert [(f.field, f.op, f.value) for f in p.steps[0].filters] == [(field, Op.GT, value)], p.steps[0].filters


def test_list_verb_before_a_bare_field_still_asks_that_field() -> None:
    assert understand("列出合同金额").status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- A4 (part): neither A nor B


@pytest.mark.parametrize(
    "q, field, values",
    [
        ("既不是完好也不是停用的设备有哪些", "完好状况", {"完好", "停用"}),
        ("不是完好也不是停用的设备有几台", "完好状况", {"完好", "停用"}),
        ("既不是中标也不是未中标的投标有几条", "中标结果", {"中标", "未中标"}),
    ],
)
def test_neither_nor_is_two_negations(q: str, field: str, values: set[str]) -> None:
    fs = planned(q).steps[0].filters
    assert all(f.op is Op.NE and f.field == field for f in fs) and {f.value for f in fs} == values, fs


@pytest.mark.parametrize("q", ["不是完好和停用的设备", "除了完好的停用设备"])
def test_a_value_negated_beside_a_plain_one_is_not_guessed(q: str) -> None:
    """≠ A and = B on one field: "neither" or "not A but B" — refused, never ne A + eq B."""
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- A4 (part): two values joined with a total


@pytest.mark.parametrize(
    "q, values",
    [
        ("带病运行和停用的设备一共有几台", {"带病运行", "停用"}),
        ("停用加报废的设备总共多少台", {"停用", "报废"}),
        ("带病运行加停用的设备合计有几台", {"带病运行", "停用"}),
    ],
)
def test_two_values_with_a_total_are_their_union(q: str, values: set[str]) -> None:
    (f,) = planned(q).steps[0].filters
    assert f.field == "完好状况" and f.op is Op.IN and set(f.value) == values, f


@pytest.mark.parametrize("q", ["停用加报废的设备有几台"])
def test_two_values_without_a_total_are_not_guessed(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


def test_two_values_asked_apart_are_one_group_each() -> None:
    # pass 37 (judge-32 P): 分别 after the values asks one count per value — never their union
    plan = planned("带病运行和停用的设备分别有几台")
    (f,) = plan.steps[0].filters
    assert f.field == "完好状况" and f.op is Op.IN and set(f.value) == {"带病运行", "停用"}, f
    assert [(g.node, g.field) for g in plan.group_by] == [("n0", "完好状况")]
