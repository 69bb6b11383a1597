"""The day columns of 考勤/排班月报 stored packed in `_days` (#17.7, kgdesk.graph.days), on the real
local graph: what a build stores, that a merged conflict keeps the per-column form, and that a graph
written in the old per-column form and updated by the new code answers as a full rebuild does."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kgdesk.graph.connection import GraphConnection
from kgdesk.graph.meta_schema import load_published_schema
from kgdesk.templates.model import DAY_COLUMNS
from tests.agent.helpers import ask_once, question_agent
from tests.graph.helpers import VALID, copy_data, edit_rows, published_build

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(900)]

TODAY = date(2026, 4, 20)
QUESTIONS = (
    "高永强2026年4月请了几天病假？",  # day_count over one record
    "罗春梅2026年1月到4月请了几天病假",  # day_count over several months
    "赵德胜2026年3月的考勤情况",  # day_summary
)


def _stored(conn: GraphConnection, label: str, version: str) -> list[dict[str, Any]]:
    return [r["p"] for r in conn.read(
        f"MATCH (n:`{label}`) WHERE {VALID.format(x='n')} RETURN properties(n) AS p", {"v": version}
    )]


def _answers(conn: GraphConnection) -> list[tuple[Any, ...]]:
    agent = question_agent(TODAY)
    out = []
    for q in QUESTIONS:
        r = ask_once(agent, q, conn=conn)
        cites = sorted(repr(sorted((k, v) for k, v in c.items() if k != "version")) for c in r.citations)
        out.append((q, r.status, r.value, r.answer.replace(r.version or "?", "<v>"), cites))
    return out


def _unpack_in_place(conn: GraphConnection) -> int:
    """Rewrite every packed node as the code before #17.7 wrote it: one property per non-empty day."""
    rows = conn.read("MATCH (n) WHERE n._days IS NOT NULL RETURN elementId(n) AS id, n._days AS d")
    items = [{"id": r["id"], "p": {DAY_COLUMNS[i]: v for i, v in enumerate(r["d"]) if v != ""}} for r in rows]
    conn.write(
        "UNWIND $items AS it MATCH (n) WHERE elementId(n) = it.id SET n += it.p REMOVE n._days", {"items": items}
    )
    return len(items)


def test_a_built_attendance_or_schedule_node_stores_its_days_packed(
    graph: GraphConnection, test_data_dir: Path, tmp_path: Path
) -> None:
    report = published_build(test_data_dir, graph, home=tmp_path / "home")
    assert report.version is not None
    for label in ("考勤", "排班月报"):
        nodes = _stored(graph, label, report.version)
        assert nodes and all(len(p["_days"]) == 31 and not set(DAY_COLUMNS) & set(p) for p in nodes), label
        assert all(all(isinstance(d, str) for d in p["_days"]) for p in nodes)
        assert any("" in p["_days"] for p in nodes) and any(d for p in nodes for d in p["_days"])
    # the questions still see the day columns, with their statistics
    schema = load_published_schema(graph)
    assert schema is not None
    props = schema["labels"]["考勤"]["properties"]
    assert set(DAY_COLUMNS) <= set(props) and "_days" not in props
    assert props["1日"]["count"] > 0 and props["1日"]["distinct"] > 0


def test_a_conflicting_merged_day_keeps_one_property_per_day(
    graph: GraphConnection, test_data_dir: Path, tmp_path: Path
) -> None:
    data = copy_data(test_data_dir, tmp_path / "dirty")
    att = {"姓名": "赵德胜", "工号": "KWL2307024", "项目编号": "XMSQ0110", "年月": "2026-06"}
    other = {**att, "姓名": "高永强", "工号": "KWL2008027"}
    edit_rows(data / "考勤与人员财务.xlsx", append=[
        {**att, "1日": "√", "2日": "病"}, {**att, "1日": "休", "2日": "病"}, {**other, "1日": "√", "2日": "病"},
    ])
    report = published_build(data, graph, home=tmp_path / "home")
    assert report.version is not None
    mine = [p for p in _stored(graph, "考勤", report.version) if p["工号"] == "KWL2307024" and p["年月"] == "2026-06"]
    assert len(mine) == 1 and "_days" not in mine[0]
    assert sorted(mine[0]["1日"]) == sorted(["休", "√"]) and mine[0]["2日"] == "病"
    others = [p for p in _stored(graph, "考勤", report.version) if p is not mine[0] and p["年月"] != "2026-06"]
    assert others and all("_days" in p for p in others)  # the rest of the label is packed
    agent = question_agent(TODAY)
    r = ask_once(agent, "赵德胜2026年6月请了几天病假？", conn=graph)
    assert r.status == "insufficient" and r.value is None, r.answer  # never a silent count of the known days
    r = ask_once(agent, "高永强2026年6月请了几天病假？", conn=graph)  # the same month without a conflict
    assert r.status == "answered" and r.value == 1, r.answer


def test_an_old_per_column_graph_updated_by_the_new_code_answers_as_a_rebuild(
    graph: GraphConnection, test_data_dir: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    first = published_build(test_data_dir, graph, home=home)
    assert _unpack_in_place(graph) >= 66  # the graph as the code before #17.7 left it
    old = _answers(graph)
    assert [a[1] for a in old] == ["answered"] * len(QUESTIONS) and old[0][2] == 2, old
    # an update of unchanged ledgers rewrites nothing: the hashes are the per-column rows' as before
    same = published_build(test_data_dir, graph, home=home)
    assert same.version != first.version and same.written is not None
    assert same.written["nodes_created"] == 0 and same.written["relationships_created"] == 0, same.written
    # one changed attendance row is written packed; the rest stays in the old form
    data = copy_data(test_data_dir, tmp_path / "changed")
    edit_rows(data / "考勤与人员财务.xlsx", append=[
        {"姓名": "高永强", "工号": "KWL2008027", "项目编号": "XMSQ0110", "年月": "2026-06", "3日": "病", "4日": "病"}
    ])
    updated = published_build(data, graph, home=home)
    assert updated.version is not None and updated.written is not None
    assert 0 < updated.written["nodes_created"] < 10, updated.written
    nodes = _stored(graph, "考勤", updated.version)
    assert sum("_days" in p for p in nodes) == 1 and sum("1日" in p for p in nodes) >= 30
    mixed = _answers(graph)
    assert mixed == old  # the months the change does not touch
    rebuilt = published_build(data, graph, home=home, incremental=False)
    assert rebuilt.version is not None
    assert all("_days" in p for p in _stored(graph, "考勤", rebuilt.version) if "_days" in p or "1日" in p)
    assert _answers(graph) == mixed
    r = ask_once(question_agent(TODAY), "高永强2026年6月请了几天病假？", conn=graph)
    assert r.value == 2, r.answer
