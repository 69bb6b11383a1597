"""Hostile ledgers built into the real local graph server: what reaches the graph, what the report keeps."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.app.building import version_quality_report as quality_report
from kgdesk.graph.connection import GraphConnection
from kgdesk.templates.loader import default_template_set
from tests.xlsx import row_for, write_xlsx

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(900)]

TS = default_template_set()
PROJECT = list(TS.template("项目信息").field_names)


def _project(code: str, name: str, **kw: object) -> list[object]:
    return row_for(PROJECT, 项目编号=code, 项目名称=name, 项目负责人工号="KWL0001", **kw)


def _names(conn: GraphConnection, version: str) -> dict[str, str]:
    rows = conn.read(
        "MATCH (p:项目) WHERE p._version = $v RETURN p.项目编号 AS k, p.项目名称 AS n", {"v": version}
    )
    return {r["k"]: r["n"] for r in rows}


def test_long_name_is_truncated_in_the_graph_and_whole_in_the_quality_report(
    graph: GraphConnection, tmp_path: Path
) -> None:
    long_name = "青浦-区图书馆" * 1_000  # 7,000 characters
    p = write_xlsx(tmp_path / "项目.xlsx", PROJECT, [_project("XMSQ0102", long_name), _project("XMSQ0103", "徐汇-档案馆")])
    report = build_and_publish([p], graph)
    assert report.status == "published", report.error
    assert report.version is not None
    names = _names(graph, report.version)
    assert names["XMSQ0103"] == "徐汇-档案馆"
    assert len(names["XMSQ0102"]) == 500 and names["XMSQ0102"].endswith("…")
    doc = quality_report(graph)
    (section,) = doc["files"]
    (row,) = section["problem_rows"]
    assert row["row"] == 2 and row["imported"] is True and row["raw"]["项目名称"] == long_name
    assert [(i["code"], i["title"], i["fields"]) for i in row["issues"]] == [("W_BAD_VALUE", "值格式有误", ["项目名称"])]


def test_merged_key_column_builds_every_row(graph: GraphConnection) -> None:
    """The BIFF8 fixture: 项目编号 merged over five devices; all six devices reach the graph."""
    fixture = Path(__file__).parent / "fixtures" / "merged.xls"
    report = build_and_publish([fixture], graph)
    assert report.status == "published", report.error
    rows = graph.read(
        "MATCH (d:设备) WHERE d._version = $v RETURN d.项目编号 AS p, d.设备编号 AS c, d.设备类型 AS t",
        {"v": report.version},
    )
    got = sorted((r["p"], r["c"], r["t"]) for r in rows)
    assert got == [
        ("XMSQ0102", "BP-01", None),
        ("XMSQ0102", "BP-02", None),
        ("XMSQ0102", "DT-01", "电梯"),
        ("XMSQ0102", "DT-02", "电梯"),
        ("XMSQ0102", "DT-03", "电梯"),
        ("XMSQ0103", "DT-01", "电梯"),
    ]
    doc = quality_report(graph)
    codes = doc["files"][0]["issue_counts"]
    assert codes.get("W_MERGED_CELLS") == 2 and "W_MISSING_KEY" not in codes
