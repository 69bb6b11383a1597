"""The import page shows the ledger library: build, replace (asked first), remove (template warning), restart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from kgdesk.graph.connection import GraphConnection
from kgdesk.ui.context import UiContext
from kgdesk.ui.main_window import MainWindow
from tests.graph.helpers import edit_rows, node_counts, published
from tests.neo4j_fixtures import reset_database
from tests.ui.conftest import Aio, modal_dialog, until, visible_texts
from tests.ui.test_import_page import drop

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(900)]
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def ledgers(tmp_path: Path) -> Path:
    folder = tmp_path / "台账"
    shutil.copytree(REPO / "data" / "test_data", folder, ignore=shutil.ignore_patterns("*.md"))
    return folder


async def _drop_and_validate(window: MainWindow, paths: list[Path]) -> None:
    page = window.import_page
    drop(window, paths)
    await until(lambda: page.session.run is not None and not page.busy, 120, "validated")


async def _build(window: MainWindow) -> None:
    page = window.import_page
    page.build_btn.click()
    await until(lambda: page.building, 10, "build started")
    await until(lambda: not page.building, 300, "build finished")


async def _answer(button_text: str) -> str:
    box = await modal_dialog(QMessageBox, 30)
    assert isinstance(box, QMessageBox)
    text = box.text()
    next(b for b in box.buttons() if b.text() == button_text).click()
    return text


def test_library_on_the_import_page(
    window: MainWindow, ctx: UiContext, aio: Aio, ledgers: Path, graph: GraphConnection,
    neo4j_env: dict[str, str], tmp_path: Path,
) -> None:
    reset_database(graph)
    page = window.import_page
    panel = page.library_panel
    first = sorted(p for p in ledgers.glob("*.xlsx") if p.name != "设备信息.xlsx")

    async def scenario() -> None:
        # 1. the first import: every file is new, then published and listed
        await _drop_and_validate(window, first)
        assert "新增「项目信息.xlsx」" in panel.changes.text()
        await _build(window)
        assert page.last_build is not None and page.last_build["status"] == "published", page.last_build
        await until(lambda: len(panel.model.rows) == len(first), 30, "library listed")
        assert panel.isVisible() and all(r.in_published for r in panel.model.rows)
        assert page.session.paths == [] and page.build_btn.isEnabled()
        v1 = page.last_build["version"]
        assert "设备" not in page.last_build["nodes"]
        assert f"已发布版本 {v1}" in panel.title.text()
        shown = [[panel.model.data(panel.model.index(r, c)) for c in range(8)] for r in range(len(first))]
        att = next(row for row in shown if row[0] == "考勤与人员财务.xlsx")
        assert att[1] == "考勤与人员财务" and att[5] == "是" and "～" in att[3] and att[6]
        assert "台账库" in visible_texts(panel)

        # 2. a month later: only the new file is dropped; everything else stays
        await _drop_and_validate(window, [ledgers / "设备信息.xlsx"])
        assert panel.changes.text().startswith("构建将带来的变化：新增「设备信息.xlsx」")
        await _build(window)
        v2 = page.last_build["version"]
        assert published(graph) == v2 != v1
        n2 = node_counts(graph, v2)
        assert "设备" in n2 and "人员" in n2

        # 3. a same-named file replaces: asked first; 取消 changes nothing, 继续构建 replaces
        changed = tmp_path / "新" / "项目信息.xlsx"
        changed.parent.mkdir()
        shutil.copy2(ledgers / "项目信息.xlsx", changed)
        edit_rows(changed, drop_last=1)
        await _drop_and_validate(window, [changed])
        assert "替换「项目信息.xlsx」" in panel.changes.text()
        page.build_btn.click()
        text = await _answer("取消")
        assert "将替换台账库中的「项目信息.xlsx」" in text
        await until(lambda: not page.building, 30)
        assert published(graph) == v2 and "已取消构建" in page.banner.text.text()
        page.build_btn.click()
        await _answer("继续构建")
        await until(lambda: not page.building, 300, "build finished")
        v3 = page.last_build["version"]
        assert node_counts(graph, v3)["项目"] == n2["项目"] - 1

        # 4. remove one file: the drop-a-template warning, asked again before the build
        await until(lambda: len(panel.model.rows) == len(first) + 1, 30)
        row = next(i for i, r in enumerate(panel.model.rows) if r.entry.file == "设备信息.xlsx")
        panel.table.selectRow(row)
        assert panel.remove_btn.isEnabled()
        panel.remove_btn.click()
        await until(lambda: all(r.entry.file != "设备信息.xlsx" for r in panel.model.rows), 30, "removed")
        assert "已从台账库移除「设备信息.xlsx」" in page.banner.text.text()
        assert panel.drop_warning.isVisible() and "设备信息" in panel.drop_warning.text()
        page.build_btn.click()
        assert "不再有「设备信息」的数据" in await _answer("继续构建")
        await until(lambda: not page.building, 300, "build finished")
        assert "设备" not in node_counts(graph, page.last_build["version"])

    aio.run(scenario(), timeout=900)

    # 5. a restart: a new page on the same home lists the same library
    reopened = MainWindow(ctx)

    async def reopen() -> None:
        reopened.import_page.start()  # as MainWindow.start does once the loop runs
        await until(lambda: len(reopened.import_page.library_panel.model.rows) == len(first), 30, "listed")
        assert reopened.import_page.library_panel.isVisible() or not reopened.isVisible()

    try:
        aio.run(reopen())
    finally:
        reopened.close_now()
        reopened.deleteLater()
