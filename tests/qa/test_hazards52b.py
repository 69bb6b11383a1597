"""Judge 44's wrong answers of pass 52: a number range whose bracket leaves out ONE end (从A到B（不含B）) was read with both
ends strict. A bracket that names one end leaves out that end only; naming both or none (（不含） / （不含首尾） /
（两头都不算）) leaves out both; naming a number that is neither end is not guessed. Our own wordings."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.graph.connection import GraphConnection
from kgdesk.qa.understand.range_words import range_words
from tests.qa.dev_graph import answered_dev, dev_records, publish_dev
from tests.qa.gold import num
from tests.qa.helpers import UnderstandingStatus, understand


@pytest.mark.parametrize(
    "q, want",
    [
        ("合同金额从120万到260万（不含260万）的项目", "合同金额不低于120万且低于260万的项目"),
        ("合同金额120万~260万（不含120万）的项目", "合同金额高于120万且不高于260万的项目"),
        ("检查得分在85到95分之间（不含95）的记录", "检查得分不低于85且低于95分的记录"),
        ("原值从2万到8万（含2万，不含8万）的设备", "原值不低于2万且低于8万的设备"),
        ("原值从2万到8万（不含2万、含8万）的设备", "原值高于2万且不高于8万的设备"),
        ("合同金额在120万到260万之间（不含120万和260万）的项目", "合同金额高于120万且低于260万的项目"),
        ("合同金额在120万到260万之间（两头都不算）的项目", "合同金额高于120万且低于260万的项目"),
        ("合同金额在120万到260万之间（首尾都算）的项目", "合同金额不低于120万且不高于260万的项目"),
        ("合同金额在120万到260万之间（不含首尾）的项目", "合同金额高于120万且低于260万的项目"),
    ],
)
def test_a_bracket_leaves_out_the_ends_it_names(q: str, want: str) -> None:
    assert range_words(q) == want


@pytest.mark.parametrize("q", ["合同金额从120万到260万（不含200万）的项目有几个", "原值从2万到8万（不含5万）的设备有几台"])
def test_a_bracket_naming_no_end_is_not_guessed(q: str) -> None:
    assert range_words(q) == q
    u = understand(q, date(2026, 11, 30))
    assert u.status is not UnderstandingStatus.PLAN, (q, u.plan)


@pytest.mark.neo4j
def test_one_end_left_out_on_the_graph(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> None:
    conn = publish_dev(graph, tmp_path_factory, "hazards52b")
    values = sorted(v for r in dev_records("设备信息") if (v := num(r["原值"])) is not None)
    lo, hi = values[len(values) // 4], values[3 * len(values) // 4]  # two values that some device has exactly
    q = f"原值从{lo:g}到{hi:g}（不含{hi:g}）的设备有几台"
    assert answered_dev(conn, q).value == sum(1 for v in values if lo <= v < hi)
    q = f"原值从{lo:g}到{hi:g}（不含{lo:g}）的设备有几台"
    assert answered_dev(conn, q).value == sum(1 for v in values if lo < v <= hi)
