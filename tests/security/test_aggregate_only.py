"""Aggregate-only fields identify nobody (issue 13.3): against the real graph, as a manager, for
whom 政治面貌 is `aggregate` (data/permissions.json).

- grouped counts cite the population, never the rows of one group (nor in an order that does);
- groups below the minimum size are suppressed, and their members stay in the cited population;
- differencing is refused: an exclusion filter at plan time, any filter that leaves out fewer than
  the minimum group size of people at result time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.config.settings import Limits, Settings, save_settings
from kgdesk.graph.connection import GraphConnection
from kgdesk.qa.compiler import compile_step
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.executor import ReadOnlyGraph as GraphReader
from kgdesk.security.plancheck import PlanDenied
from kgdesk.security.qa_policy import SecurityPolicy, member_counter
from tests.security.helpers import f, hop, plan

DATA = Path(__file__).resolve().parents[2] / "data" / "test_data"
FILES = ("项目信息.xlsx", "人员信息.xlsx")
QUESTION = "按政治面貌统计人数"


@pytest.fixture(scope="module")
def version(graph: GraphConnection) -> str:
    report = build_and_publish([DATA / name for name in FILES], graph)
    assert report.status == "published", report.to_json()
    return str(report.version)


def _ask(min_group_size: int) -> dict[str, Any]:
    from kgdesk.app.asking import ask_cli

    save_settings(Settings(user="admin", role="admin", first_run_done=True, limits=Limits(min_group_size=min_group_size)))
    doc, _ = ask_cli(QUESTION, auto=True, no_llm=True, role="manager")
    assert doc["status"] == "answered", doc
    return doc


def _people(graph: GraphConnection, version: str) -> list[dict[str, Any]]:
    return graph.read(
        "MATCH (n:人员) WHERE n._version = $v RETURN n.工号 AS id, n.政治面貌 AS party, coalesce(n._src_row, head(n._src_rows)) AS row ORDER BY id",
        {"v": version},
    )


def test_group_counts_cite_the_population_not_the_groups(
    graph: GraphConnection, version: str, neo4j_env: dict[str, str]
) -> None:
    doc = _ask(min_group_size=3)
    table = [ln for ln in doc["answer"].splitlines() if ln.startswith("|")]
    assert table and "政治面貌" in table[0] and "来源" not in table[0], doc["answer"]
    assert not any("行" in ln for ln in table)  # no row numbers next to a group
    people = _people(graph, version)
    rows = [c["row"] for c in doc["citations"]]
    assert rows == sorted(rows) and len(rows) == len(people)


def test_small_groups_are_suppressed_and_their_members_not_singled_out(
    graph: GraphConnection, version: str, neo4j_env: dict[str, str]
) -> None:
    people = _people(graph, version)
    sizes: dict[str, int] = {}
    for p in people:
        sizes[p["party"]] = sizes.get(p["party"], 0) + 1
    small = min(sizes, key=lambda k: sizes[k])
    doc = _ask(min_group_size=sizes[small] + 1)
    assert small not in doc["answer"] and "未显示" in doc["answer"]
    # the suppressed members are still part of the cited population: no gap names them
    assert {c["row"] for c in doc["citations"]} == {p["row"] for p in people}


def test_exclusion_filters_are_refused_for_aggregate_only_results() -> None:
    policy = SecurityPolicy(min_group_size=3)
    everyone_but_one = plan(
        "aggregate",
        filters=[f("工号", "ne", "KWL1503001", text="除了沈建国")],
        group_by=[{"node": "n0", "field": "政治面貌"}],
        aggregate={"fn": "count_distinct", "node": "n0", "field": "_key"},
    )
    decision = policy.permit(everyone_but_one, role="manager", user="m")
    assert not decision.allowed and "排除" in (decision.message or "")
    assert "无权查看「工号」" not in (decision.message or "")
    not_serving = plan(
        "aggregate",
        hops=[hop("服务于", "项目", negate=True)],
        group_by=[{"node": "n0", "field": "政治面貌"}],
        aggregate={"fn": "count_distinct", "node": "n0", "field": "_key"},
    )
    assert not policy.permit(not_serving, role="manager", user="m").allowed
    # the admin sees the field in full: no such rule applies
    assert policy.permit(everyone_but_one, role="admin", user="a").allowed


def _grouped(ids: list[str]) -> QueryPlan:
    return plan(
        "aggregate",
        filters=[f("工号", "in", ids, text="这些工号")],
        group_by=[{"node": "n0", "field": "政治面貌"}],
        aggregate={"fn": "count_distinct", "node": "n0", "field": "_key"},
    )


def _rows(reader: GraphReader, schema: Any, version: str, p: QueryPlan) -> list[dict[str, Any]]:
    return reader.run(compile_step(p, p.output_step, schema, version=version, row_cap=5000)).rows


def test_a_filter_leaving_out_fewer_than_the_minimum_is_refused(graph: GraphConnection, version: str) -> None:
    reader = GraphReader(graph)
    published, schema = reader.published()
    assert published == version
    ids = [p["id"] for p in _people(graph, version)]
    policy = SecurityPolicy(min_group_size=3)
    count = member_counter(reader, schema, version, 5000)
    assert policy.permit(_grouped(ids[:-2]), role="manager", user="m").allowed  # looks harmless at plan time
    with pytest.raises(PlanDenied) as err:
        policy.mask_rows(_grouped(ids[:-2]), _rows(reader, schema, version, _grouped(ids[:-2])), role="manager",
                         count_members=count)
    assert "不足 3 人" in err.value.message and "这些工号" in err.value.message
    # leaving out many people, or nobody, is an ordinary statistic
    for kept in (ids[: len(ids) // 2], ids):
        rows = policy.mask_rows(_grouped(kept), _rows(reader, schema, version, _grouped(kept)), role="manager",
                                count_members=count)
        assert rows
    policy.mask_answer({}, role="manager")
