"""证据图 over a real published graph: the cited people and their project, the 服务于 edges the plan
walked, coloured by label, the same layout every time; a click opens the node's source row; the
picture exports as PNG; drawing a 200-node answer keeps the GUI thread responsive."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from kgdesk.app.building import build_and_publish
from kgdesk.app.desktop import Desktop
from kgdesk.app.evidence import EvidenceGraph, EvidenceNode, color_of, layout
from kgdesk.app.notifications import ErrorFunnel
from kgdesk.config.settings import Settings, save_settings
from kgdesk.graph.connection import GraphConnection
from kgdesk.ui.context import UiContext
from kgdesk.ui.detail_dialogs import CitationDialog
from kgdesk.ui.evidence import EvidenceDialog, open_evidence, render_png
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio, modal_dialog, until

DATA = Path(__file__).resolve().parents[2] / "data" / "test_data"
PEOPLE_ROWS = (11, 23, 24)  # 李明辉, 高永强, 林桂芳 serve XMSQ0110
PROJECT_ROW = 6  # 青浦-赵巷镇政府


@pytest.fixture(scope="module")
def published(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    home = tmp_path_factory.mktemp("evidence-home")
    save_settings(Settings(user="测试员", role="staff", first_run_done=True), home)
    report = build_and_publish([DATA], graph, home=home)
    assert report.status == "published", report.error
    return home, str(report.version)


@pytest.fixture
def ctx(published: tuple[Path, str], errors: ErrorFunnel, neo4j_env: dict[str, str],
        monkeypatch: pytest.MonkeyPatch) -> Iterator[UiContext]:
    monkeypatch.setenv("KGDESK_HOME", str(published[0]))
    c = UiContext(Desktop(), errors)
    try:
        yield c
    finally:
        c.desktop.shutdown()


def answer(version: str) -> dict[str, Any]:
    cites = [{"template": "人员信息", "file": "人员信息.xlsx", "sheet": "数据", "row": r} for r in PEOPLE_ROWS]
    cites.append({"template": "项目信息", "file": "项目信息.xlsx", "sheet": "数据", "row": PROJECT_ROW})
    plan = {"query_type": "count", "steps": [{"id": "s1", "entity": "人员", "hops": [
        {"rel": "服务于", "target": "项目", "direction": "out"}]}]}
    return {"status": "answered", "answer": "共 3 人", "version": version, "citations": cites, "plan": plan}


def test_evidence_graph_of_an_answer(window: MainWindow, ctx: UiContext, aio: Aio, published: tuple[Path, str],
                                     tmp_path: Path) -> None:
    doc = answer(published[1])
    graph = ctx.desktop.evidence.graph(doc)
    names = sorted(n.name for n in graph.nodes)
    assert len(graph.nodes) == 4 and graph.labels == ["人员", "项目"]
    assert any("赵巷镇政府" in n for n in names) and any("李明辉" in n for n in names)
    project = next(n for n in graph.nodes if n.label == "项目")
    assert project.citation == 4
    people = {n.id for n in graph.nodes if n.label == "人员"}
    assert {(e.source, e.target, e.type) for e in graph.edges} == {(p, project.id, "服务于") for p in people}
    assert ctx.desktop.evidence.graph(doc) == graph  # deterministic: the same picture every time

    async def scenario() -> EvidenceDialog:
        await open_evidence(ctx, window, doc)
        dlg = await modal_dialog(EvidenceDialog, 30)
        assert isinstance(dlg, EvidenceDialog)
        await until(lambda: dlg.graph is not None, 60, "the graph")
        return dlg

    dlg = aio.run(scenario())
    try:
        assert len(dlg.items) == 4 and dlg.png_btn.isEnabled()
        assert "人员 3" in dlg.legend.text() and "项目 1" in dlg.legend.text()
        assert dlg.items[project.id].color.name() == color_of("项目")
        png = render_png(dlg.scene_, tmp_path / "证据图.png")  # type: ignore[arg-type]
        image = QImage(str(png))
        assert not image.isNull() and image.width() > 400

        async def click() -> CitationDialog:
            item = dlg.items[project.id]
            pos = dlg.view.mapFromScene(item.mapToScene(QPointF(20, 10)))
            QTest.mouseClick(dlg.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
            c = await modal_dialog(CitationDialog, 30)
            assert isinstance(c, CitationDialog)
            await until(lambda: c.table.rowCount() > 0, 120, "the source row")
            return c

        cite = aio.run(click(), timeout=180)
        shown = {cite.table.item(r, 0).text(): cite.table.item(r, 1).text() for r in range(cite.table.rowCount())}
        assert shown["项目编号"] == "XMSQ0110"
        cite.accept()
    finally:
        dlg.close()


def test_a_200_node_answer_draws_every_node_in_a_stable_place(window: MainWindow, aio: Aio) -> None:
    """The layout is computed off the GUI thread (kgdesk.app.evidence); the dialog only places the
    items, where the layout put them (the GUI-thread stall is measured in bench/evidence_draw.py)."""
    from kgdesk.app.evidence import EvidenceEdge

    plan = {"steps": [{"entity": "人员", "hops": [{"rel": "服务于", "target": "项目"}]}]}
    found = [(f"p{i}", "人员", f"员工{i:03d}（KWL{i:04d}）", i + 1) for i in range(190)]
    found += [(f"x{i}", "项目", f"项目{i}（XMSQ{i:04d}）", 191 + i) for i in range(10)]
    graph: EvidenceGraph = layout(found, [EvidenceEdge(f"p{i}", f"x{i % 10}", "服务于") for i in range(190)], plan)
    dlg = EvidenceDialog(window)
    dlg.show()
    try:
        dlg.show_graph(graph)
        assert len(dlg.items) == 200 and len(graph.edges) == 190
        for n in graph.nodes:
            assert isinstance(dlg.items[n.id].node, EvidenceNode)
            assert (dlg.items[n.id].pos().x(), dlg.items[n.id].pos().y()) == (n.x, n.y)
    finally:
        dlg.close()


def test_the_project_the_cited_people_serve_is_drawn_though_not_cited(ctx: UiContext, published: tuple[Path, str]) -> None:
    doc = answer(published[1])
    doc["citations"] = doc["citations"][:3]  # a count of people cites the people only
    graph = ctx.desktop.evidence.graph(doc)
    [project] = [n for n in graph.nodes if n.label == "项目"]
    assert "赵巷镇政府" in project.name and project.citation == 0  # reached by the walked 服务于, no row of its own
    assert len([n for n in graph.nodes if n.label == "人员"]) == 3
    assert {e.target for e in graph.edges} == {project.id} and len(graph.edges) == 3


def test_cited_records_are_tied_to_the_cited_person_who_has_them(ctx: UiContext, published: tuple[Path, str]) -> None:
    """An answer from attendance rows cites the person and the rows: the picture draws the 有考勤 edges
    between them although the plan walked no hop (a list of rows, not a walk)."""
    doc = answer(published[1])
    doc["citations"] = [{"template": "人员信息", "file": "人员信息.xlsx", "sheet": "数据", "row": 24}] + [
        {"template": "考勤与人员财务", "file": "考勤与人员财务.xlsx", "sheet": "数据", "row": r} for r in (30, 31)]
    doc["plan"] = {"query_type": "list", "steps": [{"id": "s1", "entity": "考勤", "hops": []}]}
    graph = ctx.desktop.evidence.graph(doc)
    [person] = [n for n in graph.nodes if n.label == "人员"]
    rows = {n.id for n in graph.nodes if n.label == "考勤"}
    assert "林桂芳" in person.name and len(rows) == 2
    assert {(e.source, e.target, e.type) for e in graph.edges} == {(person.id, r, "有考勤") for r in rows}


def test_attendance_rows_are_named_by_person_project_and_month(ctx: UiContext, published: tuple[Path, str]) -> None:
    """A record without a name of its own (考勤) reads as the answer reads it — the person's and the
    project's names and the month — never the raw composite key of codes."""
    doc = answer(published[1])
    doc["citations"] = [{"template": "考勤与人员财务", "file": "考勤与人员财务.xlsx", "sheet": "数据", "row": r}
                        for r in (30, 31)]
    doc["plan"] = {"query_type": "list", "steps": [{"id": "s1", "entity": "考勤", "hops": []}]}
    graph = ctx.desktop.evidence.graph(doc)
    rows = [n for n in graph.nodes if n.label == "考勤"]
    assert len(rows) == 2
    for n in rows:
        parts = n.name.split(" · ")
        assert "|" not in n.name and len(parts) == 3, n.name
        assert "林桂芳" in parts[0] and "（KWL" in parts[0], n.name  # the person, by name with the code
        assert "（XMSQ" in parts[1] and not parts[1].startswith("XMSQ"), n.name  # the project, by name
        assert parts[2][:4].isdigit() and parts[2][4] == "-", n.name  # the month
