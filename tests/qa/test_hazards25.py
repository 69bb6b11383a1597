"""Judge-20 classes at the plan (no graph; own wording besides the judge's probes). W13 a bare which-word
and a comparative after two named values (A和B，哪个多) asks the name of the larger one, never the
difference; the difference only with 多多少 / 差几个 said too."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa.grounding import EntityIndex
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.share import share_asked_after
from kgdesk.qa.understand.shared_suffix import shared_suffix
from kgdesk.qa.understand.today_restated import today_restated
from kgdesk.qa.understand.year_apart import months_ago
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand

# ---------------------------------------------------------------- W13: 哪个多 after two named values


@pytest.mark.parametrize(
    "q, measure",
    [
        ("中标和未中标，哪个多", "larger"),
        ("中标和未中标的投标记录哪个多", "larger"),
        ("带病运行和停用的设备，哪种多", "larger"),
        ("电工和消防证书 谁多", "larger"),
        ("中标和未中标、哪个少", "smaller"),
    ],
)
def test_which_of_two_is_the_name(q: str, measure: str) -> None:
    c = planned(q).comparison
    assert c is not None and c.measure == measure, c


@pytest.mark.parametrize(
    "q", ["中标和未中标，哪个多，多多少", "中标和未中标哪个多？差几条", "中标和未中标相差多少"]
)
def test_by_how_much_is_the_difference(q: str) -> None:
    c = planned(q).comparison
    assert c is not None and c.measure == "abs_difference", c


# ---------------------------------------------------------------- W24b: each record's people of a role, by name


@pytest.mark.parametrize(
    "q",
    [
        "每个项目的项目经理是谁",
        "各项目的项目经理分别是谁",
        "每个项目的项目经理都是哪位",
        "每个项目的保洁员有哪些",
    ],
)
def test_the_people_of_a_role_per_project_are_listed(q: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == "人员" and not p.group_by and p.aggregate is None, p
    assert [(h.target, h.rel) for h in step.hops] == [("项目", "服务于")], p
    assert [(f.node, f.field) for f in p.projection] == [("n1", "项目名称")], p


@pytest.mark.parametrize("q", ["每个项目有几个项目经理", "各项目的项目经理人数"])
def test_a_count_per_project_stays_a_count(q: str) -> None:
    p = planned(q)
    assert p.group_by and p.aggregate is not None, p


# ---------------------------------------------------------------- 1: 维保 / 负责维保 name the 维保合同 records


def test_a_maintenance_verb_names_the_contracts() -> None:
    verbs = load_lexicon().raw["company_verbs"]["verbs"]
    assert verbs["维保"] == {"records": "维保合同", "owner": "供应商"}
    assert "维保" not in load_lexicon().raw["labels"]["维保合同"]  # never 维保合同 on its own (XMSQ0150的维保有几份)


# ---------------------------------------------------------------- 2: 且 / 并且 / 而且 / 同时 end a stated value


@pytest.mark.parametrize(
    "q, want",
    [
        ("岗位名称是保洁员且性别为女的人员有几个", [("岗位名称", "保洁员"), ("性别", "女")]),
        ("性别为女并且岗位名称是保洁员的人员有几个", [("性别", "女"), ("岗位名称", "保洁员")]),
        ("性别为男而且岗位名称是保洁员的人员有几个", [("性别", "男"), ("岗位名称", "保洁员")]),
    ],
)
def test_two_stated_values_joined(q: str, want: list[tuple[str, str]]) -> None:
    assert [(f.field, f.value) for f in planned(q).steps[0].filters] == want


# ---------------------------------------------------------------- 3: a bracket naming the ledger changes nothing


@pytest.mark.parametrize(
    "q, plain",
    [
        ("男员工比女员工多多少人（按花名册）", "男员工比女员工多多少人"),
        ("男员工比女员工多多少人（以人员信息为准）", "男员工比女员工多多少人"),
        ("男员工有几个（看花名册）", "男员工有几个"),
        ("女员工有几位（以花名册为准）", "女员工有几位"),
    ],
)
def test_the_ledger_in_brackets_changes_nothing(q: str, plain: str) -> None:
    a, b = planned(q), planned(plain)
    assert a.steps == b.steps and a.comparison == b.comparison and a.group_by == b.group_by, (a, b)


# ---------------------------------------------------------------- 4: a suffix said once after a list of names


def _regions() -> EntityIndex:
    rows = [
        {"label": "片区", "_key": k, "_display": f"{n}（{k}）", "片区编号": k, "片区名称": n}
        for k, n in (("PQ01", "青浦片区"), ("PQ02", "徐汇片区"), ("PQ03", "科创片区"))
    ]
    rows.append(
        {
            "label": "项目",
            "_key": "XMSQ0102",
            "_display": "青浦-区图书馆（XMSQ0102）",
            "项目编号": "XMSQ0102",
            "项目名称": "青浦-区图书馆",
        }
    )
    return EntityIndex.from_rows(rows, load_lexicon())


@pytest.mark.parametrize(
    "q, said",
    [
        ("青浦或徐汇片区的项目有多少个", "青浦片区或徐汇片区的项目有多少个"),
        ("青浦和科创片区一共几个项目", "青浦片区和科创片区一共几个项目"),
        ("青浦、徐汇片区的项目有几个", "青浦片区、徐汇片区的项目有几个"),
        ("青浦或者科创片区有几个项目", "青浦片区或者科创片区有几个项目"),
    ],
)
def test_the_suffix_is_each_names(q: str, said: str) -> None:
    assert shared_suffix(q, _regions()) == said


@pytest.mark.parametrize("q", ["青浦片区或徐汇片区的项目", "浦东或徐汇片区的项目", "保安和保洁员"])
def test_other_lists_are_left_alone(q: str) -> None:
    assert shared_suffix(q, _regions()) == q


# ---------------------------------------------------------------- 5: N个月前 / 半年前 is one month


@pytest.mark.parametrize(
    "q, today, said",
    [
        ("三个月前所有项目的开票总额", date(2026, 11, 30), "2026年8月所有项目的开票总额"),
        ("两个月前XMSQ0102的开票金额", date(2026, 2, 28), "2025年12月XMSQ0102的开票金额"),
        ("半年前的收款金额", date(2026, 4, 20), "2025年10月的收款金额"),
        ("3个月前的开票金额", date(2026, 5, 20), "2026年2月的开票金额"),
    ],
)
def test_a_month_counted_back(q: str, today: date, said: str) -> None:
    assert months_ago(q, today) == said


@pytest.mark.parametrize(
    "q", ["近三个月的开票金额", "前三个月的开票金额", "一年前的开票金额", "三个月以前的开票金额"]
)
def test_ranges_and_years_are_left_alone(q: str) -> None:
    assert months_ago(q, date(2026, 11, 30)) == q


# ---------------------------------------------------------------- 6: 各项目 … 总计 / 加总 is one total


@pytest.mark.parametrize(
    "q", ["各项目开票金额总计", "2026年1月各项目的收款金额加总是多少", "各项目的开票金额总计是多少"]
)
def test_a_total_over_the_projects(q: str) -> None:
    p = planned(q)
    assert not p.group_by and p.aggregate is not None and p.aggregate.fn.value == "sum", p


@pytest.mark.parametrize("q", ["各项目开票金额分别总计多少", "每个项目的开票金额总计是多少"])
def test_each_projects_total_when_each_is_asked(q: str) -> None:
    assert planned(q).group_by


# ---------------------------------------------------------------- 7: a date field against a stated day, said other ways


@pytest.mark.parametrize(
    "q, said",
    [
        (
            "有效期至在今天（2026年11月30日）或之后的证书有几本",
            "今天是2026年11月30日，有效期至不早于今天的证书有几本",
        ),
        ("有效期至在2026年6月1日或之后的证书有几本", "有效期至不早于2026年6月1日的证书有几本"),
        ("结束日期在2026年3月1日或之前的维保合同", "结束日期不晚于2026年3月1日的维保合同"),
        ("到2026年3月1日已经过了结束日期的维保合同有几份", "结束日期早于2026年3月1日的维保合同有几份"),
        (
            "结束日期已经早于今天（2026年2月28日）的维保合同有几份",
            "今天是2026年2月28日，结束日期已经早于今天的维保合同有几份",
        ),
        ("有效期至晚于今天2026-02-28的有几本", "今天是2026-02-28，有效期至晚于今天的有几本"),
    ],
)
def test_a_stated_day_said_plainly(q: str, said: str) -> None:
    assert today_restated(q) == said


def test_a_comparison_word_is_never_a_name() -> None:
    u = understand("结束日期已经早于今天（2026年2月28日）的维保合同有几份")
    assert (
        u.status is UnderstandingStatus.PLAN and u.plan is not None and u.plan.steps[0].entity == "维保合同"
    ), u


# ---------------------------------------------------------------- 8: 别算<field><value> with no 是


@pytest.mark.parametrize(
    "q",
    [
        "别算服务状态已结束的，项目一共几个",
        "不算完好状况停用的设备有几台",
        "除了岗位名称保洁员的，人员一共几个",
    ],
)
def test_the_excluded_value_after_its_field(q: str) -> None:
    p = planned(q)
    assert p.aggregate is not None and p.aggregate.fn.value in ("count", "count_distinct"), p
    assert [f.op.value for f in p.steps[0].filters] == ["ne"], p


# ---------------------------------------------------------------- 9: 在W里占多少 asks the share


@pytest.mark.parametrize(
    "q, said",
    [
        ("耗材采购金额在全部采购金额里占多少", "耗材采购金额在全部采购金额里的占比"),
        ("保洁员在全部人员中占多少", "保洁员在全部人员中的占比"),
        ("停用设备在所有设备当中大概占多少", "停用设备在所有设备当中的占比"),
    ],
)
def test_a_share_asked_after_the_whole(q: str, said: str) -> None:
    assert share_asked_after(q) == said


def test_a_share_plan() -> None:
    assert planned("保洁员在全部人员里占多少").share is not None
