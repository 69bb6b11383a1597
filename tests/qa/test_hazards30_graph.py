"""Judge-25 classes end to end on the real local graph (data/test_data), values equal to pandas over the dev
Excel files (the judge's probes and own wording). Today is the judge's dev day, 2026-11-30."""

from __future__ import annotations

import pytest

from kgdesk.graph.connection import GraphConnection
from tests.qa.dev_graph import ask_dev, dev_records, publish_dev
from tests.qa.gold import text

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> GraphConnection:
    return publish_dev(graph, tmp_path_factory, "hazards30")


def _names() -> list[str]:
    return [n for r in dev_records("人员信息") if (n := text(r["姓名"])) is not None]


# ---------------------------------------------------------------- P0: 叫X is the name X


@pytest.mark.parametrize(
    "q, name",
    [
        ("人员信息里有叫明辉的人吗", "明辉"),
        ("花名册里有叫王海的人吗", "王海"),
        ("有没有叫明辉的员工", "明辉"),
        ("叫王海的员工有几个", "王海"),
        ("花名册里叫明辉的是谁", "明辉"),
    ],
)
def test_a_part_of_a_name_is_never_a_yes(conn: GraphConnection, q: str, name: str) -> None:
    assert name not in _names() and any(name in n for n in _names())
    a = ask_dev(conn, q)
    assert a.status == "clarify", (a.status, a.answer)
    assert f"没有叫「{name}」" in a.answer and all(n in a.answer for n in _names() if name in n), a.answer


@pytest.mark.parametrize(
    "q, name",
    [("人员信息里有叫王海涛的人吗", "王海涛"), ("有叫张伟的人吗", "张伟"), ("花名册里有没有一个叫周敏的", "周敏")],
)
def test_a_whole_name_is_answered_yes_or_no(conn: GraphConnection, q: str, name: str) -> None:
    a = ask_dev(conn, q)
    assert a.status == "answered", a.answer
    assert a.value is (name in _names()), (a.value, a.answer)

