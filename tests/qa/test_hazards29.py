"""Judge-24 classes at the plan (no graph; own wording besides the judge's probes). P1 ordinary verbs of
holding (考了 / 考到), belonging (归谁负责) and leave (休 / 标了) and fillers (前前后后) sink no question; units
of counted things (只 / 副 / 根 …) after 多少 sum the quantity; "<value>率" with no record type said is the
share in the value's own type; a look-alike name inside a stated field value is that value."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import QueryType
from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.understand.both_restated import both_restated
from kgdesk.qa.understand.day_range import day_range
from kgdesk.qa.understand.leave_at_least import leave_at_least
from kgdesk.qa.understand.ledger_no_records import ledger_no_records
from kgdesk.qa.understand.months_total import months_total
from kgdesk.qa.understand.own_amount import own_amount
from kgdesk.qa.understand.rest_kinds import rest_kinds
from kgdesk.qa.understand.stated_value import inside_stated_value
from kgdesk.qa.understand.today_day import today_day
from kgdesk.qa.understand.value_rate import value_rate
from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import context, planned, understand

# ---------------------------------------------------------------- P1: one ordinary word


@pytest.mark.parametrize(
    "q",
    [
        "1月份考勤表上，有没有人休病假",
        "3月份有没有人休事假",
        "年休假有几个人休过",
        "2月份考勤表上标了病假的员工有多少位",
        "青浦片区归谁负责",
        "青浦片区归谁来管",
        "青浦片区由谁来负责",
        "XMSQ0102归谁负责",
    ],
)
def test_verbs_of_leave_and_belonging_are_read(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN, (q, u.message)


@pytest.mark.parametrize("word", ["考了", "考到", "休", "前前后后", "标了"])
def test_the_new_words_are_in_the_lexicon(word: str) -> None:
    lx = load_lexicon()
    assert word in lx.fillers or word in lx.raw["neutral_words"]["words"]


@pytest.mark.parametrize("unit", ["只", "副", "辆", "箱", "桶", "把", "套", "根", "双", "盒"])
def test_units_of_counted_things(unit: str) -> None:
    lx = load_lexicon()
    assert lx.units[unit]["kind"] == "count"
    assert f"多少{unit}" in lx.raw["cues"]["count"] or f"多少{unit}" in lx.raw["cues"]["count"]


def test_a_unit_after_how_many_counts_the_records_of_a_type() -> None:
    p = planned("项目一共有多少只")
    assert p.query_type is QueryType.COUNT


# ---------------------------------------------------------------- P1: a rate named by its value


@pytest.mark.parametrize(
    "q, out",
    [
        ("中标率是多少", "投标记录的中标率是多少"),
        ("我们的中标率大概多少", "我们的投标记录的中标率大概多少"),
        ("完好率是多少", "设备的完好率是多少"),
    ],
)
def test_a_rate_of_a_value_names_its_type(q: str, out: str) -> None:
    ctx = context()
    assert value_rate(q, ctx.schema, load_lexicon()) == out


@pytest.mark.parametrize(
    "q",
    [
        "投标记录的中标率是多少",  # the type is named already
        "设备的完好率是多少",
        "回款率是多少",  # not a value of any field
        "各项目的完好率",  # a type is named: left to the rules that read it
    ],
)
def test_a_rate_is_left_alone_otherwise(q: str) -> None:
    ctx = context()
    assert value_rate(q, ctx.schema, load_lexicon()) == q


def test_the_rate_of_a_value_is_a_share() -> None:
    p = planned("中标率是多少")
    assert p.steps[0].entity == "投标记录"


# ---------------------------------------------------------------- P1: a name inside a stated value


def _terms() -> list[tuple[str, str, str]]:
    return [(normalize("制造厂商"), "设备", "制造厂商"), (normalize("姓名"), "人员", "姓名")]


@pytest.mark.parametrize(
    "q, name",
    [
        ("有没有制造厂商是上海三菱电梯有限公司的设备", "上海三菱电梯有限公司"),
        ("设备里有没有制造厂商是日立电梯（中国）有限公司的", "日立电梯中国有限公司"),
        ("制造厂商为上海三菱电梯有限公司的设备有几台", "上海三菱电梯有限公司"),
    ],
)
def test_a_name_inside_a_stated_value(q: str, name: str) -> None:
    qn = normalize(q)
    s = qn.index(normalize(name))
    assert inside_stated_value(qn, s, s + len(normalize(name)), _terms())


@pytest.mark.parametrize(
    "q, name",
    [
        ("上海三菱电梯有限公司的设备有几台", "上海三菱电梯有限公司"),  # no field stated
        ("制造厂商是什么的设备最多", "什么"),
    ],
)
def test_a_name_outside_a_stated_value(q: str, name: str) -> None:
    qn = normalize(q)
    s = qn.index(normalize(name))
    assert not inside_stated_value(qn, s, s + len(normalize(name)), _terms())


# ---------------------------------------------------------------- P1: the rest of the categories


@pytest.mark.parametrize(
    "q, out",
    [
        ("耗材采购中除去清洁耗材，其余类别的还有多少笔", "耗材采购中除去清洁耗材，其余的还有多少笔"),
        ("除了电梯维保，其他类型的维保合同有几份", "除了电梯维保，其他的维保合同有几份"),
        ("不算安保，剩下种类的证书有几张", "不算安保，剩下的证书有几张"),
    ],
)
def test_a_category_word_after_the_rest(q: str, out: str) -> None:
    assert rest_kinds(q) == out


@pytest.mark.parametrize("q", ["其他类型的设备有几台", "设备类型有几种"])  # nothing excluded before it
def test_a_category_word_stays_otherwise(q: str) -> None:
    assert rest_kinds(q) == q


# ---------------------------------------------------------------- P1: a type's own field said with its name


@pytest.mark.parametrize(
    "q, out",
    [
        ("电梯维保的维保合同，合同金额合计是多少", "电梯维保的维保合同，金额合计是多少"),
        ("维保合同的合同金额一共多少", "维保合同的金额一共多少"),
        ("消防维保的维保合同合同金额加起来多少", "消防维保的维保合同金额加起来多少"),
    ],
)
def test_a_types_own_field_said_with_its_name(q: str, out: str) -> None:
    assert own_amount(q, context().schema, load_lexicon()) == out


@pytest.mark.parametrize(
    "q",
    [
        "区图书馆的合同金额是多少",  # a project's own field
        "维保合同的合同年限",  # the type's own property as said
        "项目的合同金额合计",
    ],
)
def test_another_field_word_stays(q: str) -> None:
    assert own_amount(q, context().schema, load_lexicon()) == q


# ---------------------------------------------------------------- P2: today as a day, ranges of days


@pytest.mark.parametrize(
    "q, out",
    [
        ("有效期至在今天（11月30日）之前的证书有几张", "有效期至在今天（2026年11月30日）之前的证书有几张"),
        ("结束日期在11月30日（也就是今天）之前的维保合同有多少份", "结束日期在今天（2026年11月30日）之前的维保合同有多少份"),
        ("今天是2026年11月30日，证书有效期至在这天之前的有几本", "今天是2026年11月30日，证书有效期至在今天之前的有几本"),
        ("结束日期在今天(即11月30日)之后的合同", "结束日期在今天（2026年11月30日）之后的合同"),
    ],
)
def test_today_given_as_a_day(q: str, out: str) -> None:
    assert today_day(q, 2026) == out


@pytest.mark.parametrize(
    "q",
    [
        "结束日期在11月30日之前的维保合同有多少份",  # a day, not today
        "证书有效期至在这天之前的有几本",  # no today-is opener: 这天 is not known
        "2025年11月30日（也就是今天）之前",  # a day with its year is left to today_restated
    ],
)
def test_other_days_stay(q: str) -> None:
    assert today_day(q, 2026) == q


@pytest.mark.parametrize(
    "q, out",
    [
        ("检查日期在1月1日到3月31日之间的检查记录有多少条", "检查日期不早于2026年1月1日且检查日期不晚于2026年3月31日的检查记录有多少条"),
        (
            "在2026年1月1日至2026年3月31日之间（以检查日期为准），一共检查了多少次",
            "检查日期不早于2026年1月1日且检查日期不晚于2026年3月31日，一共检查了多少次",
        ),
        ("入职日期在2020年1月1日到2021年12月31日之间的员工", "入职日期不早于2020年1月1日且入职日期不晚于2021年12月31日的员工"),
    ],
)
def test_a_range_of_days_on_a_date_field(q: str, out: str) -> None:
    assert day_range(q, 2026) == out


@pytest.mark.parametrize(
    "q",
    [
        "青浦片区在1月1日到3月31日之间一共被检查了多少次",  # no date field named: not guessed
        "检查日期在2025年12月1日到3月31日之间的检查记录",  # one end's year only: not guessed
        "1月到3月的检查记录有几条",  # months: the time rules' own
    ],
)
def test_a_range_without_a_field_stays(q: str) -> None:
    assert day_range(q, 2026) == q


# ---------------------------------------------------------------- P4: a measure no template has


@pytest.mark.parametrize("q", ["检查记录里平均每次检查时长是多少分钟", "每次检查耗时多少分钟"])
def test_a_duration_is_no_field(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "no_such_field" and u.missing == "时长", u


def test_a_field_words_tail_is_never_an_absent_field() -> None:
    u = understand("平时加班时长是多少")
    assert u.status is not UnderstandingStatus.INSUFFICIENT, u.message


# ---------------------------------------------------------------- P3: words inside a free-text field


@pytest.mark.parametrize(
    "q, field, term",
    [
        ("检查记录里问题描述提到灭火器的有几条", "问题描述", "灭火器"),
        ("问题描述包含灭火器的检查记录有几条", "问题描述", "灭火器"),
        ("整改情况里写到更换的检查记录有哪些", "整改情况", "更换"),
    ],
)
def test_words_inside_a_free_text_field(q: str, field: str, term: str) -> None:
    p = planned(q)
    assert [(f.field, f.op.value, f.value) for s in p.steps for f in s.filters] == [(field, "contains", term)]


@pytest.mark.parametrize("q", ["问题描述提到灭火器的有几条"])  # no record type named: not searched anywhere
def test_words_inside_a_field_of_no_named_type_are_refused(q: str) -> None:
    assert understand(q).status is not UnderstandingStatus.PLAN


# ---------------------------------------------------------------- P2: two values restated as 两类 and compared


@pytest.mark.parametrize(
    "q, out",
    [
        ("耗材采购与固定资产，两类的金额总数相差多少", "耗材采购和固定资产的金额总数相差多少"),
        ("电梯维保和消防维保，这两类的金额合计相差多少", "电梯维保和消防维保的金额合计相差多少"),
        ("耗材采购跟固定资产，两者的金额差额是多少", "耗材采购和固定资产的金额差额是多少"),
    ],
)
def test_a_pair_restated_and_compared(q: str, out: str) -> None:
    assert both_restated(q) == out


@pytest.mark.parametrize(
    "q",
    [
        "电梯维保和消防维保，这两类的合同金额合计",  # no difference: 两类 joins them, read by the rules
        "耗材采购与固定资产，金额相差多少",  # nothing restated
    ],
)
def test_a_pair_not_compared_stays(q: str) -> None:
    assert both_restated(q) == q


# ---------------------------------------------------------------- P3: N个月累计 over the whole coverage


@pytest.mark.parametrize(
    "q, out",
    [
        ("开票金额四个月累计超过100万的项目有哪些", "开票金额累计超过100万的项目有哪些"),
        ("1月到4月这四个月累计的开票金额", "1月到4月累计的开票金额"),
        ("收款金额4个月加起来是多少", "收款金额加起来是多少"),
    ],
)
def test_the_whole_coverage_said_as_n_months(q: str, out: str) -> None:
    assert months_total(q, context().schema) == out  # the in-memory schema covers 2026-01…04


@pytest.mark.parametrize(
    "q",
    [
        "开票金额三个月累计超过100万的项目有哪些",  # not the coverage: which three is not guessed
        "近四个月累计开票金额",  # counted back from today
        "最近四个月累计开票金额",
    ],
)
def test_other_month_spans_stay(q: str) -> None:
    assert months_total(q, context().schema) == q


# ---------------------------------------------------------------- P1: at least one day of leave; P3: no record in a sheet


@pytest.mark.parametrize(
    "q, out",
    [
        ("2月份考勤表里，病假或事假至少休过一天的员工有几位", "2月份考勤表里，休过病假或事假的员工有几位"),
        ("2月份考勤表里，病假或事假至少一天的员工有几位", "2月份考勤表里，休过病假或事假的员工有几位"),
        ("1月份病假至少请过1天的员工有几位", "1月份休过病假的员工有几位"),
    ],
)
def test_at_least_one_day_of_leave(q: str, out: str) -> None:
    assert leave_at_least(q) == out


@pytest.mark.parametrize("q", ["病假至少请了两天的员工", "上班天数至少一天的员工"])  # not one day of leave
def test_other_day_counts_stay(q: str) -> None:
    assert leave_at_least(q) == q


@pytest.mark.parametrize(
    "q, out",
    [
        ("服务中的项目当中，3月份考勤表里没有任何记录的有几个", "服务中的项目当中，3月份没有考勤记录的有几个"),
        ("3月考勤表中没有一条记录的员工", "3月没有考勤记录的员工"),
        ("投标表里没有记录的项目有几个", "没有投标记录的项目有几个"),
    ],
)
def test_no_record_in_a_ledgers_sheet(q: str, out: str) -> None:
    assert ledger_no_records(q) == out


def test_a_sheet_of_no_record_type_stays() -> None:
    assert ledger_no_records("设备表里没有任何记录的项目") == "设备表里没有任何记录的项目"
