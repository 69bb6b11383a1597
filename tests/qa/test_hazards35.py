"""Judge-30 classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards35_graph.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.count_or_amount import count_or_amount

# ---------------------------------------------------------------- P0: a bare 多少 between records with money


class _Schema:
    def __init__(self, props: dict[str, set[str]]) -> None:
        self.props = props

    def has_property(self, label: str, prop: str) -> bool:
        return prop in self.props.get(label, set())


def _parsed(*counts: str) -> Any:
    cues = [SimpleNamespace(text=c) for c in counts]
    return SimpleNamespace(cue=lambda name: cues if name == "count" else [], mentions=[])


_SCHEMA = _Schema({"采购记录": {"金额", "数量", "记录类型"}, "人员": {"性别"}})


@pytest.mark.parametrize("counts", [("多少",), ("几",), ()])
def test_a_bare_how_much_of_money_records_is_unsure(counts: tuple[str, ...]) -> None:
    why = count_or_amount(_parsed(*counts), load_lexicon(), _SCHEMA, "采购记录")  # type: ignore[arg-type]
    assert why is not None and "金额" in why


@pytest.mark.parametrize("counts", [("几笔",), ("多少条",), ("笔数", "多少"), ("多少个",), ("次数",)])
def test_a_count_word_decides_it(counts: tuple[str, ...]) -> None:
    assert count_or_amount(_parsed(*counts), load_lexicon(), _SCHEMA, "采购记录") is None  # type: ignore[arg-type]


def test_records_without_money_are_counted() -> None:
    assert count_or_amount(_parsed("多少"), load_lexicon(), _SCHEMA, "人员") is None  # type: ignore[arg-type]


# ---------------------------------------------------------------- P1-A: a lead-in saying who asks or what for


@pytest.mark.parametrize(
    "text, rest",
    [
        ("人事这边想要一份岗位名称是项目经理的员工名单", "岗位名称是项目经理的员工名单"),
        ("行政那边要一份XMSQ0150的设备清单", "XMSQ0150的设备清单"),
        ("运营那边要个数：2026年2月所有项目的开票金额合计是多少？", "2026年2月所有项目的开票金额合计是多少？"),
        ("财务这边需要一个数，1月开票合计多少", "1月开票合计多少"),
        ("唉 问一下1月份哪个项目收款最多", "1月份哪个项目收款最多"),
        ("哎，想问下XMSQ0110有几台设备", "XMSQ0110有几台设备"),
        ("嗯 查一下XMSQ0150的设备", "XMSQ0150的设备"),
    ],
)
def test_a_lead_in_is_dropped(text: str, rest: str) -> None:
    from kgdesk.qa.understand.asker import asker_opener

    out, ignored = asker_opener(text)
    assert out == rest and ignored, (out, ignored)


@pytest.mark.parametrize("text", ["项目要几个人", "那个项目有几台设备", "要个数"])
def test_no_lead_in_is_left_alone(text: str) -> None:
    from kgdesk.qa.understand.asker import asker_opener

    assert asker_opener(text) == (text, [])


# ---------------------------------------------------------------- P1-B: a full date + 之前 / 以后, the event said later


@pytest.mark.parametrize(
    "text, said",
    [
        ("XMSQ0110 在2026年4月1日之前做过季度综合检查吗？", "XMSQ0110 检查日期在2026年4月1日之前做过季度综合检查吗？"),
        ("XMSQ0150 2026年3月1日以后有没有做过消防安全检查", "XMSQ0150 检查日期在2026年3月1日之后有没有做过消防安全检查"),
        ("2026年3月1日后XMSQ0102被检查过几次", "检查日期在2026年3月1日之后XMSQ0102被检查过几次"),
        ("2026年1月1日以后有几个人入职", "入职日期在2026年1月1日之后有几个人"),
    ],
)
def test_the_event_later_in_the_clause_names_the_date_field(text: str, said: str) -> None:
    from kgdesk.qa.understand.day_verbs import day_verbs

    assert day_verbs(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "2026年1月1日以后，XMSQ0150做过检查吗",  # the event in another clause
        "2026年3月1日以后有人入职并做过检查吗",  # two date fields in the clause
        "检查日期在2026年3月1日之后做过检查吗",  # the field named: its own rules
    ],
)
def test_an_unsure_event_is_left_as_written(text: str) -> None:
    from kgdesk.qa.understand.day_verbs import day_verbs

    assert day_verbs(text) == text


# ---------------------------------------------------------------- P1-C: a field named by its deed, a verb before a code


@pytest.mark.parametrize(
    "text, said",
    [
        ("XMSQ0150 项目的 DT-003 这台设备是哪家厂商生产的？", "XMSQ0150 项目的 DT-003 这台设备的制造厂商是什么？"),
        ("XMSQ0202 的 JS-001 是谁家造的", "XMSQ0202 的 JS-001的制造厂商是什么"),
        ("XMSQ0150的DT-001是哪个厂家生产的呢", "XMSQ0150的DT-001的制造厂商是什么"),
    ],
)
def test_a_field_asked_by_its_deed(text: str, said: str) -> None:
    from kgdesk.qa.understand.maker_verbs import maker_verbs

    assert maker_verbs(text) == said


@pytest.mark.parametrize("text", ["哪些设备是日立生产的", "谁家造的", "XMSQ0150生产了什么"])
def test_a_deed_not_closing_the_question_is_left(text: str) -> None:
    from kgdesk.qa.understand.maker_verbs import maker_verbs

    assert maker_verbs(text) == text


# ---------------------------------------------------------------- P1-D: a colloquial group with its members in a bracket


def _rewrite(fn: Any, text: str) -> str:
    from tests.qa.helpers import schema

    return str(fn(text, schema(), load_lexicon()))


@pytest.mark.parametrize(
    "text, said",
    [
        ("保安那块儿（保安_普保加保安_领班）在岗一共多少人？", "保安_普保加保安_领班在岗一共多少人？"),
        ("岗位编制里保安这块（保安_普保、保安_领班）的预算编制合计", "岗位编制里保安_普保、保安_领班的预算编制合计"),
    ],
)
def test_the_bracket_says_what_the_group_is(text: str, said: str) -> None:
    from kgdesk.qa.understand.group_bracket import group_bracket

    assert _rewrite(group_bracket, text) == said


@pytest.mark.parametrize("text", ["保安那块儿（不知道）多少人", "保安那块儿（保安_普保）多少人", "XMSQ0150那边（说明）多少人"])
def test_a_bracket_without_members_is_left(text: str) -> None:
    from kgdesk.qa.understand.group_bracket import group_bracket

    assert _rewrite(group_bracket, text) == text


@pytest.mark.parametrize(
    "text, said",
    [
        ("编制表里保安_普保在岗一共多少人", "编制表里保安_普保的在岗人数一共是多少"),
        ("岗位编制里保洁员在岗有几个人", "岗位编制里保洁员的在岗人数是多少"),
    ],
)
def test_a_measure_said_by_its_stem_and_unit(text: str, said: str) -> None:
    from kgdesk.qa.understand.stem_count import stem_count

    assert _rewrite(stem_count, text) == said


@pytest.mark.parametrize("text", ["XMSQ0150在岗多少人", "在岗的保安有多少人"])
def test_without_the_ledger_the_stem_is_left(text: str) -> None:
    from kgdesk.qa.understand.stem_count import stem_count

    assert _rewrite(stem_count, text) == text


# ---------------------------------------------------------------- P1-E: a pair restated as 这两个 + its type


@pytest.mark.parametrize(
    "text, said",
    [
        ("XMSQ0110 和 XMSQ0150 这两个项目2月考勤人数的差距是几个人？", "XMSQ0110 和 XMSQ0150 2月考勤人数的差距是几个人？"),
        ("张丽和李明辉这两个人的年龄相差几岁", "张丽和李明辉的年龄相差几岁"),
        ("XMSQ0110和XMSQ0150这俩的开票差多少", "XMSQ0110和XMSQ0150的开票差多少"),
    ],
)
def test_a_pair_restated_is_dropped(text: str, said: str) -> None:
    from kgdesk.qa.understand.pair_restated import pair_restated

    assert pair_restated(text) == said


@pytest.mark.parametrize("text", ["这两个项目有几台设备", "XMSQ0110有两个项目经理吗"])
def test_no_pair_is_left(text: str) -> None:
    from kgdesk.qa.understand.pair_restated import pair_restated

    assert pair_restated(text) == text


# ---------------------------------------------------------------- P1-H: a colloquial field word, its exact name in a bracket


@pytest.mark.parametrize(
    "text, said",
    [
        ("每个区（市（区））各有几个项目", "每个市（区）各有几个项目"),
        ("各个地方(市（区）)分别有几个项目", "各个市（区）分别有几个项目"),
        ("按区（市（区））统计项目数", "按市（区）统计项目数"),
    ],
)
def test_the_bracket_names_the_field(text: str, said: str) -> None:
    from kgdesk.qa.understand.field_named_after import field_named_after

    assert _rewrite(field_named_after, text) == said


@pytest.mark.parametrize("text", ["青浦区（市（区））有几个项目", "每个区（不知道）各有几个项目", "XMSQ0150（市（区））"])
def test_a_value_or_no_field_is_left(text: str) -> None:
    from kgdesk.qa.understand.field_named_after import field_named_after

    assert _rewrite(field_named_after, text) == text
